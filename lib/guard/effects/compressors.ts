import { op, type Op } from "../ops.ts";
import type { Word } from "../syntax.ts";
import { setArchiveSources } from "./archive-sources.ts";
import type { Handler } from "./context.ts";
import { clusterValue, optionWalk, wordFrom } from "./getopt.ts";

interface Compressor {
  /** Removes its input by default (gzip); otherwise only with `remove` (zstd --rm). */
  replaces: boolean;
  /** Decompresses by default (gunzip). */
  decompresses: boolean;
  suffix: string;
  /** Short options that take a value, and long ones (without `--`). */
  valued: string;
  valuedLong: string[];
  /** Options that write no file at all (stdout, test, list, help): short letters and long names. */
  quiet: string;
  quietLong: string[];
  /** Options that remove the input where it is kept by default. */
  remove: string;
  removeLong: string[];
  /** The option naming the output file (`-o FILE`), or "operand" when a second operand is it (lz4). */
  output?: string;
}

const GZIP: Compressor = { replaces: true, decompresses: false, suffix: ".gz", valued: "Sbp", valuedLong: ["suffix", "blocksize", "processes"], quiet: "ctlhVL", quietLong: ["stdout", "to-stdout", "test", "list", "help", "version", "license"], remove: "", removeLong: [] };
const BZIP2: Compressor = { ...GZIP, suffix: ".bz2", valued: "p", valuedLong: [] };
const XZ: Compressor = { ...GZIP, suffix: ".xz", valued: "SFCTM", valuedLong: ["suffix", "format", "check", "threads", "memlimit", "memory", "files", "files0", "block-size", "block-list", "filters"], quiet: "ctlhHV", quietLong: ["stdout", "to-stdout", "test", "list", "help", "long-help", "version"] };
const ZSTD: Compressor = { replaces: false, decompresses: false, suffix: ".zst", valued: "oDT", valuedLong: ["output-dir-flat", "output-dir-mirror", "format", "memory", "patch-from", "filelist", "trace"], quiet: "ctlhHV", quietLong: ["stdout", "test", "list", "help", "version"], remove: "", removeLong: ["rm"], output: "o" };
const LZ4: Compressor = { ...ZSTD, suffix: ".lz4", valued: "B", valuedLong: [], output: "operand" };
const COMPRESS: Compressor = { ...GZIP, suffix: ".Z", valued: "b", valuedLong: [], quiet: "chV", quietLong: [] };
const BROTLI: Compressor = { ...ZSTD, suffix: ".br", valued: "oqwS", valuedLong: ["output", "quality", "lgwin", "suffix"], remove: "j", removeLong: ["rm"] };
const LZOP: Compressor = { ...ZSTD, suffix: ".lzo", valued: "oS", valuedLong: ["output", "suffix"], remove: "U", removeLong: ["delete", "unlink"] };

/** The programs that compress or decompress files beside their input, by name. */
export const COMPRESSORS: Record<string, Compressor> = {
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
};

// What decompression makes of a name: these endings map to another one (`.tgz` → `.tar`).
const TAR_ENDINGS: Record<string, string> = { ".tgz": ".tar", ".taz": ".tar", ".tbz2": ".tar", ".tbz": ".tar", ".txz": ".tar", ".tlz": ".tar", ".tzst": ".tar" };

/** A long option given (`--kee`, `--rm`): a prefix of one of `names` (getopt takes unambiguous prefixes). */
function _long(flag: string, names: string[]): boolean {
  const given = flag.slice(2).split("=")[0]!;
  return given.length > 0 && names.some((n) => n === given || (given.length >= 2 && n.startsWith(given)));
}

/**
 * gzip, bzip2, xz, zstd --rm, lz4 --rm, compress, pigz, brotli --rm, lzop -U and their
 * decompressors replace each file operand by its (de)compressed copy (red team 3: `gzip -f
 * ~/.bashrc` left only .bashrc.gz): the operand is changed in place, judged like `sed -i` (outside
 * the workspace it asks, protected storage blocks; in the workspace the data stays beside it),
 * and the copy is written next to it (over an existing one only with `-f`). `-k`, `-c`, `-t`,
 * `-l`, help and version keep the input.
 */
export const compressor: Handler = ({ name, args, ctx }) => {
  const c = COMPRESSORS[name];
  if (!c) return [];
  let keep = !c.replaces;
  let quiet = false;
  let decompress = c.decompresses;
  let force = false;
  let recursive = false;
  let suffix = c.suffix;
  let output: Word | undefined;
  const files = optionWalk(args, (a, i) => {
    const v = a.value;
    if (v.startsWith("--")) {
      if (_long(v, c.quietLong)) quiet = true;
      else if (_long(v, ["keep"])) keep = true;
      else if (_long(v, c.removeLong)) keep = false;
      else if (_long(v, ["decompress", "uncompress"])) decompress = true;
      else if (_long(v, ["force"])) force = true;
      else if (_long(v, ["recursive"])) recursive = true;
      const name = v.slice(2).split("=")[0]!;
      if (c.valuedLong.includes(name)) {
        const value = v.includes("=") ? wordFrom(a, v.indexOf("=") + 1) : args[++i];
        if ((name === "suffix" || name === "S") && value) suffix = value.value;
        if (name === "output" && value) output = value;
      }
      return i;
    }
    const got = clusterValue(args, i, c.valued);
    for (let k = 1; k < (got ? got.at + 1 : v.length); k++) {
      const ch = v[k]!;
      if (c.quiet.includes(ch)) quiet = true;
      else if (ch === "k") keep = true;
      else if (c.remove.includes(ch)) keep = false;
      else if (ch === "d") decompress = true;
      else if (ch === "f") force = true;
      else if (ch === "r") recursive = true;
    }
    if (got?.value && got.letter === "S") suffix = got.value.value;
    if (got?.value && got.letter === c.output) output = got.value;
    return got?.i ?? i;
  });
  const inputs = files.filter((f) => f.dynamic || f.value !== "-");
  if (c.output === "operand" && !args.some((a) => /^-[a-zA-Z]*m|^--multiple/.test(a.value)) && files.length === 2) output = inputs.pop();
  const ops: Op[] = [];
  if (quiet) return ops;
  if (!keep && inputs.length) ops.push({ ...op("overwrite", name, inputs), inPlace: true });
  const outs = output ? [output] : inputs.flatMap((f) => _outputName(f, decompress, suffix));
  if (outs.length) {
    const written: Op = { ...op(force ? "overwrite" : "write-into", name, outs), lands: "created" };
    // Each copy holds its input's data: sent later, it is judged by the inputs (archive-sources.ts).
    if (!recursive && inputs.length && inputs.every((f) => !f.dynamic)) setArchiveSources(written, { roots: inputs.map((word) => ({ word, recursive: false, dir: ctx.state.cwd })), follow: true });
    ops.push(written);
  }
  return ops;
};

/** The file a compressor writes beside `f` (none for a name decompression does not know). */
function _outputName(f: Word, decompress: boolean, suffix: string): Word[] {
  if (f.dynamic) return [f];
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
