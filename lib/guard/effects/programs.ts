import { op } from "../ops.ts";
import { SYNTHETIC } from "../syntax.ts";
import type { Handler } from "./context.ts";
import { inPlaceSwitch } from "./in-place-switch.ts";
import { make, runuser, script } from "./command-runners.ts";
import { creates, sed } from "./creates.ts";
import { sevenZip, unrar, unzip } from "./extractors.ts";
import { cpio } from "./cpio.ts";
import { copyMove, dd, diskTool, lvm, permission, remove, rsync, shred, tee, truncate } from "./files.ts";
import { find } from "./find.ts";
import { git } from "./git.ts";
import { fetcher, pipedToPeer, socket } from "./network.ts";
import { NAME_QUERY_PROGRAMS, nameQuery } from "./dns-sent.ts";
import { keychain } from "./secrets.ts";
import { APP_CLIS, appCli, bundle } from "./app-databases.ts";
import { mongoShell, redisCli } from "./kv-stores.ts";
import { aws, az, gcloud, gsutil } from "./cloud.ts";
import { compose, docker } from "./containers.ts";
import { helm, kubectl, stackTool, terraform } from "./infra.ts";
import { sshRemoteOps } from "./remote-commands.ts";
import { clickhouse, clickhouseClient, cqlsh, dropProgram, duckdb, mysql, mysqladmin, pgRestore, psql, sqlite } from "./sql-clients.ts";
import { consul, etcdctl, influx, vault } from "./store-clis.ts";
import { tar } from "./tar.ts";
import { busybox, httpd, httpServer, phpServer, pythonServer, rubyServer, serve } from "./file-servers.ts";
import { go, OUTPUT_PROGRAMS, split, uniq } from "./output-options.ts";
import { TOOL_PROGRAMS } from "./tool-outputs.ts";
import { csplit } from "./csplit.ts";
import { gpg } from "./gpg-files.ts";
import { patch } from "./patch.ts";
import { COMPRESSORS, compressor } from "./compressors.ts";
import { awk, emacs, man, pager, rg, sort, zip } from "./runners.ts";
import { ed, vim } from "./editors.ts";
import { enable, hashPath } from "./hash-table.ts";
import { atJob, crontab } from "./schedulers.ts";
import { sftp } from "./sftp.ts";
import { alias, cmdExe, interpreter, powershell, shell, sourceFile } from "./shells.ts";
import { commandString, env, evalText, tmux, trap, WRAPPER_NAMES, wrapper } from "./wrappers.ts";
import { parallel, xargs } from "./xargs.ts";
import { STDIN_CODE_PROGRAMS, stdinCode } from "./stdin-code.ts";
import { GUARD_CLI_PROGRAMS, guardCli, guardCliScript } from "./guard-cli.ts";

/** Both handlers' ops, in order. */
const both = (a: Handler, b: Handler): Handler => (inv) => [...a(inv), ...b(inv)];

const DISK_TOOLS = ["mkfs", "mke2fs", "mkswap", "wipefs", "fdisk", "sfdisk", "cfdisk", "gdisk", "sgdisk", "parted", "blkdiscard", "lvremove", "vgremove", "pvremove", "zpool", "diskutil", "newfs"];

/** Every program the effect analysis knows, by the name `programName` gives it. */
export const PROGRAMS = new Map<string, Handler>([
  ...["rm", "unlink", "srm", "rimraf", "del", "rmtrash"].map((n) => [n, remove] as const),
  ...["shred", "wipe"].map((n) => [n, shred] as const),
  ["truncate", truncate],
  ["tee", tee],
  ["dd", dd],
  ...DISK_TOOLS.map((n) => [n, diskTool] as const),
  ...["chmod", "chown", "chgrp", "chattr", "setfacl"].map((n) => [n, permission] as const),
  ...["mv", "cp", "install", "ln"].map((n) => [n, copyMove] as const),
  ["rsync", rsync],
  ...["touch", "mkdir", "mkfifo", "mknod"].map((n) => [n, creates] as const),
  ["sed", sed],
  // Extraction into a folder, judged like `tar -x -C DIR` (extractors.ts, cpio.ts).
  ["unzip", unzip],
  ...["7z", "7za", "7zr", "7zz"].map((n) => [n, sevenZip] as const),
  ...["unrar", "rar"].map((n) => [n, unrar] as const),
  ["cpio", cpio],
  ["find", find],
  ["git", git],
  ...WRAPPER_NAMES.map((n) => [n, wrapper] as const),
  ["env", env],
  ["xargs", xargs],
  ["parallel", parallel],
  ["eval", evalText],
  ["su", commandString],
  // ssh: ProxyCommand and friends run locally; the remote command's data-store effects count.
  ["ssh", (inv) => [...commandString(inv), ...sshRemoteOps(inv.args, inv.ctx)]],
  // Run command text like `su -c` (red team C14): command-runners.ts.
  ["script", script],
  ["runuser", runuser],
  ...["make", "gmake"].map((n) => [n, make] as const),
  ...["sh", "bash", "zsh", "dash", "ksh", "ash", "mksh", "yash", "fish"].map((n) => [n, shell] as const),
  ...["pwsh", "powershell"].map((n) => [n, powershell] as const),
  ["cmd", cmdExe],
  // The interpreters; python, ruby and php also serve folders (file-servers.ts).
  ...["python", "pypy"].map((n) => [n, both(interpreter("python"), pythonServer)] as const),
  ...["node", "nodejs", "deno", "bun"].map((n) => [n, both(interpreter("node"), guardCliScript)] as const),
  // `-i` edits the file operands in place (in-place-switch.ts).
  ["perl", both(interpreter("perl"), inPlaceSwitch)],
  ["ruby", both(both(interpreter("ruby"), rubyServer), inPlaceSwitch)],
  ["php", both(interpreter("php"), phpServer)],
  // Interpreters of languages the guard does not read, fed code on stdin (stdin-code.ts).
  ...STDIN_CODE_PROGRAMS.map((n) => [n, stdinCode] as const),
  // Static file servers send the folder they serve (ASK_DATA_EGRESS): file-servers.ts.
  ["http-server", httpServer],
  ["serve", serve],
  ["httpd", httpd],
  ...["curl", "wget", "http", "https", "xh"].map((n) => [n, fetcher] as const),
  ...["nc", "ncat", "netcat", "socat"].map((n) => [n, socket] as const),
  ...NAME_QUERY_PROGRAMS.map((n) => [n, nameQuery] as const),
  ["scp", commandString],
  ["sftp", sftp],
  ...["at", "batch"].map((n) => [n, atJob] as const),
  ["crontab", crontab],
  ...["mail", "mailx", "sendmail", "mutt"].map((n) => [n, pipedToPeer] as const),
  ["tar", tar],
  // Options and operands that name a written file (output-options.ts).
  ...Object.entries(OUTPUT_PROGRAMS),
  // Compilers, linkers and binutils (tool-outputs.ts); csplit's pieces (csplit.ts).
  ...Object.entries(TOOL_PROGRAMS),
  ["csplit", csplit],
  // gpg's output, status and key files (gpg-files.ts).
  ...["gpg", "gpg2", "gpgv", "gpgsm"].map((n) => [n, gpg] as const),
  ["go", go],
  ["uniq", uniq],
  ["split", split],
  ["patch", patch],
  // Compressors replace their input by its compressed copy (compressors.ts).
  ...Object.keys(COMPRESSORS).map((n) => [n, compressor] as const),
  ["security", keychain],
  ["trap", trap],
  ["tmux", tmux],
  ...["source", "."].map((n) => [n, sourceFile] as const),
  ["alias", alias],
  ["hash", hashPath],
  ["enable", enable],
  ["lvm", lvm],
  ...["awk", "gawk", "mawk", "nawk", "busybox-awk"].map((n) => [n, awk] as const),
  ...["vim", "vi", "nvim", "ex", "view", "vimdiff", "gvim", "rvim"].map((n) => [n, vim] as const),
  ["ed", ed],
  ["emacs", emacs],
  ["rg", rg],
  ["sort", sort],
  ["zip", zip],
  ["man", man],
  ...["less", "more", "most"].map((n) => [n, pager] as const),
  // Databases and key-value stores (ASK_DATA_STORE_DESTROY): sql-clients.ts, kv-stores.ts.
  ["sqlite3", sqlite],
  ["duckdb", duckdb],
  ["psql", psql],
  ...["mysql", "mariadb"].map((n) => [n, mysql] as const),
  ["clickhouse-client", clickhouseClient],
  ["clickhouse", clickhouse],
  ...["dropdb", "dropuser", "pg_dropcluster"].map((n) => [n, dropProgram] as const),
  ...["mysqladmin", "mariadb-admin"].map((n) => [n, mysqladmin] as const),
  ["pg_restore", pgRestore],
  ...["redis-cli", "valkey-cli", "keydb-cli"].map((n) => [n, redisCli] as const),
  ...["mongosh", "mongo"].map((n) => [n, mongoShell] as const),
  ["cqlsh", cqlsh],
  ["etcdctl", etcdctl],
  ["consul", consul],
  ["vault", vault],
  ["influx", influx],
  // Application frameworks' database tasks (ASK_DATA_STORE_DESTROY): app-databases.ts.
  ...APP_CLIS.map((n) => [n, appCli] as const),
  ["bundle", bundle],
  // Infrastructure (ASK_INFRA_DESTROY): infra.ts, containers.ts, cloud.ts.
  ...["terraform", "tofu", "terragrunt"].map((n) => [n, terraform] as const),
  ...["pulumi", "cdk"].map((n) => [n, stackTool] as const),
  ...["kubectl", "oc"].map((n) => [n, kubectl] as const),
  ["helm", helm],
  ...["docker", "podman", "nerdctl"].map((n) => [n, docker] as const),
  ...["docker-compose", "podman-compose"].map((n) => [n, compose] as const),
  ["aws", aws],
  ["gcloud", gcloud],
  ["gsutil", gsutil],
  ["az", az],
  // The guard's own CLI: gc and install-hook change protected storage (guard-cli.ts).
  ...GUARD_CLI_PROGRAMS.map((n) => [n, guardCli] as const),
]);

// `busybox httpd` serves a folder; other applets run as the wrapped command.
PROGRAMS.set("busybox", busybox);
PROGRAMS.set(SYNTHETIC.noop, ({ name }) => [op("noop", name.slice(1))]);
PROGRAMS.set(SYNTHETIC.unknown, ({ name }) => [op("unknown", name.slice(1))]);
PROGRAMS.set(SYNTHETIC.disk, ({ name, args }) => [op("disk", name.slice(1), args)]);
PROGRAMS.set(SYNTHETIC.remote, ({ name }) => [op("remote-code", name.slice(1))]);
PROGRAMS.set(SYNTHETIC.subtree, ({ name, args }) => [{ ...op("delete", name.slice(1), args, true), subtree: true }]);

// mkfs.ext4, mkfs.vfat, …
for (const fs of ["ext2", "ext3", "ext4", "xfs", "btrfs", "vfat", "fat", "ntfs", "exfat", "f2fs", "minix"]) PROGRAMS.set(`mkfs.${fs}`, diskTool);
