import { op, type Op } from "../ops.ts";
import { literalWord, type Word } from "../syntax.ts";
import type { Handler } from "./context.ts";
import { mayBeOption, wordFrom } from "./getopt.ts";
import { archiveWrite } from "./archive-writes.ts";
import { filledFolder } from "./sinks.ts";

/** Members of unknown names written into `dir`, any of which may replace an entry there (judged like `tar -x -C DIR`). */
const extraction = (name: string, dirs: Word[]): Op[] => [filledFolder(name, dirs)];

// unzip's short options that take a value (the rest of the cluster or the next word).
const UNZIP_VALUED = "dPIO";

/** What an unzip command line says (_unzipArgs). */
interface UnzipArgs {
  /** `-l`, `-v`, `-t`, `-z`, `-Z` list or test, `-c`, `-p` print: no file is written. */
  writes: boolean;
  /** `-c`, `-p`: the members' content goes to stdout. */
  prints: boolean;
  /** `-:`: members keep `../` and may land anywhere above the folder. */
  escapes: boolean;
  dir: Word | undefined;
  /** The member names after the archive (patterns unzip matches), and the ones `-x` leaves out. */
  members: Word[];
  excluded: Word[];
}

/**
 * unzip's words as Info-ZIP reads them: options anywhere, the first operand the archive, the next
 * ones members, the words after `-x` (up to the next option) members left out.
 */
function _unzipArgs(args: Word[]): UnzipArgs {
  const out: UnzipArgs = { writes: true, prints: false, escapes: false, dir: undefined, members: [], excluded: [] };
  let archive = false;
  let excluding = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const v = a.value;
    if (!v.startsWith("-") || v === "-") {
      if (excluding) out.excluded.push(a);
      else if (archive) out.members.push(a);
      archive = true;
      continue;
    }
    excluding = false;
    // An option word with an expansion (`-d"$D"`) is read up to it; its value stays unknown.
    for (let k = 1; k < v.length; k++) {
      const c = v[k]!;
      if ("lvtzZcp".includes(c)) out.writes = false;
      if (c === "c" || c === "p") out.prints = true;
      if (c === ":") out.escapes = true;
      if (c === "x") excluding = true;
      if (!UNZIP_VALUED.includes(c)) continue;
      const value = k + 1 < v.length || a.dynamic ? wordFrom(a, k + 1) : args[++i];
      if (c === "d") out.dir = value;
      break;
    }
  }
  return out;
}

/**
 * unzip extracts into `-d DIR` (attached, the next word, also at the end of a cluster such as
 * `-qod DIR`) or the working directory; `-l`, `-v`, `-t`, `-z`, `-Z` list and `-c`, `-p` print,
 * writing no file. unzip strips absolute names and `../` unless `-:` is given, with which a member
 * may land anywhere above the folder: an unknown effect (the archive is not read). The members it
 * names are written there (session 13 reread: `unzip A.zip .git/hooks/pre-commit`), as tar's are.
 */
export const unzip: Handler = ({ name, args }) => {
  const u = _unzipArgs(args);
  if (!u.writes) return [];
  if (u.escapes) return [op("unknown", name)];
  const dir = u.dir ?? literalWord(".");
  return [..._memberWrites(name, dir, u.members, false), ...extraction(name, [dir])];
};

/**
 * The members an extraction names, written where it puts them (as tar.ts _memberWrites): unzip and
 * 7-Zip drop a leading `/` and each `..` component (they are refused only as a way out of the
 * folder), and 7-Zip's `e` drops the folders (`flat`). A computed member or folder, and a member
 * that drops to nothing, is one of the unlisted entries the extraction's own op judges.
 */
function _memberWrites(name: string, dir: Word, members: Word[], flat: boolean): Op[] {
  if (dir.dynamic) return [];
  const targets: Word[] = [];
  for (const m of members) {
    if (m.dynamic || m.value.startsWith("@")) continue;
    const parts = m.value.split("/").filter((c) => c !== "" && c !== "..");
    const member = (flat ? parts.slice(-1) : parts).join("/");
    if (member !== "" && member !== ".") targets.push(literalWord(`${dir.value}/${member}`, true));
  }
  return targets.length ? [{ ...op("write-into", name, targets), replaces: true }] : [];
}

/** What a 7-Zip command line says (_sevenZipArgs). */
interface SevenZipArgs {
  /** The command, lower case ("" when computed). */
  command: string | undefined;
  dir: Word | undefined;
  /** `-so`: extracted content goes to stdout. */
  stdout: boolean;
  /** `-spf`, `-spf2`: full paths kept. */
  full: boolean;
  /** The operands after the command: the archive, then file or member names. */
  operands: Word[];
}

/** 7-Zip's words: switches (case-insensitive, anywhere before `--`), the command, its operands. */
function _sevenZipArgs(args: Word[]): SevenZipArgs {
  const out: SevenZipArgs = { command: undefined, dir: undefined, stdout: false, full: false, operands: [] };
  let switches = true;
  for (const a of args) {
    const v = a.value;
    if (switches && v === "--" && !a.dynamic) {
      switches = false;
      continue;
    }
    if (!switches || !v.startsWith("-")) {
      if (out.command === undefined) out.command = a.dynamic ? "" : v.toLowerCase();
      else out.operands.push(a);
      continue;
    }
    const s = v.toLowerCase();
    if (s === "-so") out.stdout = true;
    else if (s.startsWith("-spf")) out.full = true;
    else if (s.startsWith("-o")) out.dir = wordFrom(a, 2);
  }
  return out;
}

/**
 * 7-Zip (7z, 7za, 7zr, 7zz): `x` and `e` extract into `-oDIR` (attached only; `*` in it stands
 * for the archive's name) or the working directory, replacing what is there (`-y`, `-aoa`; the
 * other overwrite modes may still create a startup file). `-so` prints instead. 7-Zip makes
 * absolute names relative and drops `..` unless `-spf`/`-spf2` keeps full paths: then a member may
 * land anywhere, an unknown effect. Switches and the command are case-insensitive and may stand
 * anywhere before `--`. The members named after the archive are written there (`e` without their
 * folders), as tar's are.
 */
export const sevenZip: Handler = ({ name, args }) => {
  const { command, dir, stdout, full, operands } = _sevenZipArgs(args);
  if (stdout) return [];
  // a, u, d and rn write the archive, the first operand after the command; `-sdel` deletes the
  // files added (session 8).
  if (command === "a" || command === "u" || command === "d" || command === "rn") {
    const [archive, ...files] = operands;
    const sdel = args.some((a) => !a.dynamic && a.value.toLowerCase() === "-sdel");
    return [...archiveWrite(name, archive, ".7z"), ...(sdel && files.length ? [op("delete", name, files, true)] : [])];
  }
  if (command !== "x" && command !== "e") return command === "" ? [op("unknown", name)] : [];
  if (full) return [op("unknown", name)];
  const into = _starFolder(dir) ?? literalWord(".");
  // A `*` folder is one per archive: the members' paths under it are unknown.
  const members = dir && !dir.dynamic && dir.value.includes("*") ? [] : operands.slice(1);
  return [..._memberWrites(name, into, members, command === "e"), ...extraction(name, [into])];
};

/**
 * The words of an archive extractor (unzip, 7-Zip) naming the archive's members, which it opens no
 * file by: those an extraction writes (`unzip A.zip .env` writes `./.env`), a listing or test
 * matches, or `-x` leaves out. None for printing (`unzip -p A.zip .env`, `7z x -so`: the
 * content is shown, as `cat .env` shows it) or for 7-Zip's commands that add files (secrets.ts).
 */
export function unreadMembers(name: string, args: Word[]): Word[] {
  if (name === "unzip") {
    const u = _unzipArgs(args);
    return u.prints ? u.excluded : [...u.members, ...u.excluded];
  }
  const z = _sevenZipArgs(args);
  return z.stdout || !/^(x|e|l|t|d|rn)$/.test(z.command ?? "") ? [] : z.operands.slice(1);
}

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
