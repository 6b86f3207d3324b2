import { gitFact } from "./git-preflight.ts";
import { type MovedRefs, movedRefs } from "./git-ref-moves.ts";
import { type DroppedRef, HEADS_ARGS, parseHeads, parseStashList, STASH_LIST_ARGS } from "./recovery/plan.ts";

// The options a forced branch delete may carry; any other one (`-r`, a long-option prefix) is
// not followed, and the command keeps asking.
const BRANCH_SHORT = /^-[dDfqv]+$/;
const BRANCH_LONG = new Set(["--delete", "--force", "--quiet", "--verbose"]);
const STASH_ENTRY = /^(?:(?:refs\/)?stash@\{(\d+)\}|(\d+))$/;

/**
 * What `git branch -D …` (or `-d --force`) or `git stash drop|clear` would drop in `repo`, read
 * from the refs as they are now: each named local branch that exists, or the stash entries. Empty
 * when nothing would be dropped; null when the preflight cannot tell (another shape, an option it
 * does not follow, a name git resolves itself such as `@{-1}`, git failing): the caller asks.
 * A forced create, rename, copy or tag (`checkout -B`, `switch -C`, `branch -f|-M|-C`, `tag -f`)
 * or a tag delete drops nothing when none of the refs it names exists (or a rename's is the
 * checked-out branch itself); where one does, it asks (null): the recovery layer keeps deleted
 * branches and stash entries only.
 */
export function droppedRefs(repo: string, verb: string, args: string[]): DroppedRef[] | null {
  const moved = movedRefs(verb, args);
  if (moved !== null) return _noneExists(repo, moved) ? [] : null;
  if (verb === "git branch") return _branches(repo, args);
  if (verb === "git stash") return _stashEntries(repo, args);
  return null;
}

function _branches(repo: string, args: string[]): DroppedRef[] | null {
  const names = _deletedNames(args);
  if (names === null) return null;
  if (names.length === 0) return [];
  const out = gitFact(repo, HEADS_ARGS);
  if (out === null) return null;
  const heads = parseHeads(out);
  const folded = new Set([...heads.keys()].map((r) => r.toLowerCase()));
  const dropped: DroppedRef[] = [];
  for (const name of new Set(names)) {
    const ref = `refs/heads/${name}`;
    const commit = heads.get(ref);
    if (commit !== undefined) dropped.push({ kind: "branch", name: ref, commit });
    // On a case-insensitive file system git finds `Feature` as `feature`: the list cannot tell.
    else if (folded.has(ref.toLowerCase())) return null;
  }
  return dropped;
}

/**
 * Whether none of the refs exists in `repo` (false when git cannot tell, or case folding could
 * find one), or, `unlessCurrent`, the one that does is the checked-out branch.
 */
function _noneExists(repo: string, moved: MovedRefs): boolean {
  if (moved.refs.length === 0) return true;
  const out = gitFact(repo, [...HEADS_ARGS, "refs/tags/"]);
  if (out === null) return false;
  const folded = new Set([...parseHeads(out).keys()].map((r) => r.toLowerCase()));
  if (moved.refs.every((r) => !folded.has(r.toLowerCase()))) return true;
  return moved.unlessCurrent === true && gitFact(repo, ["symbolic-ref", "-q", "HEAD"]) === `${moved.refs[0]}\n`;
}

/** The branch names a forced delete names, or null when it is no forced delete the guard follows. */
function _deletedNames(args: string[]): string[] | null {
  const names: string[] = [];
  let del = false;
  let force = false;
  let operands = false;
  for (const a of args) {
    if (!operands && a === "--") operands = true;
    else if (!operands && a.startsWith("-")) {
      if (!BRANCH_SHORT.test(a) && !BRANCH_LONG.has(a)) return null;
      del ||= a === "--delete" || (!a.startsWith("--") && /[dD]/.test(a));
      force ||= a === "--force" || (!a.startsWith("--") && /[Df]/.test(a));
    } else if (a === "" || a === "@" || a === "-" || a.includes("@{")) {
      // `@{-1}` (and `-` in newer git) name the branch checked out before: git resolves them itself.
      return null;
    } else names.push(a);
  }
  return del && force ? names : null;
}

function _stashEntries(repo: string, args: string[]): DroppedRef[] | null {
  const [sub, ...rest] = args;
  const operands = rest.filter((a) => !a.startsWith("-"));
  let wanted: number | "all";
  if (sub === "clear" && rest.length === 0) wanted = "all";
  else if (sub === "drop" && operands.length <= 1 && rest.every((a) => !a.startsWith("-") || a === "-q" || a === "--quiet")) {
    const m = STASH_ENTRY.exec(operands[0] ?? "stash@{0}");
    if (!m) return null;
    wanted = Number(m[1] ?? m[2]);
  } else return null;
  // The reflog of refs/stash, newest first: the entry's commit and the message `stash list` shows.
  const out = gitFact(repo, STASH_LIST_ARGS);
  const list = out === null ? null : parseStashList(out);
  if (list === null) return null;
  const entries: DroppedRef[] = list.map((e, index) => ({ kind: "stash", index, ...e }));
  return wanted === "all" ? entries : entries.filter((e) => e.kind === "stash" && e.index === wanted);
}
