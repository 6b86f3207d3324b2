import { op } from "../ops.ts";
import { SYNTHETIC } from "../syntax.ts";
import type { Handler } from "./context.ts";
import { aria2c, fetcher, pipedToPeer, socket } from "./network.ts";
import { keychain } from "./secrets.ts";
import { enable, hashPath } from "./hash-table.ts";
import { bunRunner, commandString, env, evalText, tmux, WRAPPER_NAMES, wrapper } from "./wrappers.ts";
import { POWERSHELLS, SHELLS, STDIN_CODE_PROGRAMS } from "./runner-names.ts";
import { APP_CLIS, COMPRESSOR_NAMES, NAME_QUERY_PROGRAMS, OUTPUT_WRITERS, SERVICE_CLIS } from "./registry-names.ts";
import { GUARD_CLI_PROGRAMS, guardCli, guardCliScript } from "./guard-cli.ts";

import { lazy, lazyMade, once } from "./lazy-handler.ts";

// The analysers' modules, loaded when a command first needs one (lazy-handler.ts): a line that
// names none of their programs loads none of them.
const accountRemovals = (): typeof import("./account-removals.ts") => require("./account-removals.ts");
const appDatabases = (): typeof import("./app-databases.ts") => require("./app-databases.ts");
const buildOutputs = (): typeof import("./build-outputs.ts") => require("./build-outputs.ts");
const cloud = (): typeof import("./cloud.ts") => require("./cloud.ts");
const cmakeE = (): typeof import("./cmake-e.ts") => require("./cmake-e.ts");
const compressors = (): typeof import("./compressors.ts") => require("./compressors.ts");
const cloudCopies = (): typeof import("./cloud-copies.ts") => require("./cloud-copies.ts");
const ghUploads = (): typeof import("./gh-uploads.ts") => require("./gh-uploads.ts");
const commandRunners = (): typeof import("./command-runners.ts") => require("./command-runners.ts");
const containers = (): typeof import("./containers.ts") => require("./containers.ts");
const cpio = (): typeof import("./cpio.ts") => require("./cpio.ts");
const creates = (): typeof import("./creates.ts") => require("./creates.ts");
const csplit = (): typeof import("./csplit.ts") => require("./csplit.ts");
const desktopFiles = (): typeof import("./desktop-files.ts") => require("./desktop-files.ts");
const deviceWriters = (): typeof import("./device-writers.ts") => require("./device-writers.ts");
const dnsSent = (): typeof import("./dns-sent.ts") => require("./dns-sent.ts");
const editors = (): typeof import("./editors.ts") => require("./editors.ts");
const extractors = (): typeof import("./extractors.ts") => require("./extractors.ts");
const fileServers = (): typeof import("./file-servers.ts") => require("./file-servers.ts");
const fileErasers = (): typeof import("./file-erasers.ts") => require("./file-erasers.ts");
const files = (): typeof import("./files.ts") => require("./files.ts");
const findFiles = (): typeof import("./find.ts") => require("./find.ts");
const formatters = (): typeof import("./formatters.ts") => require("./formatters.ts");
const git = (): typeof import("./git.ts") => require("./git.ts");
const gpgFiles = (): typeof import("./gpg-files.ts") => require("./gpg-files.ts");
const inPlace = (): typeof import("./in-place-switch.ts") => require("./in-place-switch.ts");
const infra = (): typeof import("./infra.ts") => require("./infra.ts");
const kvStores = (): typeof import("./kv-stores.ts") => require("./kv-stores.ts");
const otherVcs = (): typeof import("./other-vcs.ts") => require("./other-vcs.ts");
const optionCode = (): typeof import("./option-code.ts") => require("./option-code.ts");
const outputOptions = (): typeof import("./output-options.ts") => require("./output-options.ts");
const outputWriters = (): typeof import("./output-writers.ts") => require("./output-writers.ts");
const notebooks = (): typeof import("./notebooks.ts") => require("./notebooks.ts");
const npxPackages = (): typeof import("./npx-packages.ts") => require("./npx-packages.ts");
const packagingOutputs = (): typeof import("./packaging-outputs.ts") => require("./packaging-outputs.ts");
const patch = (): typeof import("./patch.ts") => require("./patch.ts");
const rcFileRuns = (): typeof import("./rc-file-runs.ts") => require("./rc-file-runs.ts");
const shellTextRunners = (): typeof import("./shell-text-runners.ts") => require("./shell-text-runners.ts");
const terminalKeys = (): typeof import("./terminal-keys.ts") => require("./terminal-keys.ts");
const tunnels = once((): typeof import("./tunnels.ts") => require("./tunnels.ts"));
const scriptRunners = (): typeof import("./script-runners.ts") => require("./script-runners.ts");
const packageConfig = (): typeof import("./package-config.ts") => require("./package-config.ts");
const publishes = (): typeof import("./publishes.ts") => require("./publishes.ts");
const buildPublishes = (): typeof import("./build-publishes.ts") => require("./build-publishes.ts");
const zshStartup = (): typeof import("./zsh-startup.ts") => require("./zsh-startup.ts");
const remoteCommands = once((): typeof import("./remote-commands.ts") => require("./remote-commands.ts"));
const runParts = (): typeof import("./run-parts.ts") => require("./run-parts.ts");
const runners = (): typeof import("./runners.ts") => require("./runners.ts");
const schedulers = (): typeof import("./schedulers.ts") => require("./schedulers.ts");
const sftp = (): typeof import("./sftp.ts") => require("./sftp.ts");
const sshFiles = once((): typeof import("./ssh-files.ts") => require("./ssh-files.ts"));
const serviceDeletes = (): typeof import("./service-deletes.ts") => require("./service-deletes.ts");
const shells = (): typeof import("./shells.ts") => require("./shells.ts");
const sqlClients = (): typeof import("./sql-clients.ts") => require("./sql-clients.ts");
const stdinCode = (): typeof import("./stdin-code.ts") => require("./stdin-code.ts");
const storeClis = (): typeof import("./store-clis.ts") => require("./store-clis.ts");
const toolOutputs = (): typeof import("./tool-outputs.ts") => require("./tool-outputs.ts");
const tar = (): typeof import("./tar.ts") => require("./tar.ts");
const traps = (): typeof import("./traps.ts") => require("./traps.ts");
const xargs = (): typeof import("./xargs.ts") => require("./xargs.ts");
const windowsPrograms = (): typeof import("./windows-programs.ts") => require("./windows-programs.ts");

/** Every handler's ops, in order. */
const all = (...handlers: Handler[]): Handler => (inv) => handlers.flatMap((h) => h(inv));

// pvcreate overwrites a device's label, lvreduce cuts a volume's end off; mkdosfs, mkntfs,
// mkexfatfs and mkreiserfs are mkfs by other names (red team 16).
const DISK_TOOLS = ["mkfs", "mke2fs", "mkswap", "wipefs", "fdisk", "sfdisk", "cfdisk", "gdisk", "sgdisk", "parted", "blkdiscard", "lvremove", "vgremove", "pvremove", "pvcreate", "lvreduce", "zpool", "diskutil", "newfs", "mkdosfs", "mkntfs", "mkexfatfs", "mkreiserfs"];

/** ssh: ProxyCommand and friends, the remote command, the files it reads, remote forwards (tunnels.ts). */
const ssh: Handler = (inv) => [...commandString(inv), ...remoteCommands().sshRemoteOps(inv.args, inv.ctx), ...sshFiles().sshFiles(inv), ...(inv.args.some((a) => /^-[a-zA-Z]*[Ro]/.test(a.value) || a.dynamic) ? tunnels().sshForwards(inv.args) : [])];

/** `[name, handler]` for each of `names`. */
const named = (names: readonly string[], handler: Handler) => names.map((n) => [n, handler] as const);

/** Every program the effect analysis knows, by the name `programName` gives it. */
export const PROGRAMS = new Map<string, Handler>([
  ...named(["rm", "unlink", "srm", "rimraf", "del", "rmtrash"], lazy(files, "remove")),
  ...named(["shred", "wipe"], lazy(files, "shred")),
  ["truncate", lazy(files, "truncate")],
  ["tee", lazy(files, "tee")],
  ["sponge", lazy(files, "sponge")],
  ["dd", lazy(files, "dd")],
  ...named(["dcfldd", "dc3dd", "sg_dd", "sgp_dd", "sgm_dd"], lazy(files, "ddVariant")),
  ["ddrescue", lazy(files, "ddrescue")],
  ...named(DISK_TOOLS, lazy(files, "diskTool")),
  // Drive, firmware and volume tools' erasing modes; scrub and fallocate's hole punching;
  // accounts removed with their homes (red team 16): device-writers.ts, file-erasers.ts, account-removals.ts.
  ...(["hdparm", "nvme", "badblocks", "cryptsetup", "mdadm", "flashrom", "dmsetup", "zfs", "btrfs", "nwipe", "sg_format", "sg_sanitize", "lvresize"] as const).map((n) => [n, lazy(deviceWriters, n)] as const),
  // File-system repairs that may discard data and structural changes (red team 16's review): device-writers.ts.
  ...(["e2fsck", "fsck", "xfs_repair", "ntfsfix", "tune2fs", "resize2fs", "debugfs", "lvconvert"] as const).map((n) => [n, lazy(deviceWriters, n)] as const),
  ...named(["vgcreate", "vgextend"], lazy(deviceWriters, "vgcreate")),
  ...(["e2image", "ntfsclone", "fsarchiver"] as const).map((n) => [n, lazy(deviceWriters, n)] as const),
  ...named(["partclone.ext2", "partclone.ext3", "partclone.ext4", "partclone.extfs", "partclone.xfs", "partclone.btrfs", "partclone.ntfs", "partclone.fat", "partclone.fat12", "partclone.fat16", "partclone.fat32", "partclone.vfat", "partclone.exfat", "partclone.f2fs", "partclone.hfsplus", "partclone.dd", "partclone.imager", "partclone.restore"], lazy(deviceWriters, "partclone")),
  ...named(["fsck.ext2", "fsck.ext3", "fsck.ext4"], lazy(deviceWriters, "e2fsck")),
  ...named(["fsck.vfat", "fsck.fat", "fsck.msdos", "dosfsck"], lazy(deviceWriters, "fatfsck")),
  ["scrub", lazy(fileErasers, "scrub")],
  ["fallocate", lazy(fileErasers, "fallocate")],
  ["userdel", lazy(accountRemovals, "userdel")],
  ...named(["deluser", "delgroup"], lazy(accountRemovals, "deluser")),
  ["groupdel", lazy(accountRemovals, "groupdel")],
  ["passwd", lazy(accountRemovals, "passwd")],
  ["usermod", lazy(accountRemovals, "usermod")],
  ["chpasswd", lazy(accountRemovals, "chpasswd")],
  ...named(["mount", "bindfs", "sshfs", "mergerfs", "unionfs", "fuse-overlayfs", "squashfuse", "archivemount", "rclone-mount"], lazy(files, "mounter")),
  ...named(["chmod", "chown", "chgrp", "chattr", "setfacl"], lazy(files, "permission")),
  ...named(["mv", "cp", "install", "ln"], lazy(files, "copyMove")),
  ["link", lazy(files, "link")],
  ["rsync", lazy(files, "rsync")],
  ...named(["touch", "mkdir", "mkfifo", "mknod"], lazy(creates, "creates")),
  ["sed", lazy(creates, "sed")],
  // Extraction into a folder, judged like `tar -x -C DIR` (extractors.ts, cpio.ts).
  ["unzip", lazy(extractors, "unzip")],
  ["dpkg-deb", lazy(extractors, "dpkgDeb")],
  ...named(["7z", "7za", "7zr", "7zz"], lazy(extractors, "sevenZip")),
  ...named(["unrar", "rar"], lazy(extractors, "unrar")),
  ["cpio", lazy(cpio, "cpio")],
  ["find", lazy(findFiles, "find")],
  ["git", lazy(git, "git")],
  ...named(WRAPPER_NAMES, wrapper),
  ["env", env],
  ["xargs", lazy(xargs, "xargs")],
  ["parallel", lazy(xargs, "parallel")],
  ["eval", evalText],
  ["su", commandString],
  // ssh: ProxyCommand and friends run locally; the remote command's data-store effects count.
  // `-F FILE` the line wrote, scp's and sftp's `-S PROG` (ssh-files.ts).
  ["ssh", ssh],
  // autossh runs ssh with its words, less its own `-M PORT` (tunnels.ts).
  ["autossh", (inv) => ssh({ ...inv, name: "ssh", args: tunnels().autosshArgs(inv.args) })],
  ["ngrok", lazy(tunnels, "ngrok")],
  ["cloudflared", lazy(tunnels, "cloudflared")],
  ["tailscale", lazy(tunnels, "tailscale")],
  ...named(["lt", "localtunnel"], lazy(tunnels, "localtunnel")),
  ["bore", lazy(tunnels, "bore")],
  ["zrok", lazy(tunnels, "zrok")],
  ["devtunnel", lazy(tunnels, "devtunnel")],
  ...named(["rsh", "remsh"], (inv) => remoteCommands().rshRemoteOps(inv.args, inv.ctx)),
  // Run command text like `su -c` (red team C14): command-runners.ts.
  ["script", lazy(commandRunners, "script")],
  ["runuser", lazy(commandRunners, "runuser")],
  ["sg", lazy(commandRunners, "sg")],
  ["start-stop-daemon", lazy(commandRunners, "startStopDaemon")],
  ...named(["make", "gmake"], lazy(commandRunners, "make")),
  ...named(SHELLS, lazy(shells, "shell")),
  ...named(POWERSHELLS, lazy(shells, "powershell")),
  ["cmd", lazy(shells, "cmdExe")],
  // The interpreters; python, ruby and php also serve folders (file-servers.ts).
  // `python -m venv --clear DIR`, `-m pytest --basetemp DIR`, `-m black` (build-outputs.ts).
  ...named(["python", "pypy"], all(lazyMade(shells, (m) => m.interpreter("python")), lazy(fileServers, "pythonServer"), lazy(buildOutputs, "pythonModule"))),
  // A `data:` URL given to node's preload options is code (option-code.ts).
  ...named(["node", "nodejs"], all(lazyMade(shells, (m) => m.interpreter("node")), guardCliScript, lazy(optionCode, "nodePreloadCode"))),
  // Node with TypeScript (`tsx -e`, `ts-node -e` take node's code options: red team 13).
  ...named(["tsx", "ts-node"], lazyMade(shells, (m) => m.interpreter("node"))),
  // IPython's code: `-c`, a script, a notebook (notebooks.ts).
  ...named(["ipython", "ipython3"], lazy(notebooks, "ipython")),
  ["deno", all(lazyMade(shells, (m) => m.interpreter("node")), guardCliScript, lazy(buildPublishes, "denoPublish"))],
  // `bun pm cache rm` empties the cache folder its environment names (build-outputs.ts).
  ["bun", all(lazyMade(shells, (m) => m.interpreter("node")), guardCliScript, lazy(buildOutputs, "bunCache"), bunRunner, lazy(publishes, "packagePublish"))],
  // `-i` edits the file operands in place (in-place-switch.ts).
  ["perl", all(lazyMade(shells, (m) => m.interpreter("perl")), lazy(inPlace, "inPlaceSwitch"), lazy(optionCode, "perlModuleCode"))],
  ["ruby", all(lazyMade(shells, (m) => m.interpreter("ruby")), lazy(fileServers, "rubyServer"), lazy(inPlace, "inPlaceSwitch"))],
  ["php", all(lazyMade(shells, (m) => m.interpreter("php")), lazy(fileServers, "phpServer"))],
  // Interpreters of languages the guard does not read, fed code on stdin (stdin-code.ts).
  ...named(STDIN_CODE_PROGRAMS, lazy(stdinCode, "stdinCode")),
  // Static file servers send the folder they serve (ASK_DATA_EGRESS): file-servers.ts.
  ["http-server", lazy(fileServers, "httpServer")],
  ["serve", lazy(fileServers, "serve")],
  ["httpd", lazy(fileServers, "httpd")],
  ...named(["curl", "wget", "http", "https", "xh"], fetcher),
  ["aria2c", aria2c],
  ...named(["nc", "ncat", "netcat", "socat"], socket),
  ...named(NAME_QUERY_PROGRAMS, lazy(dnsSent, "nameQuery")),
  ["scp", all(commandString, lazy(sshFiles, "sshFiles"))],
  ["sftp", all(lazy(sftp, "sftp"), lazy(sshFiles, "sshFiles"))],
  ["lftp", lazy(sftp, "lftp")],
  ...named(["at", "batch"], lazy(schedulers, "atJob")),
  ["crontab", lazy(schedulers, "crontab")],
  ...named(["systemctl", "launchctl", "loginctl"], lazy(schedulers, "serviceManager")),
  ...named(["mail", "mailx", "sendmail", "mutt"], pipedToPeer),
  // libarchive's bsdtar (macOS's tar) reads tar's options.
  ...named(["tar", "bsdtar"], lazy(tar, "tar")),
  // Options and operands that name a written file (output-options.ts).
  ["iconv", lazy(outputOptions, "iconv")],
  ["openssl", lazy(outputOptions, "openssl")],
  // Compilers, linkers and binutils (tool-outputs.ts); csplit's pieces (csplit.ts).
  ...named(["gcc", "cc", "c++", "g++", "clang", "clang++", "tcc", "zig-cc", "c89", "c99"], lazy(toolOutputs, "cc")),
  ...named(["ld", "ld.lld", "ld.gold", "ld.bfd", "lld", "gold"], lazy(toolOutputs, "ld")),
  ["rustc", lazy(toolOutputs, "rustc")],
  ["cpp", lazy(toolOutputs, "cpp")],
  ["as", lazy(toolOutputs, "gnuAs")],
  ["nasm", lazy(toolOutputs, "nasm")],
  ["strip", lazy(toolOutputs, "strip")],
  ["objcopy", lazy(toolOutputs, "objcopy")],
  ["ar", lazy(toolOutputs, "ar")],
  ["ranlib", lazy(toolOutputs, "ranlib")],
  ["csplit", lazy(csplit, "csplit")],
  // gpg's output, status and key files (gpg-files.ts).
  ...named(["gpg", "gpg2", "gpgv", "gpgsm"], lazy(gpgFiles, "gpg")),
  ["go", all(lazy(outputOptions, "go"), lazy(buildOutputs, "goVendor"))],
  ["uniq", lazy(outputOptions, "uniq")],
  ["xxd", lazy(outputOptions, "xxd")],
  ["uudecode", lazy(outputOptions, "uudecode")],
  ["split", lazy(outputOptions, "split")],
  // Dumps, converters, renderers and bundlers writing the file an option or operand names (output-writers.ts).
  ...named(OUTPUT_WRITERS, lazy(outputWriters, "outputWriter")),
  ["patch", lazy(patch, "patch")],
  // Compressors replace their input by its compressed copy (compressors.ts).
  ...named(COMPRESSOR_NAMES, lazy(compressors, "compressor")),
  ["security", keychain],
  ["trap", lazy(traps, "trap")],
  ["tmux", all(tmux, lazy(terminalKeys, "tmuxKeys"))],
  ["screen", lazy(terminalKeys, "screen")],
  // npm's `exec -c` text (shell-text-runners.ts) and stored settings that run code (package-config.ts).
  // What a publish uploads (publishes.ts).
  ["npm", all(lazy(shellTextRunners, "npm"), lazy(packageConfig, "packageConfig"), lazy(publishes, "packagePublish"))],
  ...named(["pnpm", "yarn"], all(lazy(packageConfig, "unmodelledPackageConfig"), lazy(publishes, "packagePublish"))),
  ["nix-shell", lazy(shellTextRunners, "nixShell")],
  ["concurrently", lazy(shellTextRunners, "concurrently")],
  ["nodemon", all(lazy(shellTextRunners, "nodemon"), lazy(scriptRunners, "nodemonScript"))],
  ["pipx", lazy(scriptRunners, "pythonScriptRunner")],
  // `uv publish` and `pdm publish` send built archives, pdm's built first (build-publishes.ts).
  ["uv", all(lazy(scriptRunners, "pythonScriptRunner"), lazy(buildPublishes, "uvPublish"))],
  ["pdm", all(lazy(scriptRunners, "pythonScriptRunner"), lazy(buildPublishes, "pdmPublish"))],
  ...named(["pm2", "forever"], lazy(scriptRunners, "nodeScriptManager")),
  ["hyperfine", lazy(shellTextRunners, "hyperfine")],
  ["entr", lazy(shellTextRunners, "entr")],
  ["direnv", lazy(shellTextRunners, "direnv")],
  ["coreutils", lazy(shellTextRunners, "coreutils")],
  ...named(["source", "."], lazy(shells, "sourceFile")),
  ["alias", lazy(shells, "alias")],
  ["hash", hashPath],
  ["enable", enable],
  ["lvm", lazy(files, "lvm")],
  ...named(["awk", "gawk", "mawk", "nawk", "busybox-awk"], lazy(runners, "awk")),
  ...named(["vim", "vi", "nvim", "ex", "view", "vimdiff", "gvim", "rvim"], lazy(editors, "vim")),
  ["ed", lazy(editors, "ed")],
  ["emacs", lazy(runners, "emacs")],
  ["rg", lazy(runners, "rg")],
  ...named(["fd", "fdfind"], lazy(runners, "fd")),
  ["sort", lazy(runners, "sort")],
  ["zip", lazy(runners, "zip")],
  ["man", lazy(runners, "man")],
  ...named(["less", "more", "most"], lazy(runners, "pager")),
  // Databases and key-value stores (ASK_DATA_STORE_DESTROY): sql-clients.ts, kv-stores.ts.
  ["sqlite3", lazy(sqlClients, "sqlite")],
  ["duckdb", lazy(sqlClients, "duckdb")],
  ["psql", lazy(sqlClients, "psql")],
  ...named(["mysql", "mariadb"], lazy(sqlClients, "mysql")),
  ["clickhouse-client", lazy(sqlClients, "clickhouseClient")],
  ["clickhouse", lazy(sqlClients, "clickhouse")],
  ...named(["dropdb", "dropuser", "pg_dropcluster"], lazy(sqlClients, "dropProgram")),
  ...named(["mysqladmin", "mariadb-admin"], lazy(sqlClients, "mysqladmin")),
  ["pg_restore", lazy(sqlClients, "pgRestore")],
  ...named(["redis-cli", "valkey-cli", "keydb-cli"], lazy(kvStores, "redisCli")),
  ...named(["mongosh", "mongo"], lazy(kvStores, "mongoShell")),
  ["cqlsh", lazy(sqlClients, "cqlsh")],
  ["etcdctl", lazy(storeClis, "etcdctl")],
  ["consul", lazy(storeClis, "consul")],
  ["vault", lazy(storeClis, "vault")],
  ["influx", lazy(storeClis, "influx")],
  ...named(["mongorestore", "mongoimport"], lazy(storeClis, "mongorestore")),
  ...named(["kafka-topics", "kafka-topics.sh"], lazy(storeClis, "kafkaTopics")),
  ...named(["kafka-delete-records", "kafka-delete-records.sh"], lazy(storeClis, "kafkaDeleteRecords")),
  // Application frameworks' database tasks (ASK_DATA_STORE_DESTROY): app-databases.ts.
  ...named(APP_CLIS, lazy(appDatabases, "appCli")),
  // `rails runner FILE|CODE` runs Ruby (script-runners.ts).
  ["rails", all(lazy(appDatabases, "appCli"), lazy(scriptRunners, "railsRunner"))],
  ["bundle", lazy(appDatabases, "bundle")],
  // Infrastructure (ASK_INFRA_DESTROY): infra.ts, containers.ts, cloud.ts.
  ...named(["terraform", "tofu", "terragrunt"], lazy(infra, "terraform")),
  ...named(["pulumi", "cdk"], lazy(infra, "stackTool")),
  ...named(["kubectl", "oc"], lazy(infra, "kubectl")),
  ["helm", lazy(infra, "helm")],
  ...named(["docker", "podman", "nerdctl"], all(lazy(containers, "docker"), lazy(buildOutputs, "dockerOutput"))),
  ...named(["docker-compose", "podman-compose"], lazy(containers, "compose")),
  ["aws", lazy(cloud, "aws")],
  ["gcloud", lazy(cloud, "gcloud")],
  ["gsutil", lazy(cloud, "gsutil")],
  ["az", lazy(cloud, "az")],
  // Output folders emptied before a build writes them (build-outputs.ts); cmake -E (cmake-e.ts).
  ["cargo", all(lazy(buildOutputs, "cargo"), lazy(publishes, "cargoPublish"))],
  // Publishes that build first, or send what a build left (build-publishes.ts).
  ["poetry", lazy(buildPublishes, "poetryPublish")],
  ["flit", lazy(buildPublishes, "flitPublish")],
  ["hatch", lazy(buildPublishes, "hatchPublish")],
  ...named(["vsce", "ovsx"], lazy(buildPublishes, "vscePublish")),
  ...named(["mvn", "mvnw", "mvnd"], lazy(buildPublishes, "mavenDeploy")),
  ...named(["gradle", "gradlew"], lazy(buildPublishes, "gradlePublish")),
  ["virtualenv", lazy(buildOutputs, "virtualenv")],
  ...named(["pytest", "py.test"], all(lazy(buildOutputs, "pytest"), lazy(notebooks, "notebookRuns"))),
  ["vite", lazy(buildOutputs, "vite")],
  ["mkdocs", lazy(buildOutputs, "mkdocs")],
  ["hugo", lazy(buildOutputs, "hugo")],
  ["jekyll", lazy(buildOutputs, "jekyll")],
  ["tsup", lazy(buildOutputs, "tsup")],
  ["cmake", lazy(cmakeE, "cmake")],
  ["ctest", lazy(cmakeE, "ctest")],
  // Formatters and fixing linters edit their operands in place (formatters.ts).
  ...named(["rustfmt", "prettier", "black", "ruff", "clang-format", "eslint", "gofmt", "goimports", "shfmt", "yq", "isort", "autopep8", "yapf"], lazy(formatters, "formatter")),
  // npm packages that delete or copy (npx-packages.ts).
  ...named(["del-cli", "trash", "trash-cli"], lazy(npxPackages, "deleter")),
  ["gio", lazy(desktopFiles, "gio")],
  // Notebooks executed (notebooks.ts); jupytext's commands and output too.
  ...named(["jupytext", "jupyter", "jupyter-nbconvert", "jupyter-execute", "papermill", "quarto", "treon"], lazy(notebooks, "notebookRuns")),
  // run-parts DIR runs each file in DIR (run-parts.ts).
  ["run-parts", lazy(runParts, "runParts")],
  ...named(["trash-empty", "trash-rm"], lazy(desktopFiles, "trashEmpty")),
  ...named(["cpy", "cpy-cli", "ncp", "copyfiles", "cpx"], lazy(npxPackages, "copier")),
  ["degit", lazy(npxPackages, "degit")],
  ["rclone", lazy(cloudCopies, "rclone")],
  ["azcopy", lazy(cloudCopies, "azcopy")],
  // gh's uploads (gh-uploads.ts) and deletes (`repo delete`, `api -X DELETE`: service-deletes.ts).
  ["gh", all(lazy(ghUploads, "gh"), lazy(serviceDeletes, "gh"))],
  // Hosting, cloud and VM CLIs' deletes (ASK_INFRA_DESTROY): service-deletes.ts.
  ...named(SERVICE_CLIS, lazy(serviceDeletes, "serviceCli")),
  // Windows programs and cmdlets: persistence, destroyed backups, ownership and ACLs, registry
  // deletes, and the Linux command wsl runs (windows-programs.ts).
  ["schtasks", lazy(windowsPrograms, "schtasks")],
  ["reg", lazy(windowsPrograms, "reg")],
  ["sc", lazy(windowsPrograms, "sc")],
  ...named(["register-scheduledtask", "set-scheduledtask", "start-scheduledtask", "new-service"], lazy(windowsPrograms, "persistingCmdlet")),
  ...named(["new-itemproperty", "set-itemproperty"], lazy(windowsPrograms, "itemProperty")),
  ["set-item", lazy(windowsPrograms, "setItem")],
  [SYNTHETIC.registryKey, lazy(windowsPrograms, "newRegistryKey")],
  ...named(["remove-itemproperty", "clear-itemproperty", "rename-itemproperty", "move-itemproperty", "copy-itemproperty"], lazy(windowsPrograms, "itemPropertyChange")),
  ...named(["set-wmiinstance", "new-ciminstance", "set-ciminstance"], lazy(windowsPrograms, "wmiInstance")),
  ...named(["invoke-wmimethod", "invoke-cimmethod"], lazy(windowsPrograms, "wmiMethod")),
  ["mofcomp", lazy(windowsPrograms, "mofcomp")],
  ["vssadmin", lazy(windowsPrograms, "vssadmin")],
  ["wmic", lazy(windowsPrograms, "wmic")],
  ...named(["remove-wmiobject", "rwmi", "remove-ciminstance", "rcim"], lazy(windowsPrograms, "removeInstance")),
  ["wbadmin", lazy(windowsPrograms, "wbadmin")],
  ["bcdedit", lazy(windowsPrograms, "bcdedit")],
  ["diskpart", lazy(windowsPrograms, "diskpart")],
  ...named(["takeown", "icacls", "cacls", "attrib"], lazy(windowsPrograms, "permissions")),
  ["wsl", lazy(windowsPrograms, "wsl")],
  // Version control systems other than git: purges, discards and working-file deletes (other-vcs.ts).
  ...named(["hg", "chg", "sl", "svn", "jj", "fossil", "bzr", "brz", "darcs", "pijul", "git-annex"], lazy(otherVcs, "otherVcs")),
  // The guard's own CLI: gc and install-hook change protected storage (guard-cli.ts).
  ...named(GUARD_CLI_PROGRAMS, guardCli),
]);

// `busybox httpd` serves a folder; other applets run as the wrapped command.
PROGRAMS.set("busybox", lazy(fileServers, "busybox"));
// `npx -c TEXT` (`--call`) runs TEXT through a shell besides any package command (shell-text-runners.ts).
const npxCalls = lazy(shellTextRunners, "npxCalls");
PROGRAMS.set("npx", all(wrapper, (inv) => (inv.args.some((a) => /^(?:-c|--call)/.test(a.value)) ? npxCalls(inv) : [])));
// An interactive bash runs its `--rcfile` first (rc-file-runs.ts).
PROGRAMS.set("bash", all(lazy(shells, "shell"), lazy(rcFileRuns, "rcFile")));
// zsh runs $ZDOTDIR/.zshenv at every start, and more when interactive or a login (zsh-startup.ts).
PROGRAMS.set("zsh", all(lazy(shells, "shell"), lazy(zshStartup, "zshStartup")));
// supabase: its database tasks (app-databases.ts) and its deletes (service-deletes.ts).
PROGRAMS.set("supabase", all(lazy(appDatabases, "appCli"), lazy(serviceDeletes, "serviceCli")));
// The files and folders build, packaging and image tools write (packaging-outputs.ts): skopeo and
// jar alone, dotnet, helm, terraform, tofu and vagrant beside their own handlers.
for (const n of ["skopeo", "jar", "dotnet", "helm", "terraform", "tofu", "vagrant"]) {
  const own = PROGRAMS.get(n);
  PROGRAMS.set(n, own ? all(own, lazy(packagingOutputs, "packagingOutput")) : lazy(packagingOutputs, "packagingOutput"));
}
PROGRAMS.set(SYNTHETIC.noop, ({ name }) => [op("noop", name.slice(1))]);
PROGRAMS.set(SYNTHETIC.unknown, ({ name }) => [op("unknown", name.slice(1))]);
PROGRAMS.set(SYNTHETIC.disk, ({ name, args }) => [op("disk", name.slice(1), args)]);
PROGRAMS.set(SYNTHETIC.remote, ({ name }) => [op("remote-code", name.slice(1))]);
PROGRAMS.set(SYNTHETIC.subtree, ({ name, args }) => [{ ...op("delete", name.slice(1), args, true), subtree: true }]);

// mkfs.ext4, mkfs.vfat, …
for (const fs of ["ext2", "ext3", "ext4", "xfs", "btrfs", "vfat", "fat", "msdos", "ntfs", "exfat", "f2fs", "minix", "hfsplus", "hfs", "jfs", "reiserfs", "udf", "bcachefs", "nilfs2"]) PROGRAMS.set(`mkfs.${fs}`, lazy(files, "diskTool"));
