import { isAbsolute, join, normalize } from "node:path";
import type { Op } from "../ops.ts";
import type { Word } from "../syntax.ts";
import type { AnalyzeContext, Invocation } from "./context.ts";
import { wordFrom } from "./getopt.ts";
import { fromUnseenData } from "./unseen-output.ts";

/*
 * The command lines of version control systems other than git (other-vcs.ts judges them):
 * getopt-style options anywhere before `--`, a subcommand named exactly or by a unique prefix,
 * long options by a unique prefix where the tool's parser takes one.
 */

/** One tool's reading of its command line. */
export interface Tool {
  /** Names (and aliases) of commands, to their canonical name: the destructive ones and those whose prefixes compete with them. */
  commands: ReadonlyMap<string, string>;
  /** The tool takes a unique prefix of a command name for the command (hg, sl, fossil, darcs). */
  prefixes: boolean;
  /** Long options match by a unique prefix (Python's getopt and optparse, Haskell's GetOpt). */
  longPrefixes: boolean;
  /** `-word` is `--word` (fossil), and short options do not cluster. */
  singleDashLong: boolean;
  /** Options taking a value: long names, and the letters of short ones. */
  valuedLong: readonly string[];
  valuedShort: string;
  /** The option that changes the directory the tool runs in (`hg --cwd`, `fossil --chdir`). */
  cwdOption?: string;
  judge: (sub: string, p: Parsed, inv: Invocation, cwd: string | null) => Op[] | null;
  /** The ops of configuration given with the valued options (`hg --config`, `jj --config`). */
  configRuns?: (values: Array<[string, Word]>, sub: string | undefined, rest: Word[], inv: Invocation) => Op[];
}

/** Options and operands of a command line, getopt style (options anywhere before `--`). */
export interface Parsed {
  flags: string[];
  operands: Word[];
  /** Values given to valued options, by the spelling given (`--cwd`, `-R`). */
  values: Array<[string, Word]>;
  /** A computed word that may be any option: unquoted (any number of words) or printed from unseen data. */
  loose: boolean;
}

export const commandNames = (groups: Record<string, string>): Map<string, string> => {
  const map = new Map<string, string>();
  for (const [canonical, names] of Object.entries(groups)) for (const n of names.split(" ")) map.set(n, canonical);
  return map;
};

/** The command a word names: exactly, or (where the tool allows it) as the one command it is a prefix of. */
export function resolveCommand(word: string, tool: Tool): string | undefined {
  const exact = tool.commands.get(word);
  if (exact !== undefined || !tool.prefixes || word.length < 2) return exact;
  let found: string | undefined;
  for (const [n, canonical] of tool.commands) {
    if (!n.startsWith(word)) continue;
    // Ambiguous: the tool refuses the word.
    if (found !== undefined && found !== canonical) return undefined;
    found = canonical;
  }
  return found;
}

/** Reads options getopt style; `untilOperand`: stop at the first operand (the subcommand). */
export function parseCommandLine(words: Word[], tool: Tool, ctx: AnalyzeContext, untilOperand: boolean): Parsed {
  const p: Parsed = { flags: [], operands: [], values: [], loose: false };
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    if (!w.dynamic && w.value === "--") {
      if (untilOperand) {
        if (words[i + 1]) p.operands.push(words[i + 1]!);
      } else p.operands.push(...words.slice(i + 1));
      break;
    }
    // A computed word may be any option: unquoted (any number of words) or printed from unseen data.
    const computed = w.dynamic && (!w.quoted || fromUnseenData(w, ctx));
    if (!w.value.startsWith("-") || w.value === "-") {
      if (computed) p.loose = true;
      p.operands.push(w);
      if (untilOperand) break;
      continue;
    }
    let value = w.value;
    if (tool.singleDashLong && /^-[a-z][a-z0-9-]+(=|$)/i.test(value)) value = `-${value}`;
    if (value.startsWith("--")) {
      const eq = value.indexOf("=");
      const name = eq < 0 ? value : value.slice(0, eq);
      p.flags.push(name);
      if (eq < 0 && _valuedLong(name, tool)) {
        const v = words[++i];
        if (v) p.values.push([name, v]);
      } else if (eq >= 0 && _valuedLong(name, tool)) p.values.push([name, wordFrom(w, eq + 1 - (value.length - w.value.length))]);
      else if (computed) p.loose = true;
      continue;
    }
    if (computed) p.loose = true;
    if (tool.singleDashLong) {
      p.flags.push(value);
      if (tool.valuedShort.includes(value.slice(1))) {
        const v = words[++i];
        if (v) p.values.push([value, v]);
      }
      continue;
    }
    // A cluster of short options; a valued letter takes the rest of the word, or the next word.
    for (let j = 1; j < value.length; j++) {
      const letter = value[j]!;
      p.flags.push(`-${letter}`);
      if (!tool.valuedShort.includes(letter)) continue;
      if (j + 1 < value.length) p.values.push([`-${letter}`, wordFrom(w, j + 1)]);
      else {
        const v = words[++i];
        if (v) p.values.push([`-${letter}`, v]);
      }
      break;
    }
  }
  return p;
}

function _valuedLong(flag: string, tool: Tool): boolean {
  return tool.valuedLong.some((v) => abbreviates(flag, `--${v}`, tool.longPrefixes ? 1 : 0));
}

/**
 * Whether the long option `given` (`--no-b`) is `full` (`--no-backup`) or a prefix of it with at
 * least `min` letters after the dashes (0: no prefixes). The tools' parsers refuse an ambiguous
 * prefix; the guard takes it as each option it may be.
 */
export function abbreviates(given: string, full: string, min: number): boolean {
  return given === full || (min > 0 && given.length - 2 >= min && given.startsWith("--") && full.startsWith(given));
}

/** Whether the short option (`-C`, "" for none) or the long one (`no-backup`, or a unique prefix of it where allowed) was given. */
export function hasOption(p: Parsed, short: string, long: string, prefixes: boolean): boolean {
  return p.flags.some((f) => (short !== "" && f === short) || abbreviates(f, `--${long}`, prefixes ? 2 : 0));
}

/** The directory the tool runs in after its last `--cwd`/`--chdir` (null: computed). */
export function runDirectory(values: Array<[string, Word]>, option: string, cwd: string | null): string | null {
  for (const [name, w] of values) {
    if (!abbreviates(name, option, 2)) continue;
    if (w.dynamic) return null;
    cwd = isAbsolute(w.value) ? normalize(w.value) : cwd === null ? null : normalize(join(cwd, w.value));
  }
  return cwd;
}

