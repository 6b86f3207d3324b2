import { op, type Op } from "../ops.ts";
import type { Word } from "../syntax.ts";
import { analyzeArgv } from "./analyze.ts";
import type { Handler } from "./context.ts";

const EXECS = new Set(["-exec", "-execdir", "-ok", "-okdir"]);
const WRITES = new Set(["-fprint", "-fprint0", "-fprintf", "-fls"]);
// Tests and options that take a value (`-name -delete` names a file called -delete).
const VALUED = new Set(["-name", "-iname", "-path", "-ipath", "-wholename", "-iwholename", "-regex", "-iregex", "-lname", "-ilname", "-type", "-xtype", "-newer", "-anewer", "-cnewer", "-mtime", "-atime", "-ctime", "-mmin", "-amin", "-cmin", "-size", "-perm", "-user", "-group", "-uid", "-gid", "-maxdepth", "-mindepth", "-links", "-inum", "-samefile", "-used", "-printf", "-regextype", "-fstype", "-context", "-newerXY"]);

/**
 * find: `-delete` removes matches under the start points, `-exec cmd {} ;` runs a command on
 * each; the matches cannot be listed before find runs, so those targets are marked as subtrees.
 */
export const find: Handler = ({ args, ctx }) => {
  let i = 0;
  const roots: Word[] = [];
  for (; i < args.length; i++) {
    const v = args[i]!.value;
    if (!args[i]!.dynamic && (v.startsWith("-") || v === "(" || v === "!")) {
      if (v === "-H" || v === "-L" || v === "-P") continue;
      break;
    }
    roots.push(args[i]!);
  }
  if (roots.length === 0) roots.push({ value: ".", dynamic: false, glob: false, pattern: ".", quoted: false });
  const ops: Op[] = [];
  for (; i < args.length; i++) {
    const v = args[i]!.value;
    if (VALUED.has(v) || /^-newer..$/.test(v)) i++;
    else if (v === "-delete") ops.push({ ...op("delete", "find", roots, true), subtree: true });
    else if (WRITES.has(v) && args[i + 1]) ops.push(op("overwrite", "find", [args[++i]!]));
    else if (EXECS.has(v)) {
      const end = args.findIndex((a, k) => k > i && (a.value === ";" || a.value === "+"));
      // Without its terminator find refuses the whole expression and runs nothing.
      if (end < 0) return [];
      const inner = args.slice(i + 1, end);
      i = end;
      const [head, ...rest] = inner.flatMap((w) => (w.value.includes("{}") ? roots : [w]));
      if (!head) continue;
      for (const o of analyzeArgv(head, rest, ctx)) {
        const onMatches = o.targets.some((t) => roots.includes(t));
        ops.push(onMatches ? { ...o, subtree: true, verb: `find>${o.verb}` } : o);
      }
    }
  }
  return ops;
};
