import { op, type Op } from "../ops.ts";
import type { SimpleCommand, Word } from "../syntax.ts";
import type { AnalyzeContext, Handler } from "./context.ts";
import { holdsNothing } from "./empty-destination.ts";
import { wordFrom } from "./getopt.ts";
import { cliLine } from "./infra-args.ts";
import { sentOps } from "./network.ts";
import { isSecretFile } from "./secrets.ts";
import { stdinSent, worst } from "./sent-data.ts";
import { judgeSent } from "./sent-tree.ts";
import { isRemote } from "./sync-sent.ts";
import { absolutePath } from "./program-path.ts";
import { statOrUndefined } from "../fs-probe.ts";

/**
 * A copy between this machine and cloud storage or a container (red team 7 H1/H6): `aws s3 cp`,
 * `gsutil rsync`, `rclone sync`, `azcopy copy`, `docker cp`, `kubectl cp`.
 */
export interface Transfer {
  verb: string;
  sources: Word[];
  dest: Word;
  /** Whether an operand names the far side (`s3://b/x`, `remote:path`, `container:/x`). */
  remote: (w: Word) => boolean;
  recursive: boolean;
  /** The client follows symlinks it meets in a local tree (aws s3 and gsutil do by default). */
  follow: boolean;
  /** Entries of the destination the source lacks are removed (`sync --delete`, `rclone sync`). */
  deletes?: boolean;
  /** The sources are removed once copied (`aws s3 mv`, `rclone move`). */
  moves?: boolean;
  /** The far side is another machine: local sources sent there are egress (not a local container). */
  egress: boolean;
}

/**
 * Local sources sent to a remote destination are judged like rsync's (sent-tree.ts: a credential
 * file named is a secret, one found in a walked tree or a tree that cannot be walked is egress; an
 * archive the line wrote is judged by its sources; `-` is stdin). A local destination is written
 * like rsync's: a named source lands on it or inside it, a tree merges into it and may replace
 * entries, and a deleting sync removes what it holds.
 */
export function transferOps(t: Transfer, ctx: AnalyzeContext, cmd?: SimpleCommand): Op[] {
  const ops: Op[] = [];
  const local = t.sources.filter((w) => w.dynamic || !t.remote(w));
  const files = local.filter((w) => w.dynamic || w.value !== "-");
  if (!t.dest.dynamic && t.remote(t.dest)) {
    if (t.egress && local.length) {
      let sent = judgeSent(files.map((word) => ({ word, recursive: t.recursive })), t.follow, ctx);
      if (files.length < local.length) sent = worst(sent, stdinSent(cmd, ctx));
      ops.push(...(sent === "secret" && files.some((w) => isSecretFile(w)) ? [op("secret", t.verb)] : sentOps(t.verb, sent)));
    }
  } else if (t.dest.dynamic || t.dest.value !== "-") {
    // A tree never merges into a file: onto an existing file the copy replaces it (or fails), as
    // cp's does, so that file is relocated first (red team session 11: `docker cp c:/x f`).
    const named = (!t.recursive && t.sources.every((s) => !s.dynamic && !s.value.endsWith("/"))) || _onFile(t.dest, ctx);
    ops.push(
      named
        ? { ...op("overwrite", t.verb, [t.dest]), lands: "created", sources: t.sources, replaces: true }
        : { ...op("write-into", t.verb, [t.dest]), lands: "created", replaces: true },
    );
    if (t.deletes && !holdsNothing(t.dest, ctx)) ops.push({ ...op("delete", t.verb, [t.dest], true), subtree: true });
  }
  if (t.moves && files.length) ops.push(op("delete", t.verb, files, true));
  return ops;
}

/** A literal destination naming an existing regular file (links followed). */
function _onFile(dest: Word, ctx: AnalyzeContext): boolean {
  const path = dest.dynamic ? null : absolutePath(dest.value, ctx.state.cwd);
  return path !== null && statOrUndefined(path)?.isFile() === true;
}

/** The word given to one of `names` (`-s DIR`, `--source DIR`, `--source=DIR`). */
export function optionWord(args: Word[], names: readonly string[]): Word | undefined {
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (names.includes(a.value)) return args[i + 1];
    const eq = a.value.indexOf("=");
    if (eq > 0 && names.includes(a.value.slice(0, eq))) return wordFrom(a, eq + 1);
  }
  return undefined;
}

const URL_REMOTE = /^[a-z][a-z0-9+.-]*:\/\//i;
const urlRemote = (w: Word): boolean => URL_REMOTE.test(w.value);

// rclone's global and per-command options that take a value (`--flag value`; `--flag=value` is one word).
const RCLONE_VALUED = new Set(
  "--config --transfers --checkers --exclude --include --filter --exclude-from --include-from --filter-from --files-from --files-from-raw --bwlimit --log-file --log-level --backup-dir --suffix --max-age --min-age --max-size --min-size --max-depth --max-transfer --max-duration --retries --low-level-retries --timeout --contimeout --user-agent --compare-dest --copy-dest --order-by --stats --stats-log-level --cache-dir --tpslimit --buffer-size --multi-thread-streams --multi-thread-cutoff --header --header-upload --header-download --password-command --track-renames-strategy --delete-excluded-from --dump --use-json-log --fast-list-limit --cutoff-mode --streaming-upload-cutoff --log-format --rc-addr --metadata-set --modify-window --exclude-if-present --check-first-limit".split(" "),
);
const RCLONE_COPIES = new Set(["copy", "copyto", "sync", "move", "moveto", "bisync"]);
const RCLONE_DELETES = new Set(["delete", "deletefile", "purge", "rmdir", "rmdirs", "cleanup"]);


/**
 * rclone: copy/copyto/sync/move/moveto between a local path and a `remote:` are transfers (sync
 * deletes the destination's extras, move removes its sources; -L/--copy-links follows symlinks);
 * delete/deletefile/purge of a local path remove it (purge and delete recursively, as rm -r).
 * On a remote, deletes, a sync onto it and a move off it destroy stored data (ASK_INFRA_DESTROY).
 */
export const rclone: Handler = (inv) => {
  const line = cliLine(inv.args, RCLONE_VALUED);
  if (line.options.some((o) => o === "--dry-run" || o === "-n" || o === "--help" || o === "-h")) return [];
  const [sub, ...rest] = line.operands;
  if (!sub) return [];
  if (sub.dynamic) return [op("unknown", inv.name)];
  const verb = `rclone ${sub.value}`;
  if (RCLONE_DELETES.has(sub.value)) {
    // Deletes on a remote destroy what it stores (red team 16): asked like `aws s3 rb`, and so is
    // cleanup, which empties the remote's trash. rmdir and rmdirs remove empty folders only.
    const local = rest.filter((w) => w.dynamic || !isRemote(w));
    const far: Op[] = local.length < rest.length && !/^rmdirs?$/.test(sub.value) ? [op("infra-destroy", verb)] : [];
    if (!local.length || /^(cleanup|rmdirs?)$/.test(sub.value)) return far;
    return [...far, op("delete", verb, local, sub.value !== "deletefile")];
  }
  if (!RCLONE_COPIES.has(sub.value) || rest.length < 2) return [];
  // A sync onto a remote removes the remote's files the source lacks; a move off one removes the
  // remote's files (red team 16: `rclone sync ./empty remote:bucket` emptied the bucket).
  const dest = rest.at(-1)!;
  const fromRemote = (sub.value.startsWith("move") || sub.value === "bisync") && rest.slice(0, -1).some((w) => !w.dynamic && isRemote(w));
  const remoteLoss = fromRemote || (/sync$/.test(sub.value) && (dest.dynamic || isRemote(dest)));
  const follow = line.options.some((o) => o === "-L" || o === "--copy-links");
  const t: Transfer = {
    verb,
    sources: rest.slice(0, -1),
    dest: rest.at(-1)!,
    remote: isRemote,
    recursive: !sub.value.endsWith("to"),
    follow,
    deletes: sub.value === "sync" || sub.value === "bisync",
    moves: sub.value.startsWith("move"),
    egress: true,
  };
  // After the transfer's own ops: a secret or a tree sent names the first reason.
  const far: Op[] = remoteLoss ? [op("infra-destroy", verb)] : [];
  // bisync writes both sides.
  if (sub.value === "bisync") return [...transferOps(t, inv.ctx, inv.cmd), ...transferOps({ ...t, sources: [t.dest], dest: t.sources[0]! }, inv.ctx, inv.cmd), ...far];
  return [...transferOps(t, inv.ctx, inv.cmd), ...far];
};

const AZCOPY_VALUED = new Set(["--include-pattern", "--exclude-pattern", "--include-path", "--exclude-path", "--log-level", "--cap-mbps", "--block-size-mb", "--from-to", "--output-type", "--overwrite", "--include-after", "--include-before", "--list-of-files", "--delete-destination", "--put-md5", "--trusted-microsoft-suffixes"]);

/** azcopy copy|sync SRC DEST: a URL is the far side; sync recurses and may delete the destination's extras. */
export const azcopy: Handler = (inv) => {
  const line = cliLine(inv.args, AZCOPY_VALUED);
  const [sub, ...rest] = line.operands;
  if (!sub || line.options.some((o) => o === "--dry-run" || o === "--help" || o === "-h")) return [];
  if (sub.dynamic) return [op("unknown", inv.name)];
  if (sub.value === "remove" || sub.value === "rm") return rest.some((w) => !urlRemote(w)) ? [op("delete", "azcopy remove", rest.filter((w) => !urlRemote(w)), true)] : [];
  if ((sub.value !== "copy" && sub.value !== "cp" && sub.value !== "sync") || rest.length < 2) return [];
  const flag = (name: string): string | undefined => (line.options.includes(name) ? (line.values.get(name) ?? "true") : undefined);
  const sync = sub.value === "sync";
  const recursive = sync ? flag("--recursive") !== "false" : (flag("--recursive") ?? "false") !== "false";
  const deletes = sync && (flag("--delete-destination") ?? "false") !== "false";
  const t: Transfer = { verb: `azcopy ${sub.value}`, sources: rest.slice(0, -1), dest: rest.at(-1)!, remote: urlRemote, recursive, follow: flag("--follow-symlinks") !== undefined, deletes, egress: true };
  return transferOps(t, inv.ctx, inv.cmd);
};

/**
 * docker|podman cp SRC DEST: `container:path` is the container's side. Copying out writes the
 * local destination (a folder merges, as cp -r); copying in is not egress (a local daemon).
 */
export function containerCopy(inv: Parameters<Handler>[0], rest: Word[]): Op[] {
  const operands = rest.filter((w) => w.dynamic || !w.value.startsWith("-") || w.value === "-");
  if (operands.length !== 2) return [];
  const [src, dest] = operands as [Word, Word];
  if (!isRemote(src)) return [];
  return transferOps({ verb: `${inv.name} cp`, sources: [src], dest, remote: isRemote, recursive: true, follow: false, egress: false }, inv.ctx, inv.cmd);
}

/**
 * kubectl cp SRC DEST (operands from cliLine): `[namespace/]pod:path` is the pod's side (kubectl
 * takes a word with a colon as remote). Copying out writes the local destination; copying in
 * sends the local tree to the cluster.
 */
export function kubectlCopy(inv: Parameters<Handler>[0], operands: Word[]): Op[] {
  if (operands.length !== 2) return [];
  const remote = (w: Word): boolean => w.value.includes(":") && !/^\.{0,2}\//.test(w.value);
  const [src, dest] = operands as [Word, Word];
  return transferOps({ verb: "kubectl cp", sources: [src], dest, remote, recursive: true, follow: false, egress: true }, inv.ctx, inv.cmd);
}

export { urlRemote };
