import { op } from "../ops.ts";
import { literalWord, SYNTHETIC, type Word } from "../syntax.ts";
import { mayBeOption } from "./getopt.ts";
import { filledFolder } from "./sinks.ts";
import type { Handler, Invocation } from "./context.ts";
import { aria2c, fetcher, pipedToPeer, socket, stdinToPeer } from "./network.ts";
import { keychain } from "./secrets.ts";
import { enable, hashPath } from "./hash-table.ts";
import { bunRunner, commandString, env, evalText, tmux, WRAPPER_NAMES, wrapper } from "./wrappers.ts";
import { packageCommand } from "./package-installs.ts";
import { AWKS, POWERSHELLS, SHELLS, STDIN_CODE_PROGRAMS } from "./runner-names.ts";
import { APP_CLIS, COMPRESSOR_NAMES, DEV_OUTPUT_WRITERS, NAME_QUERY_PROGRAMS, OUTPUT_WRITERS, SERVICE_CLIS } from "./registry-names.ts";
import { GUARD_CLI_PROGRAMS, guardCli, guardCliScript } from "./guard-cli.ts";

import { lazy, lazyMade } from "./lazy-handler.ts";
import { LOADED } from "./loaded-analysers.ts";
import { programName } from "./names.ts";

// The analysers' modules, loaded when a command first needs one (lazy-handler.ts): a line that
// names none of their programs loads none of them.
export type Analysers = {
  accountRemovals: typeof import("./account-removals.ts");
  appDatabases: typeof import("./app-databases.ts");
  buildOutputs: typeof import("./build-outputs.ts");
  cloud: typeof import("./cloud.ts");
  cmakeE: typeof import("./cmake-e.ts");
  compressors: typeof import("./compressors.ts");
  cloudCopies: typeof import("./cloud-copies.ts");
  ghUploads: typeof import("./gh-uploads.ts");
  commandRunners: typeof import("./command-runners.ts");
  javaRuns: typeof import("./java-runs.ts");
  containers: typeof import("./containers.ts");
  cpio: typeof import("./cpio.ts");
  creates: typeof import("./creates.ts");
  csplit: typeof import("./csplit.ts");
  desktopFiles: typeof import("./desktop-files.ts");
  devOutputs: typeof import("./dev-outputs.ts");
  deviceWriters: typeof import("./device-writers.ts");
  dnsSent: typeof import("./dns-sent.ts");
  editors: typeof import("./editors.ts");
  extractors: typeof import("./extractors.ts");
  fileServers: typeof import("./file-servers.ts");
  fileErasers: typeof import("./file-erasers.ts");
  files: typeof import("./files.ts");
  findFiles: typeof import("./find.ts");
  formatters: typeof import("./formatters.ts");
  git: typeof import("./git.ts");
  gpgFiles: typeof import("./gpg-files.ts");
  inPlace: typeof import("./in-place-switch.ts");
  infra: typeof import("./infra.ts");
  kvStores: typeof import("./kv-stores.ts");
  otherVcs: typeof import("./other-vcs.ts");
  optionCode: typeof import("./option-code.ts");
  outputOptions: typeof import("./output-options.ts");
  outputWriters: typeof import("./output-writers.ts");
  notebooks: typeof import("./notebooks.ts");
  npxPackages: typeof import("./npx-packages.ts");
  packagingOutputs: typeof import("./packaging-outputs.ts");
  patch: typeof import("./patch.ts");
  rcFileRuns: typeof import("./rc-file-runs.ts");
  shellTextRunners: typeof import("./shell-text-runners.ts");
  terminalKeys: typeof import("./terminal-keys.ts");
  tunnels: typeof import("./tunnels.ts");
  scriptRunners: typeof import("./script-runners.ts");
  packageConfig: typeof import("./package-config.ts");
  publishes: typeof import("./publishes.ts");
  buildPublishes: typeof import("./build-publishes.ts");
  zshStartup: typeof import("./zsh-startup.ts");
  remoteCommands: typeof import("./remote-commands.ts");
  runParts: typeof import("./run-parts.ts");
  runners: typeof import("./runners.ts");
  schedulers: typeof import("./schedulers.ts");
  sftp: typeof import("./sftp.ts");
  sshFiles: typeof import("./ssh-files.ts");
  serviceDeletes: typeof import("./service-deletes.ts");
  shells: typeof import("./shells.ts");
  sqlClients: typeof import("./sql-clients.ts");
  stdinCode: typeof import("./stdin-code.ts");
  storeClis: typeof import("./store-clis.ts");
  toolOutputs: typeof import("./tool-outputs.ts");
  tar: typeof import("./tar.ts");
  traps: typeof import("./traps.ts");
  xargs: typeof import("./xargs.ts");
  windowsPrograms: typeof import("./windows-programs.ts");
  windowsRunners: typeof import("./windows-runners.ts");
  pulledCopies: typeof import("./pulled-copies.ts");
  agentClis: typeof import("./agent-clis.ts");
  agentFolders: typeof import("./agent-folders.ts");
  toolSettings: typeof import("./tool-settings.ts");
  // Loaded by other modules' own loaders (flows.ts, interpreters.ts, stdin-code.ts, policy.ts),
  // through LOADED so that the hook's preload covers them (preloadAnalysers).
  codeWrites: typeof import("./code-writes.ts");
  execCalls: typeof import("./exec-calls.ts");
  fileCalls: typeof import("./file-calls.ts");
  writtenImports: typeof import("./written-imports.ts");
  tarArgs: typeof import("./tar-args.ts");
  tarSent: typeof import("./tar-sent.ts");
  inlineCode: typeof import("./inline-code.ts");
  policyFind: typeof import("../policy-find.ts");
  gitEndings: typeof import("../git-ending-preflight.ts");
};

/**
 * The analyser module `name`, loaded at its first use. One function loads them all: start-up pays
 * for every function the registry creates (about 1.5-2.5 KiB of the compiled hook's memory each,
 * docs/check.md "Session 11: hook memory"). Each `require()` names its file literally, so the
 * compiled binary keeps each module in a chunk of its own. LOADED (loaded-analysers.ts) holds the
 * modules loaded so far, the hook's preloaded ones included.
 */
function analyser<N extends keyof Analysers>(name: N): Analysers[N] {
  return ((LOADED as Analysers)[name] ??= _load(name) as Analysers[N]);
}

/**
 * Loads by `import()`, ahead of the check (hook mode: run-check.ts), the analysers' modules of the
 * programs `command` may run (analysersOf), so that the registry's `analyser()` and the modules'
 * own loaders find them in LOADED: in the compiled hook a first `require()` costs about 0.5 MiB
 * of Bun's code, an `import()` next to nothing (docs/check.md "Session 11: hook memory"). The
 * check never depends on this: a program it does not foresee loads its module by `require()`.
 */
export async function preloadAnalysers(command: string): Promise<void> {
  // One `await` after another, words by `exec`: Promise.all and matchAll, used nowhere else on
  // the way, cost the compiled hook 0.4 MiB together at their first use (docs/check.md).
  for (const name of analysersOf(command)) (LOADED as Record<string, unknown>)[name] ??= await _load(name, true);
}

/**
 * The analysers' modules of every word of `command` that names a registered program, wherever it
 * stands (`sudo rm`, `bash -c 'tar …'`, `/usr/bin/git`): the modules its handler was registered
 * with (`from`, `interpreter`, `all`, `uses`). A program the words do not name (a computed or
 * quoted-apart name, a symbolic link to one) is missed; a word that names one the line does not
 * run (`git commit -m "fix tar"`) loads a module for nothing. Text rarely made of commands is
 * left out, as what it would load costs more than the `require()` it might save (a 2 KiB here-
 * document of prose loaded ten modules, 0.9 MiB): here-document bodies, and all after the first
 * PRELOAD_SCAN characters.
 */
export function analysersOf(command: string): (keyof Analysers)[] {
  const names: (keyof Analysers)[] = [];
  const text = _withoutHereDocuments(command.length > PRELOAD_SCAN ? command.slice(0, PRELOAD_SCAN) : command);
  const words = /[\w.+-]+/g;
  for (let m = words.exec(text); m !== null; m = words.exec(text)) {
    // `.` sources a file at a command's start (`. ./env.sh`); elsewhere it is a folder (`find .`, `./build`).
    if (m[0] === "." && !_sourceDot(text, m.index)) continue;
    const handler = PROGRAMS.get(programName({ value: m[0] } as Word));
    if (handler) _modulesOf(handler, names);
  }
  return names;
}

const PRELOAD_SCAN = 4096;

/** Whether the `.` at `at` stands first in a command, before a blank. */
function _sourceDot(text: string, at: number): boolean {
  const next = text[at + 1];
  if (next !== " " && next !== "\t") return false;
  let before = at - 1;
  while (text[before] === " " || text[before] === "\t") before--;
  return before < 0 || ";&|({\n`".includes(text[before]!);
}

/** `text` without its here-documents' bodies (a line that only looks like `<<EOF` drops what follows it: a miss, nothing more). */
function _withoutHereDocuments(text: string): string {
  if (!text.includes("<<")) return text;
  const kept: string[] = [];
  const pending: { word: string; tabs: boolean }[] = [];
  const operators = /(?<!<)<<(-?)[ \t]*(["']?)([^\s"'<>|&;()]+)\2/g;
  for (const line of text.split("\n")) {
    const open = pending[0];
    if (open !== undefined) {
      if ((open.tabs ? line.replace(/^\t+/, "") : line) === open.word) pending.shift();
      continue;
    }
    kept.push(line);
    operators.lastIndex = 0;
    for (let m = operators.exec(line); m !== null; m = operators.exec(line)) pending.push({ word: m[3]!, tabs: m[1] === "-" });
  }
  return kept.join("\n");
}

// The analysers' modules each handler was registered with: a module's name, or what it combines
// (`all`'s handlers, `uses`'s names). Filled at registration, read only by analysersOf.
const _uses = new Map<Handler, keyof Analysers | readonly (keyof Analysers | Handler)[]>();

function _used<H extends Handler>(handler: H, uses: keyof Analysers | readonly (keyof Analysers | Handler)[]): H {
  _uses.set(handler, uses);
  return handler;
}

function _modulesOf(handler: Handler | keyof Analysers, into: (keyof Analysers)[]): void {
  const uses = typeof handler === "string" ? handler : _uses.get(handler);
  if (typeof uses === "string") {
    if (!into.includes(uses)) into.push(uses);
  } else if (uses !== undefined) for (const part of uses) _modulesOf(part, into);
}

/**
 * `handler`, registered as also using `parts` (analysers' modules, or handlers whose modules it
 * reaches): a handler that calls `analyser()` itself, or whose program other modules' loaders
 * load a module for (flows.ts reads tar's archive with tar-args.ts).
 */
function uses(handler: Handler, ...parts: (keyof Analysers | Handler)[]): Handler {
  const own = _uses.get(handler);
  return _used(handler, own === undefined ? parts : [...(typeof own === "string" ? [own] : own), ...parts]);
}

/** The analyser module `name`: `require()`d, or with `preload` `import()`ed (preloadAnalysers). */
function _load(name: keyof Analysers, preload?: true): unknown {
  switch (name) {
    case "accountRemovals": return preload ? import("./account-removals.ts") : require("./account-removals.ts");
    case "appDatabases": return preload ? import("./app-databases.ts") : require("./app-databases.ts");
    case "buildOutputs": return preload ? import("./build-outputs.ts") : require("./build-outputs.ts");
    case "cloud": return preload ? import("./cloud.ts") : require("./cloud.ts");
    case "cmakeE": return preload ? import("./cmake-e.ts") : require("./cmake-e.ts");
    case "compressors": return preload ? import("./compressors.ts") : require("./compressors.ts");
    case "cloudCopies": return preload ? import("./cloud-copies.ts") : require("./cloud-copies.ts");
    case "ghUploads": return preload ? import("./gh-uploads.ts") : require("./gh-uploads.ts");
    case "commandRunners": return preload ? import("./command-runners.ts") : require("./command-runners.ts");
    case "javaRuns": return preload ? import("./java-runs.ts") : require("./java-runs.ts");
    case "containers": return preload ? import("./containers.ts") : require("./containers.ts");
    case "cpio": return preload ? import("./cpio.ts") : require("./cpio.ts");
    case "creates": return preload ? import("./creates.ts") : require("./creates.ts");
    case "csplit": return preload ? import("./csplit.ts") : require("./csplit.ts");
    case "desktopFiles": return preload ? import("./desktop-files.ts") : require("./desktop-files.ts");
    case "devOutputs": return preload ? import("./dev-outputs.ts") : require("./dev-outputs.ts");
    case "deviceWriters": return preload ? import("./device-writers.ts") : require("./device-writers.ts");
    case "dnsSent": return preload ? import("./dns-sent.ts") : require("./dns-sent.ts");
    case "editors": return preload ? import("./editors.ts") : require("./editors.ts");
    case "extractors": return preload ? import("./extractors.ts") : require("./extractors.ts");
    case "fileServers": return preload ? import("./file-servers.ts") : require("./file-servers.ts");
    case "fileErasers": return preload ? import("./file-erasers.ts") : require("./file-erasers.ts");
    case "files": return preload ? import("./files.ts") : require("./files.ts");
    case "findFiles": return preload ? import("./find.ts") : require("./find.ts");
    case "formatters": return preload ? import("./formatters.ts") : require("./formatters.ts");
    case "git": return preload ? import("./git.ts") : require("./git.ts");
    case "gpgFiles": return preload ? import("./gpg-files.ts") : require("./gpg-files.ts");
    case "inPlace": return preload ? import("./in-place-switch.ts") : require("./in-place-switch.ts");
    case "infra": return preload ? import("./infra.ts") : require("./infra.ts");
    case "kvStores": return preload ? import("./kv-stores.ts") : require("./kv-stores.ts");
    case "otherVcs": return preload ? import("./other-vcs.ts") : require("./other-vcs.ts");
    case "optionCode": return preload ? import("./option-code.ts") : require("./option-code.ts");
    case "outputOptions": return preload ? import("./output-options.ts") : require("./output-options.ts");
    case "outputWriters": return preload ? import("./output-writers.ts") : require("./output-writers.ts");
    case "notebooks": return preload ? import("./notebooks.ts") : require("./notebooks.ts");
    case "npxPackages": return preload ? import("./npx-packages.ts") : require("./npx-packages.ts");
    case "packagingOutputs": return preload ? import("./packaging-outputs.ts") : require("./packaging-outputs.ts");
    case "patch": return preload ? import("./patch.ts") : require("./patch.ts");
    case "rcFileRuns": return preload ? import("./rc-file-runs.ts") : require("./rc-file-runs.ts");
    case "shellTextRunners": return preload ? import("./shell-text-runners.ts") : require("./shell-text-runners.ts");
    case "terminalKeys": return preload ? import("./terminal-keys.ts") : require("./terminal-keys.ts");
    case "tunnels": return preload ? import("./tunnels.ts") : require("./tunnels.ts");
    case "scriptRunners": return preload ? import("./script-runners.ts") : require("./script-runners.ts");
    case "packageConfig": return preload ? import("./package-config.ts") : require("./package-config.ts");
    case "publishes": return preload ? import("./publishes.ts") : require("./publishes.ts");
    case "buildPublishes": return preload ? import("./build-publishes.ts") : require("./build-publishes.ts");
    case "zshStartup": return preload ? import("./zsh-startup.ts") : require("./zsh-startup.ts");
    case "remoteCommands": return preload ? import("./remote-commands.ts") : require("./remote-commands.ts");
    case "runParts": return preload ? import("./run-parts.ts") : require("./run-parts.ts");
    case "runners": return preload ? import("./runners.ts") : require("./runners.ts");
    case "schedulers": return preload ? import("./schedulers.ts") : require("./schedulers.ts");
    case "sftp": return preload ? import("./sftp.ts") : require("./sftp.ts");
    case "sshFiles": return preload ? import("./ssh-files.ts") : require("./ssh-files.ts");
    case "serviceDeletes": return preload ? import("./service-deletes.ts") : require("./service-deletes.ts");
    case "shells": return preload ? import("./shells.ts") : require("./shells.ts");
    case "sqlClients": return preload ? import("./sql-clients.ts") : require("./sql-clients.ts");
    case "stdinCode": return preload ? import("./stdin-code.ts") : require("./stdin-code.ts");
    case "storeClis": return preload ? import("./store-clis.ts") : require("./store-clis.ts");
    case "toolOutputs": return preload ? import("./tool-outputs.ts") : require("./tool-outputs.ts");
    case "tar": return preload ? import("./tar.ts") : require("./tar.ts");
    case "traps": return preload ? import("./traps.ts") : require("./traps.ts");
    case "xargs": return preload ? import("./xargs.ts") : require("./xargs.ts");
    case "windowsPrograms": return preload ? import("./windows-programs.ts") : require("./windows-programs.ts");
    case "windowsRunners": return preload ? import("./windows-runners.ts") : require("./windows-runners.ts");
    case "pulledCopies": return preload ? import("./pulled-copies.ts") : require("./pulled-copies.ts");
    case "agentClis": return preload ? import("./agent-clis.ts") : require("./agent-clis.ts");
    case "agentFolders": return preload ? import("./agent-folders.ts") : require("./agent-folders.ts");
    case "toolSettings": return preload ? import("./tool-settings.ts") : require("./tool-settings.ts");
    case "codeWrites": return preload ? import("./code-writes.ts") : require("./code-writes.ts");
    case "execCalls": return preload ? import("./exec-calls.ts") : require("./exec-calls.ts");
    case "fileCalls": return preload ? import("./file-calls.ts") : require("./file-calls.ts");
    case "writtenImports": return preload ? import("./written-imports.ts") : require("./written-imports.ts");
    case "tarArgs": return preload ? import("./tar-args.ts") : require("./tar-args.ts");
    case "tarSent": return preload ? import("./tar-sent.ts") : require("./tar-sent.ts");
    case "inlineCode": return preload ? import("./inline-code.ts") : require("./inline-code.ts");
    case "policyFind": return preload ? import("../policy-find.ts") : require("../policy-find.ts");
    case "gitEndings": return preload ? import("../git-ending-preflight.ts") : require("../git-ending-preflight.ts");
  }
}

/** The names of `M`'s exports that are handlers. */
type HandlerOf<M> = { [K in keyof M]: M[K] extends Handler ? K : never }[keyof M];

/** The handler `name` of the analyser module `module`, which loads on the handler's first call. */
const from = <N extends keyof Analysers>(module: N, name: HandlerOf<Analysers[N]>): Handler => _used(lazy(() => analyser(module) as Record<typeof name, Handler>, name), module);

/** The interpreter handler shells.ts makes for `language`, loaded on its first call (its code read by interpreters.ts's loaded modules). */
const interpreter = (language: Parameters<Analysers["shells"]["interpreter"]>[0]): Handler => _used(lazyMade(() => analyser("shells"), (m) => m.interpreter(language)), INTERPRETER_MODULES);
const INTERPRETER_MODULES = ["shells", "codeWrites", "execCalls", "fileCalls", "writtenImports"] as const;

/** Every handler's ops, in order. */
const all = (...handlers: Handler[]): Handler => _used((inv) => handlers.flatMap((h) => h(inv)), handlers);

// pvcreate overwrites a device's label, lvreduce cuts a volume's end off; mkdosfs, mkntfs,
// mkexfatfs and mkreiserfs are mkfs by other names (red team 16).
const DISK_TOOLS = ["mkfs", "mke2fs", "mkswap", "wipefs", "fdisk", "sfdisk", "cfdisk", "gdisk", "sgdisk", "parted", "blkdiscard", "lvremove", "vgremove", "pvremove", "pvcreate", "lvreduce", "zpool", "diskutil", "newfs", "mkdosfs", "mkntfs", "mkexfatfs", "mkreiserfs"];

/** ssh: ProxyCommand and friends, the remote command, the files it reads, remote forwards (tunnels.ts). */
const ssh: Handler = uses((inv) => [...commandString(inv), ...analyser("remoteCommands").sshRemoteOps(inv.args, inv.ctx), ...analyser("sshFiles").sshFiles(inv), ...(inv.args.some((a) => /^-[a-zA-Z]*[Ro]/.test(a.value) || a.dynamic) ? analyser("tunnels").sshForwards(inv.args) : [])], "remoteCommands", "sshFiles", "tunnels");

/** `[name, handler]` for each of `names`. */
const named = (names: readonly string[], handler: Handler) => names.map((n) => [n, handler] as const);
/** Each program of `names` judged by the handler of its own name in `module`. */
const ownNamed = <N extends keyof Analysers>(module: N, names: readonly (HandlerOf<Analysers[N]> & string)[]) => names.map((n) => [n, from(module, n)] as const);

/** Every program the effect analysis knows, by the name `programName` gives it. */
export const PROGRAMS = new Map<string, Handler>([
  ...named(["rm", "unlink", "srm", "rimraf", "del", "rmtrash"], from("files", "remove")),
  ...named(["shred", "wipe"], from("files", "shred")),
  ["truncate", from("files", "truncate")],
  ["tee", from("files", "tee")],
  ["sponge", from("files", "sponge")],
  ["dd", from("files", "dd")],
  ...named(["dcfldd", "dc3dd", "sg_dd", "sgp_dd", "sgm_dd"], from("files", "ddVariant")),
  ["ddrescue", from("files", "ddrescue")],
  ...named(DISK_TOOLS, from("files", "diskTool")),
  // Drive, firmware and volume tools' erasing modes; scrub and fallocate's hole punching;
  // accounts removed with their homes (red team 16): device-writers.ts, file-erasers.ts, account-removals.ts.
  ...ownNamed("deviceWriters", ["hdparm", "nvme", "badblocks", "cryptsetup", "mdadm", "flashrom", "dmsetup", "zfs", "btrfs", "nwipe", "sg_format", "sg_sanitize", "lvresize"]),
  // File-system repairs that may discard data and structural changes (red team 16's review): device-writers.ts.
  ...ownNamed("deviceWriters", ["e2fsck", "fsck", "xfs_repair", "ntfsfix", "tune2fs", "resize2fs", "debugfs", "lvconvert"]),
  ...named(["vgcreate", "vgextend"], from("deviceWriters", "vgcreate")),
  ...ownNamed("deviceWriters", ["e2image", "ntfsclone", "fsarchiver"]),
  ...named(["partclone.ext2", "partclone.ext3", "partclone.ext4", "partclone.extfs", "partclone.xfs", "partclone.btrfs", "partclone.ntfs", "partclone.fat", "partclone.fat12", "partclone.fat16", "partclone.fat32", "partclone.vfat", "partclone.exfat", "partclone.f2fs", "partclone.hfsplus", "partclone.dd", "partclone.imager", "partclone.restore"], from("deviceWriters", "partclone")),
  ...named(["fsck.ext2", "fsck.ext3", "fsck.ext4"], from("deviceWriters", "e2fsck")),
  ...named(["fsck.vfat", "fsck.fat", "fsck.msdos", "dosfsck"], from("deviceWriters", "fatfsck")),
  ["scrub", from("fileErasers", "scrub")],
  ["fallocate", from("fileErasers", "fallocate")],
  ["userdel", from("accountRemovals", "userdel")],
  ...named(["deluser", "delgroup"], from("accountRemovals", "deluser")),
  ["groupdel", from("accountRemovals", "groupdel")],
  ["passwd", from("accountRemovals", "passwd")],
  ["usermod", from("accountRemovals", "usermod")],
  ["chpasswd", from("accountRemovals", "chpasswd")],
  ...named(["mount", "bindfs", "sshfs", "mergerfs", "unionfs", "fuse-overlayfs", "squashfuse", "archivemount", "rclone-mount"], from("files", "mounter")),
  ...named(["chmod", "chown", "chgrp", "chattr", "setfacl"], from("files", "permission")),
  ...named(["mv", "cp", "install", "ln"], from("files", "copyMove")),
  ["link", from("files", "link")],
  ["rsync", from("files", "rsync")],
  ...named(["touch", "mkdir", "mkfifo", "mknod"], from("creates", "creates")),
  ["sed", from("creates", "sed")],
  // Extraction into a folder, judged like `tar -x -C DIR` (extractors.ts, cpio.ts).
  ["unzip", from("extractors", "unzip")],
  ["dpkg-deb", from("extractors", "dpkgDeb")],
  ...named(["7z", "7za", "7zr", "7zz"], from("extractors", "sevenZip")),
  ...named(["unrar", "rar"], from("extractors", "unrar")),
  ["cpio", from("cpio", "cpio")],
  ["pax", from("cpio", "pax")],
  // The policy judges what a find matches by its dry run (policy-find.ts).
  ["find", uses(from("findFiles", "find"), "policyFind")],
  ["git", from("git", "git")],
  ...named(WRAPPER_NAMES, wrapper),
  ["env", env],
  ["xargs", from("xargs", "xargs")],
  ["parallel", from("xargs", "parallel")],
  ["eval", evalText],
  ["su", commandString],
  // ssh: ProxyCommand and friends run locally; the remote command's data-store effects count.
  // `-F FILE` the line wrote, scp's and sftp's `-S PROG` (ssh-files.ts).
  ["ssh", ssh],
  // autossh runs ssh with its words, less its own `-M PORT` (tunnels.ts).
  ["autossh", uses((inv) => ssh({ ...inv, name: "ssh", args: analyser("tunnels").autosshArgs(inv.args) }), "tunnels", ssh)],
  ["ngrok", from("tunnels", "ngrok")],
  ["cloudflared", from("tunnels", "cloudflared")],
  ["tailscale", from("tunnels", "tailscale")],
  ...named(["lt", "localtunnel"], from("tunnels", "localtunnel")),
  ["bore", from("tunnels", "bore")],
  ["zrok", from("tunnels", "zrok")],
  ["devtunnel", from("tunnels", "devtunnel")],
  ...named(["rsh", "remsh"], uses((inv) => analyser("remoteCommands").rshRemoteOps(inv.args, inv.ctx), "remoteCommands")),
  // Run command text like `su -c` (red team C14): command-runners.ts.
  ["script", from("commandRunners", "script")],
  ["runuser", from("commandRunners", "runuser")],
  ["sg", from("commandRunners", "sg")],
  ["start-stop-daemon", from("commandRunners", "startStopDaemon")],
  ...named(["make", "gmake"], from("commandRunners", "make")),
  ...named(SHELLS, from("shells", "shell")),
  ...named(POWERSHELLS, from("shells", "powershell")),
  ["cmd", from("shells", "cmdExe")],
  // The interpreters; python, ruby and php also serve folders (file-servers.ts).
  // `python -m venv --clear DIR`, `-m pytest --basetemp DIR`, `-m black` (build-outputs.ts).
  ...named(["python", "pypy"], all(interpreter("python"), from("fileServers", "pythonServer"), from("buildOutputs", "pythonModule"))),
  // A `data:` URL given to node's preload options is code (option-code.ts).
  ...named(["node", "nodejs"], all(interpreter("node"), guardCliScript, from("optionCode", "nodePreloadCode"))),
  // Node with TypeScript (`tsx -e`, `ts-node -e` take node's code options: red team 13).
  ...named(["tsx", "ts-node"], interpreter("node")),
  // IPython's code: `-c`, a script, a notebook (notebooks.ts).
  ...named(["ipython", "ipython3"], from("notebooks", "ipython")),
  // `deno install -g --root DIR` fills DIR/bin, as `cargo install --root DIR` fills DIR (package-installs.ts).
  ["deno", all(interpreter("node"), guardCliScript, from("buildPublishes", "denoPublish"), ({ args, ctx, cmd }) => packageCommand("deno", args, ctx, cmd) ?? [])],
  // `bun pm cache rm` empties the cache folder its environment names (build-outputs.ts).
  ["bun", all(interpreter("node"), guardCliScript, from("buildOutputs", "bunCache"), bunRunner, from("publishes", "packagePublish"))],
  // `-i` edits the file operands in place (in-place-switch.ts).
  ["perl", all(interpreter("perl"), from("inPlace", "inPlaceSwitch"), from("optionCode", "perlModuleCode"))],
  ["ruby", all(interpreter("ruby"), from("fileServers", "rubyServer"), from("inPlace", "inPlaceSwitch"))],
  ["php", all(interpreter("php"), from("fileServers", "phpServer"))],
  // Interpreters of languages the guard does not read, fed code on stdin (stdin-code.ts).
  ...named(STDIN_CODE_PROGRAMS, uses(from("stdinCode", "stdinCode"), "inlineCode", "shells")),
  // Static file servers send the folder they serve (ASK_DATA_EGRESS): file-servers.ts.
  ["http-server", from("fileServers", "httpServer")],
  ["serve", from("fileServers", "serve")],
  ["httpd", from("fileServers", "httpd")],
  ...named(["curl", "wget", "http", "https", "xh"], fetcher),
  ["aria2c", aria2c],
  ...named(["nc", "ncat", "netcat", "socat"], socket),
  // `openssl s_client`, telnet and gnutls-cli send the lines piped in (network.ts stdinToPeer).
  ...named(["telnet", "gnutls-cli"], stdinToPeer),
  ...named(NAME_QUERY_PROGRAMS, from("dnsSent", "nameQuery")),
  ["scp", all(commandString, from("sshFiles", "sshFiles"))],
  ["sftp", all(from("sftp", "sftp"), from("sshFiles", "sshFiles"))],
  ["lftp", from("sftp", "lftp")],
  ...named(["ftp", "pftp", "tnftp"], from("sftp", "ftp")),
  ...named(["at", "batch"], from("schedulers", "atJob")),
  ["crontab", from("schedulers", "crontab")],
  ...named(["systemctl", "launchctl", "loginctl"], from("schedulers", "serviceManager")),
  ...named(["mail", "mailx", "sendmail", "mutt"], pipedToPeer),
  // libarchive's bsdtar (macOS's tar) reads tar's options.
  // flows.ts reads tar's archive and what goes into it (tar-args.ts, tar-sent.ts).
  ...named(["tar", "bsdtar"], uses(from("tar", "tar"), "tarArgs", "tarSent")),
  // Options and operands that name a written file (output-options.ts).
  ["iconv", from("outputOptions", "iconv")],
  ["openssl", all(from("outputOptions", "openssl"), stdinToPeer)],
  // Compilers, linkers and binutils (tool-outputs.ts); csplit's pieces (csplit.ts).
  ...named(["gcc", "cc", "c++", "g++", "clang", "clang++", "tcc", "zig-cc", "c89", "c99"], from("toolOutputs", "cc")),
  ...named(["ld", "ld.lld", "ld.gold", "ld.bfd", "lld", "gold"], from("toolOutputs", "ld")),
  ["rustc", from("toolOutputs", "rustc")],
  ["cpp", from("toolOutputs", "cpp")],
  ["as", from("toolOutputs", "gnuAs")],
  ["nasm", from("toolOutputs", "nasm")],
  ["strip", from("toolOutputs", "strip")],
  ["objcopy", from("toolOutputs", "objcopy")],
  ["ar", from("toolOutputs", "ar")],
  ["ranlib", from("toolOutputs", "ranlib")],
  ["csplit", from("csplit", "csplit")],
  // gpg's output, status and key files (gpg-files.ts).
  ...named(["gpg", "gpg2", "gpgv", "gpgsm"], from("gpgFiles", "gpg")),
  ["go", all(from("outputOptions", "go"), from("buildOutputs", "goVendor"))],
  // Classes, jars and sources the line wrote or built (java-runs.ts).
  ["java", from("javaRuns", "java")],
  ["uniq", from("outputOptions", "uniq")],
  ["xxd", from("outputOptions", "xxd")],
  ["uudecode", from("outputOptions", "uudecode")],
  ["split", from("outputOptions", "split")],
  // Dumps, converters, renderers and bundlers writing the file an option or operand names (output-writers.ts).
  ...named(OUTPUT_WRITERS, from("outputWriters", "outputWriter")),
  ["patch", from("patch", "patch")],
  // Compressors replace their input by its compressed copy (compressors.ts).
  ...named(COMPRESSOR_NAMES, from("compressors", "compressor")),
  ["security", keychain],
  ["trap", from("traps", "trap")],
  ["tmux", all(tmux, from("terminalKeys", "tmuxKeys"))],
  ["screen", from("terminalKeys", "screen")],
  // npm's `exec -c` text (shell-text-runners.ts) and stored settings that run code (package-config.ts).
  // What a publish uploads (publishes.ts).
  ["npm", all(from("shellTextRunners", "npm"), from("packageConfig", "packageConfig"), from("publishes", "packagePublish"))],
  ...named(["pnpm", "yarn"], all(from("packageConfig", "unmodelledPackageConfig"), from("publishes", "packagePublish"))),
  ["nix-shell", from("shellTextRunners", "nixShell")],
  ["concurrently", from("shellTextRunners", "concurrently")],
  ["nodemon", all(from("shellTextRunners", "nodemon"), from("scriptRunners", "nodemonScript"))],
  ["pipx", from("scriptRunners", "pythonScriptRunner")],
  // `uv publish` and `pdm publish` send built archives, pdm's built first (build-publishes.ts).
  ["uv", all(from("scriptRunners", "pythonScriptRunner"), from("buildPublishes", "uvPublish"))],
  ["pdm", all(from("scriptRunners", "pythonScriptRunner"), from("buildPublishes", "pdmPublish"))],
  ...named(["pm2", "forever"], from("scriptRunners", "nodeScriptManager")),
  ["hyperfine", from("shellTextRunners", "hyperfine")],
  ["entr", from("shellTextRunners", "entr")],
  ["direnv", from("shellTextRunners", "direnv")],
  ["coreutils", from("shellTextRunners", "coreutils")],
  ...named(["source", "."], from("shells", "sourceFile")),
  ["alias", from("shells", "alias")],
  ["hash", hashPath],
  ["enable", enable],
  ["lvm", from("files", "lvm")],
  ...named(AWKS, from("runners", "awk")),
  ...named(["vim", "vi", "nvim", "ex", "view", "vimdiff", "gvim", "rvim"], from("editors", "vim")),
  ["ed", from("editors", "ed")],
  ["emacs", from("runners", "emacs")],
  ["rg", from("runners", "rg")],
  ...named(["fd", "fdfind"], from("runners", "fd")),
  ["sort", from("runners", "sort")],
  ["zip", from("runners", "zip")],
  ["man", from("runners", "man")],
  ...named(["less", "more", "most"], from("runners", "pager")),
  // Databases and key-value stores (ASK_DATA_STORE_DESTROY): sql-clients.ts, kv-stores.ts.
  ["sqlite3", from("sqlClients", "sqlite")],
  ["duckdb", from("sqlClients", "duckdb")],
  ["psql", from("sqlClients", "psql")],
  ...named(["mysql", "mariadb"], from("sqlClients", "mysql")),
  ["clickhouse-client", from("sqlClients", "clickhouseClient")],
  ["clickhouse", from("sqlClients", "clickhouse")],
  ...named(["dropdb", "dropuser", "pg_dropcluster"], from("sqlClients", "dropProgram")),
  ...named(["mysqladmin", "mariadb-admin"], from("sqlClients", "mysqladmin")),
  ["pg_restore", from("sqlClients", "pgRestore")],
  ...named(["redis-cli", "valkey-cli", "keydb-cli"], from("kvStores", "redisCli")),
  ...named(["mongosh", "mongo"], from("kvStores", "mongoShell")),
  ["cqlsh", from("sqlClients", "cqlsh")],
  ["etcdctl", from("storeClis", "etcdctl")],
  ["consul", from("storeClis", "consul")],
  ["vault", from("storeClis", "vault")],
  ["influx", from("storeClis", "influx")],
  ...named(["mongorestore", "mongoimport"], from("storeClis", "mongorestore")),
  ...named(["kafka-topics", "kafka-topics.sh"], from("storeClis", "kafkaTopics")),
  ...named(["kafka-delete-records", "kafka-delete-records.sh"], from("storeClis", "kafkaDeleteRecords")),
  // Application frameworks' database tasks (ASK_DATA_STORE_DESTROY): app-databases.ts.
  ...named(APP_CLIS, from("appDatabases", "appCli")),
  // `rails runner FILE|CODE` runs Ruby (script-runners.ts).
  ["rails", all(from("appDatabases", "appCli"), from("scriptRunners", "railsRunner"))],
  ["bundle", from("appDatabases", "bundle")],
  // Infrastructure (ASK_INFRA_DESTROY): infra.ts, containers.ts, cloud.ts.
  ...named(["terraform", "tofu", "terragrunt"], from("infra", "terraform")),
  ...named(["pulumi", "cdk"], from("infra", "stackTool")),
  ...named(["kubectl", "oc"], from("infra", "kubectl")),
  ["helm", from("infra", "helm")],
  ...named(["docker", "podman", "nerdctl"], all(from("containers", "docker"), from("buildOutputs", "dockerOutput"))),
  ...named(["docker-compose", "podman-compose"], from("containers", "compose")),
  ["aws", from("cloud", "aws")],
  ["gcloud", from("cloud", "gcloud")],
  ["gsutil", from("cloud", "gsutil")],
  ["az", from("cloud", "az")],
  // Output folders emptied before a build writes them (build-outputs.ts); cmake -E (cmake-e.ts).
  ["cargo", all(from("buildOutputs", "cargo"), from("publishes", "cargoPublish"))],
  // Publishes that build first, or send what a build left (build-publishes.ts).
  ["poetry", from("buildPublishes", "poetryPublish")],
  ["flit", from("buildPublishes", "flitPublish")],
  ["hatch", from("buildPublishes", "hatchPublish")],
  ...named(["vsce", "ovsx"], from("buildPublishes", "vscePublish")),
  ...named(["mvn", "mvnw", "mvnd"], from("buildPublishes", "mavenDeploy")),
  ...named(["gradle", "gradlew"], from("buildPublishes", "gradlePublish")),
  ["virtualenv", from("buildOutputs", "virtualenv")],
  ...named(["pytest", "py.test"], all(from("buildOutputs", "pytest"), from("notebooks", "notebookRuns"))),
  ["vite", from("buildOutputs", "vite")],
  ["mkdocs", from("buildOutputs", "mkdocs")],
  ["hugo", from("buildOutputs", "hugo")],
  ["jekyll", from("buildOutputs", "jekyll")],
  ["tsup", from("buildOutputs", "tsup")],
  ["cmake", from("cmakeE", "cmake")],
  ["ctest", from("cmakeE", "ctest")],
  // Formatters and fixing linters edit their operands in place (formatters.ts).
  ...named(["rustfmt", "prettier", "black", "ruff", "clang-format", "eslint", "gofmt", "goimports", "shfmt", "yq", "isort", "autopep8", "yapf"], from("formatters", "formatter")),
  // npm packages that delete or copy (npx-packages.ts).
  ...named(["del-cli", "trash", "trash-cli"], from("npxPackages", "deleter")),
  ["gio", from("desktopFiles", "gio")],
  // Notebooks executed (notebooks.ts); jupytext's commands and output too.
  ...named(["jupytext", "jupyter", "jupyter-nbconvert", "jupyter-execute", "papermill", "quarto", "treon"], from("notebooks", "notebookRuns")),
  // run-parts DIR runs each file in DIR (run-parts.ts).
  ["run-parts", from("runParts", "runParts")],
  ...named(["trash-empty", "trash-rm"], from("desktopFiles", "trashEmpty")),
  ...named(["cpy", "cpy-cli", "ncp", "copyfiles", "cpx"], from("npxPackages", "copier")),
  ["degit", from("npxPackages", "degit")],
  ["rclone", from("cloudCopies", "rclone")],
  ["azcopy", from("cloudCopies", "azcopy")],
  // gh's uploads (gh-uploads.ts) and deletes (`repo delete`, `api -X DELETE`: service-deletes.ts).
  ["gh", all(from("ghUploads", "gh"), from("serviceDeletes", "gh"))],
  // Hosting, cloud and VM CLIs' deletes (ASK_INFRA_DESTROY): service-deletes.ts.
  ...named(SERVICE_CLIS, from("serviceDeletes", "serviceCli")),
  // Windows programs and cmdlets: persistence, destroyed backups, ownership and ACLs, registry
  // deletes, and the Linux command wsl runs (windows-programs.ts).
  ...ownNamed("windowsPrograms", ["schtasks", "reg", "sc"]),
  ...named(["register-scheduledtask", "set-scheduledtask", "start-scheduledtask", "new-service"], from("windowsPrograms", "persistingCmdlet")),
  ...named(["new-itemproperty", "set-itemproperty"], from("windowsPrograms", "itemProperty")),
  ["set-item", from("windowsPrograms", "setItem")],
  [SYNTHETIC.registryKey, from("windowsPrograms", "newRegistryKey")],
  ...named(["remove-itemproperty", "clear-itemproperty", "rename-itemproperty", "move-itemproperty", "copy-itemproperty"], from("windowsPrograms", "itemPropertyChange")),
  ...named(["set-wmiinstance", "new-ciminstance", "set-ciminstance"], from("windowsPrograms", "wmiInstance")),
  ...named(["invoke-wmimethod", "invoke-cimmethod"], from("windowsPrograms", "wmiMethod")),
  ...ownNamed("windowsPrograms", ["mofcomp", "vssadmin", "wmic"]),
  ...named(["remove-wmiobject", "rwmi", "remove-ciminstance", "rcim"], from("windowsPrograms", "removeInstance")),
  ...ownNamed("windowsPrograms", ["wbadmin", "bcdedit", "diskpart", "fsutil"]),
  ...named(["takeown", "icacls", "cacls", "attrib"], from("windowsPrograms", "permissions")),
  ["wsl", from("windowsPrograms", "wsl")],
  ...ownNamed("windowsRunners", ["mshta", "rundll32", "regsvr32", "msiexec"]),
  // Version control systems other than git: purges, discards and working-file deletes (other-vcs.ts).
  ...named(["hg", "chg", "sl", "svn", "jj", "fossil", "bzr", "brz", "darcs", "pijul", "git-annex"], from("otherVcs", "otherVcs")),
  // The guard's own CLI: gc and install-hook change protected storage (guard-cli.ts).
  ...named(GUARD_CLI_PROGRAMS, guardCli),
]);

// `busybox httpd` serves a folder; other applets run as the wrapped command.
PROGRAMS.set("busybox", from("fileServers", "busybox"));
// `npx -c TEXT` (`--call`) runs TEXT through a shell besides any package command (shell-text-runners.ts).
const npxCalls = from("shellTextRunners", "npxCalls");
PROGRAMS.set("npx", all(wrapper, uses((inv) => (inv.args.some((a) => /^(?:-c|--call)/.test(a.value)) ? npxCalls(inv) : []), npxCalls)));
// An interactive bash runs its `--rcfile` first (rc-file-runs.ts).
PROGRAMS.set("bash", all(from("shells", "shell"), from("rcFileRuns", "rcFile")));
// zsh runs $ZDOTDIR/.zshenv at every start, and more when interactive or a login (zsh-startup.ts).
PROGRAMS.set("zsh", all(from("shells", "shell"), from("zshStartup", "zshStartup")));
// supabase: its database tasks (app-databases.ts) and its deletes (service-deletes.ts).
PROGRAMS.set("supabase", all(from("appDatabases", "appCli"), from("serviceDeletes", "serviceCli")));
// The files and folders build, packaging and image tools write (packaging-outputs.ts): skopeo and
// jar alone, dotnet, helm, terraform, tofu and vagrant beside their own handlers.
for (const n of ["skopeo", "jar", "dotnet", "helm", "terraform", "tofu", "vagrant"]) {
  const own = PROGRAMS.get(n);
  PROGRAMS.set(n, own ? all(own, from("packagingOutputs", "packagingOutput")) : from("packagingOutputs", "packagingOutput"));
}
// Everyday tools' output options (`bun build --outfile`, `eslint -o`, `strace -o`): dev-outputs.ts,
// beside the program's own handler, or with an unknown program's reading where it has none.
for (const n of DEV_OUTPUT_WRITERS) {
  const own = PROGRAMS.get(n);
  PROGRAMS.set(n, own ? all(own, from("devOutputs", "devOutput")) : from("devOutputs", "devOutputAlone"));
}
// Copies from another machine, a container or a device onto a local path write it as cp does
// (pulled-copies.ts): scp and `sftp host:PATH LOCAL` beside their own handlers, `lxc|incus file
// pull`, `adb pull`.
PROGRAMS.set("scp", all(PROGRAMS.get("scp")!, from("pulledCopies", "scp")));
PROGRAMS.set("sftp", all(PROGRAMS.get("sftp")!, from("pulledCopies", "sftpGet")));
for (const n of ["lxc", "incus"]) PROGRAMS.set(n, from("pulledCopies", "lxcFile"));
PROGRAMS.set("adb", from("pulledCopies", "adbPull"));
// The coding agents' CLIs rewriting their hook settings or storing MCP servers (agent-clis.ts).
// `npx @anthropic-ai/claude-code …` and `npx @google/gemini-cli …` run them by their package names.
for (const [n, h] of [["codex", "codex"], ["gemini", "gemini"], ["gemini-cli", "gemini"], ["claude", "claude"], ["claude-code", "claude"]] as const) PROGRAMS.set(n, from("agentClis", h));
// A tree copied, moved or linked to become an agent's settings folder (agent-folders.ts), read
// only for a line with a word ending in one's name (or where a variable moves the agents' folders).
// Its ops come first: they are the copy's own writes, judged against the files before it.
const AGENT_FOLDER_WORD = /(?:^|\/)(?:\.(?:claude|codex|cursor|gemini|vscode|copilot|codeium|github)|windsurf|extensions|User|hooks)\/*$/;
const AGENT_FOLDER_REPO = /\/\.(?:claude|codex|cursor|gemini|vscode|copilot|codeium|github)\.git\/*$/;
const agentFolderLine = (inv: Invocation): boolean => inv.args.some((a) => AGENT_FOLDER_WORD.test(a.value)) || inv.ctx.env?.CLAUDE_CONFIG_DIR !== undefined || inv.ctx.env?.CODEX_HOME !== undefined;
for (const [n, h] of [["cp", "agentFolderCopies"], ["mv", "agentFolderCopies"], ["ln", "agentFolderCopies"], ["rsync", "agentFolderSync"]] as const) {
  const before = PROGRAMS.get(n)!;
  PROGRAMS.set(n, uses((inv) => (agentFolderLine(inv) ? analyser("agentFolders")[h](inv).concat(before(inv)) : before(inv)), before));
}
// macOS's ditto (session 13 reread: no program the guard knew, so `ditto x .git/hooks` passed).
// `ditto SRC… DST` merges each SRC into DST (a folder's entries; a file becomes DST), each judged
// as `cp -RT SRC DST` is (files.ts, and the agent folders above); `-c` writes the archive DST, `-x`
// extracts each archive into the folder DST. `--arch`, `--bom`, `--zlibCompressionLevel` take the
// next word; a computed word that may be an option is unknown.
const DITTO_VALUED = new Set(["--arch", "--bom", "--zlibCompressionLevel"]);
const cpHandler = PROGRAMS.get("cp")!;
PROGRAMS.set("ditto", uses((inv) => {
  const words: Word[] = [];
  let mode = "";
  for (let i = 0; i < inv.args.length; i++) {
    const a = inv.args[i]!;
    if (a.dynamic && mayBeOption(a)) return [op("unknown", "ditto")];
    if (DITTO_VALUED.has(a.value)) i++;
    else if (/^-[^-]/.test(a.value)) mode = /[cx]/.exec(a.value)?.[0] ?? mode;
    else if (!a.value.startsWith("--")) words.push(a);
  }
  const dest = words.at(-1);
  if (!dest || words.length < 2) return [];
  if (mode === "c") return [{ ...op("overwrite", "ditto", [dest]), lands: "created" }];
  if (mode === "x") return [filledFolder("ditto", [dest])];
  return words.slice(0, -1).flatMap((src) => cpHandler({ ...inv, name: "cp", args: [literalWord("-RT"), src, dest] }));
}, cpHandler));
// Other tools' stored settings that name a program later commands run (tool-settings.ts):
// beside aws's, go's, gh's and kubectl's own handlers; glab and rustup alone.
for (const [n, h] of [["aws", "awsConfigure"], ["go", "goEnv"], ["gh", "ghConfig"], ["kubectl", "kubeConfig"], ["oc", "kubeConfig"]] as const) PROGRAMS.set(n, all(PROGRAMS.get(n)!, from("toolSettings", h)));
// pip's stored index and trust settings (tool-settings.ts), loaded only for a line with a `config` word.
for (const n of ["pip", "pip3"]) PROGRAMS.set(n, all(PROGRAMS.get(n)!, (inv) => (inv.args.some((a) => a.value === "config") ? analyser("toolSettings").pipConfig(inv) : [])));
// pip's versioned names are pip3 (session 13: `pip3.12 config set global.index-url URL`, `pip3.12
// download -d .git/hooks x` passed): pip installs `pipX.Y` beside `pipX`, Fedora adds `pip-X` and
// `pip-X.Y`. remote-packages.ts packageRunner reads the same names for installs and their sources.
const pip3 = PROGRAMS.get("pip3")!;
const versionedPip = uses((inv) => pip3({ ...inv, name: "pip3" }), pip3);
for (const major of ["2", "3"]) {
  const minors = major === "2" ? ["7"] : Array.from({ length: 20 }, (_, k) => String(k));
  for (const n of [`pip-${major}`, ...minors.flatMap((m) => [`pip${major}.${m}`, `pip-${major}.${m}`])]) PROGRAMS.set(n, versionedPip);
}
PROGRAMS.set("pip2", versionedPip);
// python as git below: a plain wrapper, every python line goes through it.
const pythonBefore = PROGRAMS.get("python")!;
PROGRAMS.set("python", uses((inv) => (inv.args.some((a) => a.value === "config") ? pythonBefore(inv).concat(analyser("toolSettings").pythonPipConfig(inv)) : pythonBefore(inv)), pythonBefore));
// gem's and conda's stored sources (tool-settings.ts); neither had a handler.
PROGRAMS.set("gem", from("toolSettings", "gem"));
for (const n of ["conda", "mamba", "micromamba"]) PROGRAMS.set(n, from("toolSettings", "condaConfig"));
// poetry's and pdm's stored indexes (tool-settings.ts), loaded only for a line with a `source` or `config` word.
PROGRAMS.set("poetry", all(PROGRAMS.get("poetry")!, (inv) => (inv.args.some((a) => a.value === "source" || a.value === "config") ? analyser("toolSettings").poetrySource(inv) : [])));
PROGRAMS.set("pdm", all(PROGRAMS.get("pdm")!, (inv) => (inv.args.some((a) => a.value === "config") ? analyser("toolSettings").pdmConfig(inv) : [])));
PROGRAMS.set("glab", from("toolSettings", "glab"));
PROGRAMS.set("rustup", from("toolSettings", "rustup"));
// `gcloud compute scp` copies as scp does (pulled-copies.ts), loaded only for a line with an `scp`
// word; `gcloud compute ssh` runs ssh with the argv cloud.ts computeSsh lays out, judged by ssh's
// own handler (`--ssh-flag` values run locally, name files, forward ports; `--command` and the
// words after `--` run on the instance: remote-commands.ts), read only for a line with an `ssh` word.
PROGRAMS.set("gcloud", all(PROGRAMS.get("gcloud")!, (inv) => {
  const copies = inv.args.some((a) => a.value === "scp") ? analyser("pulledCopies").gcloudScp(inv) : [];
  const args = inv.args.some((a) => a.value === "ssh") ? analyser("cloud").computeSsh(inv) : null;
  return args ? [...copies, ...ssh({ ...inv, name: "ssh", args })] : copies;
}));
// `git archive -o FILE` remembered for a later `tar -xf FILE` (tar.ts gitArchiveFile), after git's
// global options too (`git -C DIR -c K=V archive -o F`). tar.ts is loaded only for a line holding an
// `archive` word, not preloaded for every git line (`uses` names git's module alone). A plain
// wrapper, not `all`: every git line goes through it, and `all`'s flatMap copies git's ops.
const gitBefore = PROGRAMS.get("git")!;
PROGRAMS.set("git", uses((inv) => {
  const first = inv.args[0]?.value ?? "";
  const archive = (first === "archive" || first.startsWith("-")) && inv.args.some((a) => a.value === "archive");
  const ops = archive ? gitBefore(inv).concat(analyser("tar").gitArchiveFile(inv)) : gitBefore(inv);
  // A clone (or submodule) that becomes an agent's folder (agent-folders.ts agentFolderClone), for a
  // line with a `clone` or `submodule` word and one ending in an agent folder's name (a URL's too: `…/.claude.git`).
  return inv.args.some((a) => a.value === "clone" || a.value === "submodule") && (agentFolderLine(inv) || inv.args.some((a) => AGENT_FOLDER_REPO.test(a.value))) ? analyser("agentFolders").agentFolderClone(inv, ops).concat(ops) : ops;
}, gitBefore));
PROGRAMS.set(SYNTHETIC.noop, ({ name }) => [op("noop", name.slice(1))]);
PROGRAMS.set(SYNTHETIC.unknown, ({ name }) => [op("unknown", name.slice(1))]);
PROGRAMS.set(SYNTHETIC.disk, ({ name, args }) => [op("disk", name.slice(1), args)]);
PROGRAMS.set(SYNTHETIC.remote, ({ name }) => [op("remote-code", name.slice(1))]);
PROGRAMS.set(SYNTHETIC.subtree, ({ name, args }) => [{ ...op("delete", name.slice(1), args, true), subtree: true }]);

// mkfs.ext4, mkfs.vfat, …
for (const fs of ["ext2", "ext3", "ext4", "xfs", "btrfs", "vfat", "fat", "msdos", "ntfs", "exfat", "f2fs", "minix", "hfsplus", "hfs", "jfs", "reiserfs", "udf", "bcachefs", "nilfs2"]) PROGRAMS.set(`mkfs.${fs}`, from("files", "diskTool"));
