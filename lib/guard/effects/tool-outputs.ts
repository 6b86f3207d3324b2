import { op, type Op } from "../ops.ts";
import { literalWord, unknownWord, type Word } from "../syntax.ts";
import { noteBuilt } from "./built-programs.ts";
import type { Handler } from "./context.ts";
import { createdFiles, filledFolder, realOutput } from "./sinks.ts";
import { scanUnknownProgram } from "./unknown-program.ts";
import { clusterValue, computedRest, dashWord, longValues, mayName, optionWalk, wordFrom } from "./getopt.ts";

/** How a compiler or binutils program spells the files it writes. */
interface ToolSpec {
  /** Single-dash options whose value, attached (`-oFILE`, `-MFFILE`) or the next word, is a written file. */
  joined?: string[];
  /** Other single-dash options that take a value, attached or the next word (`-I dir`, `-x c`). */
  valued?: string[];
  /** getopt clusters: the letters of `-so FILE` are read one by one (strip, objcopy, nasm). */
  clusters?: boolean;
  /** Long options (`--name FILE`, `--name=FILE`, unique prefixes) whose value is a written file. */
  long?: string[];
  /** Other long options that take a value. */
  valuedLong?: string[];
  /** Words that carry a written file after `=` (`as -al=FILE`, `ld -Map=FILE`); the match's group 1 is the file. */
  equals?: RegExp;
}

/**
 * The written files a compiler-family command line names, and its operands (red team 4:
 * `gcc -o/tmp/…/.bashrc x.c`, `cc -o.git/index x.c`: the value attached to `-o` was missed).
 */
export function toolOutputs(args: Word[], spec: ToolSpec): { files: Word[]; operands: Word[]; longs: Array<[string, Word]> } {
  const files: Word[] = [];
  const longs: Array<[string, Word]> = [];
  const longNames = [...(spec.long ?? []), ...(spec.valuedLong ?? [])];
  const clusterLetters = [...(spec.joined ?? []), ...(spec.valued ?? [])];
  // Longest names first, so `-MF` is not read as `-M` with `F…` attached.
  const single = clusterLetters.toSorted((a, b) => b.length - a.length);
  // A computed word with a known option start is that option (optionWalk's `computed`): its value
  // is unknown (`-o$F`, `--output=$F`, `-Map=$F`), and so is the file of one whose unknown rest may
  // name a written file (`-M$X` may be `-MF…`, `--out$X` `--output=…`, a cluster `-s$X` `-so …`).
  const operands = optionWalk(
    args,
    (a, i) => {
      const v = a.value;
      const eq = spec.equals?.exec(v);
      if (eq) {
        files.push(wordFrom(a, v.length - eq[1]!.length));
        return i;
      }
      if (v.startsWith("--")) {
        const { names, value, i: last } = longValues(args, i, longNames);
        if (!value) return last;
        if (names.some((n) => spec.long?.includes(n))) files.push(value);
        for (const n of names) longs.push([n, value]);
        return last;
      }
      if (spec.clusters) {
        const got = clusterValue(args, i, clusterLetters);
        if (got?.value && spec.joined?.includes(got.letter)) files.push(got.value);
        if (!got && a.dynamic && spec.joined?.length) files.push(computedRest(a));
        return got?.i ?? i;
      }
      const name = single.find((n) => v.startsWith(`-${n}`));
      if (name === undefined) {
        if (a.dynamic && mayName(v.slice(1), spec.joined)) files.push(computedRest(a));
        return i;
      }
      const taken = v.length > name.length + 1 || a.dynamic ? wordFrom(a, name.length + 1) : args[++i];
      if (taken && spec.joined?.includes(name)) files.push(taken);
      return i;
    },
    true,
  );
  // `-$X`, `--$X`: any option, `-o FILE` too.
  if ((spec.joined?.length || spec.long?.length) && operands.some(dashWord)) files.push(unknownWord());
  return { files, operands, longs };
}

/** Written files: an output that is also an input is edited in place (`strip -o x x`), another one is created or replaced. */
function _written(name: string, files: Word[], operands: Word[]): Op[] {
  return files.flatMap((f) => (operands.some((o) => !o.dynamic && !f.dynamic && o.value === f.value) ? _inPlace(name, [f]) : createdFiles(name, [f])));
}

/** Operands a program rewrites in place (`strip FILE`, `ranlib FILE`, `objcopy FILE`). */
const _inPlace = (name: string, files: Word[]): Op[] => {
  const real = files.filter(realOutput);
  return real.length ? [{ ...op("overwrite", name, real), inPlace: true }] : [];
};

// The compiler drivers' options that take the next word as their value (the rest are flags or `-opt=value`).
const CC_VALUED = ["I", "D", "U", "A", "L", "l", "x", "MT", "MQ", "T", "u", "include", "imacros", "isystem", "idirafter", "iprefix", "iwithprefix", "iwithprefixbefore", "iquote", "isysroot", "imultilib", "Xpreprocessor", "Xassembler", "Xlinker", "aux-info", "specs", "wrapper"];
const CC: ToolSpec = { joined: ["o", "MF"], valued: CC_VALUED, long: ["output"], valuedLong: ["include-directory", "define-macro", "undefine-macro"] };

/**
 * Compiler drivers and linkers (gcc, cc, clang, ld, rustc): `-o FILE`, `-oFILE`, `--output[=]FILE`,
 * `-MF FILE` (the dependency file), ld's `-Map[=]FILE` and `--dependency-file`, rustc's
 * `--out-dir DIR`. An unknown program's arguments are still scanned for a wrapped command.
 */
const compiler =
  (spec: ToolSpec, dirs: string[] = []): Handler =>
  (inv) => {
    const { files, operands, longs } = toolOutputs(inv.args, spec);
    const ops = [...scanUnknownProgram(inv.args, inv.ctx, inv.name), ..._written(inv.name, files, operands)];
    const into = longs.filter(([n]) => dirs.includes(n)).map(([, w]) => w);
    if (into.length) ops.push(filledFolder(inv.name, into));
    noteBuilt(ops, inv);
    return ops;
  };

const LD: ToolSpec = { joined: ["o", "Map"], valued: ["L", "l", "T", "e", "m", "u", "y", "z", "h", "R", "F", "f", "soname", "rpath", "dynamic-linker", "plugin"], long: ["output", "Map", "dependency-file"], valuedLong: ["script", "entry", "library", "library-path", "sysroot", "soname", "rpath", "dynamic-linker", "plugin", "oformat"], equals: /^--?Map=(.*)$/s };

/** cpp [IN [OUT]]: the second operand is the output, like `-o` (red team 4: `cpp x.c ~/.bashrc`). */
export const cpp: Handler = (inv) => {
  const { files, operands } = toolOutputs(inv.args, CC);
  const out = operands[1];
  return [...scanUnknownProgram(inv.args, inv.ctx, inv.name), ..._written(inv.name, out ? [...files, out] : files, operands.slice(0, 1))];
};

/** strip: `-o FILE` writes FILE; without it every operand is rewritten in place. */
export const strip: Handler = (inv) => {
  const { files, operands } = toolOutputs(inv.args, { clusters: true, joined: ["o"], valued: ["F", "I", "O", "R", "K", "N"], long: ["output-file"], valuedLong: ["input-target", "output-target", "target", "remove-section", "remove-relocations", "strip-symbol", "keep-section", "keep-symbol", "plugin"] });
  return files.length ? _written(inv.name, files, operands) : _inPlace(inv.name, operands);
};

const OBJCOPY_VALUED_LONG =
  "add-gnu-debuglink add-section add-symbol adjust-section-vma adjust-start adjust-vma adjust-warnings alt-machine-code binary-architecture byte change-addresses change-leading-char change-section-address change-section-lma change-section-vma change-start elf-stt-common extract-symbol gap-fill globalize-symbol globalize-symbols heap image-base input-target interleave interleave-width keep-global-symbol keep-global-symbols keep-section keep-symbol keep-symbols localize-symbol localize-symbols only-section output-target pad-to prefix-alloc-sections prefix-sections prefix-symbols redefine-sym redefine-syms remove-relocations remove-section rename-section reverse-bytes section-alignment set-section-alignment set-section-flags set-start stack strip-symbol strip-symbols strip-unneeded-symbol strip-unneeded-symbols subsystem target update-section weaken-symbol weaken-symbols file-alignment set-section-flags"
    .split(" ");

/**
 * objcopy IN [OUT]: OUT is written, or IN rewritten in place when OUT is not given; `--dump-section
 * NAME=FILE` writes FILE.
 */
export const objcopy: Handler = (inv) => {
  const { operands, longs } = toolOutputs(inv.args, { clusters: true, valued: ["I", "O", "B", "F", "j", "R", "K", "N", "G", "L", "W", "b", "i"], valuedLong: ["dump-section", ...OBJCOPY_VALUED_LONG] });
  const dumps = longs.filter(([n, w]) => n === "dump-section" && (w.dynamic || w.value.includes("="))).map(([, w]) => (w.dynamic ? w : wordFrom(w, w.value.indexOf("=") + 1)));
  const [input, output] = operands;
  return [..._written(inv.name, dumps, []), ...(output ? _written(inv.name, [output], [input!]) : input ? _inPlace(inv.name, [input]) : [])];
};

/** ar: `d`, `m`, `q`, `r`, `s` change or create the archive; `x` writes its members into the working directory (or `--output DIR`). */
export const ar: Handler = (inv) => {
  const args = inv.args;
  let output: Word | undefined;
  const rest: Word[] = [];
  for (let i = 0; i < args.length; i++) {
    const v = args[i]!.value;
    if (/^--output=/.test(v)) output = wordFrom(args[i]!, 9);
    // `--output$X`: the expansion may end the name (`=DIR`): the folder is unknown.
    else if (v === "--output") output = args[i]!.dynamic ? computedRest(args[i]!) : args[++i];
    else if (/^--(plugin|target)$/.test(v)) i++;
    else if (!/^--/.test(v) && !/^-X/.test(v)) rest.push(args[i]!);
  }
  const key = rest[0];
  if (!key) return [];
  if (key.dynamic) return [op("unknown", inv.name)];
  const letters = key.value.replace(/^-/, "");
  const operation = /[dmpqrstx]/.exec(letters)?.[0];
  // Modifiers a, b, i take a member name, N a count, before the archive.
  const skip = (/[abi]/.test(letters) && /[mr]/.test(operation ?? "") ? 1 : 0) + (letters.includes("N") ? 1 : 0);
  const archive = rest[1 + skip];
  if (operation === "x") return [filledFolder(inv.name, [output ?? literalWord(".")])];
  if (!archive || !operation || !"dmqrs".includes(operation)) return [];
  // The archive is changed in place, or created when missing.
  return createdFiles(inv.name, [archive], true);
};

/** ranlib FILE…: each archive is rewritten in place. */
export const ranlib: Handler = (inv) => _inPlace(inv.name, toolOutputs(inv.args, { clusters: true, valuedLong: ["plugin"] }).operands);

// The compiler family's handlers (programs.ts gives each its names).

/** gcc, cc, clang, tcc and the other C compiler drivers. */
export const cc = compiler(CC);

/** ld and its variants (ld.lld, gold, …). */
export const ld = compiler(LD);

export const rustc = compiler({ joined: ["o"], valued: ["L", "l", "C", "A", "W", "D", "F"], long: ["output"], valuedLong: ["out-dir", "crate-type", "crate-name", "edition", "emit", "target", "cfg", "extern", "sysroot", "cap-lints", "codegen"] }, ["out-dir"]);

/** as: `-o`, listings `-a…=FILE`, `--MD FILE` (the dependency file). */
export const gnuAs = compiler({ joined: ["o"], valued: ["I"], long: ["MD"], equals: /^-a[a-z]*=(.*)$/s });

/** nasm: `-o`, `-l` (listing), `-Z` (error file), `-MF` (dependency file). */
export const nasm = compiler({ joined: ["o", "l", "Z", "MF"], valued: ["f", "D", "U", "I", "i", "P", "p", "d", "u", "W", "w", "MT", "MQ", "L", "O", "X"] });
