import { basename } from "node:path";
import { op, type Op } from "../ops.ts";
import { unknownWord, type SimpleCommand, type Word } from "../syntax.ts";
import { setArchiveSources } from "./archive-sources.ts";
import type { AnalyzeContext, Handler } from "./context.ts";
import { clusterValue, computedRest, longValue, openOption, optionWalk } from "./getopt.ts";
import type { COMPRESSOR_NAMES } from "./registry-names.ts";
import { LOADED } from "./loaded-analysers.ts";

interface Compressor {
  /** Removes its input by default (gzip); otherwise only with `remove` (zstd --rm). */
  replaces: boolean;
  /** Decompresses by default (gunzip). */
  decompresses: boolean;
  suffix: string;
  /** Short options that take a value, and long ones (without `--`). */
  valued: string;
  valuedLong: ReadonlySet<string>;
  /**
   * Every long option the program knows, for reading an abbreviation as getopt_long does (gzip
   * and xz take unambiguous prefixes: `--suf .x`, `--kee`). bzip2, zstd, lz4, pigz and brotli
   * match whole names and refuse anything else, so a prefix read as its option there names a
   * command that does not run at all.
   */
  longs: string[];
  /** Options that write no file at all (stdout, test, list, help): short letters and long names. */
  quiet: string;
  quietLong: string[];
  /** Options that remove the input where it is kept by default. */
  remove: string;
  removeLong: string[];
  /** The option naming the output file (`-o FILE`), or "operand" when a second operand is it (lz4). */
  output?: string;
}

// The long options of gzip 1.12 (getopt_long), pigz, bzip2 1.0.8, xz 5.4, zstd 1.5, lz4 1.9, brotli, lzop and lzip 1.24 (with plzip's).
const GZIP_LONGS = "ascii to-stdout stdout decompress uncompress force help keep list license no-name name -presume-input-tty quiet silent synchronous recursive suffix test verbose version fast best lzw bits rsyncable blocksize processes independent no-time LZW".split(" ");
const BZIP2_LONGS = "help decompress compress keep force test stdout quiet verbose license version small fast best repetitive-fast repetitive-best exponential".split(" ");
const XZ_LONGS =
  "compress decompress uncompress test list keep force stdout to-stdout single-stream no-sparse suffix files files0 format check ignore-check block-size block-list memlimit-compress memlimit-decompress memlimit-mt-decompress memlimit memory no-adjust threads flush-timeout extreme fast best lzma1 lzma2 x86 arm arm64 armthumb ia64 powerpc sparc riscv delta filters filters-help quiet verbose no-warn robot info-memory help long-help version".split(" ");
const ZSTD_LONGS =
  "adapt auto-threads decompress uncompress dict exclude-compressed fast filelist force format help keep long maxdict no-dict output-dir-flat output-dir-mirror patch-from priority quiet rm rsyncable single-stream size-hint stdout stream-size target-compressed-block-size test trace train train-cover train-fastcover train-legacy ultra verbose version memory threads no-check check list compress sparse no-sparse progress no-progress".split(" ");
const LZIP_LONGS = "best check-lib data-size decompress dictionary-size empty-error fast force help in-slots keep list loose-trailing marking-error match-length member-size out-slots output quiet recompress stdout test threads trailing-error verbose version volume-size".split(" ");
const LZ4_LONGS = "best compress content-size decompress uncompress fast favor-dec force help keep list multiple no-frame-crc quiet rm sparse stdout to-stdout test verbose version".split(" ");

const NONE: ReadonlySet<string> = new Set();
const GZIP: Compressor = { replaces: true, decompresses: false, suffix: ".gz", valued: "Sbp", valuedLong: new Set(["suffix", "bits", "blocksize", "processes"]), longs: GZIP_LONGS, quiet: "ctlhVL", quietLong: ["stdout", "to-stdout", "test", "list", "help", "version", "license"], remove: "", removeLong: [] };
const BZIP2: Compressor = { ...GZIP, suffix: ".bz2", valued: "p", valuedLong: NONE, longs: BZIP2_LONGS };
const XZ: Compressor = { ...GZIP, suffix: ".xz", valued: "SFCTM", valuedLong: new Set(["suffix", "format", "check", "threads", "memlimit", "memlimit-compress", "memlimit-decompress", "memlimit-mt-decompress", "memory", "block-size", "block-list", "filters", "flush-timeout"]), longs: XZ_LONGS, quiet: "ctlhHV", quietLong: ["stdout", "to-stdout", "test", "list", "help", "long-help", "version"] };
const ZSTD: Compressor = { replaces: false, decompresses: false, suffix: ".zst", valued: "oDT", valuedLong: new Set(["output-dir-flat", "output-dir-mirror", "format", "memory", "patch-from", "filelist", "trace"]), longs: ZSTD_LONGS, quiet: "ctlhHV", quietLong: ["stdout", "test", "list", "help", "version"], remove: "", removeLong: ["rm"], output: "o" };
const LZ4: Compressor = { ...ZSTD, suffix: ".lz4", valued: "B", valuedLong: NONE, longs: LZ4_LONGS, output: "operand" };
const COMPRESS: Compressor = { ...GZIP, suffix: ".Z", valued: "b", valuedLong: NONE, longs: [], quiet: "chV", quietLong: [] };
const BROTLI: Compressor = { ...ZSTD, suffix: ".br", valued: "oqwS", valuedLong: new Set(["output", "quality", "lgwin", "suffix"]), longs: "best decompress force help keep large_window lgwin no-copy-stat output quality rm squash stdout suffix test verbose version".split(" "), remove: "j", removeLong: ["rm"] };
const LZOP: Compressor = { ...ZSTD, suffix: ".lzo", valued: "oS", valuedLong: new Set(["output", "suffix"]), longs: "ascii best decompress uncompress delete unlink fast force help info keep license list ls name no-name output path quiet silent recursive stdout to-stdout suffix test verbose version no-stdin no-warn no-checksum crc32 filter".split(" "), remove: "U", removeLong: ["delete", "unlink"] };
// lzip (and plzip, clzip, lunzip) reads abbreviated long options as gzip does (its arg_parser).
const LZIP: Compressor = { ...GZIP, suffix: ".lz", valued: "bmnosSB", valuedLong: new Set(["data-size", "dictionary-size", "in-slots", "match-length", "member-size", "out-slots", "output", "threads", "volume-size"]), longs: LZIP_LONGS, quiet: "ctlhV", quietLong: ["stdout", "test", "list", "help", "version"], output: "o" };

/** The programs that compress or decompress files beside their input, by name (registry-names.ts lists the names). */
const COMPRESSORS: Record<(typeof COMPRESSOR_NAMES)[number], Compressor> = {
  gzip: GZIP,
  pigz: GZIP,
  gunzip: { ...GZIP, decompresses: true },
  unpigz: { ...GZIP, decompresses: true },
  bzip2: BZIP2,
  pbzip2: BZIP2,
  lbzip2: BZIP2,
  bunzip2: { ...BZIP2, decompresses: true },
  xz: XZ,
  lzma: { ...XZ, suffix: ".lzma" },
  unxz: { ...XZ, decompresses: true },
  unlzma: { ...XZ, suffix: ".lzma", decompresses: true },
  zstd: ZSTD,
  zstdmt: ZSTD,
  unzstd: { ...ZSTD, decompresses: true },
  lz4: LZ4,
  unlz4: { ...LZ4, decompresses: true },
  compress: COMPRESS,
  uncompress: { ...COMPRESS, decompresses: true },
  brotli: BROTLI,
  lzop: LZOP,
  lzip: LZIP,
  plzip: LZIP,
  clzip: LZIP,
  lunzip: { ...LZIP, decompresses: true },
};

// What decompression makes of a name: these endings map to another one (`.tgz` → `.tar`).
const TAR_ENDINGS: Record<string, string> = { ".tgz": ".tar", ".taz": ".tar", ".tbz2": ".tar", ".tbz": ".tar", ".txz": ".tar", ".tlz": ".tar", ".tzst": ".tar" };

/**
 * gzip, bzip2, xz, zstd --rm, lz4 --rm, compress, pigz, brotli --rm, lzop -U and their
 * decompressors replace each file operand by its (de)compressed copy (red team 3: `gzip -f
 * ~/.bashrc` left only .bashrc.gz): the operand is changed in place, judged like `sed -i` (outside
 * the workspace it asks, protected storage blocks; in the workspace the data stays beside it),
 * and the copy is written next to it (over an existing one only with `-f`). `-k`, `-c`, `-t`,
 * `-l`, help and version keep the input.
 */
export const compressor: Handler = ({ name, args, ctx, cmd }) => {
  const read = _read(name, args);
  if (!read) return [];
  // Its output on stdout (`-c`, or stdin to stdout) redirected into a file: a git archive there.
  if (cmd?.redirects.length && (read.quiet ? read.stdout : read.inputs.length === 0)) _streamed(read, cmd, ctx);
  if (read.quiet) return [];
  const { inputs, force, recursive } = read;
  const ops: Op[] = [];
  if (!read.keep && inputs.length) ops.push({ ...op("overwrite", name, inputs), inPlace: true });
  const outs = read.output ? [read.output] : inputs.flatMap((f) => _copies(f, read));
  if (outs.length) {
    const written: Op = { ...op(force ? "overwrite" : "write-into", name, outs), lands: "created" };
    // Each copy holds its input's data: sent later, it is judged by the inputs (archive-sources.ts).
    if (!recursive && inputs.length && inputs.every((f) => !f.dynamic)) setArchiveSources(written, { roots: inputs.map((word) => ({ word, recursive: false, dir: ctx.state.cwd })), follow: true });
    ops.push(written);
    // A git archive file compressed keeps its members: a later `tar -xf` of the copy is judged as
    // one of the file (tar.ts archiveCopies; tar.ts is loaded where a line made one).
    LOADED.tar?.archiveCopies(_pairs(inputs, read), ctx.state);
  }
  return ops;
};

/**
 * A git archive compressed on its way to a file (tar.ts streamedArchive): `gzip -c F.tar > F.tgz`
 * of a git archive file (tar.ts is loaded where a line made one), or `git archive HEAD | gzip >
 * F.tgz` (tar.ts loaded for that pipe only, as flows.ts loads its modules).
 */
function _streamed(read: Reading, cmd: SimpleCommand, ctx: AnalyzeContext): void {
  if (read.inputs.length > 1) return;
  const input = read.inputs[0];
  const piped = input === undefined && cmd.pipeFrom !== undefined && cmd.pipeFrom.argv.some((a) => a.value === "archive");
  const tar = piped ? (LOADED.tar ??= require("./tar.ts")) : LOADED.tar;
  tar?.streamedArchive(input, cmd, ctx.state);
}

/** Each input with the copy written of it. */
function _pairs(inputs: Word[], read: Reading): Array<{ input: Word; copy: Word }> {
  return inputs.flatMap((input) => (read.output ? [read.output] : _copies(input, read)).map((copy) => ({ input, copy })));
}

/**
 * The files a compressor writes with each input's data (none with `-c`, `-t`, `-l`, help or
 * version): the (de)compressed copy beside it, in zstd's output folder, or the one output file
 * (`zstd -o F`, lz4's second operand). flows.ts follows a secret into them.
 */
export function compressedCopies(name: string, args: Word[]): Array<{ input: Word; copy: Word }> {
  const read = _read(name, args);
  if (!read || read.quiet) return [];
  return _pairs(read.inputs, read);
}

/** Whether the program (de)compresses its stdin to its stdout (`tar c . | gzip > a.tgz`): no file operand or output file, no test or listing. */
export function compressesStdin(name: string, args: Word[]): boolean {
  const read = _read(name, args);
  return read !== undefined && read.inputs.length === 0 && read.output === undefined && (!read.quiet || read.stdout);
}

interface Reading {
  inputs: Word[];
  keep: boolean;
  quiet: boolean;
  /** Quiet only by writing to stdout (`-c`, `--stdout`): no test, listing, help or version. */
  stdout: boolean;
  decompress: boolean;
  force: boolean;
  recursive: boolean;
  suffix: string;
  output?: Word;
  outDir?: { dir: Word; flat: boolean };
}

/** A compressor's options and files, as the program reads them; undefined for another program. */
function _read(name: string, args: Word[]): Reading | undefined {
  const c = (COMPRESSORS as Record<string, Compressor | undefined>)[name];
  if (!c) return undefined;
  let keep = !c.replaces;
  let stdout = false;
  let silent = false;
  let decompress = c.decompresses;
  let force = false;
  let recursive = false;
  let suffix = c.suffix;
  let output: Word | undefined;
  let outDir: { dir: Word; flat: boolean } | undefined;
  let listed = false;
  let open = false;
  // A computed word with a known option start is that option (`-o$F`, `-S$S`, `--suffix=$S`:
  // unknown values); one whose rest may be any (getopt.ts openOption: `-k$X`, `--suf$X`) may
  // name the output or the suffix: the file written is unknown.
  const files = optionWalk(
    args,
    (a, i) => {
      const v = a.value;
      if (openOption(a, c.valued)) {
        output = computedRest(a);
        open = true;
      }
      if (v.startsWith("--")) {
        // The option an abbreviation names (`--suf`, `--kee`); an unknown or ambiguous one is
        // skipped. A computed one with no `=` (`--suf$X`) takes no value: openOption made its output unknown.
        const { name, value, i: last } = longValue(args, i, c.longs, c.valuedLong);
        if (name === undefined) return i;
        if (c.quietLong.includes(name)) {
          if (name === "stdout" || name === "to-stdout") stdout = true;
          else silent = true;
        }
        else if (name === "keep") keep = true;
        else if (c.removeLong.includes(name)) keep = false;
        else if (name === "decompress" || name === "uncompress") decompress = true;
        else if (name === "force") force = true;
        else if (name === "recursive") recursive = true;
        // xz `--files[=FILE]`, `--files0[=FILE]`: the names are read from a file or stdin.
        else if (name === "files" || name === "files0") listed = true;
        if (value && c.valuedLong.has(name)) {
          if (name === "suffix") suffix = value.dynamic ? UNKNOWN_SUFFIX : value.value;
          if (name === "output") output = value;
          if (name.startsWith("output-dir-")) outDir = { dir: value, flat: name === "output-dir-flat" };
        }
        return last;
      }
      const got = clusterValue(args, i, c.valued);
      for (let k = 1; k < (got ? got.at + 1 : v.length); k++) {
        const ch = v[k]!;
        if (c.quiet.includes(ch)) {
          if (ch === "c") stdout = true;
          else silent = true;
        }
        else if (ch === "k") keep = true;
        else if (c.remove.includes(ch)) keep = false;
        else if (ch === "d") decompress = true;
        else if (ch === "f") force = true;
        else if (ch === "r") recursive = true;
      }
      // `-S` is the suffix where the program has one (lzip's is a volume size).
      if (got?.value && got.letter === "S" && c.valuedLong.has("suffix")) suffix = got.value.dynamic ? UNKNOWN_SUFFIX : got.value.value;
      if (got?.value && got.letter === c.output) output = got.value;
      return got?.i ?? i;
    },
    true,
  );
  // Quiet: stdout, test, list, help or version; but zstd's, brotli's and lzop's `-c$X` may go on
  // `o FILE`, which writes the file.
  const quiet = (stdout || silent) && !(open && c.output && c.output !== "operand");
  const inputs = files.filter((f) => f.dynamic || f.value !== "-");
  if (listed) inputs.push(unknownWord());
  if (c.output === "operand" && !args.some((a) => /^-[a-zA-Z]*m|^--multiple/.test(a.value)) && files.length === 2) output = inputs.pop();
  return { inputs, keep, quiet, stdout: stdout && !silent, decompress, force, recursive, suffix, output, outDir };
}

/** The copy a compressor writes of `f` when no output file is named: beside it, or in zstd's output folder. */
function _copies(f: Word, read: Reading): Word[] {
  const beside = _outputName(f, read.decompress, read.suffix);
  const outDir = read.outDir;
  return outDir ? beside.map((b) => _within(outDir.dir, b, outDir.flat)) : beside;
}

/** An output name moved into zstd's output folder. */
function _within(dir: Word, f: Word, flat: boolean): Word {
  if (dir.dynamic || f.dynamic) return unknownWord();
  const name = flat ? basename(f.value) : f.value.replace(/^\/+/, "");
  return { ...f, value: `${dir.value}/${name}`, pattern: `${dir.value}/${name}`, glob: false };
}

// A suffix given by an expansion (`-S "$S"`): the names written are unknown.
const UNKNOWN_SUFFIX = "\0unknown";

/** The file a compressor writes beside `f` (none for a name decompression does not know). */
function _outputName(f: Word, decompress: boolean, suffix: string): Word[] {
  if (f.dynamic) return [f];
  if (suffix === UNKNOWN_SUFFIX) return [unknownWord()];
  if (!decompress) return [{ ...f, value: f.value + suffix, pattern: f.pattern + suffix }];
  const ending = Object.keys(TAR_ENDINGS).find((e) => f.value.endsWith(e));
  if (ending) return [{ ...f, value: f.value.slice(0, -ending.length) + TAR_ENDINGS[ending], glob: false }];
  for (const s of [suffix, ".gz", ".z", "-gz", ".bz2", ".bz", ".xz", ".lzma", ".zst", ".lz4", ".Z", ".br", ".lzo"]) {
    if (s && f.value.length > s.length && f.value.endsWith(s)) {
      const value = f.value.slice(0, -s.length);
      return [{ ...f, value, pattern: value, glob: false }];
    }
  }
  return [];
}
