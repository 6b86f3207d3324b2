import { readdirSync, type Stats } from "node:fs";
import { basename, dirname, isAbsolute, join, normalize } from "node:path";
import { type DroppedRef, quarantineRoot } from "./recovery/plan.ts";
import { cleanTargets, repoRoot, resetCollisions, submoduleChangesLost } from "./git-preflight.ts";
import { sweepsQuarantine } from "./git-clean-scope.ts";
import type { Op } from "./ops.ts";
import type { Word } from "./syntax.ts";
import { caseInsensitiveNames, classifyPath, guardStoreOf, insideGuardStore, knownRealFolder, type PathClass, type PathContext, resolveTarget } from "./paths.ts";
import { judgeHistory } from "./policy-history.ts";
import { decisionOf, type ReasonCode } from "./reasons.ts";
import { worstPathCode } from "./severity.ts";
import { isStartupFile } from "./startup-files.ts";
import { copiedNames, replacedIn } from "./policy-replaces.ts";
import { linkTargetOrNull, lstatOrUndefined, statOrUndefined } from "./fs-probe.ts";
import { LOADED } from "./effects/loaded-analysers.ts";
import { AGENT_CODE } from "./agent-files.ts";

// find's dry run (policy-find.ts, find-dry-run.ts, find-expression.ts) loads with the first op a
// `find` made: start-up pays for every function a module creates (effects/lazy-handler.ts).
const policyFind = (): typeof import("./policy-find.ts") => (LOADED.policyFind ??= require("./policy-find.ts"));
// An `--abort` or `--skip` of an operation in progress (git-ending-preflight.ts), loaded with the first one.
const gitEndings = (): typeof import("./git-ending-preflight.ts") => (LOADED.gitEndings ??= require("./git-ending-preflight.ts"));

// A Windows Startup folder (`%APPDATA%\Microsoft\Windows\Start Menu\Programs\Startup`, the
// all-users one below ProgramData is a system tree), or an entry in it.
const STARTUP_FOLDER = /\/start menu\/programs\/startup(?:\/|$)/i;

// The files an agent reads its MCP servers and extensions from (agent-files.ts AGENT_CODE, one
// table with the hook settings the guard protects): a server named there is a program the agent
// starts later, outside any hook. The agents' own CLIs writing them ask (agent-clis.ts), and so
// does a write by any other program. Where names are compared without case (paths.ts
// caseInsensitiveNames), `.MCP.JSON` is that file.
const AGENT_CODE_ANY_CASE = new RegExp(AGENT_CODE.source, "i");

// The name of the quarantine's store folder (`.agent-guard`), as the recovery layout spells it.
const _STORE_NAME = basename(dirname(quarantineRoot("/workspace")));

/** One op's verdict, and what compensation it needs when it is RELOCATE or SNAPSHOT. */
export interface OpVerdict {
  code: ReasonCode;
  relocate?: string[];
  /** The relocated paths are files the op overwrites (not deletes): copied, and left in place for the line. */
  overwrites?: true;
  snapshot?: { repo: string };
  refs?: { repo: string; refs: DroppedRef[] };
}

/** The verdict of one op under seed 001's policy. */
export function judge(o: Op, pc: PathContext): OpVerdict {
  const verdict = _judge(o, pc);
  // A destructive verb found inside an unknown program: its wrapper's behaviour is unknown.
  if (o.wrapped && decisionOf(verdict.code) !== "ALLOW" && decisionOf(verdict.code) !== "BLOCK") {
    return { code: "BLOCK_UNDETERMINABLE_EFFECT" };
  }
  return verdict;
}

function _judge(o: Op, pc: PathContext): OpVerdict {
  switch (o.kind) {
    case "delete":
    case "overwrite":
    case "move":
    case "write-into":
    case "permission":
      return o.find ? policyFind().judgeFound(o, pc, (inner) => _paths(inner, pc)) : _paths(o, pc);
    case "git-reset-hard":
    case "git-discard":
      return _snapshot(o);
    case "git-clean":
      return _clean(o, pc);
    case "git-force-push":
      return { code: "BLOCK_FORCE_PUSH" };
    case "git-history":
      return judgeHistory(o, pc);
    case "disk":
      return { code: "BLOCK_DISK_DESTROY" };
    case "remote-code":
      return { code: "ASK_REMOTE_CODE" };
    case "secret":
      return { code: "ASK_SECRET_ACCESS" };
    case "egress":
      return { code: "ASK_DATA_EGRESS" };
    case "data-destroy":
      return { code: "ASK_DATA_STORE_DESTROY" };
    case "infra-destroy":
      return { code: "ASK_INFRA_DESTROY" };
    case "noop":
      return { code: "ALLOW_NOOP" };
    default:
      return { code: o.refusal ?? "BLOCK_UNDETERMINABLE_EFFECT" };
  }
}

/** Path-level rules: the worst target decides; workspace targets are relocated. */
function _paths(o: Op, pc: PathContext): OpVerdict {
  const relocate: string[] = [];
  const codes: ReasonCode[] = [];
  const destroys = o.kind === "delete" || o.kind === "overwrite";
  const away = o.kind === "move" ? _movedTo(o, pc) : null;
  for (const word of o.targets) {
    if (_opaqueGlob(word, o.cwd, pc)) {
      codes.push("BLOCK_WILDCARD");
      continue;
    }
    const resolved = resolveTarget(word, o.cwd, pc.realDirs);
    if (resolved.kind === "unknown") codes.push("BLOCK_UNDETERMINABLE_EFFECT");
    else if (resolved.kind === "wildcard") codes.push("BLOCK_WILDCARD");
    else if (word.glob && resolved.paths.some((p) => insideGuardStore(p, pc))) codes.push("BLOCK_WILDCARD");
    else {
      // Spelled through the quarantine folder: protected even when a symlink there resolves
      // somewhere else (a temporary folder), so the redirected payload stays out of reach.
      const viaStore = _spelledInStore(word, o.cwd, pc);
      for (const path of _entries(o, resolved.paths, pc)) {
        const cls = viaStore ? "protected" : classifyPath(path, pc);
        const code = away && _leaves(cls, away, pc) && lstatOrUndefined(path) ? "ASK_OUTSIDE_WORKSPACE" : _pathCode(o, path, cls, destroys, pc);
        codes.push(code);
        if (code === "RELOCATE_TREE" || code === "COMPOUND_CWD_DELETE") relocate.push(path);
      }
    }
  }
  const code = worstPathCode(codes);
  if (code !== "RELOCATE_TREE" && code !== "COMPOUND_CWD_DELETE") return { code };
  return o.kind === "overwrite" ? { code, relocate, overwrites: true } : { code, relocate };
}

/**
 * A copy or move into an existing folder replaces the entries named like its sources there
 * (red team H4: `cp /tmp/x/.bashrc ~/`); a source the guard cannot name leaves the folder itself.
 */
function _entries(o: Op, paths: string[], pc: PathContext): string[] {
  if (o.kind !== "overwrite" || !o.sources || o.sources.some((s) => s.dynamic)) return paths;
  const names = copiedNames(o.sources, o.cwd, pc);
  if (names === null) return paths;
  return paths.flatMap((p) => (statOrUndefined(p)?.isDirectory() ? names.map((n) => join(p, n)) : [p]));
}

/** Where a move's destination lies (null: not a move, or a destination judged on its own). */
function _movedTo(o: Op, pc: PathContext): string | null {
  const dest = o.dest && resolveTarget(o.dest, o.cwd, pc.realDirs);
  return dest?.kind === "paths" && dest.paths.length === 1 ? dest.paths[0]! : null;
}

/**
 * A move that takes data out of the quarantine's reach: from the workspace to anywhere else, or
 * into a temporary directory. It is not relocated (the command would then fail to do what it
 * says) but asked: the user sees the data leave (red team C13).
 */
function _leaves(from: PathClass, to: string, pc: PathContext): boolean {
  if (from === "workspace") return to !== pc.workspace && !to.startsWith(`${pc.workspace}/`);
  return from === "outside" && classifyPath(to, pc) === "temp";
}

// A hidden folder (`~/.ssh`: a binary named authorized_keys replaces the file) other than the
// usual global install roots (`~/.local/bin`, `~/.npm-global`): a global folder there still asks.
const HIDDEN_FOLDER = /\/\.(?!(?:local|npm-global|npm-packages|cargo|bun|deno|volta|go|pnpm|yarn)(?:\/|$))/;

/** A glob inside protected storage (the quarantine, .git): refused rather than expanded (seed 001). */
function _opaqueGlob(word: Word, cwd: string | null, pc: PathContext): boolean {
  if (!word.glob || word.dynamic) return false;
  const prefix = word.pattern.slice(0, word.pattern.search(/(?<!\\)[*?[]/));
  const dir = prefix.slice(0, prefix.lastIndexOf("/") + 1) || ".";
  const resolved = resolveTarget({ ...word, value: dir, pattern: dir, glob: false }, cwd, pc.realDirs);
  return resolved.kind === "paths" && resolved.paths.some((p) => classifyPath(p, pc) === "protected");
}

function _spelledInStore(word: Word, cwd: string | null, pc: PathContext): boolean {
  if (word.dynamic || (cwd === null && !isAbsolute(word.value))) return false;
  const spelled = isAbsolute(word.value) ? word.value : `${cwd}/${word.value}`;
  // Normalising only drops segments: a path in the store is spelled with the store's last one.
  if (!spelled.includes(_STORE_NAME)) return false;
  const logical = normalize(spelled).replace(/(.)\/+$/, "$1");
  const store = guardStoreOf(pc);
  return logical === store || logical.startsWith(`${store}/`);
}

function _pathCode(o: Op, path: string, cls: PathClass, destroys: boolean, pc: PathContext): ReasonCode {
  // A subtree op rooted at the workspace deletes members of it, not the root itself.
  if (o.subtree && cls === "ancestor" && (path === pc.workspace || path.startsWith(`${pc.workspace}/`))) return "BLOCK_UNDETERMINABLE_EFFECT";
  // A file written into a Startup folder runs at every logon, outside any hook: asked as a Run key
  // is. An agent's MCP server list names programs the agent starts later: asked the same way, but
  // for an empty entry made or restamped there (Op.empty: touch, mkdir, mkfifo, mknod), which
  // names no server (an empty `.mcp.json`, an extension folder without its manifest).
  if ((o.kind === "overwrite" || o.kind === "write-into") && (cls === "outside" || cls === "workspace" || cls === "temp") && (STARTUP_FOLDER.test(path) || ((caseInsensitiveNames.value ? AGENT_CODE_ANY_CASE : AGENT_CODE).test(path) && o.empty !== true))) return "ASK_PERSISTENT_CODE";
  // The entry itself (a dangling link exists and is deleted); what it points to for writes. Many
  // verdicts follow from the class alone (`rm -rf /`): the entry is read up front only for the
  // rules that need it before the class rules, and otherwise only where a later rule asks.
  const early = (o.kind === "delete" && !o.recursive) || o.kind === "overwrite" || o.inPlace === true;
  const entry = early ? lstatOrUndefined(path) : undefined;
  // rm, unlink, os.remove and friends refuse a directory without -r; rmdir only removes an empty one.
  // A subtree op's target is a root whose members are acted on (`find ~/.ssh -exec rm {} +`):
  // neither this nor the write-into rule below says anything about them (red team 5 C1).
  if (o.kind === "delete" && !o.recursive && !o.subtree && entry?.isDirectory() && cls !== "protected" && !_emptyDir(path)) return "ALLOW_NOOP";
  // An in-place edit keeps the file: the workspace's own edits stay allowed as before, but
  // protected storage and files outside the workspace (`sed -i d ~/.bashrc`) are judged.
  if (o.inPlace) {
    if (cls === "protected" || cls === "system") return "BLOCK_PROTECTED_PATH";
    if (cls === "ancestor") return "BLOCK_PROTECTED_ANCESTOR";
    // One that creates a missing file (`ar r`, `tar -g`) creating a startup file asks like a redirection.
    return cls === "outside" && (entry !== undefined || (o.lands === "created" && isStartupFile(path, pc.home))) ? "ASK_OUTSIDE_WORKSPACE" : "ALLOW_NO_EFFECT";
  }
  // Writing onto an existing directory writes inside it (`cp x dir`) or fails (`> dir`); onto a
  // named pipe it feeds the pipe's reader, and nothing is lost.
  const kind = o.kind === "overwrite" && !o.subtree && _writesInto(path, entry) ? "write-into" : o.kind;
  if (kind === "write-into" && o.replaces) {
    const replaced = replacedIn(path, cls, pc);
    return o.global && replaced === "ASK_OUTSIDE_WORKSPACE" && cls === "outside" && !HIDDEN_FOLDER.test(path) ? "ALLOW_NO_EFFECT" : replaced;
  }
  if (kind === "write-into" || (kind === "permission" && !o.recursive)) {
    if (cls === "protected") return "BLOCK_PROTECTED_PATH";
    if (cls === "outside" && kind === "write-into" && isStartupFile(path, pc.home)) return "ASK_OUTSIDE_WORKSPACE";
    // Added to through a symlink, the file it leads to takes the text (red team 12: `>> link`
    // onto ~/.bashrc; a replacing write relocates the link itself first). A folder known to be
    // its own real path (the working directory, checkout's work tree) is no link.
    const real = kind === "write-into" && !knownRealFolder(path) ? linkTargetOrNull(path) : null;
    if (real !== null && real !== path) {
      const to = classifyPath(real, pc);
      if (to === "protected" || to === "system") return "BLOCK_PROTECTED_PATH";
      if (to === "outside" && isStartupFile(real, pc.home)) return "ASK_OUTSIDE_WORKSPACE";
    }
    return cls === "ancestor" && kind === "permission" ? "BLOCK_PROTECTED_ANCESTOR" : "ALLOW_NO_EFFECT";
  }
  if (cls === "ancestor") return "BLOCK_PROTECTED_ANCESTOR";
  if (cls === "protected" || cls === "system") return "BLOCK_PROTECTED_PATH";
  if (!destroys) return "ALLOW_NO_EFFECT";
  if (cls === "temp") return "ALLOW_TEMP_PATH";
  if (o.subtree) return cls === "workspace" ? "BLOCK_UNDETERMINABLE_EFFECT" : "BLOCK_OUTSIDE_WORKSPACE";
  // Outside the workspace a recursive delete is refused whether or not the path exists yet: an
  // earlier part of the line may create it, and nothing there can be quarantined.
  if (cls === "outside" && (o.recursive || o.afterCd) && o.kind === "delete") return "BLOCK_OUTSIDE_WORKSPACE";
  const exists = (early ? entry : lstatOrUndefined(path)) !== undefined;
  // Creating a startup or trust file outside the workspace (startup-files.ts) is not a no-op.
  if (!exists && cls === "outside" && o.kind === "overwrite" && isStartupFile(path, pc.home)) return "ASK_OUTSIDE_WORKSPACE";
  if (!exists && !o.afterCd) return "ALLOW_NOOP";
  if (cls === "outside") return o.afterCd ? "BLOCK_OUTSIDE_WORKSPACE" : "ASK_OUTSIDE_WORKSPACE";
  if (!exists) return "ALLOW_NOOP";
  return o.afterCd ? "COMPOUND_CWD_DELETE" : "RELOCATE_TREE";
}

/** The entry is a directory or a named pipe (a symlink is followed): writing onto it loses nothing. */
function _writesInto(path: string, entry: Stats | undefined): boolean {
  const target = entry?.isSymbolicLink() ? statOrUndefined(path) : entry;
  return target?.isDirectory() === true || target?.isFIFO() === true || entry?.isFIFO() === true;
}

/** An empty directory (an unreadable one holds nothing that a failing rmdir could lose). */
function _emptyDir(path: string): boolean {
  try {
    return readdirSync(path).length === 0;
  } catch {
    return false;
  }
}

/** reset --hard and worktree discards: a stash snapshot, unless it could not keep everything. */
function _snapshot(o: Op): OpVerdict {
  const dir = o.git?.dir ?? null;
  if (dir === null || o.wrapped) return { code: "BLOCK_UNDETERMINABLE_EFFECT" };
  const repo = repoRoot(dir);
  if (repo === null) return { code: "BLOCK_UNDETERMINABLE_EFFECT" };
  let ref = o.git?.ref;
  // `merge --abort`, `rebase --abort`, …: nothing in progress, or a conflict the snapshot cannot record.
  if (o.git?.ends) {
    const ending = gitEndings().judgeEnding(repo, o.git.ends, o.git.refsUnknown === true);
    if ("code" in ending) return ending;
    ref = ending.ref;
  }
  // A forced checkout or switch overwrites untracked files at paths the branch tracks, as a reset does.
  if (o.kind === "git-reset-hard" || ref !== undefined) {
    const collisions = resetCollisions(repo, ref);
    if (collisions === null) return { code: "BLOCK_UNDETERMINABLE_EFFECT" };
    if (collisions.length > 0) return { code: "BLOCK_GIT_RESET_COLLISION" };
  }
  // A reset that recurses into submodules overwrites their changes, which the snapshot does not hold.
  const submodules = submoduleChangesLost(repo, o.git?.recurse);
  if (submodules === null) return { code: "BLOCK_UNDETERMINABLE_EFFECT" };
  if (submodules) return { code: "BLOCK_GIT_RESET_COLLISION" };
  return { code: "SNAPSHOT_GIT_WORKTREE", snapshot: { repo } };
}

/** git clean -f: its own dry run enumerates the targets, which are then judged as deletes. */
function _clean(o: Op, pc: PathContext): OpVerdict {
  const dir = o.git?.dir ?? null;
  const targets = dir === null ? null : cleanTargets(dir, o.git!.args);
  if (targets === null) return { code: "BLOCK_UNDETERMINABLE_EFFECT" };
  if (targets.length === 0) return { code: "ALLOW_NOOP" };
  const words = targets.map((t) => ({ value: t, dynamic: false, glob: false, pattern: t, quoted: true }));
  const verdict = _paths({ ...o, kind: "delete", targets: words, recursive: true }, pc);
  // A stash keeps what it sweeps away: only protected storage (the quarantine) must stay put.
  if (o.git!.stash && verdict.code !== "BLOCK_PROTECTED_PATH" && verdict.code !== "BLOCK_PROTECTED_ANCESTOR") return { code: "ALLOW_NO_EFFECT" };
  // The relocation creates the quarantine in the work tree; a clean of ignored files would then
  // delete it with the payload, so the compensation would not survive the command.
  if (decisionOf(verdict.code) !== "BLOCK" && sweepsQuarantine(dir!, o.git!.args, guardStoreOf(pc))) return { code: "BLOCK_PROTECTED_PATH" };
  return verdict;
}

