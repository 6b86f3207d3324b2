import { op } from "../ops.ts";
import { unknownWord, type Word } from "../syntax.ts";
import { programFileText } from "./program-file.ts";
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
  return paths.length ? [{ ...op("write-into", name, paths), lands: "created", empty: true }] : [];
};

/**
 * sed: the script may run commands (`e`, `s///e`) or write files (`w`); -i / --in-place edits
 * the file operands in place.
 */
export const sed: Handler = (inv) => {
  const { name, args, ctx } = inv;
  const { flags, files } = operands(args, new Set(VALUED.sed));
  const scripts: Array<Word | null> = [];
  for (let i = 0; i < args.length; i++) {
    const v = args[i]!.value;
    if (v === "--") break;
    // A script file is read like an inline script (program-file.ts).
    if (v === "--file" || v.startsWith("--file=")) scripts.push(programFileText(v === "--file" ? args[++i] : { ...args[i]!, value: v.slice(7) }, inv));
    else if (v === "--expression") scripts.push(args[++i] ?? unknownWord());
    else if (v.startsWith("--expression=")) scripts.push({ ...args[i]!, value: v.slice(13) });
    else if (/^-[a-zA-Z]/.test(v)) {
      // A cluster: `-i` takes the rest as its suffix; `-e`, `-f`, `-l` take the rest or the next word.
      const at = v.slice(1).search(/[iefl]/) + 1;
      const c = at > 0 ? v[at] : undefined;
      if (c === undefined || c === "i") continue;
      const value = v.length > at + 1 ? { ...args[i]!, value: v.slice(at + 1) } : args[++i];
      if (c === "e") scripts.push(value ?? unknownWord());
      else if (c === "f") scripts.push(programFileText(value, inv));
    }
  }
  // The script is the first operand unless -e/-f gave it.
  const scripted = flags.some((f) => /^-[a-zA-Z]*[ef]|^--(expression|file)/.test(f) && !/^-[a-zA-Z]*i/.test(f));
  if (!scripted && files[0]) scripts.push(files[0]);
  // A script whose unknown parts are letters and digits is read with them placed (Word.inert).
  const ops = scripts.flatMap((s) => (s === null ? [] : !s.dynamic ? sedScriptOps(s.value, ctx) : s.inert?.value === s.value ? sedScriptOps(s.value, ctx, s.inert.at) : [op("unknown", name)]));
  if (!hasFlag(flags.filter((f) => !f.startsWith("--")), "i") && !flags.some((f) => f.startsWith("--in-place"))) return ops;
  const targets: Word[] = scripted ? files : files.slice(1);
  return targets.length ? [...ops, { ...op("overwrite", name, targets), inPlace: true }] : ops;
};
