import { posix } from "node:path";
import { op, type Op } from "../ops.ts";
import { literalWord, unknownWord, type Word } from "../syntax.ts";
import { analyzeText } from "./analyze.ts";
import { transferOps } from "./cloud-copies.ts";
import type { Invocation } from "./context.ts";
import { metaArgs } from "./data-input.ts";
import { programName } from "./names.ts";
import { farName, pulledOps } from "./pulled-copies.ts";
import { judgesPipedFetch } from "./remote-stdin.ts";

/*
 * Downloads in sftp, ftp and lftp batches (session 14 left them: `sftp host <<< 'get r
 * README.md'` was ALLOW). A fetched file lands on a local name as scp's download does
 * (pulled-copies.ts pulledOps): onto an existing workspace file it is relocated first, outside
 * the workspace it asks, a protected path blocks, a new name passes. Relative local names follow
 * the batch's `lcd` (sftp.ts tracks it as `dir`: "" is the working folder).
 */

/** One batch command: its name (lower case, sftp's leading `-` dropped) and its words. */
export interface BatchCommand {
  name: string;
  words: string[];
  dir: string;
  inv: Invocation;
}

/** The folder `lcd TO` moves to (`lcd` alone: the home folder). */
export function changedDir(dir: string, to: string | undefined, home: string): string {
  const path = _home(to ?? "~", home);
  return path.startsWith("/") || dir === "" ? path : posix.join(dir, path);
}

const _home = (path: string, home: string): string => (path === "~" ? home : path.startsWith("~/") ? `${home}${path.slice(1)}` : path);

/** A local name of the batch as the guard judges it (`~` read as the home folder, as for `put`). */
function _local(path: string, c: BatchCommand): Word {
  const p = _home(path, c.inv.ctx.home);
  return literalWord(p.startsWith("/") || c.dir === "" ? p : posix.join(c.dir, p), true);
}

const GLOB = /[*?[]/;

/** A remote name fetched onto `local` (the working folder when left out, where it keeps its last name). */
function _fetched(verb: string, remote: string, local: string | undefined, c: BatchCommand): Op[] {
  return pulledOps(verb, [farName(remote)], _local(local ?? ".", c), c.inv);
}

/** sftp's `get|mget|reget [-afpPrR] REMOTE [LOCAL]` (mget is get: REMOTE may be a pattern). */
export function sftpGets(c: BatchCommand): Op[] | null {
  if (c.name !== "get" && c.name !== "mget" && c.name !== "reget") return null;
  const [remote, local] = c.words.filter((w) => !w.startsWith("-"));
  return remote === undefined ? [] : _fetched("sftp", remote, local, c);
}

// ftp's commands that fetch a file onto a local name (the remote name itself when left out).
const FTP_GETS = ["get", "recv", "reget", "newer"];
// ftp's listings written to a local file (the second operand; mls's and mdir's last).
const FTP_LISTINGS = ["ls", "dir", "nlist"];
const FTP_MLISTINGS = ["mls", "mdir"];

/**
 * ftp's downloads (inetutils, tnftp; a 2+-letter prefix is the command, as ftp takes one):
 * `get|recv|reget|newer REMOTE [LOCAL]` writes LOCAL, or the remote name as given when left out
 * (`get /etc/hosts` writes /etc/hosts here); `mget NAME…` writes each under the name given (a
 * pattern: names the server picks, in the folder); `ls|dir|nlist [REMOTE [LOCAL]]` and `mls|mdir
 * REMOTE… LOCAL` write the listing into LOCAL. A LOCAL of `-` is stdout; `|CMD` runs CMD in a
 * local shell with the fetched data on its stdin (a shell or interpreter there runs what the
 * server sends). `case`, `nmap` and `ntrans` rewrite local names: the names are unknown after them.
 */
export function ftpGets(c: BatchCommand, renamed: boolean): Op[] | null {
  const is = (names: string[]): boolean => c.name.length >= 2 && names.some((n) => n.startsWith(c.name));
  const verb = c.inv.name;
  const target = (local: string): Op[] | null => {
    if (local === "-") return [];
    if (local.startsWith("|")) return _piped(verb, local.slice(1), c);
    return null;
  };
  const dest = (local: string): Word => (renamed ? unknownWord() : _local(local, c));
  if (is(FTP_GETS)) {
    const [remote, local] = c.words;
    if (remote === undefined) return [];
    const given = local ?? remote;
    return target(given) ?? pulledOps(verb, [farName(remote)], dest(given), c.inv);
  }
  if (is(["mget"])) {
    return c.words.flatMap((r) => (GLOB.test(r) ? pulledOps(verb, [unknownWord()], dest("."), c.inv) : pulledOps(verb, [farName(r)], dest(r), c.inv)));
  }
  const local = is(FTP_LISTINGS) ? c.words[1] : is(FTP_MLISTINGS) && c.words.length > 1 ? c.words.at(-1) : undefined;
  if (local === undefined) return null;
  return target(local) ?? [op("overwrite", verb, [dest(local)])];
}

/** `|CMD` as a local name: CMD runs in a local shell, fed what the far side sends. */
function _piped(verb: string, command: string, c: BatchCommand): Op[] {
  const head = metaArgs(command)[0];
  const runs = head !== undefined && judgesPipedFetch(programName(literalWord(head)));
  return [...analyzeText(command, "posix", c.inv.ctx), ...(runs ? [op("remote-code", verb)] : [])];
}

// lftp's get/pget/mget options that take the next word (`-o` and `-O` are read on their own).
const LFTP_GET_VALUED = new Set(["-n", "-P", "--parallel"]);
// lftp mirror's options that take the next word.
const LFTP_MIRROR_VALUED = new Set(
  "-i -x -I -X -P -F -N -O --include --exclude --include-glob --exclude-glob --include-rx-from --exclude-rx-from --include-glob-from --exclude-glob-from --parallel --file --directory --target-directory --newer-than --older-than --size-range --loop --max-errors --script --on-change --use-pget-n --recursion --log --skip-noaccess".split(" "),
);

/**
 * lftp's downloads: `get|get1|pget [OPTS] RFILE [-o LFILE] …` (LFILE, else RFILE's last name in
 * `-O BASE` or the working folder), `mget [-d] [-O BASE] RFILE…` (a pattern: names the server
 * picks), `mirror [OPTS] [SOURCE [TARGET]]` without `-R` (a tree merged into TARGET, SOURCE's last
 * name when left out; `--delete`/`-e` removes what TARGET holds beyond it). Any command's `> FILE`
 * (`>>`) writes FILE and `| CMD` runs CMD in a local shell on its output.
 */
export function lftpGets(c: BatchCommand): Op[] | null {
  const out = /^(.*?)\s*(>>?|\|)\s*(.*)$/.exec([c.name, ...c.words].join(" "));
  if (out) {
    const [, command, how, rest] = out as unknown as [string, string, string, string];
    const [name = "", ...words] = metaArgs(command);
    const ops = lftpGets({ ...c, name: name.toLowerCase(), words }) ?? [];
    const local = metaArgs(rest)[0];
    if (how === "|") return [...ops, ..._piped("lftp", rest, c)];
    return local === undefined ? ops : [...ops, op("overwrite", "lftp", [_local(local, c)])];
  }
  if (c.name === "get" || c.name === "get1" || c.name === "pget") return _lftpGet(c, false);
  if (c.name === "mget") return _lftpGet(c, true);
  if (c.name === "mirror") return _lftpMirror(c);
  return null;
}

function _lftpGet(c: BatchCommand, patterns: boolean): Op[] {
  let base = "";
  let keepDirs = false;
  const fetched: { remote: string; local?: string }[] = [];
  for (let i = 0; i < c.words.length; i++) {
    const w = c.words[i]!;
    if (w === "-O") base = c.words[++i] ?? "";
    else if (w === "-o" && fetched.length) fetched.at(-1)!.local = c.words[++i];
    else if (LFTP_GET_VALUED.has(w)) i++;
    else if (w === "-d") keepDirs = true;
    else if (!w.startsWith("-")) fetched.push({ remote: w });
  }
  const inBase = (name: string): string => (base === "" || name.startsWith("/") ? name : posix.join(base, name));
  return fetched.flatMap(({ remote, local }) => {
    if (local !== undefined) return pulledOps("lftp", [farName(remote)], _local(local, c), c.inv);
    if (patterns && GLOB.test(remote)) return pulledOps("lftp", [unknownWord()], _local(inBase("."), c), c.inv);
    const name = patterns && keepDirs ? remote : posix.basename(remote);
    return pulledOps("lftp", [farName(remote)], _local(inBase(name), c), c.inv);
  });
}

function _lftpMirror(c: BatchCommand): Op[] {
  const operands: string[] = [];
  let deletes = false;
  for (let i = 0; i < c.words.length; i++) {
    const w = c.words[i]!;
    if (LFTP_MIRROR_VALUED.has(w)) i++;
    else if (w === "--delete" || w === "--delete-first" || /^-[a-zA-Z]*e/.test(w)) deletes = true;
    else if (!w.startsWith("-")) operands.push(w);
  }
  const source = posix.basename(operands[0] ?? ".");
  const target = operands.length > 2 ? unknownWord() : _local(operands[1] ?? (source === "" || source === "." ? "." : source), c);
  const tree = { verb: "lftp mirror", sources: [unknownWord()], dest: target, remote: () => false, recursive: true, follow: false, egress: false, deletes };
  return transferOps(tree, c.inv.ctx, c.inv.cmd);
}
