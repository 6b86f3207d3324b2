import { type FindReach, findDryRun } from "./find-dry-run.ts";
import { isDirectory, lstatOrUndefined, realPathOrNull } from "./fs-probe.ts";
import type { Op } from "./ops.ts";
import { classifyPath, type PathContext, resolveTarget } from "./paths.ts";
import type { OpVerdict } from "./policy.ts";
import type { ReasonCode } from "./reasons.ts";
import { worstPathCode } from "./severity.ts";
import { literalWord, type Word } from "./syntax.ts";

/**
 * The verdict of a find action (`-delete`, `-exec rm {} ;`): inside the workspace its matches are
 * listed by an in-process dry run and judged as ordinary targets (so a workspace clean-up is
 * RELOCATE of exactly what find would remove); elsewhere, or when the expression cannot be
 * evaluated exactly, the subtree rules apply and fail closed.
 */
export function judgeFound(o: Op, pc: PathContext, judgePaths: (o: Op) => OpVerdict): OpVerdict {
  const spec = o.find!;
  const verdicts: OpVerdict[] = [];
  const templates = spec.deletes ? [] : o.targets.filter(_isTemplate);
  const plain = spec.deletes ? [] : o.targets.filter((t) => !_isTemplate(t));
  if (plain.length) verdicts.push(judgePaths({ ...o, targets: plain, subtree: false, find: undefined }));
  for (const root of spec.roots) {
    const subtree = () => judgePaths({ ...o, targets: [root], subtree: true, find: undefined });
    const resolved = resolveTarget(root, o.cwd, pc.realDirs);
    if (root.glob || resolved.kind !== "paths" || resolved.paths.length !== 1) {
      verdicts.push(subtree());
      continue;
    }
    const linked = _followedRoot(resolved.paths[0]!, root.value, spec.follow);
    const path = linked ?? resolved.paths[0]!;
    if (classifyPath(path, pc) !== "workspace" && path !== pc.workspace) {
      // A root reached through a workspace link (`find hl/ -delete`, hl -> ~/docs) is judged
      // where find works: there (red team 5 L1).
      verdicts.push(linked ? judgePaths({ ...o, targets: [literalWord(path, true)], subtree: true, find: undefined }) : subtree());
      continue;
    }
    const reach = _dryRun(path, root.value, spec, pc);
    if (reach === null) {
      verdicts.push({ code: "BLOCK_UNDETERMINABLE_EFFECT" });
      continue;
    }
    const hits = reach.hits[spec.action] ?? [];
    // A match xargs would split or unquote is not the argument the dry run saw.
    if (spec.split && hits.some((h) => XARGS_SPLIT.test(h.printed))) {
      verdicts.push({ code: "BLOCK_UNDETERMINABLE_EFFECT" });
      continue;
    }
    // Removing the root spelled through its link fails (rmdir of `link/`): only its members go.
    const targets: Word[] = spec.deletes
      ? hits.filter((h) => reach.removed.has(h.path) && !(linked && h.depth === 0)).map((h) => literalWord(h.path, true))
      : hits.flatMap((h) => templates.map((t) => literalWord(t.value.replaceAll("{}", h.printed), true)));
    verdicts.push(targets.length ? judgePaths({ ...o, targets, subtree: false, find: undefined }) : { code: "ALLOW_NOOP" });
  }
  const code: ReasonCode = worstPathCode(verdicts.map((v) => v.code));
  const relocate = verdicts.flatMap((v) => v.relocate ?? []);
  if (code !== "RELOCATE_TREE" && code !== "COMPOUND_CWD_DELETE") return { code };
  // `-exec truncate -s0 {} +` overwrites what it finds, like its op spelled alone (policy.ts _paths).
  return o.kind === "overwrite" ? { code, relocate, overwrites: true } : { code, relocate };
}

/**
 * The real folder behind a start point that is a symlink to a folder find descends into: spelled
 * with a trailing slash (the kernel resolves `link/`), or under -H/-L; null otherwise (find acts
 * on the link itself, as it does on a link to a file).
 */
function _followedRoot(path: string, spelled: string, follow: string): string | null {
  if (!spelled.endsWith("/") && follow === "P") return null;
  if (!lstatOrUndefined(path)?.isSymbolicLink() || !isDirectory(path)) return null;
  return realPathOrNull(path);
}

// What GNU and BSD xargs read specially in their input: blanks and newlines (separators),
// quotes and backslashes, and a lone `_` (an end-of-file string for some).
const XARGS_SPLIT = /[\s'"\\]|^_$/;

function _isTemplate(w: Word): boolean {
  return !w.dynamic && w.value.includes("{}");
}

/** One dry run per start point and expression in a check (several ops share one find). */
function _dryRun(path: string, spelled: string, spec: NonNullable<Op["find"]>, pc: PathContext): FindReach | null {
  if (spec.follow === "L" || spec.expr.some((w) => w.dynamic || w.glob)) return null;
  const expr = spec.expr.map((w) => w.value);
  const key = [path, spelled, spec.follow, ...expr].join("\0");
  pc.findRuns ??= new Map();
  if (!pc.findRuns.has(key)) pc.findRuns.set(key, findDryRun(path, spelled, expr, spec.follow === "H"));
  return pc.findRuns.get(key)!;
}
