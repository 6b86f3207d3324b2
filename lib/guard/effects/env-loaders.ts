import { realpathSync } from "node:fs";
import { op, type Op } from "../ops.ts";
import { findWorkspace } from "../paths.ts";
import { ANY_VARIABLE, literalWord, type Script, type SimpleCommand, type Word } from "../syntax.ts";
import type { AnalyzeContext, LineState } from "./context.ts";
import { BEHAVIOUR_NAME, envFileKeys } from "./env-file-keys.ts";
import { absPath } from "./file-identity.ts";
import { programName } from "./names.ts";
import { printsEnvironment } from "./env-exposures.ts";
import { loadedFiles, type Use } from "./env-loader-words.ts";
import { exportedReaders, substitutedReader } from "./exported-env.ts";
import { valueFreeRead } from "./value-free-reads.ts";

/*
 * Session 19: loading a `.env` file is no read of it when its values go to a program's
 * environment and nothing on the line prints or sends them. `source .env && npm run migrate`,
 * `node --env-file=.env server.js`, `dotenv -- prisma migrate dev`, `docker compose --env-file
 * .env up -d` put the values where GITHUB_TOKEN already is: in the environment of a program the
 * guard lets run. The read op (ASK_SECRET_ACCESS) each loader's word gave is kept as a candidate
 * and dropped when the whole line is known (settleEnvLoads), unless
 * - the line expands a name the file defines (`echo "$DATABASE_URL"`, `curl -d "$STRIPE_KEY"`),
 *   or any name the guard cannot know (`${!v}`);
 * - the line prints the environment (`env`, `printenv`, `export -p`, `node -e
 *   'console.log(process.env)'`, `dotenv -- env`), traces its commands (`set -x`, `bash -x`,
 *   `set -v` prints each line of a sourced file) or sets a trap (its text runs later);
 * - the file is not a small plain file inside the workspace (a symlink, a file elsewhere), the
 *   line itself writes it, it sets a name that changes what programs run or what the guard
 *   assumed (env-file-keys.ts BEHAVIOUR_NAME), or, for `source`, it holds any line that is not a
 *   plain assignment (the shell runs it as a command).
 * Reads that print no value (value-free-reads.ts: `grep -q KEY .env`, `cut -d= -f1 .env`) are
 * candidates the same way: a key listing needs a file whose every line begins with its name.
 */

interface Candidate {
  op: Op;
  words: Word[];
  use: Use;
  /** dotenv's `./.env`, which the line does not name: a missing one loads nothing. */
  implicit?: true;
  /** The reading command of an "exported" candidate. */
  cmd?: SimpleCommand;
}

/** A line with a loader or a value-free read: its candidates and what the line exposes. */
interface EnvLine {
  candidates: Candidate[];
  /** The names of the environment's variables the line expands (Word.envNames). */
  expanded: Set<string>;
  /** The line prints the environment, traces its commands, or sets a trap. */
  prints: boolean;
  /** The readers whose lines an `export $(…)` exports, and whether the pipeline drops comment lines (exported-env.ts). */
  exported: Map<SimpleCommand, boolean>;
}

const _lines = new WeakMap<LineState, EnvLine>();

/** The programs that load a `.env` file into a program's environment (the words are read by loadedFiles). */
export const ENV_LOADERS: ReadonlySet<string> = new Set(["source", ".", "node", "bun", "deno", "tsx", "uv", "docker", "podman", "docker-compose", "dotenv", "npx", "bunx", "pnpx", "python"]);
/** The programs whose value-free reads are candidates (value-free-reads.ts). */
const VALUE_FREE_READERS: ReadonlySet<string> = new Set(["grep", "egrep", "fgrep", "cut", "awk", "sed", "cat"]);

/** The `.env` family of SECRET_STORES (secrets.ts), example files aside: only these files are loaded or listed unasked. */
const ENV_FILE = /(^|\/)\.env(\.(?!example$|sample$|template$|dist$|defaults$)[^/]*)?$/;

/**
 * Starts a line's record before a loader's own handler runs (analyze.ts), so that the commands
 * it runs nested (`dotenv -- bash -c 'echo $X'`) are read for exposures (noteExposures). Only a
 * command that loads an env file opens it (`node server.js` and `source venv/bin/activate` do
 * not): a line without one pays for no reading of its commands.
 */
export function openEnvLoad(name: string, args: Word[], state: LineState): void {
  if (_lines.has(state)) return;
  const loaded = loadedFiles(name, args);
  if (loaded && (loaded.implicit || loaded.words.some((w) => !w.dynamic && ENV_FILE.test(_fileOf(w))))) _lines.set(state, { candidates: [], expanded: new Set(), prints: false, exported: new Map() });
}

/** The file a loader word names (`--env-file=F` gives F). */
const _fileOf = (w: Word): string => w.value.replace(/^--env-file(?:-if-exists)?=/, "");

/**
 * A command's secret ops (secrets.ts secretArgOps), with those that only load a `.env` file into a
 * program's environment, or read it without printing a value, noted as candidates that
 * settleEnvLoads may drop. dotenv with no `-e` loads `./.env` without naming it: a candidate op
 * is added for it, kept when the line prints the values (`dotenv -- env`).
 */
export function envCandidateOps(name: string, args: Word[], secrets: readonly Op[], ctx: AnalyzeContext, cmd: SimpleCommand | undefined): readonly Op[] {
  if (ctx.depth !== 0) return secrets;
  const loaded = ENV_LOADERS.has(name) ? loadedFiles(name, args) : undefined;
  // A `cat` or `grep` that is no value-free read may be an `export $(…)`'s reader (exported-env.ts).
  const use: Use | null = loaded ? loaded.use : VALUE_FREE_READERS.has(name) ? (valueFreeRead(name, args) ?? ((name === "cat" || name === "grep") && cmd ? "exported" : null)) : null;
  if (use === null) return secrets;
  const words = loaded ? loaded.words : args;
  if (loaded?.implicit && secrets.length === 0) {
    const implicit = op("secret", name, [literalWord(".env")]);
    _note(ctx.state, { op: implicit, words: implicit.targets, use, implicit: true });
    return [implicit];
  }
  for (const o of secrets) {
    // Every credential word of the op must be an env file the loader loads (or the reader reads).
    if (o.targets.length > 0 && o.targets.every((t) => words.includes(t) && !t.dynamic && ENV_FILE.test(_fileOf(t)))) _note(ctx.state, { op: o, words: o.targets, use, cmd });
  }
  return secrets;
}

function _note(state: LineState, candidate: Candidate): void {
  let line = _lines.get(state);
  if (!line) _lines.set(state, (line = { candidates: [], expanded: new Set(), prints: false, exported: new Map() }));
  line.candidates.push(candidate);
}

/** Whether the line has a loader or a value-free read (its scripts are then read for exposures). */
export function envLineOpen(state: LineState): boolean {
  return _lines.has(state);
}

/**
 * Reads one script of the line (the line itself, or nested text it runs) for what exposes loaded
 * values: the names its words expand, programs printing the environment, tracing, traps.
 */
export function noteExposures(commands: SimpleCommand[], ctx: AnalyzeContext): void {
  const line = _lines.get(ctx.state);
  if (!line) return;
  for (const c of commands) {
    for (const a of c.assigns) if (/^(?:SHELLOPTS|BASHOPTS|PS4|BASH_XTRACEFD|BASH_ENV|ENV)$/.test(a.name)) line.prints = true;
    // A command of assignments only stores values (`A=$X` in a sourced file); a name assigned so
    // and expanded later keeps the name it came from (Word.envNames).
    if (c.argv.length === 0) continue;
    for (const w of c.argv) _expanded(line, w.envNames);
    for (const r of c.redirects) _expanded(line, r.target.envNames), _expanded(line, r.heredoc?.envNames);
    const head = c.argv[0]!;
    if (line.prints) continue;
    // A program the guard cannot name may print anything it is given (`$SHELL -c env`).
    if (head.dynamic) {
      line.prints = true;
      continue;
    }
    const name = programName(head);
    // `export $(grep -v '^#' .env | xargs)` exports the file's lines; with no word it would print
    // the environment, which settleEnvLoads rules out by the file's names.
    const readers = name === "export" ? exportedReaders(c) : null;
    if (readers) for (const r of readers) line.exported.set(r.reader, r.dropsComments);
    else line.prints = printsEnvironment(name, name === "env" ? _envLoaded(c.argv.slice(1), line) : c.argv.slice(1), c, ctx);
  }
}

/**
 * env's words but the substitutions that load a file's lines (`env $(cat .env | xargs) npm
 * start`: exported-env.ts), whose readers are noted as exported; env then prints the environment
 * only when no command follows.
 */
function _envLoaded(args: Word[], line: EnvLine): Word[] {
  let out: Word[] | undefined;
  for (const a of args) {
    const read = a.dynamic ? substitutedReader(a) : null;
    if (read) line.exported.set(read.reader, read.dropsComments);
    else (out ??= []).push(a);
  }
  return out ?? [];
}

function _expanded(line: EnvLine, names: string[] | undefined): void {
  if (names) for (const n of names) line.expanded.add(n);
}

/**
 * The line's ops with the candidates that may go dropped (at the end of the line's analysis,
 * analyze.ts): each candidate whose file is a plain file of the workspace the line does not
 * write, read as its use needs, with no loaded name exposed.
 */
export function settleEnvLoads(script: Script, ops: Op[], ctx: AnalyzeContext): Op[] {
  const line = _lines.get(ctx.state)!;
  noteExposures(script.commands, ctx);
  if (line.candidates.length === 0) return ops;
  const candidates = new Set(line.candidates.map((c) => c.op));
  const written = _writtenPaths(ops, candidates, ctx);
  let workspace: string | undefined;
  const dropped = new Set<Op>();
  for (const c of line.candidates) {
    if (c.op.cwd === null) continue;
    workspace ??= _realOrNull(findWorkspace(ctx.state.start ?? c.op.cwd)) ?? "";
    if (c.words.every((w) => _settles(w, c, line, workspace!, written, ctx))) dropped.add(c.op);
  }
  return dropped.size === 0 ? ops : ops.filter((o) => !dropped.has(o));
}

/** Whether one file word of a candidate may go unasked. */
function _settles(word: Word, c: Candidate, line: EnvLine, workspace: string, written: Set<string> | null, ctx: AnalyzeContext): boolean {
  if (c.use === "quiet") return true;
  const path = absPath(_fileOf(word), c.op.cwd, ctx.state);
  // dotenv's own `./.env` loads nothing when it is missing.
  if (c.implicit && _realOrNull(path) === null) return true;
  if (c.use === "read") return false;
  if (workspace === "" || !path.startsWith(`${workspace}/`) || _realOrNull(path) !== path) return false;
  if (written === null || written.has(path)) return false;
  const keys = envFileKeys(path);
  if (keys === null) return false;
  if (c.use === "keys") return keys.keyLines;
  if (c.use === "shell" && !keys.shellSafe) return false;
  if (c.use === "exported") {
    const dropsComments = line.exported.get(c.cmd!);
    if (dropsComments === undefined || !keys.wordLines || keys.names.length === 0 || (keys.comments && !dropsComments)) return false;
  }
  if (line.prints || line.expanded.has(ANY_VARIABLE)) return false;
  return keys.names.every((n) => !BEHAVIOUR_NAME.test(n) && !line.expanded.has(n));
}

/** The absolute paths the line's other ops write, move or delete; null when one is unknown. */
function _writtenPaths(ops: Op[], candidates: Set<Op>, ctx: AnalyzeContext): Set<string> | null {
  const out = new Set<string>();
  for (const o of ops) {
    if (candidates.has(o) || o.kind === "secret" || o.kind === "egress" || o.kind === "noop") continue;
    for (const t of o.targets) {
      if (t.dynamic || o.cwd === null) return null;
      out.add(absPath(t.value, o.cwd, ctx.state));
    }
  }
  return out;
}

function _realOrNull(path: string): string | null {
  try {
    return realpathSync(path);
  } catch {
    return null;
  }
}
