import { readdirSync } from "node:fs";
import { basename, dirname, isAbsolute, join } from "node:path";
import { op, type Op } from "../ops.ts";
import { literalWord, type Word } from "../syntax.ts";
import type { AnalyzeContext, Handler, Invocation } from "./context.ts";
import { copyArgs } from "./copy-args.ts";
import { RSYNC_REMOTE, RSYNC_VALUED, rsyncListsOnly } from "./files.ts";
import { hasFlag, operands } from "./names.ts";
import { absolutePath } from "./program-path.ts";
import { mayBeRewritten } from "./unseen-writes.ts";
import { lstatOrUndefined, statOrUndefined } from "../fs-probe.ts";
import { expandGlob } from "../paths.ts";
import { AGENT_FILES } from "../agent-files.ts";

/*
 * A folder copied, moved or linked to become an agent's settings folder (`cp -r evil .claude`,
 * `mv tmp ~/.cursor`, `ln -s x .claude`, `rsync -a x/ .claude/`, `cp -r x/. ~/.codex/`) brings the
 * files the agent reads there: hook settings the guard protects (control-files.ts) and MCP server
 * lists that name programs the agent starts (policy.ts AGENT_CODE). The copy's own op names only
 * the folder, so this adds an overwrite of each such file the tree brings, judged as a write of
 * that file is (`cp x .claude/settings.json`). A source the guard can read brings the files it
 * holds; one it cannot (computed, remote, written earlier in the line) may bring each of them.
 * Registered beside files.ts's handlers for cp, mv, ln and rsync, for a line naming such a folder
 * (programs.ts AGENT_FOLDER_WORD).
 */

// An entry of a folder whose every entry is read, and the name judged for one a source the guard
// cannot read may bring.
const ANY = "*";
const PLACEHOLDER = "entry";
// The last names of the folders whose agent files are read (programs.ts AGENT_FOLDER_WORD).
const FOLDER_NAME = /^(?:\..+|windsurf|extensions|hooks|User)$/;

/**
 * The files (relative) an agent reads from `folder` that hold hooks, hook scripts or MCP servers
 * (agent-files.ts AGENT_FILES: each entry whose leading names `folder` ends with); [] for any
 * other folder. `*` stands for every entry of a folder whose entries are each read (a Gemini
 * extension, Copilot's hook files, a hook script).
 */
function _agentFiles(folder: string, ctx: AnalyzeContext): string[] {
  const env = ctx.env ?? {};
  if (env.CLAUDE_CONFIG_DIR && folder === absolutePath(env.CLAUDE_CONFIG_DIR, ctx.state.cwd)) return [..._below(".claude"), ".claude.json"];
  if (env.CODEX_HOME && folder === absolutePath(env.CODEX_HOME, ctx.state.cwd)) return _below(".codex");
  const names = folder.replace(/\/+$/, "").split("/");
  const out: string[] = [];
  for (const { path } of AGENT_FILES) {
    const parts = path.split("/");
    // The entry's first k names are the folder's last k: the rest lies in it. Only a folder named
    // as programs.ts AGENT_FOLDER_WORD loads this module for (not `Code`, nor a VS Code profile).
    for (let k = 1; k < parts.length; k++) {
      const tail = names.slice(-k);
      const rest = parts.slice(k);
      // A `*` is read only as a folder's every entry (not a VS Code profile's name).
      if (tail.length === k && FOLDER_NAME.test(parts[k - 1]!) && parts.slice(0, k).every((p, i) => p === tail[i]) && !rest.slice(0, -1).includes(ANY)) out.push(rest.join("/"));
    }
  }
  return out;
}

/** The files of the agent folder named `name` (`.claude`), relative to it. */
const _below = (name: string): string[] => AGENT_FILES.filter((f) => f.path.startsWith(`${name}/`)).map((f) => f.path.slice(name.length + 1));

/** Where one source's tree lands: the folder it becomes, and the source whose entries it holds (null: unknown). */
interface Landing {
  folder: string;
  source: string | null;
  /** Only these entries of the source land (a glob's matches in it: `cp -r evil/* .claude/`). */
  only?: ReadonlySet<string>;
}

/** The agent files the landed trees bring, as overwrites of each. */
function _ops(verb: string, landings: Landing[], ctx: AnalyzeContext, cmdRewrites: boolean): Op[] {
  const ops: Op[] = [];
  for (const { folder, source, only } of landings) {
    const files = _agentFiles(folder, ctx);
    if (files.length === 0) continue;
    // A source the line wrote or may have written holds what the guard did not see.
    const known = source !== null && !cmdRewrites && !_touched(source, ctx) ? source : null;
    // A missing source makes the copy fail: it brings nothing.
    if (known !== null && !statOrUndefined(known)?.isDirectory()) continue;
    const targets: Word[] = [];
    for (const file of files) {
      const any = file.endsWith(ANY);
      const dir = any ? file.slice(0, -ANY.length) : file;
      if (known === null) targets.push(literalWord(join(folder, any ? `${dir}${PLACEHOLDER}` : file), true));
      else if (!any) {
        if (_lands(file, only) && lstatOrUndefined(join(known, file)) !== undefined) targets.push(literalWord(join(folder, file), true));
      } else for (const entry of _entries(join(known, dir))) if (_lands(join(dir, entry), only)) targets.push(literalWord(join(folder, dir, entry), true));
    }
    if (targets.length) ops.push(op("overwrite", verb, targets));
  }
  return ops;
}

/** Whether an agent file (relative) is among the entries that land: its first component is one of `only`. */
const _lands = (file: string, only: ReadonlySet<string> | undefined): boolean => only === undefined || only.has(file.split("/")[0]!);

/** Up to 16 entry names of a folder (none when it is missing or unreadable). */
function _entries(dir: string): string[] {
  try {
    return readdirSync(dir).slice(0, 16);
  } catch {
    return [];
  }
}

/** Whether the line wrote at, inside or around `path` before (or may have: an unknown place). */
function _touched(path: string, ctx: AnalyzeContext): boolean {
  return (ctx.state.landed ?? []).some((l) => l === null || l === path || path.startsWith(`${l}/`) || l.startsWith(`${path}/`));
}

/** A source word's tree: its absolute path, or null when the guard cannot read it (computed, a pattern, remote). */
function _source(word: Word, ctx: AnalyzeContext, remote: boolean): string | null {
  if (word.dynamic || word.glob || remote) return null;
  return absolutePath(word.value, ctx.state.cwd);
}

/**
 * Where each source lands: the destination itself when the source's entries are copied into it
 * (`SRC/.`, rsync's `SRC/`, `-T`) or when it is a single source onto no folder (cp and mv make it
 * the copy, ln -s the link); else the entry named like the source inside the destination folder.
 * A glob source stands for its matches.
 */
function _landings(sources: Word[], dest: Word, ctx: AnalyzeContext, how: { into: boolean; link: boolean; contents: (s: Word) => boolean; remote: (s: Word) => boolean }): Landing[] {
  const to = dest.dynamic ? null : absolutePath(dest.value, ctx.state.cwd);
  if (to === null) return [];
  const globs = sources.filter((s) => s.glob && !s.dynamic && !how.remote(s));
  const matches = globs.map((g) => _globMatches(g, ctx));
  const count = sources.length - globs.length + matches.reduce((n, m) => n + (m === null ? 2 : m.length), 0);
  // A missing destination named with a trailing `/` still becomes the one source's copy (GNU cp and
  // mv, checked in the sandbox: `cp -r evil new/` makes `new`).
  const folder = how.into || count > 1 || statOrUndefined(to)?.isDirectory() === true;
  const out: Landing[] = [];
  // A glob's matches (session 13 reread: `rsync -a evil/* .codex/` passed): those in one folder
  // land as that folder's entries would, filtered; matches the guard cannot list may be any entry.
  for (const m of matches) {
    if (m === null) out.push({ folder: to, source: null });
    else if (!folder) out.push(...m.map((source) => ({ folder: to, source })));
    else if (m.length && m.every((p) => dirname(p) === dirname(m[0]!))) out.push({ folder: to, source: dirname(m[0]!), only: new Set(m.map((p) => basename(p))) });
    else if (m.length) out.push({ folder: to, source: null });
  }
  for (const s of sources) {
    if (globs.includes(s)) continue;
    // A computed or remote glob (`"$D"/*`, `host:x/*`) may bring any entry into the folder itself.
    const at = how.contents(s) || !folder || s.glob ? to : s.dynamic ? null : join(to, basename(s.value.replace(/\/+$/, "")));
    if (at === null) continue;
    // A symbolic link's relative target is read from the link's folder.
    const source = how.link && !s.dynamic && !s.glob ? absolutePath(s.value, dirname(at)) : _source(s, ctx, how.remote(s));
    out.push({ folder: at, source });
  }
  return out;
}

/** The paths a glob source matches (up to 64), null when the guard cannot list them. */
function _globMatches(word: Word, ctx: AnalyzeContext): string[] | null {
  const pattern = isAbsolute(word.pattern) ? word.pattern : ctx.state.cwd === null ? null : `${ctx.state.cwd}/${word.pattern}`;
  const found = pattern === null ? null : expandGlob(pattern);
  return found === null || found.length > 64 ? null : found;
}

/** cp -r|-a, mv, ln -s: a tree that becomes an agent's folder (files.ts copyMove judges the copy itself). */
export const agentFolderCopies: Handler = ({ name, args, cmd, ctx }) => {
  const { flags, target, files } = copyArgs(name, args);
  const trees = name === "mv" || (name === "cp" && hasFlag(flags, "aRr", ["--archive", "--recursive"])) || (name === "ln" && hasFlag(flags, "s", ["--symbolic"]));
  if (!trees) return [];
  const noTarget = hasFlag(flags, "T", ["--no-target-directory"]);
  const sources = target ? files : files.slice(0, -1);
  const dest = target ?? files.at(-1);
  if (!dest || sources.length === 0) return [];
  // `cp -r SRC/. DEST` copies SRC's entries (cp reads `.` as the folder itself).
  const contents = (s: Word) => noTarget || (name === "cp" && /(?:^|\/)\.\/*$/.test(s.value));
  const how = { into: target !== undefined, link: name === "ln", contents, remote: () => false };
  return _ops(name, _landings(sources, dest, ctx, how), ctx, mayBeRewritten(ctx, cmd));
};


/** rsync: a tree (`SRC/` its entries, `SRC` itself) that becomes an agent's folder; a remote source's content is unknown. */
export const agentFolderSync: Handler = ({ name, args, cmd, ctx }) => {
  const { flags, files } = operands(args, RSYNC_VALUED);
  if (rsyncListsOnly(flags)) return [];
  const dest = files.at(-1);
  if (!dest || files.length < 2 || RSYNC_REMOTE.test(dest.value)) return [];
  // A folder named without a trailing slash lands inside the destination, which rsync makes a folder.
  const how = { into: true, link: false, contents: (s: Word) => s.value.endsWith("/"), remote: (s: Word) => RSYNC_REMOTE.test(s.value) };
  return _ops(name, _landings(files.slice(0, -1), dest, ctx, how), ctx, mayBeRewritten(ctx, cmd));
};

// The git commands whose folder (git-output.ts `_treeDestination`) is filled from another
// repository: `git submodule add URL .claude` checks the fetched tree out there as a clone does
// (session 14; `--bare`, `-n` are clone's: submodule add takes neither).
const FETCHED = new Set(["git clone", "git submodule"]);
// A clone that makes no work tree (`--bare`, `--mirror`) or checks none out (`-n`, `--no-checkout`).
const NO_CHECKOUT = new Set(["--bare", "--mirror", "-n", "--no-checkout"]);

/**
 * `git clone URL DIR` (or the folder git names after URL) or `git submodule add URL DIR` that
 * becomes an agent's folder (`git clone URL .claude`, `git clone URL ~/.codex`, `git submodule
 * add URL .claude`): the fetched tree brings whatever hook settings and
 * MCP server lists it holds, judged as a copy from a source the guard cannot read (session 13
 * reread). The folder is the one git's own handler judges (git-output.ts `_treeDestination`, the
 * `git clone` write-into in `gitOps`, `-C` read there), so the clone's options are read once.
 */
export function agentFolderClone(inv: Invocation, gitOps: Op[]): Op[] {
  if (inv.args.some((a) => NO_CHECKOUT.has(a.value))) return [];
  const into = gitOps.find((o) => FETCHED.has(o.verb) && o.kind === "write-into");
  const dest = into?.targets[0];
  if (!dest || dest.dynamic) return [];
  const folder = absolutePath(dest.value.replace(/\/+$/, ""), into!.cwd ?? inv.ctx.state.cwd);
  return folder === null ? [] : _ops(into!.verb, [{ folder, source: null }], inv.ctx, true);
}

/**
 * The agent files a tree the guard cannot read may bring into `folder` (absolute), as overwrites
 * of each: an extraction whose members a rename puts there (tar-renames.ts).
 */
export function fetchedAgentFiles(verb: string, folder: string, ctx: AnalyzeContext): Op[] {
  return _ops(verb, [{ folder, source: null }], ctx, true);
}
