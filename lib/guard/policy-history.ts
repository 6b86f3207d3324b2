import { droppedRefs } from "./git-refs-preflight.ts";
import { repoRoot } from "./git-preflight.ts";
import type { Op } from "./ops.ts";
import type { PathContext } from "./paths.ts";
import { MAX_KEPT_REFS } from "./recovery/plan.ts";
import type { OpVerdict } from "./policy.ts";

const ASK: OpVerdict = { code: "ASK_GIT_HISTORY_LOSS" };
// The history losses git-refs-preflight.ts reads: branch deletes, stash drops, forced creates and tag deletes or moves.
const PREFLIGHT_VERBS = new Set(["git branch", "git stash", "git checkout", "git switch", "git tag"]);

/**
 * A git command that drops history. A forced branch delete and a stash drop or clear are
 * compensated: a preflight lists what they would drop (nothing: ALLOW_NO_EFFECT), and the
 * recovery layer keeps those refs alive first (SNAPSHOT_GIT_REFS); a forced create, forced tag or
 * tag delete of refs that do not exist drops nothing (ALLOW_NO_EFFECT). Whatever the preflight cannot
 * tell, and every other history loss (reflog expire, gc --prune, push --delete, ...), asks.
 */
export function judgeHistory(o: Op, pc: PathContext): OpVerdict {
  const git = o.git;
  if (!git || git.dir === null || git.refsUnknown || o.repeats || o.wrapped) return ASK;
  if (!PREFLIGHT_VERBS.has(o.verb)) return ASK;
  const repo = repoRoot(git.dir);
  // The recovery layer keeps and restores refs in the workspace's own repository only.
  if (repo === null || repo !== pc.workspace) return ASK;
  const refs = droppedRefs(repo, o.verb, git.args);
  if (refs === null || refs.length > MAX_KEPT_REFS) return ASK;
  if (refs.length === 0) return { code: "ALLOW_NO_EFFECT" };
  return { code: "SNAPSHOT_GIT_REFS", refs: { repo, refs } };
}

/**
 * One compensation per command: a refs snapshot beside a relocation, a work tree snapshot or
 * another refs snapshot (a second `stash drop` names an entry the first one moved) asks, as
 * history loss did before. Changes `verdicts` in place; returns the one refs snapshot left.
 */
export function oneRefsSnapshot(verdicts: OpVerdict[], otherCompensation: boolean): OpVerdict["refs"] {
  let kept = 0;
  for (const v of verdicts) if (v.refs) kept++;
  if (kept === 0) return undefined;
  if (kept === 1 && !otherCompensation) return verdicts.find((v) => v.refs)!.refs;
  for (let i = 0; i < verdicts.length; i++) if (verdicts[i]!.refs) verdicts[i] = ASK;
  return undefined;
}
