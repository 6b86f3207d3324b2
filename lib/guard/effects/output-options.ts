import { op, type Op } from "../ops.ts";
import { literalWord, unknownWord, type Word } from "../syntax.ts";
import { analyzeText } from "./analyze.ts";
import { noteBuilt } from "./built-programs.ts";
import type { Handler, Invocation } from "./context.ts";
import { join, normalize } from "node:path";
import { isStartupFile } from "../startup-files.ts";
import { packageCommand } from "./package-installs.ts";
import { createdFiles, filledFolder, realOutput } from "./sinks.ts";
import { scanUnknownProgram, unmodelledReading } from "./unknown-program.ts";
import { clusterValue, computedRest, dashWord, longValue, longValues, mayBeOption, mayName, optionWalk, wordFrom } from "./getopt.ts";

/** How a program names the file it writes: getopt-style short letters and long names, or single-dash words. */
export interface OutputSpec {
  /** Short options whose value is a written file (`o` for `-o FILE`, `-oFILE`). */
  short?: string;
  /** Other short options that take a value (skipped with it). */
  valued?: string;
  /** Long options (without `--`) whose value is a written file; unambiguous prefixes count. */
  long?: string[];
  /** Other long options that take a value. */
  valuedLong?: string[];
  /** Single-dash words whose value is a written file (`openssl … -out FILE`, `gcc -o`), also `--word` and `-word=FILE`. */
  words?: string[];
  /** Single-dash words naming a folder written into (`openssl ca -outdir DIR`, `rustc --out-dir DIR`). */
  dirWords?: string[];
  /** Other single-dash words that take a value (`pdftotext -f 1`). */
  valuedWords?: string[];
  /** Short options whose value is a folder written into (`rollup -d DIR`). */
  dirShort?: string;
  /** Long options whose value is a folder written into (`babel --out-dir DIR`). */
  dirLong?: string[];
}

/**
 * The written files and folders a program's options name, and its operands. A computed word with
 * a known option start is that option (getopt.ts optionWalk's `computed`): its value is unknown
 * (`-o$F`, `--output=$F`, `-out=$F`), and so is the file of a computed word whose unknown rest may
 * name a written file (`--out$X` may go on to `--output=FILE`; `-v$X` to `-vo FILE`).
 */
function _outputs(args: Word[], spec: OutputSpec): { files: Word[]; dirs: Word[]; operands: Word[] } {
  const files: Word[] = [];
  const dirs: Word[] = [];
  const longNames = [...(spec.long ?? []), ...(spec.dirLong ?? []), ...(spec.valuedLong ?? [])];
  const letters = (spec.short ?? "") + (spec.dirShort ?? "") + (spec.valued ?? "");
  const skipped: Word[] = [];
  const operands = optionWalk(
    args,
    (a, i) => {
      const v = a.value;
      // Single-dash long words (openssl accepts `-out`, `--out` and `-out=FILE`).
      const word = /^--?([A-Za-z][\w-]*)(=|$)/.exec(v);
      if (word && a.dynamic && !word[2]) {
        // `-out$X`: the expansion may end the name (`=FILE`) or go on with it.
        const given = word[1]!;
        if (mayName(given, spec.words)) files.push(computedRest(a));
        if (mayName(given, spec.dirWords)) dirs.push(computedRest(a));
        if (spec.words || spec.dirWords || spec.valuedWords) return i;
      }
      const listed = word && (spec.words?.includes(word[1]!) ? files : spec.dirWords?.includes(word[1]!) ? dirs : spec.valuedWords?.includes(word[1]!) ? skipped : null);
      if (word && listed) {
        const given = word[2] ? wordFrom(a, word[0].length) : args[++i];
        if (given) listed.push(given);
        return i;
      }
      if (v.startsWith("--")) {
        // getopt_long's abbreviations; `--out$X` may be any long option that begins so.
        const { names, value, i: last } = longValues(args, i, longNames, 2);
        if (value && names.some((n) => spec.long?.includes(n))) files.push(value);
        if (value && names.some((n) => spec.dirLong?.includes(n))) dirs.push(value);
        return last;
      }
      if (spec.words) return i; // programs with single-dash words take no clusters
      const got = clusterValue(args, i, letters);
      if (got?.value && spec.short?.includes(got.letter)) files.push(got.value);
      if (got?.value && spec.dirShort?.includes(got.letter)) dirs.push(got.value);
      // A computed cluster without a letter that takes a value (`-v$X`): its rest may be `o FILE`.
      if (!got && a.dynamic) {
        if (spec.short) files.push(computedRest(a));
        if (spec.dirShort) dirs.push(computedRest(a));
      }
      return got?.i ?? i;
    },
    true,
  );
  // `-$X`, `--$X`: any option, the output's too.
  if (operands.some(dashWord)) {
    if (spec.short || spec.long || spec.words) files.push(unknownWord());
    if (spec.dirShort || spec.dirLong || spec.dirWords) dirs.push(unknownWord());
  }
  return { files, dirs, operands };
}

/**
 * A program that writes the file an option names (red team 3: `openssl enc -in a -out
 * ~/.bashrc`, `iconv … -o ~/.bashrc`, `gcc -o FILE`, `gpg -o FILE`): the file is overwritten and
 * judged like `> FILE`; an output that is also an input is edited in place (`iconv -o f f`).
 * What the program otherwise does is judged as before (an unknown program's arguments are scanned
 * for a wrapped command).
 */
export function outputOption(spec: OutputSpec, inert = false): Handler {
  return (inv) => {
    const { files, dirs, operands } = _outputs(inv.args, spec);
    const ops: Op[] = inert ? [] : unmodelledReading(inv);
    for (const f of files.filter(realOutput)) {
      const inPlace = operands.some((o) => !o.dynamic && !f.dynamic && o.value === f.value);
      ops.push(inPlace ? { ...op("overwrite", inv.name, [f]), inPlace } : { ...op("overwrite", inv.name, [f]), lands: "created" });
    }
    if (dirs.length) ops.push(filledFolder(inv.name, dirs));
    return ops;
  };
}

const OPENSSL_OUT = ["out", "keyout", "sess_out", "keylogfile", "msgfile", "writerand", "signature_out", "rsigout", "certsout", "chainout", "reqout", "respout", "outfile"];

/** `iconv -o FILE` (`--output`). */
export const iconv = outputOption({ short: "o", valued: "ft", long: ["output"], valuedLong: ["from-code", "to-code"] }, true);

/** `openssl … -out FILE` and the other output words, `-outdir DIR`. */
export const openssl = outputOption({ words: OPENSSL_OUT, dirWords: ["outdir"] }, true);

/**
 * `go build -o FILE` (`-o=FILE`, `--o`), from `-C DIR` when given: the other subcommands are judged
 * as before (`GOBIN=DIR go install`: package-installs.ts).
 */
export const go: Handler = (inv) => {
  const { dir, rest } = goChdir(inv.args);
  const sub = rest.find((a) => !a.value.startsWith("-"));
  if (sub?.value === "install") return packageCommand("go", inv.args, inv.ctx, inv.cmd) ?? [];
  // A package operand `.` is the working folder's package, not the shell's `.` that an unknown
  // program's reading takes it for (which counts as a program writing unseen files).
  const reading = scanUnknownProgram(inv.args.filter((a) => a.dynamic || a.value !== "."), inv.ctx, inv.name);
  if (sub?.value !== "build" && sub?.value !== "test") return reading;
  const ops = [...reading, ...fromFolder(outputOption({ words: ["o"] }, true)({ ...inv, args: rest }), dir)];
  // Its output holds what the workspace's sources say (built-programs.ts).
  noteBuilt(ops, inv);
  return ops;
};

/** go's `-C DIR` (go 1.20+: its first word, `-C=DIR`, `--C`): the folder go changes to before anything, and the words after it. */
export function goChdir(args: Word[]): { dir: Word | undefined; rest: Word[] } {
  const a = args[0];
  if (!a) return { dir: undefined, rest: args };
  if (!a.dynamic && (a.value === "-C" || a.value === "--C")) return { dir: args[1] ?? unknownWord(), rest: args.slice(2) };
  const m = /^--?C=/.exec(a.value);
  return m ? { dir: wordFrom(a, m[0].length), rest: args.slice(1) } : { dir: undefined, rest: args };
}

/** `ops` with their relative targets taken from `dir` (unknown when either is computed; an absolute one stays). */
export function fromFolder(ops: Op[], dir: Word | undefined): Op[] {
  if (!dir) return ops;
  const from = (t: Word): Word => {
    if (t.value.startsWith("/")) return t;
    if (t.dynamic || dir.dynamic) return unknownWord();
    const value = join(dir.value, t.value);
    return { ...t, value, pattern: value };
  };
  return ops.map((o) => ({ ...o, targets: o.targets.map(from) }));
}

/** uniq [IN [OUT]]: the second operand is written (red team 3: `uniq a.txt ~/.bashrc`). */
export const uniq: Handler = ({ name, args }) => {
  const { operands } = _outputs(args, { valued: "fsw", valuedLong: ["skip-fields", "skip-chars", "check-chars", "group", "all-repeated"] });
  return createdFiles(name, operands.slice(1, 2));
};

// xxd's options that take a value, as separate words (`-c 8`) or attached (`-c8`).
const XXD_VALUED = /^-(?:c|cols|g|groupsize|l|len|s|seek|o|n|name|R)$/;

/**
 * xxd [IN [OUT]]: the second operand is written, a dump or, with `-r`, bytes patched into it
 * without truncating it (red team 13, xxd 2022: `xxd -r -p hex.txt .git/config` set a
 * core.fsmonitor that the next git status ran). Its options are single-dash words.
 */
export const xxd: Handler = ({ name, args }) => {
  const operands: Word[] = [];
  for (let i = 0; i < args.length; i++) {
    const v = args[i]!.value;
    if (args[i]!.dynamic || v === "-" || !v.startsWith("-")) operands.push(args[i]!);
    else if (XXD_VALUED.test(v)) i++;
  }
  return createdFiles(name, operands.slice(1, 2));
};

/** uudecode writes `-o FILE`, else the file each encoded block names in its header, which the guard does not read. */
export const uudecode: Handler = ({ name, args }) => {
  const { files } = _outputs(args, { short: "o", long: ["output-file"] });
  if (files.length === 0) return [op("unknown", name)];
  return createdFiles(name, files);
};

// split's options that take a value, and its long options (for abbreviations).
const SPLIT_VALUED = "abClnt";
const SPLIT_LONG: ReadonlySet<string> = new Set(["suffix-length", "additional-suffix", "bytes", "line-bytes", "lines", "number", "separator", "filter"]);
const SPLIT_OPTIONS = [...SPLIT_LONG, "numeric-suffixes", "hex-suffixes"];
// Names split writes are enumerated up to this many; beyond, existing ones are found by a glob.
const MAX_SPLIT_NAMES = 20_000;

/**
 * split [FILE [PREFIX]]: writes PREFIX + suffix + `--additional-suffix` (red team 3: `split -n1
 * -a1 --additional-suffix=shrc a.txt ~/.b` wrote ~/.bashrc). The existing files those names may
 * take are found with a glob and overwritten; the names are enumerated (the first N with `-n N`,
 * else every suffix of the length) to find a startup or trust file split would create. `--filter`
 * runs a command fed the chunks.
 */
export const split: Handler = (inv) => {
  const args = inv.args;
  let length: number | null = null;
  let alphabet = "abcdefghijklmnopqrstuvwxyz";
  let extra = "";
  let count: number | null = null;
  let filter: Word | undefined;
  // A computed word that may be any option (`-$X`, `$OPTS`) may be `--filter=COMMAND`; a computed
  // option word (`--fil$X`, `--filter="$X"`, `-a$N`) goes to the reader too (optionWalk's `computed`).
  let dynamic = args.some(mayBeOption);
  const operands = optionWalk(args, (a, i) => {
    const v = a.value;
    let opt: string;
    let value: Word | undefined;
    if (v.startsWith("--")) {
      // An unknown or ambiguous name (`--n`: --number or --numeric-suffixes) is none split reads.
      const long = longValue(args, i, SPLIT_OPTIONS, SPLIT_LONG);
      opt = long.name ?? "";
      value = long.value;
      i = long.i;
    } else {
      // The first letter that takes a value ends the cluster (`-da3`); the suffix alphabets named
      // before it (or anywhere in a cluster without one) count, the last one named winning.
      const found = clusterValue(args, i, SPLIT_VALUED);
      const letters = found ? v.slice(1, found.at) : v.slice(1);
      const last = Math.max(letters.lastIndexOf("d"), letters.lastIndexOf("x"));
      if (last >= 0) alphabet = letters[last] === "d" ? "0123456789" : "0123456789abcdef";
      opt = found?.letter ?? "";
      value = found?.value;
      if (found) i = found.i;
    }
    dynamic ||= a.dynamic || value?.dynamic === true;
    if (opt === "a" || opt === "suffix-length") length = Number.parseInt(value?.value ?? "", 10);
    else if (opt === "additional-suffix") extra = value?.value ?? "";
    else if (opt === "n" || opt === "number") count = _chunks(value?.value ?? "");
    else if (opt === "numeric-suffixes") alphabet = "0123456789";
    else if (opt === "hex-suffixes") alphabet = "0123456789abcdef";
    else if (opt === "filter") filter = value;
    return i;
  }, true);
  if (dynamic) return [op("unknown", inv.name)];
  // With a filter, split writes no files: the command gets each chunk on stdin (and $FILE).
  if (filter) return analyzeText(`awk | ${filter.value}`, "posix", inv.ctx);
  if (count === 0) return [];
  const prefix = operands[1] ?? literalWord("x", true);
  if (prefix.dynamic || /[*?[\]\\]/.test(prefix.value + extra) || Number.isNaN(length)) return [op("unknown", inv.name)];
  const glob: Word = { value: `${prefix.value}*${extra}`, pattern: `${prefix.value}*${extra}`, dynamic: false, glob: true, quoted: false };
  const ops: Op[] = [{ ...op("overwrite", inv.name, [glob]), lands: "created" }];
  const names = _names(prefix.value, extra, alphabet, length ?? 2, count, inv);
  // Without -a the suffix widens once the two letters run out (`zaaa` after `yz`).
  const widened = length === null && count === null ? _names(prefix.value + alphabet.at(-1), extra, alphabet, 3, null, inv) : [];
  if (names === null || widened === null) ops.push(op("unknown", inv.name));
  else if (widened.length) names.push(...widened);
  else if (names.length) ops.push({ ...op("overwrite", inv.name, names), lands: "created" });
  return ops;
};

/** The number of files `-n CHUNKS` writes (`N`, `l/N`, `r/N`); 0 for `K/N` (stdout). */
function _chunks(spec: string): number | null {
  const m = /^(?:([lr])\/)?(\d+)(?:\/(\d+))?$/.exec(spec);
  if (!m) return null;
  if (m[3] !== undefined) return 0;
  return Number.parseInt(m[2]!, 10);
}

/**
 * The names split may write that are startup or trust files (the rest only matter when they
 * exist, which the glob finds); null when there are too many names to look at.
 */
function _names(prefix: string, extra: string, alphabet: string, length: number, count: number | null, inv: Invocation): Word[] | null {
  const total = alphabet.length ** length;
  const n = count === null ? total : Math.min(count, total);
  const cwd = inv.ctx.state.cwd;
  const base = prefix.startsWith("/") || cwd === null ? prefix : `${cwd}/${prefix}`;
  // Startup files are dotfiles or live in `.ssh`/`.config`: other names need no look (the glob finds existing files).
  if (!/(^|\/)\.[^/]*$|\/\.(ssh|config)\//.test(base)) return [];
  // Too many to look at: below the working directory that is left to the glob, elsewhere unknown.
  if (n > MAX_SPLIT_NAMES) return cwd !== null && normalize(base).startsWith(`${cwd}/`) ? [] : null;
  const out: Word[] = [];
  const digits = new Array<number>(length).fill(0);
  for (let k = 0; k < n; k++) {
    const name = `${base}${digits.map((d) => alphabet[d]).join("")}${extra}`;
    if (isStartupFile(name)) out.push(literalWord(name, true));
    for (let j = length - 1; j >= 0 && ++digits[j]! === alphabet.length; j--) digits[j] = 0;
  }
  return out;
}
