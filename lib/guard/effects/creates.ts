import { op } from "../ops.ts";
import { literalWord, unknownWord, type Word } from "../syntax.ts";
import { sedScriptOps } from "./sed-script.ts";
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
  return paths.length ? [{ ...op("write-into", name, paths), lands: "created" }] : [];
};

/**
 * sed: the script may run commands (`e`, `s///e`) or write files (`w`); -i / --in-place edits
 * the file operands in place.
 */
export const sed: Handler = ({ name, args, ctx }) => {
  const { flags, files } = operands(args, new Set(VALUED.sed));
  const scripts: Word[] = [];
  for (let i = 0; i < args.length; i++) {
    const v = args[i]!.value;
    // A script file is text the guard has not read.
    if (v === "--file" || v.startsWith("--file=") || /^-[a-zA-Z]*f/.test(v)) scripts.push(unknownWord());
    else if (v === "--expression" || /^-[a-zA-Z]*e$/.test(v)) scripts.push(args[i + 1] ?? unknownWord());
    else if (v.startsWith("--expression=")) scripts.push({ ...args[i]!, value: v.slice(13) });
  }
  // The script is the first operand unless -e/-f gave it.
  const scripted = flags.some((f) => /^-[a-zA-Z]*[ef]$|^--(expression|file)/.test(f));
  if (!scripted && files[0]) scripts.push(files[0]);
  const ops = scripts.flatMap((s) => (s.dynamic ? [op("unknown", name)] : sedScriptOps(s.value, ctx)));
  if (!hasFlag(flags.filter((f) => !f.startsWith("--")), "i") && !flags.some((f) => f.startsWith("--in-place"))) return ops;
  const targets: Word[] = scripted ? files : files.slice(1);
  return targets.length ? [...ops, { ...op("overwrite", name, targets), inPlace: true }] : ops;
};

/** unzip extracts into -d DIR or the working directory (listing and testing modes write nothing). */
export const unzip: Handler = ({ name, args }) => {
  if (args.some((a) => /^-[a-zA-Z]*[lvtZz]/.test(a.value))) return [];
  const at = args.findIndex((a) => a.value === "-d");
  return [{ ...op("write-into", name, [at >= 0 ? (args[at + 1] ?? unknownWord()) : literalWord(".")]), lands: "spread" }];
};
