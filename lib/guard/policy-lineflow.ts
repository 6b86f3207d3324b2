import { dirname, isAbsolute, normalize } from "node:path";
import { lstatOrUndefined } from "./fs-probe.ts";
import { spend } from "./budget.ts";
import type { Op, OpKind } from "./ops.ts";
import { segmentMatcher } from "./paths.ts";
import type { Word } from "./syntax.ts";

// Kinds that destroy or expose what their targets lead to. A write-into adds to them: through a
// symlink the line made it adds to the file the link leads to (`ln -s ~/.bashrc rc && echo x >>
// rc` appended to the start-up file: red team 13); mkdir's folders look at the file system.
const DESTROYING = new Set<OpKind>(["delete", "overwrite", "move", "permission"]);
const _checked = (o: Op) => DESTROYING.has(o.kind) || (o.kind === "write-into" && o.verb !== "mkdir");

/**
 * The policy judges every op against the file system as it is before the line runs. A target
 * that an earlier part of the line fills (red team C13, C21) is not what the file system shows:
 * `mv src gone && rm -rf gone` deletes src, `ln -s ~ l; rm -rf l/*` deletes the home folder's
 * content, `tar -xf a.tar && rm -rf x/y` goes through whatever the archive made `x`. For each op
 * this answers whether it meets such a path (null: no op does); the caller refuses those ops as
 * undeterminable.
 */
export function meetsLandedPaths(ops: Op[]): boolean[] | null {
  // Nothing destroys after a landing (nor may run again beside one): no landing needs to be
  // looked at (mkdir's look at the file system). Most lines have one writing op, which meets
  // nothing of its own.
  if (!_landingBeforeChecked(ops)) return null;
  const landings = ops.flatMap((o, at) => (o.lands ? o.targets.map((word) => ({ at, kind: _kind(o, word), path: _segments(word, o.cwd) })) : []));
  if (landings.length === 0) return null;
  return ops.map((o, i) => {
    if (!_checked(o)) return false;
    spend(); // one op against every landing before it: quadratic in the length of the line
    // In a loop or function body the op may run again after any part of the line.
    const before = landings.filter((l) => l.at < i || (o.repeats && l.at !== i));
    const targets = o.find ? o.find.roots : o.targets;
    return before.some((l) => targets.some((t) => _meets(o, t, l.kind, l.path)));
  });
}

/**
 * Whether some checked op has a landing op before it, or may run again (`repeats`) beside a
 * landing op other than itself: the ops `meetsLandedPaths` compares. No allocation.
 */
function _landingBeforeChecked(ops: Op[]): boolean {
  let first = -1;
  let count = 0;
  for (let i = 0; i < ops.length; i++) {
    const o = ops[i]!;
    if (count > 0 && _checked(o)) return true;
    if (o.lands && o.targets.length > 0) {
      if (count === 0) first = i;
      count++;
    }
  }
  if (count === 0) return false;
  // An op that may run again also meets the landings listed after it (`first`: the only one when count is 1).
  for (let i = 0; i < ops.length; i++) {
    const o = ops[i]!;
    if (o.repeats && _checked(o) && (count > 1 || first !== i)) return true;
  }
  return false;
}

type Landing = NonNullable<Op["lands"]> | "folder";

/**
 * mkdir makes real folders: a path below one goes through no symlink of the line's making (a link
 * placed in it is a "linked" landing of its own). Where the spelled path already leads through a
 * symlink (mkdir -p succeeds there and makes nothing), it stays an ordinary creation.
 */
function _kind(o: Op, word: Word): Landing {
  if (o.verb !== "mkdir" || o.lands !== "created" || word.dynamic || word.glob || word.value.includes("..")) return o.lands!;
  const abs = isAbsolute(word.value) ? word.value : o.cwd === null ? null : `${o.cwd}/${word.value}`;
  if (abs === null) return o.lands;
  // The folders the word spells (below the running directory for a relative one).
  const stop = isAbsolute(word.value) ? "/" : o.cwd!;
  for (let at = normalize(abs), hops = 0; at !== stop && at !== dirname(at) && hops < 64; at = dirname(at), hops++) {
    if (lstatOrUndefined(at)?.isSymbolicLink()) return o.lands;
  }
  return "folder";
}

function _meets(o: Op, target: Word, kind: Landing, landed: string[] | null): boolean {
  // An unknowable destination may be anywhere.
  if (landed === null) return true;
  const raw = _segments(target, o.cwd, true);
  if (raw === null) return false; // a dynamic target is refused by the policy already
  // `..` climbs out of a new symlink as the kernel resolves it, so the spelled path counts;
  // `x/../link/` reaches the link as its normalised spelling shows.
  const normal = raw.includes("..") ? normalize(`/${raw.join("/")}`).split("/").filter(Boolean) : raw;
  // A trailing `/` (or `/.`) makes rm, chmod and find follow a symlink to its target's content.
  const follows = /\/\.?$/.test(target.glob ? target.pattern : target.value) || o.find !== undefined;
  return [raw, normal].some((segs) => {
    const depth = _depthUnder(segs, landed);
    if (depth === null) return false;
    // find walks the tree below a start point; with -L it follows a symlink the line placed
    // anywhere in it (`ln -s ~/Documents "$d/h" && find -L "$d" -delete`: red team 13).
    if (depth < 0 && o.find?.follow === "L" && kind !== "created" && kind !== "folder") return true;
    // Moved data is lost by a delete of it, of anything in it, or of a folder it moved into.
    if (kind === "moved") return true;
    // A new symlink itself: rm and mv take the link, not its target; writes and a trailing
    // slash follow it. Below it, any path goes through it.
    if (kind === "linked") return depth > 0 || (depth === 0 && (follows || (o.kind !== "delete" && o.kind !== "move")));
    // A new file or folder holds only what the line put there; a path below one may still go
    // through a symlink an earlier part of the line placed in it. Not in a folder mkdir made.
    if (kind === "folder") return false;
    if (kind === "created") return depth > 0;
    // Extracted or checked-out entries of unknown names: any of them may be a symlink that a
    // deeper path goes through; the entries themselves are new (or were judged as they are).
    return depth >= 2 || (depth === 1 && follows);
  });
}

/** How many segments `target` goes below `landed` (0: the same path; negative: an ancestor of it). */
function _depthUnder(target: string[], landed: string[]): number | null {
  const n = Math.min(target.length, landed.length);
  for (let i = 0; i < n; i++) if (!_segmentMatches(target[i]!, landed[i]!)) return null;
  return target.length - landed.length;
}

function _segmentMatches(pattern: string, name: string): boolean {
  if (/[*?[]/.test(name)) return true; // a landing spelled with a wildcard may be any name
  if (!/(?<!\\)[*?[]/.test(pattern)) return pattern.replace(/\\(.)/g, "$1") === name;
  // A pattern fnmatch.ts cannot read may match it.
  return segmentMatcher(pattern)?.(name) ?? true;
}

/** A path as segments from the root, `..` kept; null when the word or its directory is unknown. */
function _segments(word: Word, cwd: string | null, asPattern = false): string[] | null {
  const text = word.dynamic ? _digitsPattern(word) : asPattern && word.glob ? word.pattern : word.value;
  if (text === null || (!isAbsolute(text) && cwd === null)) return null;
  return (isAbsolute(text) ? text : `${cwd}/${text}`).split("/").filter((s) => s !== "" && s !== ".");
}

/**
 * A word of literal text and name digits (`l$(grep -c x f)`, `db-$TS.sqlite`: Word.digits) as a
 * pattern, each digit part `*`: it meets what the line placed at any name of that shape (`ln -s
 * ~/.bashrc l5; echo x > l$(grep -c x f)`), and as a landing it may be any such name. Null for
 * other unknown words.
 */
function _digitsPattern(word: Word): string | null {
  const d = word.digits;
  if (d?.value !== word.value || /[*?[\\]/.test(d.value)) return null;
  let text = "";
  let from = 0;
  for (const p of d.at) {
    text += `${d.value.slice(from, p.at)}*`;
    from = p.at;
  }
  return text + d.value.slice(from);
}
