import { op, type Op } from "../ops.ts";
import { literalWord, unknownWord, type Word } from "../syntax.ts";
import type { Handler, Invocation } from "./context.ts";
import { clusterValue, computedRest, longOption, longValue, longWord, mayBeOption, openOption, optionWalk, wordFrom } from "./getopt.ts";
import { envValue } from "./implicit-inputs.ts";
import { cliLine } from "./infra-args.ts";
import { programName } from "./names.ts";
import { createdFiles, realOutput } from "./sinks.ts";
import { stdinOf } from "./stdin.ts";

/**
 * Drive, firmware and volume tools whose destructive modes erase or rewrite a device or destroy a
 * filesystem (BLOCK_DISK_DESTROY, like `blkdiscard`, `sgdisk --zap-all` and `zpool destroy` in
 * files.ts): `hdparm --security-erase`, `nvme format`, `badblocks -w`, `cryptsetup luksFormat`,
 * `mdadm --zero-superblock`, `flashrom -w`, `dmsetup remove_all`, `zfs destroy`, and `btrfs
 * subvolume delete PATH` (a tree delete of PATH, judged like `rm -rf PATH`). Their reading and
 * listing modes (`hdparm -I`, `nvme list`, `cryptsetup status`, `zfs list`, `badblocks` without
 * `-w`/`-n`) change nothing (red team 16). A subcommand the guard cannot see is unknown; a
 * computed word that may be an option (getopt.ts mayBeOption: `mdadm $OPTS DEV`) is read as the
 * erasing one.
 */
const disk = (inv: Invocation, args: Word[]): Op[] => [op("disk", inv.name, args.filter((a) => a.dynamic || a.value.startsWith("/dev/")))];
const unknown = (inv: Invocation): Op[] => [op("unknown", inv.name)];

// hdparm's options that erase, trim, write sectors, replace firmware or change what the drive
// shows (its own parser: exact long names). `-N p…` (a permanent max-sector change) hides data.
const HDPARM = /^--(security-erase(-enhanced)?|trim-sector-ranges(-stdin)?|write-sector|make-bad-sector|fwdownload.*|dco-restore|dco-setmax|security-set-pass)$/;

/** hdparm: the erasing and writing options above; everything else reads or tunes the drive. */
export const hdparm: Handler = (inv) => {
  for (let i = 0; i < inv.args.length; i++) {
    const a = inv.args[i]!;
    if (HDPARM.test(a.value) || mayBeOption(a) || (a.value === "-N" && /^p/.test(inv.args[i + 1]?.value ?? "")) || /^-Np/.test(a.value)) return disk(inv, inv.args);
  }
  return [];
};

// nvme-cli commands that erase, write, delete namespaces, replace firmware or pass any command on.
const NVME = new Set(["format", "sanitize", "write-zeroes", "write-uncor", "write", "dsm", "delete-ns", "detach-ns", "fw-download", "fw-commit", "fw-activate", "admin-passthru", "io-passthru", "security-send"]);

// The words of a plugin command's name (`zns reset-zone`, `sed revert`, `lnvm create`) that erase,
// write or replace what the drive holds.
const NVME_PLUGINS = new Set(["zns", "sed", "lnvm", "fdp", "ocp", "wdc", "sandisk", "intel", "solidigm", "micron", "seagate", "toshiba", "kioxia", "huawei", "netapp", "memblaze", "amzn", "virtium", "shannon", "dera", "scaleflux", "transcend", "ymtc", "nvidia", "inspur", "dapustor", "innogrit", "mangoboost", "nbft", "sfx"]);
const NVME_PLUGIN_WRITES = new Set(["reset", "format", "sanitize", "erase", "revert", "delete", "remove", "write", "append", "zero", "zeroes", "init", "initialize", "factory", "resize", "purge", "create", "download", "commit", "offline"]);

/**
 * nvme COMMAND DEVICE …: the command is the first word (`nvme format /dev/nvme0n1`). A plugin's
 * command is the second (`nvme zns reset-zone DEV`, `nvme sed revert DEV`, `nvme lnvm create`):
 * one whose name says it erases or writes is judged as `nvme format` (red team 16's leftover).
 */
export const nvme: Handler = (inv) => {
  const [sub, second] = inv.args;
  if (!sub) return [];
  if (sub.dynamic) return unknown(inv);
  if (inv.args.some((a) => a.value === "--help" || a.value === "-h")) return [];
  if (NVME.has(sub.value)) return disk(inv, inv.args);
  if (!second || sub.value === "help" || sub.value.startsWith("-") || /^[-/]/.test(second.value)) return [];
  // A computed word after a built-in command is its device (`nvme smart-log $DEV`).
  if (second.dynamic) return NVME_PLUGINS.has(sub.value) ? unknown(inv) : [];
  return second.value.split("-").some((w) => NVME_PLUGIN_WRITES.has(w.toLowerCase())) ? disk(inv, inv.args) : [];
};

// badblocks' options that take a value (`-b 4096`, `-b4096`).
const BADBLOCKS_VALUED = "bcdeiopt";

/**
 * badblocks DEVICE [LAST [FIRST]]: `-w` writes patterns over the device, `-n` reads, writes and
 * restores each block (an interrupted run loses data); the default scan reads. Given a file (it
 * takes one: sandbox), `-w` leaves it zeros: an overwrite. `-o FILE` writes the list of bad
 * blocks into FILE.
 */
export const badblocks: Handler = (inv) => {
  const { args } = inv;
  let writes = false;
  const output: Word[] = [];
  // A computed word with a known option start is that option (`-o$F`: an unknown list file); one
  // whose rest may be any letters (getopt.ts openOption: `-s$X`) may be `-w` and `-o FILE`.
  const operands = optionWalk(
    args,
    (a, i) => {
      const got = clusterValue(args, i, BADBLOCKS_VALUED);
      writes ||= /[wn]/.test(a.value.slice(1, got?.at));
      if (got?.letter === "o" && got.value) output.push(got.value);
      if (openOption(a, BADBLOCKS_VALUED)) {
        writes = true;
        output.push(computedRest(a));
      }
      return got?.i ?? i;
    },
    true,
  );
  writes ||= operands.some(mayBeOption);
  const ops = createdFiles(inv.name, output);
  const target = operands.find((w) => !mayBeOption(w)) ?? operands[0];
  if (!writes || !target) return ops;
  return [...ops, ...(target.dynamic || target.value.startsWith("/dev/") ? disk(inv, [target]) : [op("overwrite", inv.name, [target])])];
};

const CRYPTSETUP_VALUED = new Set(
  "--type -c --cipher -s --key-size -h --hash -d --key-file -S --key-slot --new-key-slot --header --header-backup-file -i --iter-time --pbkdf --pbkdf-memory --pbkdf-parallel --pbkdf-force-iterations -l --keyfile-size --keyfile-offset --new-keyfile-size --new-keyfile-offset -o --offset -p --skip --label --subsystem --uuid --sector-size --integrity --token-id --token-type --luks2-metadata-size --luks2-keyslots-size --master-key-file --volume-key-file --key-description --timeout -T --tries --align-payload --device-size --size -b --debug-json --reduce-device-size --resilience --hotzone-size --keyslot-cipher --keyslot-key-size".split(" "),
);
// Actions that format the device, erase its key slots (the data then cannot be decrypted),
// rewrite its header or re-encrypt it in place (a failure midway loses the data).
const CRYPTSETUP = /^(luksformat|erase|lukserase|lukskillslot|luksremovekey|luksheaderrestore|reencrypt)$/;

/** cryptsetup ACTION …: the first operand is the action (the same letters in any case). */
export const cryptsetup: Handler = (inv) => {
  const line = cliLine(inv.args, CRYPTSETUP_VALUED);
  const action = line.operands[0];
  if (!action) return line.dynamic ? unknown(inv) : [];
  if (action.dynamic) return unknown(inv);
  if (line.options.includes("--help") || line.options.includes("--test-passphrase")) return [];
  return CRYPTSETUP.test(action.value.toLowerCase()) ? disk(inv, inv.args) : [];
};

// mdadm's long options (getopt_long takes a unique prefix of one: `--ze`, `--zero`).
const MDADM_LONG = [
  "manage", "misc", "assemble", "build", "create", "detail", "examine", "follow", "grow", "incremental", "zero-superblock", "query",
  "examine-bitmap", "auto-detect", "detail-platform", "kill-subarray", "update-subarray", "udev-rules", "offroot", "examine-badblocks",
  "dump", "restore", "monitor", "help", "help-options", "version", "verbose", "quiet", "chunk", "rounding", "level", "parity", "layout",
  "raid-disks", "raid-devices", "spare-disks", "spare-devices", "size", "auto", "assume-clean", "write-zeroes", "metadata", "bitmap",
  "bitmap-chunk", "write-behind", "write-mostly", "failfast", "nofailfast", "re-add", "homehost", "symlinks", "data-offset", "nodes",
  "home-cluster", "consistency-policy", "uuid", "super-minor", "name", "config", "scan", "force", "update", "freeze-reshape", "add",
  "add-spare", "add-journal", "remove", "fail", "set-faulty", "replace", "with", "run", "stop", "readonly", "readwrite", "no-degraded",
  "wait", "wait-clean", "action", "cluster-confirm", "brief", "no-devices", "export", "sparc2.2", "test", "prefer", "mail", "program",
  "alert", "increment", "delay", "daemonise", "daemonize", "oneshot", "pid-file", "syslog", "no-sharing", "backup-file", "invalid-backup",
  "array-size", "continue", "write-journal", "rebuild-map", "path",
];
// Those that take the next word as their value.
const MDADM_VALUED = new Set([
  "kill-subarray", "update-subarray", "dump", "restore", "chunk", "rounding", "level", "parity", "layout", "raid-disks", "raid-devices",
  "spare-disks", "spare-devices", "size", "auto", "metadata", "bitmap", "bitmap-chunk", "homehost", "symlinks", "data-offset", "nodes",
  "home-cluster", "consistency-policy", "uuid", "super-minor", "name", "config", "update", "action", "prefer", "mail", "program", "alert",
  "increment", "delay", "pid-file", "backup-file", "array-size", "write-journal", "path",
]);
// Modes and options that write array metadata over devices, add a device (whose data the
// resync replaces) or reshape an array (`--grow`: its data is laid out again in place, a shrink
// cuts its end off); `-C`, `-B`, `-K`, `-G` and (outside assemble and incremental mode, where it
// is `--auto VALUE`) `-a` in a short cluster.
const MDADM_WRITES = new Set(["zero-superblock", "create", "build", "grow", "add", "add-spare", "add-journal", "re-add", "kill-subarray", "restore"]);

/**
 * mdadm: `--zero-superblock`, `--create`, `--build`, `--grow`, `--add` (`-a` in manage mode,
 * `--add-spare`, `--re-add`), `--kill-subarray`, `--restore`; `--detail`, `--examine` and
 * `--assemble` read or start arrays.
 */
export const mdadm: Handler = (inv) => {
  const { args } = inv;
  if (args.some((a) => a.value === "--help" || a.value === "-h")) return [];
  const assembles = args.some((a) => (a.value.startsWith("--") ? /^(assemble|incremental)$/.test(longWord(a, MDADM_LONG).name ?? "") : /^-[A-Za-z]*[AI]/.test(a.value)));
  let writes = false;
  const valued = assembles ? "ZcilpmnxudzUNekab" : "ZcilpmnxudzUNek";
  const operands = optionWalk(
    args,
    (a, i) => {
      // A computed option whose rest may be any (getopt.ts openOption: `-v$X`, `--z$X`) may write.
      writes ||= openOption(a, valued);
      if (a.value.startsWith("--")) {
        const { name, i: end } = longValue(args, i, MDADM_LONG, MDADM_VALUED);
        writes ||= name !== undefined && MDADM_WRITES.has(name);
        return end;
      }
      const got = clusterValue(args, i, valued);
      writes ||= /[CBKG]/.test(a.value.slice(1, got?.at)) || (!assembles && a.value.slice(1, got?.at).includes("a"));
      return got?.i ?? i;
    },
    true,
  );
  return writes || operands.some(mayBeOption) ? disk(inv, args) : [];
};

// flashrom's long options (getopt_long: any unique prefix, `--wr`) and those that take a value;
// its short options that take one.
const FLASHROM_LONG = [
  "read", "write", "erase", "verify", "noverify", "noverify-all", "extract", "chip", "verbose", "force", "layout", "ifd", "fmap", "fmap-file",
  "image", "include", "flash-contents", "flash-name", "flash-size", "get-size", "wp-disable", "wp-enable", "wp-list", "wp-range",
  "wp-region", "wp-status", "list-supported", "list-supported-wiki", "programmer", "help", "version", "output", "progress",
];
const FLASHROM_VALUED = new Set(["read", "write", "verify", "chip", "layout", "fmap-file", "image", "include", "flash-contents", "wp-range", "wp-region", "programmer", "output"]);

/** flashrom: `-w`/`--write` and `-E`/`--erase` replace the firmware chip's contents; `-r` reads it, `-v` verifies. */
export const flashrom: Handler = (inv) => {
  const { args } = inv;
  let writes = false;
  const operands = optionWalk(
    args,
    (a, i) => {
      writes ||= openOption(a, "rwvclipo");
      if (a.value.startsWith("--")) {
        const { name, i: end } = longValue(args, i, FLASHROM_LONG, FLASHROM_VALUED);
        writes ||= name === "write" || name === "erase";
        return end;
      }
      const got = clusterValue(args, i, "rwvclipo");
      writes ||= a.value.slice(1, got?.at).includes("E") || got?.letter === "w";
      return got?.i ?? i;
    },
    true,
  );
  return writes || operands.some(mayBeOption) ? disk(inv, args) : [];
};

// dmsetup's options that take a value (`-u UUID`, `--major N`): their value is no command.
const DMSETUP_LONG = [
  "readonly", "checks", "clear", "columns", "concise", "count", "deferred", "select", "exec", "force", "gid", "help", "histogram", "inactive",
  "interval", "manglename", "major", "minor", "mode", "nameprefixes", "noflush", "noheadings", "nolockfs", "noopencount", "nosuffix",
  "notable", "udevcookie", "noudevrules", "noudevsync", "options", "precise", "programid", "raw", "readahead", "regionid", "relative",
  "retry", "rows", "separator", "setuuid", "showkeys", "sort", "table", "target", "tree", "uid", "units", "uuid", "unbuffered", "unquoted",
  "verbose", "verifyudev", "version", "yes", "addnodeonresume", "addnodeoncreate",
];
const DMSETUP_VALUED = new Set(["count", "select", "exec", "gid", "interval", "manglename", "major", "minor", "mode", "udevcookie", "options", "programid", "readahead", "regionid", "separator", "sort", "table", "target", "uid", "units", "uuid"]);

/**
 * dmsetup: `remove_all` drops every device mapping, `wipe_table` replaces one's table by an error
 * target, and so does `remove -f`/`--force` before it removes the mapping (writes in flight are
 * lost). `message DEV SECTOR delete ID` deletes a thin volume of a pool with its data (red team
 * 16's leftover); a plain `remove` only drops the mapping, the data stays on the devices below.
 */
export const dmsetup: Handler = (inv) => {
  const { args } = inv;
  let force = false;
  const [sub, ...rest] = optionWalk(
    args,
    (a, i) => {
      force ||= openOption(a, "AGjmMoOSuU");
      if (a.value.startsWith("--")) {
        const { name, i: end } = longValue(args, i, DMSETUP_LONG, DMSETUP_VALUED);
        force ||= name === "force";
        return end;
      }
      const got = clusterValue(args, i, "AGjmMoOSuU");
      force ||= a.value.slice(1, got?.at).includes("f");
      return got?.i ?? i;
    },
    true,
  );
  if (sub?.dynamic) return unknown(inv);
  if (!sub) return [];
  if (sub.value === "remove_all" || sub.value === "wipe_table" || (sub.value === "remove" && force)) return disk(inv, args);
  if (sub.value === "message") return rest.some((w) => w.dynamic) ? unknown(inv) : rest.some((w) => /(^|\s)delete(\s|$)/.test(w.value)) ? disk(inv, args) : [];
  return [];
};

/**
 * zfs: `destroy` (a dataset, a snapshot, recursively), `rollback` (discards what was written
 * since the snapshot; `-r` destroys later snapshots) and `receive -F` (rolls back and replaces
 * the dataset). `destroy -n` is a dry run; `list`, `get`, `snapshot` pass.
 */
export const zfs: Handler = (inv) => {
  const sub = inv.args.find((a) => a.dynamic || !a.value.startsWith("-"));
  if (!sub) return [];
  if (sub.dynamic) return unknown(inv);
  const flags = inv.args.filter((a) => /^-[a-zA-Z]+$/.test(a.value)).map((a) => a.value);
  const has = (c: string) => flags.some((f) => f.includes(c));
  if (inv.args.some((a) => a.value === "--help")) return [];
  if (sub.value === "destroy") return has("n") ? [] : disk(inv, inv.args);
  if (sub.value === "rollback") return disk(inv, inv.args);
  if ((sub.value === "receive" || sub.value === "recv") && has("F")) return has("n") ? [] : disk(inv, inv.args);
  return [];
};

// btrfs's command groups (it takes an unambiguous prefix of one), check's long options
// (getopt_long: a unique prefix) and those that repair or rebuild trees, and the rescue commands
// that write nothing to the device.
const BTRFS_GROUPS = ["balance", "check", "device", "filesystem", "inspect-internal", "property", "qgroup", "quota", "receive", "replace", "rescue", "restore", "scrub", "send", "subvolume", "version", "help"];
const BTRFS_CHECK_LONG = ["super", "repair", "readonly", "init-csum-tree", "init-extent-tree", "check-data-csum", "qgroup-report", "subvol-extents", "tree-root", "chunk-root", "progress", "mode", "clear-space-cache", "clear-ino-cache", "force", "backup", "help"];
const BTRFS_CHECK_REPAIRS = /^(repair|init-csum-tree|init-extent-tree)$/;

/**
 * `btrfs subvolume delete PATH…` removes each subvolume with everything in it: judged like `rm
 * -rf PATH`. btrfs takes unambiguous prefixes of its command words (`btrfs sub del`). With
 * `-i ID` the operand is the filesystem holding the subvolume: judged as a delete of it. `btrfs
 * check --repair` (and `--init-csum-tree`, `--init-extent-tree`) rewrites the device's trees,
 * which its own manual warns may make things worse, and `btrfs rescue` (`zero-log` drops the
 * log's changes, `chunk-recover`, `super-recover`, …) rewrites it too: BLOCK_DISK_DESTROY, as
 * `e2fsck -y` and `xfs_repair -L`; a plain `btrfs check` reads.
 */
export const btrfs: Handler = (inv) => {
  const line = cliLine(inv.args, new Set(["-i", "--subvolid"]));
  const [group, verb, ...paths] = line.operands;
  if (!group) return [];
  if (group.dynamic) return unknown(inv);
  if (line.options.includes("--help")) return [];
  const g = longOption(group.value, BTRFS_GROUPS);
  if (g === "check") return line.options.some((o) => o.startsWith("--") && BTRFS_CHECK_REPAIRS.test(longOption(o.slice(2), BTRFS_CHECK_LONG) ?? "")) || inv.args.some(mayBeOption) ? disk(inv, inv.args) : [];
  if (!verb) return [];
  if (verb.dynamic) return unknown(inv);
  if (g === "rescue") return "create-control-device".startsWith(verb.value) && verb.value.length > 1 ? [] : disk(inv, inv.args);
  if (group.value.length < 2 || g !== "subvolume" || !"delete".startsWith(verb.value)) return [];
  return paths.length ? [op("delete", `${inv.name} subvolume delete`, paths, true)] : [];
};

/** nwipe wipes the disks it is given (all of them with `--autonuke`, or those picked on its screen). */
export const nwipe: Handler = (inv) => (inv.args.some((a) => /^(-h|--help|-V|--version)$/.test(a.value)) ? [] : disk(inv, inv.args));

/** sg_format `--format` low-level formats a SCSI disk; without it, it reports. */
export const sg_format: Handler = (inv) => (inv.args.some((a) => mayBeOption(a) || /^(-[a-zA-Z]*F[a-zA-Z]*|--format)$/.test(a.value)) ? disk(inv, inv.args) : []);

/** sg_sanitize with an operation (`--block`, `--crypto`, `--overwrite`, `--fail`) erases the disk. */
export const sg_sanitize: Handler = (inv) => (inv.args.some((a) => mayBeOption(a) || /^(-[a-zA-Z]*[BCOF][a-zA-Z]*|--(block|crypto|overwrite|fail))$/.test(a.value)) ? disk(inv, inv.args) : []);

/**
 * Whether what a command reads on stdin may answer its questions with one `yes` matches (session
 * 9: `yes | lvresize -L 10G vg/lv`, `yes | fsck.vfat DEV`): `yes` piped in (its `y` or the words it
 * repeats), text whose first line matches, or input the guard cannot read; `< /dev/null` answers
 * nothing (end of input).
 */
function _answers(inv: Invocation, yes: RegExp): boolean {
  const cmd = inv.cmd;
  const redirected = cmd?.redirects.some((r) => r.heredoc || r.op === "<" || r.op === "<<<" || (r.op === "<&" && (r.fd === "" || r.fd === "0")));
  const from = cmd?.pipeFrom;
  const head = from?.argv[0];
  if (!redirected && from && !from.group && head && !head.dynamic && programName(head) === "yes") {
    const words = from.argv.slice(1);
    return words.some((w) => w.dynamic) || yes.test(words.length ? words.map((w) => w.value).join(" ") : "y");
  }
  if (cmd?.redirects.some((r) => r.op === "<" && !r.target.dynamic && r.target.value === "/dev/null")) return false;
  const stdin = stdinOf(cmd);
  if (stdin.kind === "none") return false;
  return stdin.kind !== "text" || stdin.dynamic || yes.test(stdin.text);
}

// LVM's prompts take a `y`; dosfstools' take a letter or the number of a repair (`1) Remove dirty bit`).
const LVM_YES = /^\s*[yY]/;
const FAT_YES = /^\s*[^nN\s]/;

// lvresize's options that take a value (short ones too: `-rL-10G` is `-r -L -10G`).
const LVRESIZE_VALUED = /^--(size|extents|autobackup|stripes|stripesize|config|type|poolmetadatasize|alloc|commandprofile|profile|reportformat|driverloaded|lockopt|fs|fsmode)$/;

/**
 * lvresize with a size or extent count given as `-N` shrinks the volume: its end is cut off, as
 * lvreduce does. An absolute size (`-L 10G`) may be a shrink too, which lvresize asks about
 * first; with `-f`/`--force` or `-y`/`--yes` it does not ask, so a forced absolute size is judged
 * as the shrink it may be (red team 16's leftover), as is one whose question stdin answers
 * (`yes | lvresize -L 10G vg/lv`: LVM reads its answer from any stdin, session 9).
 */
export const lvresize: Handler = (inv) => {
  const { args } = inv;
  let shrinks = false;
  let absolute = false;
  let forced = false;
  let open = false;
  const operands = optionWalk(
    args,
    (a, i) => {
      open ||= openOption(a, "AiIlL");
      const long = /^(--[a-z-]+)(=?)/.exec(a.value);
      if (long) {
        const value = long[2] ? wordFrom(a, long[0].length) : LVRESIZE_VALUED.test(long[1]!) ? args[i + 1] : undefined;
        const sized = /^--(size|extents)$/.test(long[1]!);
        shrinks ||= sized && (value?.value.startsWith("-") ?? false);
        absolute ||= sized && value !== undefined && !/^[+-]/.test(value.value);
        forced ||= long[1] === "--force" || long[1] === "--yes";
        return !long[2] && value ? i + 1 : i;
      }
      const got = clusterValue(args, i, "AiIlL");
      const sized = got?.letter === "L" || got?.letter === "l";
      shrinks ||= sized && (got.value?.value.startsWith("-") ?? false);
      absolute ||= sized && got.value !== undefined && !/^[+-]/.test(got.value.value);
      forced ||= /[fy]/.test(a.value.slice(1, got?.at));
      return got?.i ?? i;
    },
    true,
  );
  return shrinks || open || (absolute && (forced || _answers(inv, LVM_YES))) || operands.some(mayBeOption) ? disk(inv, args) : [];
};

/**
 * A short-option walk of the file-system tools below: the letters of each cluster up to and
 * with the first that takes a value (one of `valued`), the long options' names as written (text
 * after `--`, before any `=`), and the operands. A computed word that may be an option
 * (getopt.ts mayBeOption) stays among the operands; a computed option word whose rest may be any
 * (getopt.ts openOption: `-f$X`, `--re$X`) is read, and stands among them as such a word.
 */
function _options(args: Word[], valued: string): { letters: string; longs: string[]; operands: Word[] } {
  let letters = "";
  const longs: string[] = [];
  let open = false;
  const operands = optionWalk(
    args,
    (a, i) => {
      open ||= openOption(a, valued);
      if (a.value.startsWith("--")) {
        longs.push(a.value.slice(2).split("=")[0]!);
        return i;
      }
      const got = clusterValue(args, i, valued);
      letters += a.value.slice(1, got ? got.at + 1 : undefined);
      return got?.i ?? i;
    },
    true,
  );
  if (open) operands.push(unknownWord());
  return { letters, longs, operands };
}

// A device named by its tag (`LABEL=root`, `UUID=…`), as blkid and the checkers read it.
const TAG = /^(?:LABEL|UUID|PARTUUID|PARTLABEL)=/;

/**
 * A repair or structural change of the file systems named by `operands`: on a device (or a tag,
 * a computed word, or none named: `fsck -A`) it rewrites the disk; a file named is an image the
 * tool rewrites in place (an overwrite, as `badblocks -w` of a file).
 */
function _rewrites(inv: Invocation, operands: Word[]): Op[] {
  const named = operands.filter((w) => !mayBeOption(w));
  const images = named.filter((w) => !w.dynamic && !w.value.startsWith("/dev/") && !TAG.test(w.value));
  const ops: Op[] = images.map((w) => op("overwrite", inv.name, [w]));
  return images.length === named.length && images.length > 0 ? ops : [...disk(inv, named), ...ops];
}

/**
 * e2fsck (fsck.ext2/3/4): `-y` answers yes to every repair, and a repair may clear inodes and
 * the data they held (review of red team 16); `-cc` runs `badblocks -n` over the device. `-n`
 * opens it read-only (with `-y` e2fsck refuses to run), `-p`/`-a` (preen) only makes the repairs
 * that lose nothing and stops at any other, and without them it asks at a terminal (it refuses
 * to run without one).
 */
export const e2fsck: Handler = (inv) => {
  const { letters, operands } = _options(inv.args, "bBlLCjEzMIPN");
  if (letters.includes("n")) return [];
  const repairs = letters.includes("y") || letters.split("c").length > 2 || operands.some(mayBeOption) || (!/[pa]/.test(letters) && _forcedInteractive(inv) && _answers(inv, LVM_YES));
  return repairs ? _rewrites(inv, operands) : [];
};

/**
 * e2fsck asks at a terminal only: a stdin that is none refuses interactive repairs, unless
 * E2FSCK_FORCE_INTERACTIVE is set (by the command's prefix or earlier in the line), when it reads the
 * answers piped in (`E2FSCK_FORCE_INTERACTIVE=1 yes | e2fsck DEV`).
 */
function _forcedInteractive(inv: Invocation): boolean {
  return envValue(inv, "E2FSCK_FORCE_INTERACTIVE", false) !== undefined;
}

/**
 * fsck, the front end: an option it does not know itself goes to each file system's checker,
 * so `-y` makes them repair without asking (as `e2fsck -y`); `-N` only shows what it would run,
 * and `-n` goes to the checker as its read-only mode. `-a`/`-p` pass: the checker's type is not
 * known here, and for ext file systems they preen (fsck.vfat's `-a` repairs as `-y` does).
 */
export const fsck: Handler = (inv) => {
  const { letters, operands } = _options(inv.args, "t");
  // The checker's options may also follow `--` (`fsck DEV -- -y`).
  const passed = operands.filter((w) => !w.dynamic && w.value.startsWith("-")).map((w) => w.value.slice(1));
  const all = letters + passed.join("");
  if (/[Nn]/.test(all) || inv.args.some((a) => a.value === "--help")) return [];
  // Answers piped in (`yes | fsck DEV`) repair without -a/-p: e2fsck refuses a stdin that is no
  // terminal (unless forced), but the checker's type is unknown unless `-t` names ext types only,
  // and fsck.vfat reads its answers from any stdin.
  const answered = !/[ap]/.test(all) && (!_extOnly(inv.args) || _forcedInteractive(inv)) && _answers(inv, FAT_YES);
  return all.includes("y") || operands.some(mayBeOption) || answered ? _rewrites(inv, operands.filter((w) => w.dynamic || !w.value.startsWith("-"))) : [];
};

/** Whether fsck's `-t` names only ext file systems, whose checker is e2fsck (`-t ext4`, `-text3,ext4`). */
function _extOnly(args: Word[]): boolean {
  const types: Array<Word | undefined> = [];
  optionWalk(
    args,
    (a, i) => {
      const got = a.value.startsWith("--") ? null : clusterValue(args, i, "t");
      if (got) types.push(got.value);
      else if (openOption(a, "t")) types.push(computedRest(a));
      return got?.i ?? i;
    },
    true,
  );
  return types.length > 0 && types.every((t) => t !== undefined && !t.dynamic && /^ext[234](,ext[234])*$/.test(t.value));
}

/**
 * fsck.vfat (fsck.fat, fsck.msdos, dosfsck): `-a`, `-p` and `-y` repair without asking, and
 * dosfstools' repairs truncate files and drop directory entries; `-n` only checks. Without
 * them it asks for each repair.
 */
export const fatfsck: Handler = (inv) => {
  const { letters, operands } = _options(inv.args, "cdFu");
  if (letters.includes("n") || inv.args.some((a) => a.value === "--help")) return [];
  // Without them it reads each answer from stdin, a terminal or not (`yes | fsck.vfat DEV`, session 9).
  return /[apy]/.test(letters) || operands.some(mayBeOption) || _answers(inv, FAT_YES) ? _rewrites(inv, operands) : [];
};

/**
 * xfs_repair repairs without asking (it clears what it cannot fix, moving the rest to
 * lost+found), and `-L` zeroes the log with the changes it held; `-n` only checks, `-V` prints
 * the version.
 */
export const xfs_repair: Handler = (inv) => {
  const { letters, operands } = _options(inv.args, "colmrt");
  if (/[nV]/.test(letters)) return [];
  return operands.length ? _rewrites(inv, operands) : [];
};

/**
 * ntfsfix resets the NTFS journal (with the changes it held) and marks the volume for a check;
 * `-n`/`--no-action` only shows what it would do.
 */
export const ntfsfix: Handler = (inv) => {
  const { letters, longs, operands } = _options(inv.args, "");
  if (/[nhV]/.test(letters) || longs.some((l) => /^(no-action|help|version)$/.test(longOption(l, ["no-action", "help", "version", "clear-bad-sectors", "clear-dirty"]) ?? ""))) return [];
  return operands.length ? _rewrites(inv, operands) : [];
};

/**
 * tune2fs: `-O` (features on or off: `^has_journal` drops the journal, `metadata_csum` rewrites
 * every metadata block), `-I` (inode size: rewrites the inode tables), `-j`/`-J` (adds a
 * journal), `-Q` (quota inodes), `-s` (sparse superblocks) and `-U` (a new UUID: on a
 * metadata_csum file system without csum_seed every checksum is rewritten) change the file
 * system's structure. The superblock's settings (`-L` label, `-c`, `-i`, `-m`, `-e`, `-E`, `-o`,
 * …) and `-l` (lists) change none of it.
 */
export const tune2fs: Handler = (inv) => {
  const { letters, operands } = _options(inv.args, "cegimorsuCEIJLMOTUzQ");
  return /[OIJjQsU]/.test(letters) || operands.some(mayBeOption) ? _rewrites(inv, operands) : [];
};

/**
 * resize2fs: `-M` shrinks the file system to its smallest size and `-b`/`-s` convert it to or
 * from 64-bit block numbers, moving its blocks. `-P` only prints the smallest size. A size given
 * (`resize2fs DEV 10G`) may grow or shrink it: the guard cannot tell which (as `lvresize -L
 * SIZE`), so it passes; without one the file system grows to its device.
 */
export const resize2fs: Handler = (inv) => {
  const { letters, operands } = _options(inv.args, "dSz");
  if (/[Ph]/.test(letters)) return [];
  return /[Mbs]/.test(letters) || operands.some(mayBeOption) ? _rewrites(inv, operands.slice(0, 1)) : [];
};

/**
 * debugfs `-w` opens the file system for writing: its requests (from `-R`, `-f FILE` or stdin)
 * then remove files, clear inodes and free blocks without the checks a mount makes. Without
 * `-w` it opens the file system read-only and its writing requests fail.
 */
export const debugfs: Handler = (inv) => {
  const { letters, operands } = _options(inv.args, "Rfbsdz");
  return letters.includes("w") || operands.some(mayBeOption) ? _rewrites(inv, operands.slice(0, 1)) : [];
};

/**
 * `lvconvert --merge SNAPSHOT` (`--mergesnapshot`) merges a snapshot back into its origin: what
 * was written to the origin since the snapshot is gone, as `zfs rollback` discards it. Its other
 * conversions keep the volume's data.
 */
export const lvconvert: Handler = (inv) => (inv.args.some((a) => mayBeOption(a) || a.value === "--merge" || a.value === "--mergesnapshot") ? disk(inv, inv.args) : []);

/**
 * What an imaging tool writes to `target`: a device is rewritten (BLOCK_DISK_DESTROY, as `dd
 * of=/dev/sdb`), a file is created or replaced (as dd's `of=FILE`); stdout, a descriptor and the
 * sinks keep nothing (sinks.ts realOutput), a computed name is unknown.
 */
function _imageOut(inv: Invocation, target: Word | undefined): Op[] {
  if (!target || !realOutput(target)) return [];
  if (target.dynamic) return unknown(inv);
  return target.value.startsWith("/dev/") ? disk(inv, [target]) : createdFiles(inv.name, [target]);
}

/**
 * e2image SOURCE OUTPUT writes OUTPUT (a metadata image; with `-r`/`-Q` a raw or QCOW2 one; with
 * `-ra` a copy of the file system, onto a device too); `-I` writes the metadata saved in the
 * image back over the device (SOURCE). Options taking a value: -b, -B, -o, -O.
 */
export const e2image: Handler = (inv) => {
  const { letters, operands } = _options(inv.args, "bBoO");
  if (operands.some(mayBeOption)) return unknown(inv);
  if (letters.includes("I")) return _rewrites(inv, operands.slice(0, 1));
  return _imageOut(inv, operands[1]);
};

// partclone's long options that name what it writes, and those that take a value.
const PARTCLONE_LONG = [
  "output", "overwrite", "source", "logfile", "clone", "restore", "dev-to-dev", "domain", "restore_raw_file", "dd-mode", "ncurses", "dialog", "quiet",
  "debug", "help", "version", "rescue", "check", "no_check", "force", "note", "UI-fresh", "buffer_size", "max_block_cache", "ignore_fschk",
  "ignore_crc", "offset", "offset_domain", "skip_write_error", "write-direct-io", "read-direct-io", "checksum-mode", "blocks-per-checksum",
  "no_block_detail", "compresscmd", "btfiles", "btfiles_torrent", "binary-prefix",
];
const PARTCLONE_VALUED = new Set(["output", "overwrite", "source", "logfile", "debug", "UI-fresh", "buffer_size", "max_block_cache", "offset", "offset_domain", "note", "checksum-mode", "blocks-per-checksum", "compresscmd"]);

/**
 * partclone.TYPE writes its output (`-o FILE`, `-O FILE` over an existing one; a partition when
 * it restores, `-r`, or copies device to device, `-b`) and its log (`-L FILE`): a device is
 * rewritten, a file created or replaced.
 */
export const partclone: Handler = (inv) => _imageWriter(inv, { long: PARTCLONE_LONG, valued: PARTCLONE_VALUED, writes: ["output", "overwrite", "logfile"] }, "oOsL", "oOL");

const NTFSCLONE_LONG = ["output", "overwrite", "save-image", "restore-image", "rescue", "info", "metadata", "mfd-only", "ignore-fs-check", "force", "preserve-timestamps", "no-action", "quiet", "help", "version", "new-serial", "new-half-serial", "full-logfile"];
const NTFSCLONE_VALUED = new Set(["output", "overwrite"]);

/**
 * ntfsclone SOURCE: `-O`/`--overwrite TARGET` writes over TARGET (a device too: `--restore-image
 * --overwrite /dev/sda1 IMG`), `-o`/`--output FILE` creates FILE; `--info` and `--metadata
 * --output -` print.
 */
export const ntfsclone: Handler = (inv) => _imageWriter(inv, { long: NTFSCLONE_LONG, valued: NTFSCLONE_VALUED, writes: ["output", "overwrite"] }, "oO", "oO");

/**
 * An imaging tool whose options name the files and devices it writes: the values of its long
 * options `long.writes` and of its short letters `writes` (of the letters `valued` that take a
 * value) are written (_imageOut); a computed option that may take a value, or an operand that may
 * be an option, leaves it unknown.
 */
function _imageWriter(inv: Invocation, long: { long: string[]; valued: ReadonlySet<string>; writes: string[] }, valued: string, writes: string): Op[] {
  const { args } = inv;
  const written: (Word | undefined)[] = [];
  let open = false;
  const operands = optionWalk(
    args,
    (a, i) => {
      open ||= openOption(a, valued);
      if (a.value.startsWith("--")) {
        const { name, value, i: end } = longValue(args, i, long.long, long.valued);
        if (name !== undefined && long.writes.includes(name)) written.push(value);
        return end;
      }
      const got = clusterValue(args, i, valued);
      if (got && writes.includes(got.letter)) written.push(got.value);
      return got?.i ?? i;
    },
    true,
  );
  if (open || operands.some(mayBeOption)) return unknown(inv);
  return written.flatMap((w) => _imageOut(inv, w));
}

/**
 * fsarchiver `restfs ARCHIVE id=N,dest=DEV…` makes a new file system on each dest device
 * (BLOCK_DISK_DESTROY), `savefs|savedir ARCHIVE …` writes ARCHIVE; `archinfo` and `probe` read.
 */
export const fsarchiver: Handler = (inv) => {
  const line = cliLine(inv.args, new Set(["-j", "--jobs", "-z", "--compress", "-Z", "--zstd", "-s", "--split", "-L", "--label", "-c", "--cryptpass", "-e", "--exclude"]));
  const [command, archive, ...rest] = line.operands;
  if (!command) return [];
  if (command.dynamic) return unknown(inv);
  if (command.value === "restfs") return disk(inv, rest.flatMap((w) => (w.dynamic ? [w] : [...w.value.matchAll(/dest=([^,]+)/g)].map((m) => literalWord(m[1]!)))));
  if (command.value === "savefs" || command.value === "savedir") return _imageOut(inv, archive);
  return [];
};

/**
 * vgcreate and vgextend make each device they are given a physical volume first, overwriting
 * its label as pvcreate does (a disk tool since red team 16); `-t`/`--test` only simulates. A
 * device already a physical volume loses nothing, which the guard cannot see.
 */
export const vgcreate: Handler = (inv) => {
  if (inv.args.some((a) => /^(-t|--test|-h|--help)$/.test(a.value))) return [];
  return inv.args.some((a) => a.dynamic || a.value.startsWith("/dev/")) ? disk(inv, inv.args) : [];
};
