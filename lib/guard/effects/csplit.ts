import { dirname } from "node:path";
import { op, type Op } from "../ops.ts";
import { literalWord, type Word } from "../syntax.ts";
import type { Handler } from "./context.ts";
import { clusterValue, dashWord, longValue, openOption, optionWalk } from "./getopt.ts";
import { filledFolder } from "./sinks.ts";

const LONG = ["prefix", "suffix-format", "digits", "keep-files", "quiet", "silent", "elide-empty-files", "suppress-matched", "help", "version"];
const VALUED_LONG = new Map([["prefix", "f"], ["suffix-format", "b"], ["digits", "n"]]);
// Pieces named one by one up to this many; beyond (or with `{*}`) the folder takes unknown names.
const MAX_NAMES = 1_000;

/**
 * csplit [OPTION]… FILE PATTERN…: writes PREFIX + sprintf(FORMAT, n) for each piece (red team 4:
 * `csplit -f ~/.bash -b '%.0drc' README 1` emptied ~/.bashrc). The pieces are counted from the
 * patterns (`/RE/` and line numbers cut one, `%RE%` none, `{N}` repeats the previous one); each
 * name is an overwrite like `> NAME`. With `{*}`, too many pieces or a pattern csplit may not
 * take, the names are unknown: a tree written into the prefix's folder.
 */
export const csplit: Handler = (inv) => {
  const opts: Record<string, Word | undefined> = {};
  // A computed word with a known option start is that option (`-f$P`: an unknown prefix); one
  // whose rest may be any (getopt.ts openOption: `-s$X`, `--pre$X`) may be `-f PREFIX`: unknown.
  let open = false;
  const operands = optionWalk(
    inv.args,
    (a, i) => {
      open ||= openOption(a, "fbn");
      if (a.value.startsWith("--")) {
        // `--pre$X` (no `=`) reads no value: it is open, above.
        const { name, value, i: end } = longValue(inv.args, i, LONG, VALUED_LONG);
        const letter = name && VALUED_LONG.get(name);
        if (letter) opts[letter] = value;
        return end;
      }
      const got = clusterValue(inv.args, i, "fbn");
      if (got) opts[got.letter] = got.value;
      return got?.i ?? i;
    },
    true,
  );
  const { f, b, n } = opts;
  if (operands.length < 2) return [];
  if (open || operands.some(dashWord) || f?.dynamic || b?.dynamic || n?.dynamic) return [op("unknown", inv.name)];
  const prefix = f?.value ?? "xx";
  const digits = n ? Number.parseInt(n.value, 10) : 2;
  if (!Number.isInteger(digits) || digits < 0 || digits > 64) return [];
  const format = _format(b?.value ?? `%0${digits}d`);
  if (!format) return [op("unknown", inv.name)];
  const count = _pieces(operands.slice(1));
  if (count === null || count > MAX_NAMES) {
    const dir = prefix.includes("/") ? dirname(prefix) || "/" : ".";
    return [filledFolder(inv.name, [literalWord(dir, true)])];
  }
  const names: Word[] = [];
  for (let k = 0; k < count; k++) names.push(literalWord(prefix + format(k), true));
  const ops: Op[] = [{ ...op("overwrite", inv.name, names), lands: "created" }];
  return ops;
};

/** The number of files the patterns cut the input into; null when it is not bounded or not known. */
function _pieces(patterns: Word[]): number | null {
  let count = 1;
  let last = 0;
  for (const p of patterns) {
    if (p.dynamic) return null;
    const v = p.value;
    const repeat = /^\{(\d+|\*)\}$/.exec(v);
    if (repeat) {
      if (repeat[1] === "*") return last ? null : count;
      count += last * Number.parseInt(repeat[1]!, 10);
      if (count > MAX_NAMES) return null;
    } else if (/^\/.*\/[-+]?\d*$/s.test(v) || /^\d+$/.test(v)) {
      last = 1;
      count++;
    } else if (/^%.*%[-+]?\d*$/s.test(v)) last = 0;
    else return null;
  }
  return count;
}

/**
 * The suffix csplit's sprintf makes of a piece number: one `%[flags][width][.precision]` d, i, u,
 * o, x or X conversion, and `%%`; null for a format csplit would refuse or the guard cannot follow.
 */
function _format(format: string): ((n: number) => string) | null {
  const re = /%(%|([-+ #0']*)(\d*)(?:\.(\d*))?([diuoxX]))/g;
  let conversions = 0;
  for (const m of format.matchAll(re)) if (m[1] !== "%") conversions++;
  // Any `%` outside a recognised conversion, or other than exactly one conversion.
  if (conversions !== 1 || format.replace(re, "").includes("%")) return null;
  // A width or precision past what a file name can hold makes csplit fail (and would cost memory here).
  if (/\d{5,}/.test(format)) return null;
  return (n) =>
    format.replace(re, (_all, pct: string, flags: string, width: string, precision: string | undefined, conv: string) => {
      if (pct === "%") return "%";
      const base = conv === "o" ? 8 : conv === "x" || conv === "X" ? 16 : 10;
      let digits = n.toString(base);
      if (conv === "X") digits = digits.toUpperCase();
      if (precision !== undefined) {
        const p = Number.parseInt(precision || "0", 10);
        digits = p === 0 && n === 0 ? "" : digits.padStart(p, "0");
      }
      let sign = "";
      if (conv === "d" || conv === "i") sign = flags.includes("+") ? "+" : flags.includes(" ") ? " " : "";
      if (flags.includes("#")) {
        if (conv === "o" && !digits.startsWith("0")) digits = `0${digits}`;
        else if ((conv === "x" || conv === "X") && n !== 0) sign = conv === "x" ? "0x" : "0X";
      }
      const w = Number.parseInt(width || "0", 10);
      const body = sign + digits;
      if (body.length >= w) return body;
      if (flags.includes("-")) return body.padEnd(w);
      if (flags.includes("0") && precision === undefined) return sign + digits.padStart(w - sign.length, "0");
      return body.padStart(w);
    });
}
