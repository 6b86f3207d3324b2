import { op, type Op } from "../ops.ts";
import type { Word } from "../syntax.ts";
import { analyzeArgv } from "./analyze.ts";
import type { Handler } from "./context.ts";
import { programName } from "./names.ts";
import { findExecScripts } from "./find-exec-scripts.ts";
import { boundShellRuns } from "./find-shell.ts";
import { namedSecretOps } from "./find-secret-names.ts";
import { secretArgOps } from "./secrets.ts";
import { mayBeOption } from "./word-counts.ts";
import { inUnknownFolder } from "./unknown-folder.ts";

const EXECS = new Set(["-exec", "-execdir", "-ok", "-okdir"]);
const WRITES = new Set(["-fprint", "-fprint0", "-fprintf", "-fls"]);
// Tests and options that take a value (`-name -delete` names a file called -delete).
export const VALUED = new Set(["-name", "-iname", "-path", "-ipath", "-wholename", "-iwholename", "-regex", "-iregex", "-lname", "-ilname", "-type", "-xtype", "-newer", "-anewer", "-cnewer", "-mtime", "-atime", "-ctime", "-mmin", "-amin", "-cmin", "-size", "-perm", "-user", "-group", "-uid", "-gid", "-maxdepth", "-mindepth", "-links", "-inum", "-samefile", "-used", "-printf", "-regextype", "-fstype", "-context", "-newerXY"]);

/**
 * find: `-delete` removes matches under the start points, `-exec cmd {} ;` runs a command on
 * each. The ops carry the find program (`Op.find`): the policy lists the matches with an
 * in-process dry run (find-dry-run.ts) and judges them one by one. An -exec op's targets keep
 * their `{}` templates until then.
 */
export const find: Handler = ({ args, ctx, cmd }) => {
  let i = 0;
  let follow = "P";
  const roots: Word[] = [];
  for (; i < args.length; i++) {
    const v = args[i]!.value;
    if (!args[i]!.dynamic && (v.startsWith("-") || v === "(" || v === "!")) {
      if (v === "-H" || v === "-L" || v === "-P") {
        follow = v.slice(1);
        continue;
      }
      break;
    }
    roots.push(args[i]!);
  }
  if (roots.length === 0) roots.push({ value: ".", dynamic: false, glob: false, pattern: ".", quoted: false });
  const expr = args.slice(i);
  const spec = (action: number, deletes: boolean): NonNullable<Op["find"]> => ({ roots, expr, action, deletes, follow });
  // A start point that may be split into an expression (`find . $X`, X `-delete`; red team 14).
  const ops: Op[] = roots.some((w) => mayBeOption(w, ctx)) ? [op("unknown", "find")] : [];
  // An age test judged from the times now, after an earlier command may have aged the files
  // (`touch -d 2000-01-01 README.md && find . -mtime +7 -delete`, `sleep 90000; find . -mtime +0 …`).
  if ((ctx.state.mayAge || ctx.state.unseenWrites) && expr.some((w) => w.value === "-mtime" || w.value === "-mmin") && expr.some((w) => w.value === "-delete" || EXECS.has(w.value))) ops.push(op("unknown", "find"));
  let action = 0;
  for (; i < args.length; i++) {
    const v = args[i]!.value;
    // An unknown word in the expression may be any test or action (`find . -type f "$X"` with X
    // `-delete`; red team 14).
    if (args[i]!.dynamic) ops.push(op("unknown", "find"));
    else if (VALUED.has(v) || /^-newer..$/.test(v)) i++;
    else if (v === "-delete") ops.push({ ...op("delete", "find", roots, true), subtree: true, find: spec(action++, true) });
    else if (WRITES.has(v) && args[i + 1]) ops.push(op("overwrite", "find", [args[++i]!]));
    else if (EXECS.has(v)) {
      const end = args.findIndex((a, k) => k > i && (a.value === ";" || (a.value === "+" && args[k - 1]!.value === "{}")));
      // Without its terminator find refuses the whole expression and runs nothing.
      if (end < 0) return [];
      const [head, ...rest] = args.slice(i + 1, end);
      i = end;
      const index = action++;
      if (!head) continue;
      // The found path as the program itself: running files the guard has not read.
      if (head.value.includes("{}")) {
        ops.push(op("unknown", "find>exec"));
        continue;
      }
      // A program that reads its operands reads every file under the start points: `find ~/.ssh -exec cat {} +` reads the keys.
      if (!head.dynamic && rest.some((a) => a.value === "{}")) ops.push(...secretArgOps(programName(head), roots, ctx.state.cwd, ctx.state), ...namedSecretOps(head, rest, expr));
      ops.push(...findExecScripts(head, rest, roots, ctx));
      // `-exec sh -c CODE NAME {} ;`: the shell's parameters bound to each match (find-shell.ts).
      const bound = v === "-exec" && follow === "P" ? boundShellRuns(head, rest, args[end]!.value === "+", roots, expr, index, ctx, cmd) : null;
      if (bound) {
        ops.push(...bound);
        continue;
      }
      // -execdir runs the command in each match's folder, not the line's (unknown-folder.ts):
      // `find ~ -name Documents -execdir rm -rf Documents \;` deletes ~/Documents. Its `{}` is
      // the match (`./NAME` there), judged as -exec's.
      const run = () => analyzeArgv(head, rest, ctx);
      const inMatchFolder = v.endsWith("dir");
      for (const o of inMatchFolder ? inUnknownFolder(ctx, run) : run()) {
        const onMatches = o.targets.some(_isMatch);
        if (inMatchFolder && o.targets.every(_isMatch)) {
          o.cwd = ctx.state.cwd;
          o.cwdUnknown = undefined;
        }
        ops.push(onMatches ? { ...o, subtree: true, verb: `find>${o.verb}`, find: spec(index, false) } : o);
      }
    }
  }
  return ops;
};

/** A word that names the match find hands the command (`{}`, `{}.bak`). */
function _isMatch(t: Word): boolean {
  return !t.dynamic && t.value.includes("{}");
}
