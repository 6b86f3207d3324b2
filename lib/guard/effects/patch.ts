import { op, type Op } from "../ops.ts";
import { literalWord, type Word } from "../syntax.ts";
import type { Handler } from "./context.ts";
import { scriptFile, stdinInput } from "./data-input.ts";
import { optionWalk } from "./output-options.ts";

// GNU patch's short options that take a value, and its long ones.
const VALUED = "BDdFgiopruVYz";
const VALUED_LONG = ["prefix", "ifdef", "directory", "fuzz", "get", "input", "output", "strip", "reject-file", "version-control", "basename-prefix", "suffix", "quoting-style", "reject-format", "read-only"];
// Patches of more files than this are judged as a tree written into their folder.
const MAX_NAMES = 256;

/**
 * patch: edits in place the file operand (red team 3: `patch ~/.bashrc < p.diff`), or the files
 * the diff names (`---`, `+++`, `***`, `Index:`, git's `diff --git`, `rename to`, `copy to`), each
 * with every strip level when `-p` is not given (patch takes the basename then, or a level it
 * guesses). A diff the guard cannot read (a pipe from another program) edits files of unknown names
 * under its folder, judged like an extraction there (outside the workspace it asks). `-o FILE`
 * writes that file instead; `--dry-run` writes nothing.
 */
export const patch: Handler = (inv) => {
  const { name, args, ctx } = inv;
  let dir: Word | undefined;
  let input: Word | undefined;
  let output: Word | undefined;
  let strip: number | null = null;
  let dryRun = false;
  const take = (opt: string, value: Word | undefined) => {
    if (opt === "d" || opt === "directory") dir = value;
    else if (opt === "i" || opt === "input") input = value;
    else if (opt === "o" || opt === "output") output = value;
    else if (opt === "p" || opt === "strip") strip = value && !value.dynamic ? Number.parseInt(value.value, 10) : Number.NaN;
  };
  const operands = optionWalk(args, (a, i) => {
    const v = a.value;
    if (v.startsWith("--")) {
      const eq = v.indexOf("=");
      const given = v.slice(2, eq < 0 ? undefined : eq);
      if ("dry-run".startsWith(given) && given.length >= 2) dryRun = true;
      const matches = VALUED_LONG.filter((n) => n.startsWith(given));
      const long = matches.includes(given) ? given : matches.length === 1 ? matches[0] : undefined;
      if (long) take(long, eq >= 0 ? { ...a, value: v.slice(eq + 1) } : args[++i]);
      return i;
    }
    for (let k = 1; k < v.length; k++) {
      const c = v[k]!;
      if (!VALUED.includes(c)) continue;
      take(c, k + 1 < v.length ? { ...a, value: v.slice(k + 1) } : args[++i]);
      break;
    }
    return i;
  });
  if (dryRun) return [];
  const d = dir as Word | undefined;
  if (d?.dynamic) return [op("unknown", name)];
  const within = (w: Word): Word => (d && !w.dynamic && !w.value.startsWith("/") ? { ...w, value: `${d.value}/${w.value}`, pattern: `${d.value}/${w.value}`, glob: false } : w);
  const ops: Op[] = [];
  const out = output as Word | undefined;
  if (out && out.value !== "-") ops.push({ ...op("overwrite", name, [within(out)]), lands: "created" });
  if (operands[0] && !out) return [...ops, { ...op("overwrite", name, [within(operands[0])]), inPlace: true }];
  if (out) return ops;
  const from = input ?? operands[1];
  const text = from ? scriptFile(within(from), ctx) : stdinInput(inv);
  if (text === "none") return ops;
  const names = text === null || Number.isNaN(strip) ? null : _patchedNames(text, strip);
  if (names === null) return [...ops, { ...op("write-into", name, [d ?? literalWord(".")]), lands: "spread", replaces: true }];
  if (names.length) ops.push({ ...op("overwrite", name, names.map((n) => within(literalWord(n, true)))), inPlace: true });
  return ops;
};

/** The files a diff names, at strip level `strip` or at every level; null when there are too many. */
function _patchedNames(text: string, strip: number | null): string[] | null {
  const names = new Set<string>();
  for (const m of text.matchAll(/^(?:(?:---|\+\+\+|\*\*\*) ("(?:[^"\\]|\\.)*"|[^\t\n]+)|Index: ([^\n]+)|diff --git ("(?:[^"\\]|\\.)*"|\S+) ("(?:[^"\\]|\\.)*"|\S+)|(?:rename|copy) (?:from|to) ([^\n]+))$/gm)) {
    for (const raw of [m[1], m[2], m[3], m[4], m[5]]) {
      if (raw === undefined) continue;
      const file = raw.startsWith('"') ? raw.slice(1, -1).replace(/\\(.)/g, "$1") : raw.replace(/\s+\d{4}-\d\d-\d\d.*$/, "").trim();
      if (!file || file === "/dev/null") continue;
      const parts = file.split("/");
      if (strip !== null) names.add(parts.slice(strip).join("/") || file);
      else for (let k = 0; k < parts.length; k++) if (parts.slice(k).join("/")) names.add(parts.slice(k).join("/"));
      if (names.size > MAX_NAMES) return null;
    }
  }
  return [...names];
}
