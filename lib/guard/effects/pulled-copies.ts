import { posix } from "node:path";
import type { Op } from "../ops.ts";
import { literalWord, unknownWord, type Word } from "../syntax.ts";
import { computeScp } from "./cloud.ts";
import { transferOps } from "./cloud-copies.ts";
import type { Handler, Invocation } from "./context.ts";
import { clusterValue, optionWalk } from "./getopt.ts";
import { asksHelp, cliLine } from "./infra-args.ts";
import { sshFiles } from "./ssh-files.ts";
import { SCP_VALUED, SFTP_VALUED } from "./ssh-options.ts";
import { unmodelledReading } from "./unknown-program.ts";
import { commandString } from "./wrappers.ts";

/*
 * Copies from another machine, a container or a device onto a local path (red team session 11,
 * finding 5: `scp host:x ~/.ssh/authorized_keys`, `scp host:x .git/hooks/pre-commit`, `lxc file
 * pull c/x ~/.bashrc` and `adb pull /sdcard/x src/main.ts` wrote nothing the guard saw). The local
 * destination is written as cp's is (cloud-copies.ts transferOps, as rsync's and `docker cp`'s):
 * each source lands under its name inside a destination folder, or on the destination itself, so
 * a protected path blocks, a file outside the workspace asks and an existing workspace file is
 * relocated first. What scp sends to another host stays network.ts remoteCopy's (sync-sent.ts);
 * `sftp host:PATH LOCAL` fetches PATH onto LOCAL the same way.
 */

/**
 * scp's remote operand as its `colon()` reads one: `[user@]host:path`, `[user@][v6::addr]:path`,
 * `scp://[user@]host[:port][/path]`; a leading colon, or a slash before the first colon, is a local
 * name (`./a:b`, `/x:y`). A computed word is remote when its known text is (`"$HOST:/tmp"`).
 */
function _scpRemote(w: Word): boolean {
  return /^scp:\/\//i.test(w.value) || /^[^/:][^/]*:/.test(w.value) || (w.dynamic && /^[^/]*:/.test(w.value));
}

/** The path part of a remote operand (`host:dir/x` → `dir/x`), `""` when it names none. */
function _remotePath(value: string): string {
  const url = /^scp:\/\/[^/]*\/?(.*)$/is.exec(value);
  if (url) return url[1]!;
  // `[v6::addr]:path`, `user@[v6::addr]:path`: the colon after the bracket.
  const bracket = /^[^/]*?\]:/.exec(value);
  return value.slice(bracket ? bracket[0].length : value.indexOf(":") + 1);
}

/**
 * A source on the far side as the name its copy takes here (its last path element, trailing
 * slashes dropped, as cp names a copy); unknown when the far side expands it (a pattern, `~`)
 * or it names no element (`host:`, `.`), so the destination folder itself is judged.
 */
export function farName(path: string): Word {
  const trimmed = path.replace(/(.)\/+$/, "$1");
  const name = posix.basename(trimmed);
  if (!name || name === "." || name === ".." || name.startsWith("~") || /[*?[\]{}$`\\]/.test(name)) return unknownWord();
  return literalWord(name, true);
}

/** The local destination of a copy from `sources` (far-side names, or local words) onto `dest`. */
export function pulledOps(verb: string, sources: Word[], dest: Word, inv: Invocation): Op[] {
  return transferOps({ verb, sources, dest, remote: () => false, recursive: false, follow: false, egress: false }, inv.ctx, inv.cmd);
}

/**
 * scp SOURCE… DEST with a local DEST: each source, remote or local (scp copies local to local as
 * cp), written onto DEST or under its name inside it; `-r` changes nothing there (a folder takes
 * the source's name as a file does). A remote DEST (a host-to-host copy, or an upload) writes
 * nothing here.
 */
export const scp: Handler = (inv) => {
  const operands = _operands(inv.args, SCP_VALUED);
  const dest = operands.at(-1);
  if (operands.length < 2 || !dest || _scpRemote(dest)) return [];
  const sources = operands.slice(0, -1).map((s) => (s.dynamic || !_scpRemote(s) ? s : farName(_remotePath(s.value))));
  return pulledOps("scp", sources, dest, inv);
};

/**
 * A remote operand of `gcloud compute scp` as gcloud's FileReference.FromPath reads one: the text
 * before the first colon is `[user@]instance` (an instance name not starting with `.`, holding
 * no `/`, `@` or backslash); a computed word is remote when its known text has a colon before any
 * `/`, as scp's.
 */
function _gcloudRemote(w: Word): boolean {
  return /^(?:[^:@]+@)?[^.:/\\@][^:/\\@]*:/.test(w.value) || (w.dynamic && /^[^/]*:/.test(w.value));
}

// The far side of an upload, for transferOps (any remote operand, `"$VM:/tmp"` too).
const FAR: Word = literalWord("instance:");

/**
 * `gcloud compute scp [[USER@]INSTANCE:]SRC… [[USER@]INSTANCE:]DEST` (cloud.ts computeScp reads
 * the line; registered beside gcloud's handler) runs scp (red team session 11, left by finding 5): onto an instance, the local sources are sent (judged as scp's and
 * rsync's, sent-tree.ts, `--recurse` walking folders, symlinks followed as scp follows them); onto
 * a local DEST, each remote source lands under its name inside a folder or on DEST itself, as
 * scp's. A local source copied to a local DEST is one gcloud refuses; it is read as cp's anyway.
 * Each `--scp-flag` value is a word of scp's own argv, read as scp's options are (`-o
 * ProxyCommand=…` runs a local command: wrappers.ts commandString; `-S PROG`, `-F FILE`: ssh-files.ts).
 */
export const gcloudScp: Handler = (inv) => {
  const given = computeScp(inv);
  if (!given?.copies) return [];
  const { operands, recursive, scpFlags } = given;
  const ops: Op[] = [];
  if (scpFlags.length) {
    const scp: Invocation = { ...inv, name: "scp", args: scpFlags };
    ops.push(...commandString(scp), ...sshFiles(scp));
  }
  const dest = operands.at(-1);
  if (operands.length < 2 || !dest) return ops;
  const sources = operands.slice(0, -1);
  if (_gcloudRemote(dest)) {
    const remote = (w: Word): boolean => w === FAR || (!w.dynamic && _gcloudRemote(w));
    return [...ops, ...transferOps({ verb: "gcloud compute scp", sources, dest: FAR, remote, recursive, follow: true, egress: true }, inv.ctx, inv.cmd)];
  }
  const far = sources.map((s) => (s.dynamic || !_gcloudRemote(s) ? s : farName(s.value.slice(s.value.indexOf(":") + 1))));
  return [...ops, ...pulledOps("gcloud compute scp", far, dest, inv)];
};


/**
 * `sftp [user@]host:PATH LOCAL`: sftp fetches PATH onto LOCAL (its `get PATH LOCAL`) before any
 * session, so LOCAL is written as scp's destination. Without LOCAL, a folder PATH opens a session
 * there and a file lands in the working folder: not judged (an interactive session writes what
 * the user types). A batch's `get` is read by batch-gets.ts (session 15).
 */
export const sftpGet: Handler = (inv) => {
  const operands = _operands(inv.args, SFTP_VALUED);
  if (operands.length !== 2) return [];
  const [far, dest] = operands as [Word, Word];
  const path = far.dynamic ? null : _scpRemote(far) ? _remotePath(far.value) : "";
  if (path === "") return [];
  return pulledOps("sftp", [path === null ? unknownWord() : farName(path)], dest, inv);
};

/** The operands of an ssh-family client (getopt as glibc reads it: options anywhere, `--` ends them; a cluster's valued letter takes the rest of the word or the next one). */
const _operands = (args: Word[], valued: string): Word[] => optionWalk(args, (a, i) => (a.dynamic ? i : (clusterValue(args, i, valued)?.i ?? i)), true);

const LXC_VALUED = new Set(["--project", "--mode", "--uid", "--gid", "--type"]);

/**
 * lxc and incus: `file pull INSTANCE/PATH… DEST` writes DEST as cp would (`-` prints to stdout).
 * Their other words keep an unmodelled program's reading (`lxc exec c -- rm -rf /`).
 */
export const lxcFile: Handler = (inv) => {
  const ops = unmodelledReading(inv);
  const line = cliLine(inv.args, LXC_VALUED);
  const [group, verb, ...rest] = line.operands;
  if (group?.value !== "file" || group.dynamic || verb?.value !== "pull" || verb.dynamic || rest.length < 2) return ops;
  if (asksHelp(line)) return ops;
  const dest = rest.at(-1)!;
  // `[remote:]instance/path`: the path is what follows the instance's name.
  const sources = rest.slice(0, -1).map((s) => (s.dynamic ? s : farName(s.value.slice(s.value.indexOf("/") + 1))));
  return [...ops, ...pulledOps(`${inv.name} file pull`, sources, dest, inv)];
};

const ADB_VALUED = new Set(["-s", "-t", "-H", "-P", "-L", "-z"]);

/**
 * `adb pull [-a] [-z ALGO] [-Z] REMOTE… [LOCAL]`: LOCAL (the working directory when only one
 * path is given) written as cp would. adb's other commands keep an unmodelled program's reading.
 */
export const adbPull: Handler = (inv) => {
  const ops = unmodelledReading(inv);
  const line = cliLine(inv.args, ADB_VALUED);
  const [sub, ...rest] = line.operands;
  if (sub?.value !== "pull" || sub.dynamic || rest.length === 0 || asksHelp(line)) return ops;
  const [far, dest] = rest.length === 1 ? [rest, literalWord(".")] : [rest.slice(0, -1), rest.at(-1)!];
  const sources = far.map((s) => (s.dynamic ? s : farName(s.value)));
  return [...ops, ...pulledOps("adb pull", sources, dest, inv)];
};
