import { op, type Op } from "../ops.ts";
import type { Word } from "../syntax.ts";
import type { Handler, Invocation } from "./context.ts";
import { cliLine } from "./infra-args.ts";

/**
 * Drive, firmware and volume tools whose destructive modes erase or rewrite a device or destroy a
 * filesystem (BLOCK_DISK_DESTROY, like `blkdiscard`, `sgdisk --zap-all` and `zpool destroy` in
 * files.ts): `hdparm --security-erase`, `nvme format`, `badblocks -w`, `cryptsetup luksFormat`,
 * `mdadm --zero-superblock`, `flashrom -w`, `dmsetup remove_all`, `zfs destroy`, and `btrfs
 * subvolume delete PATH` (a tree delete of PATH, judged like `rm -rf PATH`). Their reading and
 * listing modes (`hdparm -I`, `nvme list`, `cryptsetup status`, `zfs list`, `badblocks` without
 * `-w`/`-n`) change nothing (red team 16). A subcommand the guard cannot see is unknown; an
 * option it cannot see is not read (as files.ts's disk tools read theirs).
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
    if (HDPARM.test(a.value) || (a.value === "-N" && /^p/.test(inv.args[i + 1]?.value ?? "")) || /^-Np/.test(a.value)) return disk(inv, inv.args);
  }
  return [];
};

// nvme-cli commands that erase, write, delete namespaces, replace firmware or pass any command on.
const NVME = new Set(["format", "sanitize", "write-zeroes", "write-uncor", "write", "dsm", "delete-ns", "detach-ns", "fw-download", "fw-commit", "fw-activate", "admin-passthru", "io-passthru", "security-send"]);

/** nvme COMMAND DEVICE …: the command is the first word (`nvme format /dev/nvme0n1`). */
export const nvme: Handler = (inv) => {
  const sub = inv.args[0];
  if (!sub) return [];
  if (sub.dynamic) return unknown(inv);
  if (!NVME.has(sub.value) || inv.args.some((a) => a.value === "--help" || a.value === "-h")) return [];
  return disk(inv, inv.args);
};

// badblocks' options that take a value (`-b 4096`, `-b4096`).
const BADBLOCKS_VALUED = "bcdeiopt";

/**
 * badblocks DEVICE [LAST [FIRST]]: `-w` writes patterns over the device, `-n` reads, writes and
 * restores each block (an interrupted run loses data); the default scan reads. Given a file (it
 * takes one: sandbox), `-w` leaves it zeros: an overwrite.
 */
export const badblocks: Handler = (inv) => {
  let writes = false;
  const operands: Word[] = [];
  for (let i = 0; i < inv.args.length; i++) {
    const a = inv.args[i]!;
    if (a.dynamic || !/^-[^-]/.test(a.value)) {
      operands.push(a);
      continue;
    }
    for (let k = 1; k < a.value.length; k++) {
      const c = a.value[k]!;
      writes ||= c === "w" || c === "n";
      if (BADBLOCKS_VALUED.includes(c)) {
        if (k + 1 === a.value.length) i++;
        break;
      }
    }
  }
  const target = operands[0];
  if (!writes || !target) return [];
  return target.dynamic || target.value.startsWith("/dev/") ? disk(inv, [target]) : [op("overwrite", inv.name, [target])];
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

// mdadm's long options that write array metadata over devices, and their short forms; long names
// may be abbreviated (getopt_long), so a prefix of three letters or more counts.
const MDADM_LONG = ["zero-superblock", "create", "build", "add", "kill-subarray"];
// `-C`, `-B` alone or after flag letters (`-Cv`, `-vC`).
const MDADM_SHORT = /^-[vqfRsW]*[CB]/;

/** mdadm: `--zero-superblock`, `--create`, `--build`, `--add`, `--kill-subarray`; `--detail`, `--examine` and `--assemble` read or start arrays. */
export const mdadm: Handler = (inv) => {
  for (const a of inv.args) {
    const long = /^--([a-z-]{3,})(=|$)/.exec(a.value)?.[1];
    if (MDADM_SHORT.test(a.value) || (long !== undefined && MDADM_LONG.some((n) => n === long || (n.startsWith(long) && long !== "ad")))) return disk(inv, inv.args);
  }
  return [];
};

/** flashrom: `-w`/`--write` and `-E`/`--erase` replace the firmware chip's contents; `-r` reads it, `-v` verifies. */
export const flashrom: Handler = (inv) => {
  for (const a of inv.args) {
    const long = /^--([a-z]{3,})(=|$)/.exec(a.value)?.[1];
    if (/^-[VfLzhR]*[wE]/.test(a.value) || (long !== undefined && ("write".startsWith(long) || "erase".startsWith(long)))) return disk(inv, inv.args);
  }
  return [];
};

/** dmsetup: `remove_all` drops every device mapping, `wipe_table` replaces one's table by an error target. */
export const dmsetup: Handler = (inv) => {
  const sub = inv.args.find((a) => a.dynamic || !a.value.startsWith("-"));
  if (sub?.dynamic) return unknown(inv);
  return sub && (sub.value === "remove_all" || sub.value === "wipe_table") ? disk(inv, inv.args) : [];
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

/**
 * `btrfs subvolume delete PATH…` removes each subvolume with everything in it: judged like `rm
 * -rf PATH`. btrfs takes unambiguous prefixes of its command words (`btrfs sub del`). With
 * `-i ID` the operand is the filesystem holding the subvolume: judged as a delete of it.
 */
export const btrfs: Handler = (inv) => {
  const line = cliLine(inv.args, new Set(["-i", "--subvolid"]));
  const [group, verb, ...paths] = line.operands;
  if (!group || !verb) return [];
  if (group.dynamic || verb.dynamic) return unknown(inv);
  if (line.options.includes("--help")) return [];
  const g = group.value;
  if (g.length < 2 || !"subvolume".startsWith(g) || !"delete".startsWith(verb.value)) return [];
  return paths.length ? [op("delete", `${inv.name} subvolume delete`, paths, true)] : [];
};

/** nwipe wipes the disks it is given (all of them with `--autonuke`, or those picked on its screen). */
export const nwipe: Handler = (inv) => (inv.args.some((a) => /^(-h|--help|-V|--version)$/.test(a.value)) ? [] : disk(inv, inv.args));

/** sg_format `--format` low-level formats a SCSI disk; without it, it reports. */
export const sg_format: Handler = (inv) => (inv.args.some((a) => /^(-[a-zA-Z]*F[a-zA-Z]*|--format)$/.test(a.value)) ? disk(inv, inv.args) : []);

/** sg_sanitize with an operation (`--block`, `--crypto`, `--overwrite`, `--fail`) erases the disk. */
export const sg_sanitize: Handler = (inv) => (inv.args.some((a) => /^(-[a-zA-Z]*[BCOF][a-zA-Z]*|--(block|crypto|overwrite|fail))$/.test(a.value)) ? disk(inv, inv.args) : []);

/** lvresize with a size or extent count given as `-N` shrinks the volume: its end is cut off, as lvreduce does. */
export const lvresize: Handler = (inv) => {
  for (let i = 0; i < inv.args.length; i++) {
    const v = inv.args[i]!.value;
    const m = /^(?:-[Ll]|--size|--extents)(?:=)?(.*)$/s.exec(v);
    if (!m) continue;
    const value = m[1] !== "" ? m[1]! : (inv.args[i + 1]?.value ?? "");
    if (value.startsWith("-")) return disk(inv, inv.args);
  }
  return [];
};
