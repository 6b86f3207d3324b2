import { op } from "../ops.ts";
import type { Word } from "../syntax.ts";
import type { Handler } from "./context.ts";
import { hasFlag, operands } from "./names.ts";

// Options whose value is the next word (so it is not an operand).
const VALUED: Record<string, string[]> = {
  touch: ["-r", "-d", "-t", "--reference", "--date"],
  mkdir: ["-m", "--mode", "--context"],
  mkfifo: ["-m", "--mode", "--context"],
  mknod: ["-m", "--mode", "--context"],
  sed: ["-e", "-f", "-l", "--expression", "--file", "--line-length"],
};

/**
 * touch, mkdir, mkfifo, mknod create (or restamp) paths: a write into their directories. Only
 * protected storage cares (a lock or journal in the quarantine must not be created or touched).
 */
export const creates: Handler = ({ name, args }) => {
  const { files } = operands(args, new Set(VALUED[name]));
  // mknod NAME TYPE [MAJOR MINOR]: only the first operand is a path.
  const paths = name === "mknod" ? files.slice(0, 1) : files;
  return paths.length ? [op("write-into", name, paths)] : [];
};

/** sed -i / --in-place edits its file operands in place; without -i it only prints. */
export const sed: Handler = ({ name, args }) => {
  const { flags, files } = operands(args, new Set(VALUED.sed));
  if (!hasFlag(flags.filter((f) => !f.startsWith("--")), "i") && !flags.some((f) => f.startsWith("--in-place"))) return [];
  // The script is the first operand unless -e/-f gave it.
  const scripted = flags.some((f) => /^-[a-zA-Z]*[ef]$|^--(expression|file)/.test(f));
  const targets: Word[] = scripted ? files : files.slice(1);
  return targets.length ? [op("write-into", name, targets)] : [];
};

/** unzip -d DIR extracts into DIR (listing and testing modes write nothing). */
export const unzip: Handler = ({ name, args }) => {
  const at = args.findIndex((a) => a.value === "-d");
  if (at < 0 || !args[at + 1] || args.some((a) => /^-[a-zA-Z]*[lvtZz]/.test(a.value))) return [];
  return [op("write-into", name, [args[at + 1]!])];
};
