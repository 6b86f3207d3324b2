import { basename } from "node:path";
import type { SimpleCommand, Word } from "../syntax.ts";
import { literalWord } from "../syntax.ts";
import type { AnalyzeContext } from "./context.ts";
import { redirectOps } from "./analyze.ts";
import { absolutePath, landedSince, programIdentity } from "./program-path.ts";
import { mayBeRewritten } from "./unseen-writes.ts";
import { isDirectory, lstatOrUndefined, statOrUndefined } from "../fs-probe.ts";

// cp options that change neither what is copied nor whether the destination is replaced.
const PLAIN = /^-[fpv]+$|^--(force|verbose|preserve(=.*)?)$/;

/**
 * `cp SRC DEST` of a local file nothing in the line changed before: running DEST afterwards runs
 * SRC's content, so it is judged as running SRC (`cp a.sh b.sh; ./b.sh` is `./a.sh`). Only a
 * plain copy of a regular file (or of a missing one onto nothing) that is not a system program qualifies (a copy of
 * /bin/rm under another name stays unknown); a source the line wrote or may have written, a
 * downloaded or derived file (taint.ts, flows.ts), no-clobber and update modes, `-t`, symlink
 * modes and a later write to DEST leave DEST unknown, as any file the line filled.
 */
export function recordCopy(name: string, args: Word[], cmd: SimpleCommand | undefined, ctx: AnalyzeContext): void {
  if (name !== "cp" || ctx.state.remote || args.length < 2 || args.some((a) => a.dynamic || a.glob)) return;
  const operands = args.filter((a) => !a.value.startsWith("-") || a.value === "-");
  if (operands.length !== 2 || args.some((a) => a.value.startsWith("-") && !PLAIN.test(a.value))) return;
  const [src, dst] = operands as [Word, Word];
  const { cwd, tainted, scripts } = ctx.state;
  const source = absolutePath(src.value, cwd);
  let dest = absolutePath(dst.value, cwd);
  if (source === null || dest === null || tainted?.has(source)) return;
  if (isDirectory(dest)) dest = `${dest}/${basename(source)}`;
  // A copy of a script the line wrote holds its text (script-writers.ts carries it).
  if (scripts?.has(source)) return;
  if (landedSince(source, ctx, 0) || mayBeRewritten(ctx, cmd)) return;
  // A missing source makes cp fail: running DEST then runs nothing, as running SRC would, when
  // nothing is at DEST either, now or from earlier in the line (an existing DEST keeps its own
  // content: unknown).
  const from = statOrUndefined(source);
  if (from ? !from.isFile() : lstatOrUndefined(dest) !== undefined || landedSince(dest, ctx, 0)) return;
  if (programIdentity(literalWord(source, true), undefined, ctx) !== null) return;
  // The landed entries this command itself adds (its redirections, then the copy) come next.
  const at = (ctx.state.landed?.length ?? 0) + (cmd ? redirectOps(cmd, ctx).filter((o) => o.lands).length : 0);
  (ctx.state.copies ??= new Map()).set(dest, { source, at });
}

/** The source file a path (from the working directory) was copied from, when nothing changed the copy since. */
export function copiedFrom(head: Word, ctx: AnalyzeContext, cmd?: SimpleCommand): string | undefined {
  if (head.dynamic) return undefined;
  const file = absolutePath(head.value, ctx.state.cwd);
  const copy = file === null ? undefined : ctx.state.copies?.get(file);
  if (!copy || file === null || landedSince(file, ctx, copy.at + 1) || mayBeRewritten(ctx, cmd)) return undefined;
  return copy.source;
}
