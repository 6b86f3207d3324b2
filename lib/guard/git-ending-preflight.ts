import { lstatSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gitContentFact, gitFact } from "./git-preflight.ts";
import type { GitEnding } from "./ops.ts";
import type { ReasonCode } from "./reasons.ts";
import { discoverRepoRoot } from "./repo-root.ts";

// The state files of each operation an ending acts on (git help repository-layout): git refuses
// the ending when none is there ("There is no merge to abort", "No rebase in progress?"). Taken
// loosely: any one of a family counts, as git's own checks differ between versions.
const IN_PROGRESS: Record<GitEnding["sub"], string[]> = {
  merge: ["MERGE_HEAD"],
  rebase: ["rebase-merge", "rebase-apply"],
  am: ["rebase-apply"],
  "cherry-pick": ["CHERRY_PICK_HEAD", "REVERT_HEAD", "sequencer"],
  revert: ["CHERRY_PICK_HEAD", "REVERT_HEAD", "sequencer"],
};
// Where an abort takes HEAD back to, when it moves it (a merge's abort, a skip, and a single
// cherry-pick's or revert's abort, with no sequencer folder, leave HEAD): commits made since then
// are dropped with the abort (to the reflog only).
const STARTED_AT: Partial<Record<GitEnding["sub"], string[]>> = {
  rebase: ["rebase-merge/onto", "rebase-apply/onto"],
  am: ["ORIG_HEAD"],
  "cherry-pick": ["sequencer/head"],
  revert: ["sequencer/head"],
};
const ORIG_HEAD = ["rebase-merge/orig-head", "rebase-apply/orig-head"];
// More paths than this in the index's changes: whether they hold work is not asked (ASK).
const MAX_PATHS = 1000;
const SHA = /^[0-9a-f]{40}(?:[0-9a-f]{24})?$/;

/** The ending's verdict, or the ref a snapshot's collision test is made against (undefined: none). */
export type EndingVerdict = { code: ReasonCode } | { ref: string | undefined };

/**
 * What `git merge|rebase|cherry-pick|revert|am --abort|--skip` loses in `repo`. With no such
 * operation in progress git refuses and nothing changes (ALLOW_NO_EFFECT), unless an earlier
 * program of the line may have started one (`unknownStart`). In progress, the ending resets the
 * index and the files it changed (a rebase's abort is a hard reset to the commit it started from,
 * which overwrites ignored files there: the ref returned). With conflicts in the index the
 * ending loses nothing when the work tree and index still hold what the merge wrote (git's
 * AUTO_MERGE tree, conflict markers included) and an abort leaves no commit behind: ALLOW.
 * Otherwise it is a snapshot too (recovery/conflict-snapshot.ts records a conflicted index): the
 * resolutions made since and the commits an abort drops stay restorable, the conflict stages do not.
 */
export function judgeEnding(repo: string, ending: GitEnding, unknownStart: boolean): EndingVerdict {
  const dir = _gitDir(repo);
  if (dir === null) return { code: "BLOCK_UNDETERMINABLE_EFFECT" };
  const there = (name: string) => lstatSync(join(dir, name), { throwIfNoEntry: false }) !== undefined;
  if (!unknownStart && !IN_PROGRESS[ending.sub].some(there)) return { code: "ALLOW_NO_EFFECT" };
  const unmerged = gitFact(repo, ["ls-files", "-u", "-z"]);
  if (unmerged === null) return { code: "BLOCK_UNDETERMINABLE_EFFECT" };
  if (unmerged !== "" && _onlyWhatGitWrote(repo, dir, ending, unmerged)) return { code: "ALLOW_NO_EFFECT" };
  if (ending.sub !== "rebase" || ending.how !== "abort" || unknownStart) return { ref: undefined };
  const orig = _firstCommit(dir, ORIG_HEAD);
  return typeof orig === "string" ? { ref: orig } : { code: "BLOCK_UNDETERMINABLE_EFFECT" };
}

/**
 * Whether the index and work tree, in every path the index changes against HEAD (those the ending
 * resets; other local changes it keeps), hold what the merge wrote, and an abort takes HEAD to
 * where it is now.
 */
function _onlyWhatGitWrote(repo: string, dir: string, ending: GitEnding, unmergedList: string): boolean {
  const starts = ending.how === "abort" ? STARTED_AT[ending.sub] : undefined;
  if (starts !== undefined) {
    const start = _firstCommit(dir, starts);
    const head = gitFact(repo, ["rev-parse", "--verify", "-q", "HEAD^{commit}"])?.trim();
    if (start === null || (start !== undefined && head !== start)) return false;
  }
  if (gitFact(repo, ["rev-parse", "--verify", "-q", "AUTO_MERGE^{tree}"]) === null) return false;
  const changed = gitFact(repo, ["diff-index", "--cached", "--name-only", "-z", "HEAD"]);
  if (changed === null) return false;
  const paths = changed.split("\0").filter(Boolean);
  if (paths.length > MAX_PATHS) return false;
  const unmerged = new Set(unmergedList.split("\0").map((e) => e.slice(e.indexOf("\t") + 1)));
  const spec = (list: string[]) => list.map((p) => `:(literal)${p}`);
  // The work tree's files against the merge's (content read: a filter driver is switched off,
  // which can only make a file look changed).
  const tree = gitContentFact(repo, ["diff", "--name-only", "-z", "AUTO_MERGE", "--", ...spec(paths)], "disable");
  if (tree !== "") return false;
  // The index's resolved entries against the merge's (an entry still in conflict is the merge's own).
  const staged = paths.filter((p) => !unmerged.has(p));
  return staged.length === 0 || gitFact(repo, ["diff", "--cached", "--name-only", "-z", "AUTO_MERGE", "--", ...spec(staged)]) === "";
}

/** The git directory of `repo`: its `.git` folder for a plain layout, else what git says. */
function _gitDir(repo: string): string | null {
  if (discoverRepoRoot(repo) === repo) return join(repo, ".git");
  return gitFact(repo, ["rev-parse", "--absolute-git-dir"])?.replace(/\n$/, "") || null;
}

/** The commit named in the first of `files` (in the git directory) that exists: undefined when none does, null when it names none. */
function _firstCommit(dir: string, files: string[]): string | null | undefined {
  for (const name of files) {
    let text: string;
    try {
      text = readFileSync(join(dir, name), "utf8").trim();
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ENOENT") continue;
      return null;
    }
    return SHA.test(text) ? text : null;
  }
  return undefined;
}
