import { op, type Op } from "../ops.ts";
import { literalWord, type Word } from "../syntax.ts";
import type { Handler } from "./context.ts";
import { mayBeOption, wordFrom } from "./getopt.ts";
import { archiveWrite } from "./archive-writes.ts";
import { operands } from "./names.ts";
import { filledFolder } from "./sinks.ts";

/** Members of unknown names written into `dir`, any of which may replace an entry there (judged like `tar -x -C DIR`). */
const extraction = (name: string, dirs: Word[]): Op[] => [filledFolder(name, dirs)];

// unzip's short options that take a value (the rest of the cluster or the next word).
const UNZIP_VALUED = "dPIO";

/**
 * unzip extracts into `-d DIR` (attached, the next word, also at the end of a cluster such as
 * `-qod DIR`) or the working directory; `-l`, `-v`, `-t`, `-z`, `-Z` list and `-c`, `-p` print,
 * writing no file. unzip strips absolute names and `../` unless `-:` is given, with which a member
 * may land anywhere above the folder: an unknown effect (the archive is not read).
 */
export const unzip: Handler = ({ name, args }) => {
  let dir: Word | undefined;
  let escapes = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const v = a.value;
    // An option word with an expansion (`-d"$D"`) is read up to it; its value stays unknown.
    if (!v.startsWith("-") || v === "-") continue;
    for (let k = 1; k < v.length; k++) {
      const c = v[k]!;
      if ("lvtzZcp".includes(c)) return [];
      if (c === ":") escapes = true;
      if (!UNZIP_VALUED.includes(c)) continue;
      const value = k + 1 < v.length || a.dynamic ? wordFrom(a, k + 1) : args[++i];
      if (c === "d") dir = value;
      break;
    }
  }
  return escapes ? [op("unknown", name)] : extraction(name, [dir ?? literalWord(".")]);
};

/**
 * 7-Zip (7z, 7za, 7zr, 7zz): `x` and `e` extract into `-oDIR` (attached only; `*` in it stands
 * for the archive's name) or the working directory, replacing what is there (`-y`, `-aoa`; the
 * other overwrite modes may still create a startup file). `-so` prints instead. 7-Zip makes
 * absolute names relative and drops `..` unless `-spf`/`-spf2` keeps full paths: then a member may
 * land anywhere, an unknown effect. Switches and the command are case-insensitive and may stand
 * anywhere before `--`.
 */
export const sevenZip: Handler = ({ name, args }) => {
  let command: string | undefined;
  let dir: Word | undefined;
  let full = false;
  for (const [k, a] of args.entries()) {
    const v = a.value;
    if (v === "--" && !a.dynamic) {
      command ??= args[k + 1]?.value.toLowerCase();
      break;
    }
    if (!v.startsWith("-")) {
      command ??= a.dynamic ? "" : v.toLowerCase();
      continue;
    }
    const s = v.toLowerCase();
    if (s === "-so") return [];
    if (s.startsWith("-spf")) full = true;
    else if (s.startsWith("-o")) dir = wordFrom(a, 2);
  }
  // a, u, d and rn write the archive, the first operand after the command; `-sdel` deletes the
  // files added (session 8).
  if (command === "a" || command === "u" || command === "d" || command === "rn") {
    // The operands (names.ts: switches start with `-`, `--` ends them) after the command word.
    const [, archive, ...files] = operands(args).files;
    const sdel = args.some((a) => !a.dynamic && a.value.toLowerCase() === "-sdel");
    return [...archiveWrite(name, archive, ".7z"), ...(sdel && files.length ? [op("delete", name, files, true)] : [])];
  }
  if (command !== "x" && command !== "e") return command === "" ? [op("unknown", name)] : [];
  if (full) return [op("unknown", name)];
  return extraction(name, [_starFolder(dir) ?? literalWord(".")]);
};

/** `-o` with `*` (replaced by each archive's name): the folder above the first such component. */
function _starFolder(dir: Word | undefined): Word | undefined {
  if (!dir || dir.dynamic) return dir;
  const at = dir.value.indexOf("*");
  if (at < 0) return dir;
  const slash = dir.value.lastIndexOf("/", at);
  const value = slash < 0 ? "." : slash === 0 ? "/" : dir.value.slice(0, slash);
  return literalWord(value, true);
}

/**
 * unrar and rar: `x` and `e` extract into the destination operand (a word after the archive that
 * ends in `/`, or an existing folder), `-op<DIR>`, or the working directory. Which later operand
 * unrar takes for its destination depends on the file system when it runs, so every plain one is
 * judged as a possible destination. unrar drops absolute names and `..` unless `-ep3` keeps full
 * paths: then a member may land anywhere, an unknown effect. `p` prints; the other commands write
 * no extracted file.
 */
export const unrar: Handler = ({ name, args }) => {
  const operands: Word[] = [];
  let dir: Word | undefined;
  let full = false;
  let switches = true;
  for (const a of args) {
    const v = a.value;
    if (switches && !a.dynamic && v === "--") switches = false;
    else if (switches && v.startsWith("-") && v.length > 1) {
      const s = v.toLowerCase();
      if (s === "-ep3") full = true;
      else if (s.startsWith("-op")) dir = wordFrom(a, 3);
    } else operands.push(a);
  }
  const [command, , ...rest] = operands;
  if (command?.dynamic) return [op("unknown", name)];
  const c = command?.value.toLowerCase();
  // rar's a, u, m, f, d and the other commands that change an archive write it (session 8).
  if (name === "rar" && c !== undefined && /^(a|u|m[fd]?|f|d|c|ch|cw|k|rn|rr\d*|rv\d*|s|ac|ec)$/.test(c)) return archiveWrite(name, operands[1], ".rar");
  if (c !== "x" && c !== "e") return [];
  if (full) return [op("unknown", name)];
  // Member masks with wildcards and `@listfile`s are no destination.
  const dests = rest.filter((w) => w.dynamic || (!/[*?]/.test(w.value) && !w.value.startsWith("@")));
  const explicit = [...(dir ? [dir] : []), ...dests.filter((w) => !w.dynamic && w.value.endsWith("/"))];
  return extraction(name, explicit.length ? explicit : [...dests, literalWord(".")]);
};

// dpkg-deb's modes that extract the package's files into a folder (`-x DEB DIR`, `-X`, `-R` with
// the control files too), and `-b`/`--build DIR [ARCHIVE]`, which writes the package it builds.
const DPKG_DEB_EXTRACT = new Set(["-x", "--extract", "-X", "--vextract", "-R", "--raw-extract"]);
const DPKG_DEB_BUILD = new Set(["-b", "--build"]);

/**
 * `dpkg-deb -x PACKAGE DIR`: the package's files land in DIR (`dpkg-deb -x a.deb /` writes the
 * system). `dpkg-deb -b DIR ARCHIVE` writes ARCHIVE (inside it when a folder), without ARCHIVE
 * `DIR.deb`. A computed word that may be an option (getopt.ts mayBeOption) is unknown.
 */
export const dpkgDeb: Handler = ({ name, args }) => {
  const at = args.findIndex((a) => mayBeOption(a) || DPKG_DEB_EXTRACT.has(a.value) || DPKG_DEB_BUILD.has(a.value));
  if (at < 0) return [];
  if (args[at]!.dynamic) return [op("unknown", name)];
  const [first, second] = args.slice(at + 1).filter((a) => a.dynamic || !a.value.startsWith("-"));
  if (!DPKG_DEB_BUILD.has(args[at]!.value)) return second ? extraction(name, [second]) : [];
  const archive = second ?? (first && !first.dynamic ? literalWord(`${first.value.replace(/\/+$/, "")}.deb`) : first);
  return archive ? [{ ...op("overwrite", name, [archive]), lands: "created" }] : [];
};
