import { op, type Op } from "../ops.ts";
import type { Word } from "../syntax.ts";
import type { Handler } from "./context.ts";
import { DEVICE } from "./files.ts";
import { clusterValue, longValue, mayBeOption, openOption, optionWalk } from "./getopt.ts";

/** A device among `targets` erases a disk; files are overwritten (or deleted) like shred's. */
function _erased(name: string, targets: Word[], kind: "overwrite" | "delete"): Op[] {
  if (targets.length === 0) return [];
  return targets.some((t) => !t.dynamic && DEVICE.test(t.value)) ? [op("disk", name, targets)] : [op(kind, name, targets)];
}

// The long options, which getopt_long also takes abbreviated (`fallocate --punch`).
const SCRUB_LONG = ["pattern", "blocksize", "device-size", "dirent", "force", "no-signature", "no-link", "no-hwrand", "no-threads", "remove", "test-sparse", "freespace", "help", "version"];
const SCRUB_VALUED = new Set(["pattern", "blocksize", "device-size", "dirent"]);
const FALLOCATE_LONG = ["collapse-range", "dig-holes", "insert-range", "length", "keep-size", "offset", "punch-hole", "zero-range", "posix", "verbose", "help", "version"];
const FALLOCATE_VALUED = new Set(["offset", "length"]);

/**
 * scrub FILE|DEVICE: overwrites the file or device with patterns (red team 16), like shred; `-r`
 * removes the file afterwards. `-X DIR` creates DIR and fills it with files until the disk is
 * full. Options taking a value: -p, -b, -s, -D.
 */
export const scrub: Handler = ({ name, args }) => {
  let removes = false;
  let fills = false;
  const operands = optionWalk(
    args,
    (a, i) => {
      // A computed option whose rest may be any (getopt.ts openOption: `-f$X`) may be `-r`.
      removes ||= openOption(a, "pbsD");
      if (a.value.startsWith("--")) {
        const { name: long, i: end } = longValue(args, i, SCRUB_LONG, SCRUB_VALUED);
        removes ||= long === "remove";
        fills ||= long === "freespace";
        return end;
      }
      const got = clusterValue(args, i, "pbsD");
      const letters = a.value.slice(1, got ? got.at : undefined);
      removes ||= letters.includes("r");
      fills ||= letters.includes("X");
      return got?.i ?? i;
    },
    true,
  );
  // A computed word may be `-r` (getopt.ts mayBeOption).
  removes ||= operands.some(mayBeOption);
  if (fills) return operands.length ? [{ ...op("write-into", name, operands), lands: "created" }] : [];
  return _erased(name, operands, removes ? "delete" : "overwrite");
};

/**
 * fallocate: `-p`/`--punch-hole`, `-z`/`--zero-range`, `-c`/`--collapse-range` and
 * `-i`/`--insert-range` change the file's bytes in place (zeros, or data shifted away): on a
 * device that erases the disk, on a file it is an overwrite (red team 16). Plain `fallocate -l
 * SIZE FILE` only reserves space (creating the file; a device refuses it), and `-d` only turns
 * zeros into holes.
 */
export const fallocate: Handler = ({ name, args }) => {
  let changes = false;
  const operands = optionWalk(
    args,
    (a, i) => {
      // A computed option whose rest may be any (getopt.ts openOption: `-k$X`) may be `-p`.
      changes ||= openOption(a, "ol");
      if (a.value.startsWith("--")) {
        const { name: long, i: end } = longValue(args, i, FALLOCATE_LONG, FALLOCATE_VALUED);
        changes ||= /^(punch-hole|zero-range|collapse-range|insert-range)$/.test(long ?? "");
        return end;
      }
      const got = clusterValue(args, i, "ol");
      changes ||= /[pzci]/.test(a.value.slice(1, got ? got.at : undefined));
      return got?.i ?? i;
    },
    true,
  );
  // A computed word may be `-p` (getopt.ts mayBeOption).
  return changes || operands.some(mayBeOption) ? _erased(name, operands.filter((w) => !mayBeOption(w)), "overwrite") : [];
};
