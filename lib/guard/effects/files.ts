import { op, type Op } from "../ops.ts";
import { holdsNothing } from "./empty-destination.ts";
import { envValue } from "./implicit-inputs.ts";
import { literalWord, type Word } from "../syntax.ts";
import { analyzeArgv, analyzeText } from "./analyze.ts";
import { copyArgs } from "./copy-args.ts";
import type { Handler } from "./context.ts";
import { hasFlag, operands } from "./names.ts";
import { sentOps } from "./network.ts";
import { ddFiles } from "./stdin-writers.ts";
import { clusterValue, longOption, longWord, optionWalk, wordFrom } from "./getopt.ts";
import { freshOperand } from "../posix/temp-output.ts";
import { isSink } from "./sinks.ts";
import { rsyncSent } from "./sync-sent.ts";
import { rsyncShells } from "./unread-words.ts";
import { plantedOptions } from "./unseen-output.ts";

/** A device node (not the harmless character devices: /dev/null, /dev/zero, a tty, …). */
export const DEVICE = /^\/dev\/(?!null$|zero$|stdout$|stderr$|tty$|fd\/|random$|urandom$)/;

/**
 * rm, unlink, srm, rimraf: the operands are deleted (recursively with -r/-R). An operand that is
 * all of `$d` where `d=$(mktemp …)` made an entry and d holds it or nothing (`d=$(mktemp -d); …;
 * rm -rf "$d"`: posix/temp-output.ts freshOperand) is that entry: an empty d removes nothing
 * (`rm -rf ""` fails, an unquoted `$d` vanishes).
 */
export const remove: Handler = ({ name, args }) => {
  const { flags, files } = operands(args);
  if (files.length === 0 || flags.includes("--help") || flags.includes("--version")) return [];
  const recursive = name === "rimraf" || name === "del" || hasFlag(flags, "rR", ["--recursive"]);
  return [op("delete", name, files.map(_madeEntry), recursive)];
};

function _madeEntry(word: Word): Word {
  const path = word.dynamic ? freshOperand(word) : undefined;
  return path === undefined ? word : literalWord(path, true);
}

/**
 * shred: overwrites in place (and deletes with -u); a device target destroys a disk. wipe
 * overwrites and then deletes its operands unless `-k` keeps them, and `-r` recurses into
 * folders: `wipe -rf DIR` is `rm -rf DIR` (red team 16).
 */
export const shred: Handler = ({ name, args }) => {
  const wipe = name === "wipe";
  const { flags, files } = operands(args, wipe ? WIPE_VALUED : SHRED_VALUED);
  if (files.some((f) => DEVICE.test(f.value))) return [op("disk", name, files)];
  if (files.length === 0) return [];
  if (!wipe) return [op(hasFlag(flags, "u", ["--remove"]) ? "delete" : "overwrite", name, files)];
  // wipe's short options only; a cluster stops at a letter that takes a value. `-k` keeps the
  // names, but a tree's data is gone all the same: judged as its delete.
  const letters = flags.map((f) => f.slice(1).replace(/[QRSMlox].*$/, "")).join("");
  const recursive = letters.includes("r");
  return [op(letters.includes("k") && !recursive ? "overwrite" : "delete", name, files, recursive)];
};
const SHRED_VALUED = new Set(["-n", "-s"]);
// wipe's options that take a value as the next word (`-Q 4`, `-l 1k`).
const WIPE_VALUED = new Set(["-Q", "-R", "-S", "-M", "-l", "-o", "-x"]);

export const truncate: Handler = ({ name, args }) => {
  const { files } = operands(args, new Set(["-s", "-r", "--size", "--reference", "-o"]));
  return files.length ? [op("overwrite", name, files)] : [];
};

/** sponge (moreutils) writes its stdin to its one file operand once stdin ends (appends with -a). */
export const sponge: Handler = ({ name, args }) => {
  const { flags, files } = operands(args);
  const file = files[0];
  if (!file || (!file.dynamic && isSink(file.value))) return [];
  return [op(hasFlag(flags, "a", []) ? "write-into" : "overwrite", name, [file])];
};

/** tee writes every operand (appends with -a). */
export const tee: Handler = ({ name, args }) => {
  const { flags, files: all } = operands(args);
  const files = all.filter((f) => f.dynamic || !isSink(f.value));
  const kind = hasFlag(flags, "a", ["--append"]) ? "write-into" : "overwrite";
  return files.length ? [op(kind, name, files)] : [];
};

/**
 * dd: the last `of=` names the written file or device. A file lands like a redirection's (red
 * team 12): what the line wrote there before is unknown after it (`dd if=x of=s.sh
 * conv=notrunc` over a written script), unless dd wrote text the guard read (script-writers.ts).
 */
export const dd: Handler = ({ name, args }) => {
  const target = ddFiles(args).output;
  // An unknown word whose key is unknown too (`dd $ARGS`, `dd "$(cat opts)"`, `xargs dd`) may be
  // `of=/dev/sda`; one before the last literal `of=` is overridden by it.
  const lastOf = args.findLastIndex((w) => !w.dynamic && w.value.startsWith("of="));
  if (args.some((w, i) => i > lastOf && w.dynamic && !/^[a-z]+=/.test(w.value))) return [op("unknown", name)];
  if (!target) return [];
  if (target.dynamic) return [op("unknown", name)];
  return [_ddOutput(name, target)];
};

/** A file dd (or a cousin) writes: a device is a disk rewritten, a file is created or replaced. */
const _ddOutput = (name: string, w: Word): Op => (DEVICE.test(w.value) ? op("disk", name, [w]) : { ...op("overwrite", name, [w]), lands: "created" });

/**
 * dd's forensic and SCSI cousins (dcfldd, dc3dd, sg_dd and its siblings) write to every output
 * operand, not only the last: `of=`, dc3dd's `hof=`, `ofs=`, `hofs=`, sg_dd's `of2=`, and the log
 * files: dcfldd's `hashlog=`, `errlog=`, `md5log=` (and the other hashes'), dc3dd's `log=`,
 * `hlog=`, `mlog=`. dcfldd's `of:=COMMAND` (and `hashlog:=`, …) runs COMMAND: unknown. An unknown
 * word whose key is unknown too may be one of them.
 */
export const ddVariant: Handler = ({ name, args }) => {
  if (args.some((w) => (w.dynamic && !/^[a-z0-9]+=/.test(w.value)) || /^[a-z0-9]+:=/.test(w.value))) return [op("unknown", name)];
  const outputs = args.filter((w) => DD_VARIANT_OUTPUT.test(w.value)).map((w) => wordFrom(w, w.value.indexOf("=") + 1));
  if (outputs.some((w) => w.dynamic)) return [op("unknown", name)];
  // /dev/null and the other sinks keep nothing (`of=/dev/null of2=/dev/sda`).
  return outputs.filter((w) => !isSink(w.value)).map((w) => _ddOutput(name, w));
};
const DD_VARIANT_OUTPUT = /^(h?ofs?|of2|(hash|md5|sha1|sha256|sha384|sha512|err)log|[hm]?log)=/;

// GNU ddrescue's long options (its parser takes a unique prefix) and those that take a value
// (`-r 3`, `--retry-passes 3`), its short options that take one, and the options whose value is a
// file it writes (a log).
const DDRESCUE_LONG = [
  "ask", "binary-prefixes", "cluster-size", "command-mode", "complete-only", "cpass", "data-preview", "delay-slow", "domain-mapfile",
  "estimated-size", "exit-on-error", "extend-outfile", "fill-mode", "force", "generate-mode", "help", "idirect", "ignore-write-errors",
  "input-position", "log-events", "log-rates", "log-reads", "loose-domain", "mapfile-interval", "max-bad-areas", "max-error-rate",
  "max-read-errors", "max-read-rate", "max-slow-reads", "min-read-rate", "no-scrape", "no-trim", "odirect", "output-position",
  "pause-on-error", "pause-on-pass", "preallocate", "quiet", "remap", "reopen-on-error", "reset-slow", "retrim", "retry-passes", "reverse",
  "same-file", "sector-size", "size", "skip-size", "sparse", "synchronous", "test-mode", "timeout", "truncate", "try-again",
  "unidirectional", "verbose", "verify-input-size", "verify-on-error", "version",
];
const DDRESCUE_VALUED = new Set([
  "cluster-size", "cpass", "delay-slow", "domain-mapfile", "estimated-size", "extend-outfile", "fill-mode", "input-position", "log-events",
  "log-rates", "log-reads", "mapfile-interval", "max-bad-areas", "max-error-rate", "max-read-errors", "max-read-rate", "max-slow-reads",
  "min-read-rate", "output-position", "pause-on-error", "pause-on-pass", "retry-passes", "sector-size", "size", "skip-size", "test-mode", "timeout",
]);

/**
 * GNU ddrescue INFILE OUTFILE [MAPFILE]: copies onto OUTFILE (a device with `-f`) and keeps its
 * map in MAPFILE; `--log-events|--log-rates|--log-reads FILE` write FILE. The options that take a
 * value (apart or attached) are read, so their value is no operand (`-r 3`). An operand the guard
 * cannot see is unknown.
 */
export const ddrescue: Handler = ({ name, args }) => {
  const written: Word[] = [];
  const operands = optionWalk(args, (a, i) => {
    if (a.value.startsWith("--")) {
      const { name: long, value } = longWord(a, DDRESCUE_LONG);
      if (long === undefined || !DDRESCUE_VALUED.has(long)) return i;
      const v = value ?? args[i + 1];
      if (long.startsWith("log-") && v) written.push(v);
      return value === undefined ? i + 1 : i;
    }
    return clusterValue(args, i, "abceEFHiKmorsTxZ")?.i ?? i;
  });
  if (operands.some((w) => w.dynamic) || written.some((w) => w.dynamic)) return [op("unknown", name)];
  return [...written, ...operands.slice(1)].map((w) => _ddOutput(name, w));
};

// Options and words of the disk tools that only read, list or simulate. The long ones mean that
// for every tool; a short letter only for the tools named (red team 16: `mkfs -t ext4 DEV` names
// the type, `mkfs.vfat -n BOOT` the label, `mkfs.xfs -d`/`-l` data and log options, and all of
// them were read as `--test`, `--no-act`, `--dump` and `--list`: the format was allowed).
const READ_ONLY = new Set(["--list", "--test", "--dump", "--help", "--version", "--no-act", "--noaction", "--dry-run", "--longhelp"]);
const EXT = ["-n", "-V"];
const LVM = ["-t", "-h"];
const READ_ONLY_BY_TOOL: Record<string, readonly string[]> = {
  fdisk: ["-l", "-h", "-V"],
  sfdisk: ["-l", "-d", "-J", "--json", "-s", "--show-size", "-g", "--show-geometry", "-V", "--verify", "-n", "-h", "-v", "-F", "--list-free"],
  cfdisk: ["-h", "-V"],
  gdisk: ["-l", "-h"],
  parted: ["-l", "-h", "-v", "print"],
  wipefs: ["-n", "-h", "-V"],
  mke2fs: EXT,
  "mkfs.ext2": EXT,
  "mkfs.ext3": EXT,
  "mkfs.ext4": EXT,
  "mkfs.xfs": ["-N", "-V"],
  "mkfs.ntfs": ["-n", "-V", "-h"],
  mkntfs: ["-n", "-V", "-h"],
  "mkfs.btrfs": ["-V"],
  "mkfs.exfat": ["-V", "-h"],
  mkswap: ["-V", "-h"],
  lvremove: LVM,
  vgremove: LVM,
  pvremove: LVM,
  pvcreate: LVM,
  lvreduce: LVM,
  blkdiscard: ["-h", "-V"],
  zpool: ["-n", "-h"],
  newfs: ["-N"],
};
// sgdisk runs its options in order (`sgdisk -Z -p DEV` zaps, then prints): it only reads when
// every option does, or when `-P`/`--pretend` keeps it from saving.
const SGDISK_READS = /^(-[pvOLVhi?]|--(print|verify|print-mbr|list-types|version|help|info)(=.*)?)$/;
// parted's commands (it takes a unique prefix of one: `mkl` is mklabel), and those that change
// the disk (a `print` beside them does not make the run a read).
const PARTED_COMMANDS = [
  "align-check", "check", "cp", "disk_set", "disk_toggle", "help", "mkfs", "mklabel", "mkpart", "mkpartfs", "mktable", "move", "name",
  "print", "quit", "rescue", "resize", "resizepart", "rm", "select", "set", "toggle", "type", "unit", "version",
];
const PARTED_WRITES = new Set(["mklabel", "mktable", "mkpart", "mkpartfs", "rm", "resize", "resizepart", "rescue", "move", "cp", "mkfs", "name", "set", "toggle", "disk_set", "disk_toggle", "type"]);
const DESTRUCTIVE_VERBS: Record<string, RegExp> = {
  diskutil: /^(erase|zero|random|secureErase|reformat|partitionDisk|eraseDisk|eraseVolume|deleteContainer|deleteVolume|splitPartition|mergePartitions)/i,
  // add, attach and replace write a new label over the device they take in, as mdadm --add does (session 9).
  zpool: /^(destroy|labelclear|create|split|remove|add|attach|replace)$/,
};

/** mkfs, wipefs, fdisk, …: destroy filesystems; listing and simulation modes are read-only. */
export const diskTool: Handler = ({ name, args: given }) => {
  // Report options take a value, which is not a device or volume.
  const args = given.filter((a, i) => !/^--(reportformat|config|profile)$/.test(a.value) && !/^--(reportformat|config|profile)$/.test(given[i - 1]?.value ?? ""));
  const words = args.map((a) => a.value);
  if (!words.some((w) => !w.startsWith("-")) || _onlyReads(name, words)) return [];
  const verbs = DESTRUCTIVE_VERBS[name];
  if (verbs && !words.some((w) => verbs.test(w) || (name === "diskutil" && w === "apfs" && words.some((x) => /^delete/i.test(x))))) return [];
  // wipefs without -a/-o only lists signatures.
  if (name === "wipefs" && !words.some((w) => /^-[a-zA-Z]*[ao]/.test(w) || w === "--all" || w.startsWith("--offset"))) return [];
  return [op("disk", name, args.filter((a) => !a.value.startsWith("-")))];
};

/** Whether a disk tool's words make it only read, list or simulate. */
function _onlyReads(name: string, words: string[]): boolean {
  if (name === "sgdisk") return words.some((w) => w === "-P" || w === "--pretend") || words.filter((w) => w.startsWith("-")).every((w) => SGDISK_READS.test(w));
  if (name === "parted" && words.some((w) => PARTED_WRITES.has(longOption(w, PARTED_COMMANDS) ?? ""))) return false;
  const own = READ_ONLY_BY_TOOL[name];
  return words.some((w) => READ_ONLY.has(w) || own?.includes(w));
}

// mount's options that take a value; the FUSE mounters take `-o OPTS` too.
const MOUNT_VALUED = /^(?:-[toOLUN]|--(?:types|options|test-opts|label|uuid|namespace))$/;

/**
 * mount and the FUSE mounters (bindfs, sshfs, …): a folder mounted over shows another tree from
 * then on, which the guard judges as it was before the line (red team 13: as root, `mount --bind
 * ~/victim sub && rm -rf sub/*` emptied ~/victim under RELOCATE_TREE). Unknown when given a
 * folder (or `-a`); a plain listing (`mount`, `mount -l`, `mount -t ext4`) changes nothing.
 */
export const mounter: Handler = ({ name, args }) => {
  for (let i = 0; i < args.length; i++) {
    const v = args[i]!.value;
    if (args[i]!.dynamic || v === "-a" || v === "--all" || !v.startsWith("-")) return [op("unknown", name)];
    if (MOUNT_VALUED.test(v)) i++;
  }
  return [];
};

/** lvm SUBCOMMAND …: the subcommand as its own program; `--test` changes nothing. */
export const lvm: Handler = ({ args, ctx }) => {
  const at = args.findIndex((a) => !a.value.startsWith("-"));
  if (at < 0 || args.slice(0, at).some((a) => a.value === "--test" || a.value === "-t")) return [];
  return analyzeArgv(args[at]!, [...args.slice(0, at), ...args.slice(at + 1)], ctx);
};

/** chmod/chown/chgrp: the first operand is the mode or owner unless --reference is given. */
export const permission: Handler = ({ name, args }) => {
  if (name === "chattr") return _chattr(name, args);
  const { flags, files } = operands(args);
  const targets = flags.some((f) => f.startsWith("--reference")) ? files : files.slice(1);
  return targets.length ? [op("permission", name, targets, hasFlag(flags, "R", ["--recursive"]))] : [];
};

/**
 * chattr: the modes are `+ATTRS`, `=ATTRS` and `-ATTRS`, spelled like options (`chattr -i f`
 * clears the immutable flag: red team 16, read as an option and f as the mode); an `R` in a `-`
 * word recurses, `v` and `p` take the next word. The other words are the files, judged like chmod's.
 */
function _chattr(name: string, args: Word[]): Op[] {
  // The first word that is no mode starts the files (chattr reads no options after it).
  let recursive = false;
  let i = 0;
  for (; i < args.length && !args[i]!.dynamic && /^[-+=]/.test(args[i]!.value); i++) {
    const v = args[i]!.value;
    if (!v.startsWith("-")) continue;
    recursive ||= v.includes("R");
    // `-v VERSION`, `-p PROJECT` (in a cluster too: the value is the next word).
    if (/[vp]/.test(v)) i++;
  }
  const files = args.slice(i);
  return files.length ? [op("permission", name, files, recursive)] : [];
}

/**
 * mv/cp/install/ln: the destination is overwritten; mv also moves its sources away. With
 * `-T`/`--no-target-directory` the destination is the entry itself, never a folder to copy into:
 * a folder there receives the source's entries, judged like `cp -r tree/. DEST` (red team 4:
 * `cp -rT dots ~` overwrote ~/.bashrc).
 */
/** `link FILE1 FILE2` (coreutils): `ln FILE1 FILE2`, a hard link that never replaces FILE2 (red team 9). */
export const link: Handler = (inv) => copyMove({ ...inv, name: "ln", args: [literalWord("--"), ...inv.args] });

export const copyMove: Handler = (inv) => {
  // A word printed from unseen data may be `-t`, making the next word the folder the others go
  // into (`cp "$(cat o.txt)" .git/hooks x`; unseen-output.ts): judged in that reading as well.
  const readings = plantedOptions(inv.args, inv.ctx).filter((i) => i + 1 < inv.args.length).map((i) => inv.args.with(i, literalWord("-t")));
  return [inv.args, ...readings].flatMap((args) => _copyMove({ ...inv, args }));
};

const _copyMove: Handler = ({ name, args }) => {
  const { flags, files, target: named } = copyArgs(name, args);
  const noTarget = hasFlag(flags, "T", ["--no-target-directory"]);
  // `ln TARGET` links TARGET into the working directory under its own name (`ln -sf /x/.bashrc`
  // run in HOME replaces ~/.bashrc): `ln TARGET .`.
  const target = named ?? (name === "ln" && files.length === 1 && !noTarget ? literalWord(".") : undefined);
  const sources = target ? files : files.slice(0, -1);
  const dest = target ?? files.at(-1);
  if (!dest || sources.length === 0) return [];
  const ops: Op[] = [];
  // ln makes symlinks, and cp copies a symlink as a symlink when it preserves links or recurses.
  const links = name === "ln" || (name === "cp" && hasFlag(flags, "saRrdP", ["--archive", "--recursive", "--no-dereference", "--symbolic-link", "--preserve"]));
  const lands = name === "mv" ? "moved" : links ? "linked" : "created";
  if (name === "mv") ops.push({ ...op("move", name, sources, true), dest });
  // A hard link (ln without -s, cp -l) gives each source a second name: a later write through it
  // changes the source itself, so the sources are judged as written into: protected storage is
  // refused, a startup file asked (red team 9 C9: `ln .git/config gc`, then an edit of gc set
  // core.fsmonitor).
  const hard = (name === "ln" && !hasFlag(flags, "s", ["--symbolic"])) || (name === "cp" && hasFlag(flags, "l", ["--link"]));
  if (hard) ops.push(op("write-into", name, sources));
  const noClobber = hasFlag(flags, "n", ["--no-clobber", "--update"]);
  // ln without -f refuses to replace: it only creates inside the destination's directory.
  if (name === "ln" && !hasFlag(flags, "f", ["--force"])) return [...ops, { ...op("write-into", name, [dest]), lands }];
  // A recursive copy merges trees, and a source the guard cannot name may be anything: either may
  // replace existing entries of the destination folder that no source names (policy-replaces.ts).
  const recursive = name === "cp" && hasFlag(flags, "aRr", ["--archive", "--recursive"]);
  if (noTarget && !target) {
    // The destination is judged itself (no source names inside it); a tree written onto a folder
    // (cp -r, mv onto an empty one) replaces its entries.
    const replaces = recursive || name === "mv" || sources.some((s) => s.dynamic);
    return [...ops, { ...op(noClobber ? "write-into" : "overwrite", name, [dest]), lands, ...(replaces && { replaces }) }];
  }
  const replaces = recursive || sources.some((s) => s.dynamic);
  ops.push({ ...op(noClobber ? "write-into" : "overwrite", name, [dest]), lands, sources, ...(replaces && { replaces }) });
  return ops;
};

// rsync's options whose value is the next word; a `host:path` (or `host::module`) operand; a run
// that only lists (`-n`, `--dry-run`, `--list-only`). agent-folders.ts reads rsync's line by them too.
export const RSYNC_VALUED: ReadonlySet<string> = new Set(["-e", "--rsh", "--exclude", "--include", "--filter", "-f"]);
export const RSYNC_REMOTE = /^[^/]*:/;
export const rsyncListsOnly = (flags: string[]): boolean => flags.some((f) => f === "--dry-run" || f === "--list-only" || /^-[a-zA-Z]*n/.test(f));

/** rsync --delete removes files in the destination that the source lacks. */
export const rsync: Handler = (inv) => {
  const { name, args, ctx } = inv;
  const { flags, files } = operands(args, RSYNC_VALUED);
  const ops: Op[] = [];
  // -e/--rsh names the remote shell command, which runs locally (unread-words.ts reads them);
  // without one, RSYNC_RSH's, for a `host:path` operand; RSYNC_CONNECT_PROG is run (`sh -c`) to
  // reach a daemon, `host::module` or `rsync://host/` (session 13 reread).
  const shells = rsyncShells(args).map((s) => (s.command.dynamic ? null : s.command.value));
  const far = files.filter((f) => RSYNC_REMOTE.test(f.value));
  if (far.length > 0 && shells.length === 0) {
    const rsh = envValue(inv, "RSYNC_RSH", true);
    if (rsh !== undefined) shells.push(rsh);
  }
  if (far.some((f) => /^[^/]*::|^rsync:\/\//i.test(f.value))) {
    const connect = envValue(inv, "RSYNC_CONNECT_PROG", true);
    if (connect !== undefined) shells.push(connect);
  }
  for (const rsh of shells) ops.push(...(rsh === null ? [op("unknown", name)] : analyzeText(rsh, "posix", ctx)));
  const dest = files.at(-1);
  if (rsyncListsOnly(flags)) return ops;
  // --remove-source-files removes each local source file once it is sent (s14 red team: `rsync -a
  // --remove-source-files src/ host:x/` emptied src under ALLOW): the local sources move to a
  // local destination, as mv's do; sent to another host they are deleted here.
  const moved = flags.includes("--remove-source-files") ? files.slice(0, -1).filter((f) => !RSYNC_REMOTE.test(f.value)) : [];
  if (dest && files.length >= 2 && far.at(-1) === dest) {
    ops.push(...sentOps(name, rsyncSent(args, ctx)));
    return moved.length ? [...ops, op("delete", name, moved, true)] : ops;
  }
  if (!dest || files.length < 2) return ops;
  if (moved.length) ops.push({ ...op("move", name, moved, true), dest });
  // rsync accepts unambiguous abbreviations: `--del` is --delete-during, `--delete-b` …
  // A word printed from unseen data may be `--delete` (`rsync -a "$(cat o.txt)" src/ ./`; unseen-output.ts).
  const deleting = plantedOptions(args, ctx).length > 0 || flags.some((f) => /^--del(e(t(e.*)?)?)?(=|$)/.test(f) || f.startsWith("--delete"));
  // rsync replaces the entry at each name it writes (a link there too: the link goes, not what
  // it points to), as cp does: a named source lands under its name inside a destination folder,
  // or on the destination itself (red team 5 L2). A source's contents (`src/`) are a tree the
  // guard does not list, written into the folder.
  const sources = files.slice(0, -1);
  const kind = flags.includes("--ignore-existing") ? "write-into" : "overwrite";
  if (sources.some((s) => s.dynamic || s.value.endsWith("/"))) ops.push({ ...op("write-into", name, [dest]), lands: "created", replaces: true });
  else ops.push({ ...op(kind, name, [dest]), lands: "created", sources, replaces: true });
  // --delete into a folder that holds nothing removes nothing.
  if (deleting && !holdsNothing(dest, ctx)) ops.push({ ...op("delete", name, [dest], true), subtree: true });
  return ops;
};

