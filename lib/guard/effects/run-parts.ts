import { basename, dirname } from "node:path";
import { op, type Op } from "../ops.ts";
import { literalWord } from "../syntax.ts";
import { analyzeArgv } from "./analyze.ts";
import type { Handler } from "./context.ts";
import { absolutePath } from "./program-path.ts";

// Options that take the next word as their value.
const VALUED = new Set(["-u", "--umask", "-a", "--arg", "--regex"]);
// Modes that only print names.
const PRINTS = new Set(["--test", "--list", "-V", "--version", "-h", "--help"]);
// The names run-parts runs by default (Debian's run-parts(8)): letters, digits, `_` and `-`.
const DEFAULT_NAME = /^[A-Za-z0-9_-]+$/;

/**
 * `run-parts DIR` runs the executable files in DIR (red team 12, confirmed with Debian's
 * run-parts 5.7): each file the line wrote there whose name run-parts takes (any name with
 * `--regex` or `--lsbsysinit`) is judged as that file run by its path, so written-runs.ts reads
 * its `#!` line and text; one another program filled there, or an extraction or a copied folder
 * reaching into it, is unknown. `--test` and `--list`
 * only print names. Files that were there before run as a script that is there does.
 */
export const runParts: Handler = ({ args, ctx }) => {
  const operands = [];
  let anyName = false;
  for (let i = 0; i < args.length; i++) {
    const v = args[i]!.value;
    if (v === "--") {
      operands.push(...args.slice(i + 1));
      break;
    }
    if (PRINTS.has(v)) return [];
    if (v === "--lsbsysinit" || v === "--regex" || v.startsWith("--regex=")) anyName = true;
    if (VALUED.has(v)) i++;
    else if (!v.startsWith("-") || v === "-") operands.push(args[i]!);
  }
  const dir = operands[0];
  const { scripts, landed } = ctx.state;
  if (!dir || (!scripts?.size && !landed?.length)) return [];
  const path = absolutePath(dir.value, ctx.state.cwd, dir.dynamic);
  if (path === null) return [op("unknown", "run-parts")];
  const folder = path.length > 1 ? path.replace(/\/+$/, "") : path;
  const taken = (file: string) => dirname(file) === folder && (anyName || DEFAULT_NAME.test(basename(file)));
  const ops: Op[] = [...(scripts?.keys() ?? [])].filter(taken).flatMap((file) => analyzeArgv(literalWord(file), [], ctx));
  // A file another program filled there, or a tree of names the guard does not know (an
  // extraction, a copied or moved folder) reaching into the folder.
  const filled = (landed ?? []).some((l) => l === null || (taken(l) && !scripts?.has(l)));
  const trees = (ctx.state.changes ?? []).some((c) => c.kind === "tree" && (c.path === null || c.path === folder || folder.startsWith(`${c.path}/`) || dirname(c.path) === folder));
  if (filled || trees) ops.push(op("unknown", "run-parts"));
  return ops;
};
