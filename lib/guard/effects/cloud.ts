import { op, type Op } from "../ops.ts";
import type { Handler, Invocation } from "./context.ts";
import { asksHelp, cliLine, type CliLine, words } from "./infra-args.ts";
import { optionWord, transferOps, urlRemote, type Transfer } from "./cloud-copies.ts";
import { literalWord, type Word } from "../syntax.ts";
import { clusterValue, wordFrom } from "./getopt.ts";
import { SSH_VALUED } from "./ssh-options.ts";
import { once } from "./lazy-handler.ts";

// Read for a gcloud line that names a flags file only (it loads the YAML reader).
const flagsFiles = once((): typeof import("./gcloud-flags-file.ts") => require("./gcloud-flags-file.ts"));

/** gcloud's invocation with the flags of its `--flags-file`s in their place (gcloud-flags-file.ts); itself when it names none. */
function _withFlagsFiles(inv: Invocation): Invocation {
  return inv.args.some((a) => a.value.startsWith("--flags-file")) ? { ...inv, args: flagsFiles().withFlagsFiles(inv) } : inv;
}

const destroy = (inv: Invocation): Op[] => [op("infra-destroy", inv.name)];

const AWS_VALUED = new Set(["--profile", "--region", "--output", "--endpoint-url", "--query", "--cli-read-timeout", "--cli-connect-timeout", "--ca-bundle", "--color", "--cli-binary-format", "--change-batch", "--exclude", "--include",
  // s3 cp/mv/sync
  "--acl", "--sse", "--sse-c", "--sse-c-key", "--sse-kms-key-id", "--sse-c-copy-source", "--sse-c-copy-source-key", "--storage-class", "--website-redirect", "--content-type", "--cache-control", "--content-disposition", "--content-encoding", "--content-language", "--expires", "--source-region", "--metadata", "--metadata-directive", "--expected-size", "--request-payer", "--checksum-mode", "--checksum-algorithm", "--copy-props", "--page-size", "--grants"]);

/**
 * aws: `s3 rm`, `s3 rb`, `s3 sync --delete`, and every operation named delete-*, terminate-*,
 * remove-*, deregister-*, purge-* (also under s3api), unless it is a dry run or help.
 * Route 53 record changes ask when the batch deletes or cannot be read.
 */
export const aws: Handler = (inv) => {
  const line = cliLine(inv.args, AWS_VALUED);
  if (asksHelp(line, ["--help"], true)) return [];
  const [service, operation] = words(line);
  if (line.operands.slice(0, 2).some((w) => w.dynamic)) return destroy(inv);
  if (line.options.some((o) => o === "--dryrun" || o === "--dry-run")) return [];
  if (service === "s3") {
    if (operation === "rm" || operation === "rb") return destroy(inv);
    if (operation !== "cp" && operation !== "mv" && operation !== "sync") return [];
    // Local trees sent, local files written (cloud-copies.ts); a remote --delete destroys objects.
    const [src, dest] = line.operands.slice(2);
    if (!src || !dest) return [];
    const t: Transfer = {
      verb: `aws s3 ${operation}`,
      sources: [src],
      dest,
      remote: urlRemote,
      recursive: operation === "sync" || line.options.includes("--recursive"),
      follow: !line.options.includes("--no-follow-symlinks"),
      deletes: operation === "sync" && line.options.includes("--delete"),
      moves: operation === "mv",
      egress: true,
    };
    const remoteDelete = t.deletes && urlRemote(dest) && !dest.dynamic;
    return [...(remoteDelete ? destroy(inv) : []), ...transferOps(t, inv.ctx, inv.cmd)];
  }
  if (/^(delete|terminate|remove|deregister|purge|destroy)(-|$)/.test(operation ?? "")) return destroy(inv);
  if (operation === "change-resource-record-sets") {
    const batch = line.values.get("--change-batch");
    return batch === undefined || batch.startsWith("file://") || /"Action"\s*:\s*"DELETE"/i.test(batch) || line.dynamic ? destroy(inv) : [];
  }
  return [];
};

const GCLOUD_VALUED = new Set(["--project", "--account", "--configuration", "--format", "--verbosity", "--billing-project", "--impersonate-service-account", "--flags-file", "--flatten", "--trace-token", "--access-token-file"]);

// The TPU VM commands' own flags that take a value (`compute tpus tpu-vm ssh|scp`).
const TPU_VALUED = ["--worker", "--batch-size", "--node", "--output-directory"];
// `gcloud [alpha|beta|preview] compute [tpus tpu-vm] scp`'s and `cloud-shell scp`'s flags that take a value (`--zone Z` or `--zone=Z`), besides the global ones.
const GCLOUD_SCP_VALUED = new Set([...GCLOUD_VALUED, ...TPU_VALUED, "--zone", "--port", "--scp-flag", "--ssh-key-file", "--strict-host-key-checking", "--ssh-key-expiration", "--ssh-key-expire-after", "--network", "--region", "--dest-group"]);

// The command paths (after a release track) that run scp, and ssh, as `compute scp|ssh` does:
// the TPU VMs' (`compute tpus tpu-vm ssh TPU`) and Cloud Shell's (`cloud-shell ssh`, no host
// operand: the user's Cloud Shell machine; `cloud-shell scp localhost:F cloudshell:G`) too (session 13).
const SCP_PATHS = [["compute", "scp"], ["compute", "tpus", "tpu-vm", "scp"], ["cloud-shell", "scp"]];
const SSH_PATHS = [["compute", "ssh"], ["compute", "tpus", "tpu-vm", "ssh"], ["cloud-shell", "ssh"]];
// The host Cloud Shell's ssh connects to.
const CLOUD_SHELL = literalWord("cloudshell");

/** What gcloud's scp is given (computeScp's answer). */
export interface GcloudScp {
  operands: Word[];
  recursive: boolean;
  scpFlags: Word[];
  copies: boolean;
}

// computeScp's and computeSsh's answers for an invocation: the gcloud handler and the one registered
// beside it (programs.ts) both ask, and the line is read once.
const scpGiven = new WeakMap<Invocation, GcloudScp | null>();
const sshGiven = new WeakMap<Invocation, Word[] | null>();

/** What `gcloud [alpha|beta|preview] compute [tpus tpu-vm] scp` or `cloud-shell scp` is given (null for any other gcloud line): pulled-copies.ts judges it. */
export function computeScp(inv: Invocation): GcloudScp | null {
  if (!inv.args.some((a) => a.value === "scp")) return null;
  let given = scpGiven.get(inv);
  if (given === undefined) scpGiven.set(inv, (given = _computeScp(_withFlagsFiles(inv))));
  return given;
}

function _computeScp(inv: Invocation): GcloudScp | null {
  const line = cliLine(inv.args, GCLOUD_SCP_VALUED);
  const at = _commandAt(line, SCP_PATHS);
  if (at < 0) return null;
  // Help and a dry run (which prints the scp command) copy nothing.
  const copies = !asksHelp(line) && !line.options.includes("--dry-run");
  const operands = line.operands.slice(at);
  const shell = line.operands[at - 2]?.value === "cloud-shell";
  return { operands: shell ? operands.map((w) => _cloudShellFile(w, inv.ctx.home)) : operands, recursive: line.options.includes("--recurse"), scpFlags: _scpFlags(inv.args), copies };
}

/**
 * A `gcloud cloud-shell scp` operand as gcloud passes it to scp (ToFileReference): `localhost:PATH`
 * is the local PATH, `cloudshell:PATH` stays a remote one (the name stands in for the machine's
 * address: only its shape counts). gcloud refuses any other; such a word is left as spelled.
 * The shell leaves a `~` after `localhost:` unexpanded; gcloud's help reads `localhost:~/DIR` as
 * the home's DIR, so a local `~/PATH` is judged as the home's PATH (the stricter reading: left as
 * spelled, `localhost:~/.bashrc` was a new file `./~/.bashrc` and passed).
 */
function _cloudShellFile(w: Word, home: string): Word {
  if (!w.value.startsWith("localhost:")) return w;
  const local = wordFrom(w, 10);
  return !local.dynamic && (local.value === "~" || local.value.startsWith("~/")) ? literalWord(home + local.value.slice(1)) : local;
}

/**
 * Where the operands after `[alpha|beta|preview] PATH` start for one of `paths` (literal words),
 * or -1 for another command.
 */
function _commandAt(line: CliLine, paths: string[][]): number {
  const ops = line.operands;
  const first = ops[0];
  const at = first && !first.dynamic && /^(alpha|beta|preview)$/.test(first.value) ? 1 : 0;
  for (const path of paths) if (path.every((word, k) => ops[at + k]?.value === word && !ops[at + k]!.dynamic)) return at + path.length;
  return -1;
}

// `gcloud [alpha|beta|preview] compute [tpus tpu-vm] ssh`'s and `cloud-shell ssh`'s flags that take a value, besides the global ones.
const GCLOUD_SSH_VALUED = new Set([...GCLOUD_VALUED, ...TPU_VALUED, "--zone", "--command", "--ssh-flag", "--ssh-key-file", "--strict-host-key-checking", "--ssh-key-expiration", "--ssh-key-expire-after", "--container", "--network", "--region", "--dest-group", "--troubleshoot-timeout"]);

/**
 * The argv `gcloud [alpha|beta|preview] compute ssh [USER@]INSTANCE` gives ssh (null for any other
 * gcloud line, help or `--dry-run`), `compute tpus tpu-vm ssh [USER@]TPU` and `cloud-shell ssh`
 * alike, as gcloud's SSHCommand.Build lays it out: each `--ssh-flag`
 * value split at blanks (ParseAndSubstituteSSHFlags' `flag.split()`: `--ssh-flag="-L 80:x:80"` is
 * two words; a computed value stays one unknown word), the instance, the words after `--` (ssh
 * reads options after the host too: they are put before it here, the rest is remote command), and
 * `--command`'s text, run by the remote shell.
 */
export function computeSsh(inv: Invocation): Word[] | null {
  if (!inv.args.some((a) => a.value === "ssh")) return null;
  let given = sshGiven.get(inv);
  if (given === undefined) sshGiven.set(inv, (given = _computeSsh(_withFlagsFiles(inv))));
  return given;
}

function _computeSsh(inv: Invocation): Word[] | null {
  const end = inv.args.findIndex((a) => a.value === "--" && !a.dynamic);
  const own = end < 0 ? inv.args : inv.args.slice(0, end);
  const line = cliLine(own, GCLOUD_SSH_VALUED);
  const at = _commandAt(line, SSH_PATHS);
  const host = at < 0 ? undefined : line.operands[at - 2]?.value === "cloud-shell" ? CLOUD_SHELL : line.operands[at];
  if (!host || asksHelp(line) || line.options.includes("--dry-run")) return null;
  const flags: Word[] = [];
  let command: Word | undefined;
  for (let i = 0; i < own.length; i++) {
    const a = own[i]!;
    const value = a.value === "--ssh-flag" || a.value === "--command" ? own[++i] : a.value.startsWith("--ssh-flag=") ? wordFrom(a, 11) : a.value.startsWith("--command=") ? wordFrom(a, 10) : undefined;
    if (!value) continue;
    if (a.value.startsWith("--command")) command = value;
    else if (value.dynamic) flags.push(value);
    else for (const part of value.value.split(/\s+/)) if (part) flags.push(literalWord(part));
  }
  const rest = end < 0 ? [] : inv.args.slice(end + 1);
  // ssh's options among the words after `--`: the first valued letter of a cluster takes the
  // cluster's rest (`-oUser=bob`) or, last, the next word (`-vL 80:x:80`).
  let k = 0;
  for (; k < rest.length && rest[k]!.value.startsWith("-") && !rest[k]!.dynamic; k++) {
    if (rest[k]!.value === "--") break;
    k = clusterValue(rest, k, SSH_VALUED)?.i ?? k;
  }
  const remote = rest.slice(k + (rest[k]?.value === "--" ? 1 : 0));
  return [...flags, ...rest.slice(0, k), host, ...remote, ...(command ? [command] : [])];
}

/**
 * gcloud: a command path (the operands before the first flag) holding `delete`, or `storage rm`;
 * `compute [tpus tpu-vm] scp` copies as scp does (pulled-copies.ts gcloudScp) and `compute [tpus
 * tpu-vm] ssh` and `cloud-shell ssh` run ssh
 * (computeSsh's argv judged by ssh's handler), both registered beside this handler (programs.ts).
 */
export const gcloud: Handler = (given) => {
  if (computeScp(given) || computeSsh(given)) return _unreadFlags(_withFlagsFiles(given));
  const inv = _withFlagsFiles(given);
  const path = _path(inv, GCLOUD_VALUED);
  if (path === "help") return [];
  if (path === null) return destroy(inv);
  const storage = path[0] === "storage" ? 1 : path[1] === "storage" ? 2 : 0;
  if (storage && ["cp", "mv", "rsync"].includes(path[storage] ?? "")) return _gcloudCopy(inv, path[storage]!);
  return path.includes("delete") || (path[0] === "storage" && path[1] === "rm") || (path[1] === "storage" && path[2] === "rm") ? destroy(inv) : [];
};

// A computed `--ssh-flag` or `--scp-flag` value that may be any option (`"$(cat f)"`, `"$F"`,
// `-$X`) or any `-o` setting (`"-o $O"`, `-o$O`).
const ANY_OPTION = /^(?:-{0,2}|-o\s*)$/;

/**
 * An ssh or scp option gcloud passes on that the guard cannot read (session 15: `gcloud compute
 * ssh vm --ssh-flag="$(cat f)"` was ALLOW): it may be `-oProxyCommand=CMD`, a `LocalCommand` with
 * `PermitLocalCommand`, `-S PROG`, which run CMD here, so the command is unknown, as `ssh
 * -oProxyCommand="$P"` is. A value whose known text names the option (`-L $P:localhost:80`,
 * `-oPort=$P`) is left to ssh's readers, which judge the split words (computeSsh).
 */
function _unreadFlags(inv: Invocation): Op[] {
  for (let i = 0; i < inv.args.length && inv.args[i]!.value !== "--"; i++) {
    const a = inv.args[i]!;
    const value = a.value === "--ssh-flag" || a.value === "--scp-flag" ? inv.args[i + 1] : /^--s[cs][hp]-flag=/.test(a.value) ? wordFrom(a, 11) : undefined;
    if (value?.dynamic && ANY_OPTION.test(value.value)) return [op("unknown", "gcloud")];
  }
  return [];
}

/** Every `--scp-flag=V` or `--scp-flag V` value, in order: each is one word of scp's argv. */
function _scpFlags(args: Word[]): Word[] {
  const flags: Word[] = [];
  for (let i = 0; i < args.length && args[i]!.value !== "--"; i++) {
    const a = args[i]!;
    if (a.value === "--scp-flag" && args[i + 1]) flags.push(args[++i]!);
    else if (a.value.startsWith("--scp-flag=")) flags.push(wordFrom(a, 11));
  }
  return flags;
}

const GCLOUD_STORAGE_VALUED = new Set(["--additional-headers", "--cache-control", "--content-disposition", "--content-encoding", "--content-language", "--content-type", "--custom-metadata", "--storage-class", "--predefined-acl", "--encryption-key", "--decryption-keys", "--exclude", "-x", "--manifest-path", "--custom-time", "--daisy-chain", "-D", "-a"]);

/** gcloud storage cp|mv|rsync: a transfer (cloud-copies.ts); rsync --delete-unmatched-destination-objects deletes. */
function _gcloudCopy(inv: Invocation, sub: string): Op[] {
  const line = cliLine(inv.args, new Set([...GCLOUD_VALUED, ...GCLOUD_STORAGE_VALUED]));
  if (line.options.includes("--dry-run")) return [];
  const at = line.operands.findIndex((w) => w.value === sub);
  const rest = line.operands.slice(at + 1);
  const stdin = sub !== "rsync" && line.options.some((o) => o === "-I" || o === "--read-paths-from-stdin");
  if (rest.length < (stdin ? 1 : 2)) return [];
  const deletes = sub === "rsync" && line.options.includes("--delete-unmatched-destination-objects");
  const t: Transfer = {
    verb: `gcloud storage ${sub}`,
    sources: stdin ? [...rest.slice(0, -1), _STDIN] : rest.slice(0, -1),
    dest: rest.at(-1)!,
    remote: urlRemote,
    recursive: sub === "mv" || line.options.some((o) => o === "--recursive" || /^-[a-zA-Z]*[rR]/.test(o)),
    follow: !line.options.includes("--skip-symlinks"),
    deletes,
    moves: sub === "mv",
    egress: true,
  };
  return [...(deletes && urlRemote(t.dest) ? destroy(inv) : []), ...transferOps(t, inv.ctx, inv.cmd)];
}

// A source list read from stdin (`gsutil cp -I`): any file.
const _STDIN: Word = { value: "", dynamic: true, glob: false, pattern: "", quoted: false };

/**
 * gsutil rm, rb; cp/mv/rsync are transfers (cloud-copies.ts): -r/-R recurses (mv always), rsync
 * -d deletes the destination's extras, -e skips symlinks, -I reads the sources from stdin.
 */
export const gsutil: Handler = (inv) => {
  const line = cliLine(inv.args, new Set(["-o", "-h", "-u", "-a", "-j", "-L", "-s", "-z", "-x", "-y"]));
  const [sub] = words(line);
  if (line.operands[0]?.dynamic) return destroy(inv);
  if (sub === "rm" || sub === "rb") return destroy(inv);
  if (sub !== "cp" && sub !== "mv" && sub !== "rsync") return [];
  const has = (flag: RegExp): boolean => line.options.some((o) => flag.test(o));
  const rest = line.operands.slice(1);
  if (rest.length < (sub !== "rsync" && has(/^-[a-zA-Z]*I/) ? 1 : 2) || (sub === "rsync" && has(/^-[a-zA-Z]*n/))) return [];
  const deletes = sub === "rsync" && has(/^-[a-zA-Z]*d/);
  const t: Transfer = {
    verb: `gsutil ${sub}`,
    sources: sub !== "rsync" && has(/^-[a-zA-Z]*I/) ? [...rest.slice(0, -1), _STDIN] : rest.slice(0, -1),
    dest: rest.at(-1)!,
    remote: urlRemote,
    recursive: sub === "mv" || has(/^-[a-zA-Z]*[rR]/),
    follow: !(sub === "rsync" && has(/^-[a-zA-Z]*e/)),
    deletes,
    moves: sub === "mv",
    egress: true,
  };
  return [...(deletes && urlRemote(t.dest) ? destroy(inv) : []), ...transferOps(t, inv.ctx, inv.cmd)];
};

const AZ_VALUED = new Set(["--subscription", "--output", "-o", "--query"]);

/** az: a command path holding delete, delete-batch or purge (`az group delete`, `az keyvault purge`). */
export const az: Handler = (inv) => {
  const path = _path(inv, AZ_VALUED);
  if (path === "help") return [];
  if (path === null) return destroy(inv);
  if (path[0] === "storage" && path[1] === "blob" && /^(upload|upload-batch|download|download-batch|sync)$/.test(path[2] ?? "")) return _azBlob(inv, path[2]!);
  return path.some((w) => w === "delete" || w === "delete-batch" || w === "purge") ? destroy(inv) : [];
};

/**
 * az storage blob upload(-batch)/sync send a local file or folder (`-f`/`--file`,
 * `-s`/`--source`); download(-batch) writes one (`-f`, `-d`/`--destination`).
 */
function _azBlob(inv: Invocation, sub: string): Op[] {
  const upload = sub.startsWith("upload") || sub === "sync";
  const batch = sub.endsWith("batch") || sub === "sync";
  const local = optionWord(inv.args, batch ? (upload ? ["-s", "--source"] : ["-d", "--destination"]) : ["-f", "--file"]);
  if (!local || inv.args.some((a) => a.value === "--dryrun" || a.value === "--dry-run")) return [];
  const far: Word = { value: "https://blob", dynamic: false, glob: false, pattern: "", quoted: false };
  const t: Transfer = { verb: `az storage blob ${sub}`, sources: [upload ? local : far], dest: upload ? far : local, remote: (w) => w === far, recursive: batch, follow: true, egress: true };
  if (!upload && batch) t.sources = [{ ...far, value: "https://blob/" }];
  return transferOps(t, inv.ctx, inv.cmd);
}

/**
 * The command path of gcloud and az: global flags (with their values) first, then the
 * operands up to the first flag. Null when a word of it is an expansion; "help" for help.
 */
function _path(inv: Invocation, globalValued: ReadonlySet<string>): string[] | null | "help" {
  const path: string[] = [];
  const args = inv.args;
  if (args.some((a) => a.value === "--help" || a.value === "-h" || a.value === "help")) return "help";
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a.value.startsWith("-")) {
      if (path.length > 0) break;
      if (a.dynamic) return null;
      if (globalValued.has(a.value)) i++;
      continue;
    }
    if (a.dynamic) return null;
    path.push(a.value.toLowerCase());
  }
  return path;
}
