import { dirname } from "node:path";
import { op, type Op } from "../ops.ts";
import type { SimpleCommand, Word } from "../syntax.ts";
import { analyzeText } from "./analyze.ts";
import { builtFile } from "./built-programs.ts";
import type { AnalyzeContext } from "./context.ts";
import { scanCode, type Language } from "./interpreters.ts";
import { copiedFrom } from "./copies.ts";
import { fileKeys, lookupKeys } from "./file-identity.ts";
import { loaderSources } from "./loader-sources.ts";
import { programName } from "./names.ts";
import { LANGUAGES, SHELL_NAMES, SHELLS as SHELL_LIST } from "./runner-names.ts";
import { codeFiles, scriptOperands } from "./script-operands.ts";
import { writtenInputRuns } from "./written-inputs.ts";
import { noteScriptChanges, racingWrite, scriptsMatching, scriptText, stdinFiles } from "./written-scripts.ts";
import { noteRacingRun } from "./later-writes.ts";
import { inPipeline } from "../posix/pipeline-stages.ts";
import { shadowedModuleOps } from "./shadowed-modules.ts";
import { noteAnalysedRun } from "./unseen-writes.ts";
import { descriptorOf } from "./stdin-path.ts";
import { textArguments } from "./shell-printed.ts";
import { withArguments } from "../posix/positional-outputs.ts";

// The shells whose start-up files (BASH_ENV, ENV) written-inputs.ts leaves to shells.ts
// (shell-startup.ts); their other loader variables (`LD_PRELOAD=./x.so bash …`) it judges. fish is
// not one of them, as before: written-inputs.ts judges a file either names as for any program.
export const SHELLS: ReadonlySet<string> = new Set(SHELL_LIST.filter((n) => n !== "fish"));

export type Source = { word: Word | "stdin"; language: Language | "posix" | "shebang" };

/**
 * Running a file the line wrote (red team 6, C4): `bash s.sh`, `bash -o pipefail s.sh`, `bash
 * s*.sh`, `bash < s.sh`, `cat s.sh | sh`, `exec 0<s.sh; bash`, `python3 x.py`, `node -r ./x.js`,
 * `./s.sh`, `source /dev/fd/3`. Text the guard read is analysed as the program's language; a file
 * the line filled some other way is unknown. Files the line did not touch are not this module's.
 */
export function writtenRuns(name: string, head: Word, args: Word[], cmd: SimpleCommand | undefined, ctx: AnalyzeContext): Op[] {
  const { scripts, fds, landed } = ctx.state;
  // A stage of a pipeline runs alongside the others: a later stage's write may be what it runs (later-writes.ts).
  if (cmd !== undefined && (cmd.concurrent === "pipeline" || cmd.scope !== undefined) && inPipeline(cmd)) noteRacingRun(name, head, args, cmd, ctx);
  if (!scripts && !fds && !landed?.length) return [];
  if (scripts) noteScriptChanges(name, args, ctx.state);
  // A build or test runner's own input the line wrote (`> Makefile; make`): written-inputs.ts.
  const ops: Op[] = writtenInputRuns(name, args, cmd, ctx);
  // Python modules the line wrote beside the script or in the working folder (shadowed-modules.ts).
  ops.push(...shadowedModuleOps(name, args, cmd, ctx));
  const sources = runSources(name, head, args);
  // Start-up code of loader variables and `python -m` (loader-sources.ts), once per chain: what it
  // runs inherits the variable that loaded it (`NODE_OPTIONS='--require ./x.js'` of a file running
  // `rm`), and loading it again shows nothing new.
  const loaded = loaderSources(name, LANGUAGES[name], args, cmd, ctx, sources.some((s) => s.word === "stdin")).filter((s) => !_loading.has(s.word.value));
  for (const { word, language } of sources) {
    const words = word === "stdin" ? (cmd ? stdinFiles(cmd) : null) : [word];
    for (const w of words ?? []) if (_readFor.get(w) !== args) ops.push(...withArguments(ctx.vars, word === "stdin" ? [] : textArguments(args, w), () => _runFile(w, language, ctx, cmd, args)));
  }
  for (const { word, language } of loaded) {
    _loading.add(word.value);
    try {
      ops.push(..._runFile(word, language, ctx, cmd, args));
    } finally {
      _loading.delete(word.value);
    }
  }
  return ops;
}

// The start-up files being analysed (writtenRuns).
const _loading = new Set<string>();

function _runFile(word: Word, language: Source["language"], ctx: AnalyzeContext, cmd: SimpleCommand | undefined, args: Word[]): Op[] {
  // Computed words are the handlers' to judge (they answer unknown).
  if (word.dynamic) return [];
  const fd = descriptorOf(word);
  if (fd !== undefined) {
    const text = ctx.state.fds?.get(fd);
    return text === undefined ? [] : analyseWritten(text, language, ctx);
  }
  if (!word.glob) {
    // A program the line compiled from the workspace's sources runs what they say (built-programs.ts).
    if (builtFile(word, ctx, cmd)) return [];
    const text = lineWrittenText(word, ctx, cmd);
    // Its commands are analysed: what they write is theirs to count (unseen-writes.ts), not the shell's.
    if (typeof text === "string") noteAnalysedRun(args);
    return text === undefined ? [] : analyseWritten(text, language, ctx);
  }
  const { files, unknown } = scriptsMatching(word, ctx.state);
  const ops = files.flatMap((f) => {
    const text = scriptText(f, ctx.state);
    return text === undefined ? [] : analyseWritten(text, language, ctx);
  });
  return unknown ? [...ops, op("unknown", "script")] : ops;
}

/**
 * What a file (a literal word) the line wrote holds when a program runs it: its text, null when
 * unknown, undefined when the line did not write it or it is another module's to judge — a file
 * the line filled without a recorded writer that is a download (remote code, taint.ts) or an
 * unchanged copy of a file the line did not write (that file runs, copies.ts).
 */
export function lineWrittenText(word: Word, ctx: AnalyzeContext, cmd: SimpleCommand | undefined): string | null | undefined {
  const text = scriptText(word.value, ctx.state);
  if (text === null && (_downloaded(word, ctx.state) || (!_recordedUnknown(word, ctx.state) && copiedFrom(word, ctx, cmd) !== undefined))) return undefined;
  // Written by a command running alongside this one: it may read the text in part, or not yet.
  return typeof text === "string" && racingWrite(word.value, ctx.state, cmd) ? null : text;
}

/** Whether a writer the guard models left text it could not read (`cmd > f`): unknown, whatever else holds. */
function _recordedUnknown(word: Word, state: AnalyzeContext["state"]): boolean {
  return lookupKeys(word.value, state, state.scripts?.keys() ?? []).some((k) => state.scripts?.get(k) === null);
}

/** Whether taint.ts counts the file as downloaded (itself, a folder around it, or any unknown name). */
function _downloaded(word: Word, state: AnalyzeContext["state"]): boolean {
  const tainted = state.tainted;
  if (!tainted?.size) return false;
  if (tainted.has("")) return true;
  for (const key of fileKeys(word.value, state)) {
    for (let at = key, hops = 0; hops < 256; at = dirname(at), hops++) {
      if (tainted.has(at) || tainted.has(`${at}/`)) return true;
      if (at === dirname(at)) break;
    }
  }
  return false;
}

// Files a handler read as a shell's code for one argument list (each analysis of a command has its
// own): `bash --rcfile F` (rc-file-runs.ts) names F again as a script operand, read once.
const _readFor = new WeakMap<Word, Word[]>();

/**
 * A file of `args` a shell runs as its code (`--rcfile F`): what the line wrote there (as
 * lineWrittenText) and its ops; writtenRuns does not read it again for the same `args`.
 */
export function readShellFile(file: Word, args: Word[], ctx: AnalyzeContext, cmd: SimpleCommand | undefined): { text: string | null | undefined; ops: Op[] } {
  const text = lineWrittenText(file, ctx, cmd);
  if (text === undefined) return { text, ops: [] };
  // writtenRuns reads a script operand the same way unless it names a pattern or a descriptor.
  if (!file.glob && descriptorOf(file) === undefined) _readFor.set(file, args);
  return { text, ops: analyseWritten(text, "posix", ctx) };
}

/** Text the line wrote, run as `language` (`shebang`: by its path, its `#!` line picks). */
export function analyseWritten(text: string | null, language: Source["language"], ctx: AnalyzeContext): Op[] {
  if (text === null) return [op("unknown", "script")];
  // Run by its path, the file's `#!` line picks the program (none: the shell runs it); a shell or
  // interpreter given the file reads it as its own language whatever the first line says.
  const named = language === "shebang" ? _shebang(text) : language;
  const lang = named === undefined ? "posix" : named;
  if (lang === null) return [op("unknown", "script")];
  return lang === "posix" ? analyzeText(text, "posix", ctx) : scanCode(text, lang, ctx);
}

/** The language a `#!` line names (undefined: none; null: a program the guard does not read). */
function _shebang(text: string): Language | "posix" | null | undefined {
  if (!text.startsWith("#!")) return undefined;
  const words = text.slice(2, text.indexOf("\n") >>> 0).trim().split(/\s+/);
  let prog = words[0] ?? "";
  if (prog.endsWith("/env")) prog = words.slice(1).find((w) => !w.startsWith("-") && !w.includes("=")) ?? "";
  const name = programName({ value: prog, dynamic: false, glob: false, pattern: prog, quoted: true });
  return SHELL_NAMES.has(name) ? "posix" : (LANGUAGES[name] ?? null);
}

/** The files (or stdin) a command runs as scripts: its script operands (script-operands.ts), or itself run by its path (later-writes.ts too). */
export function runSources(name: string, head: Word, args: Word[]): Source[] {
  const code = scriptOperands(name, args);
  if (!code?.language) return head.value.includes("/") ? [{ word: head, language: "shebang" }] : [];
  const language = code.language;
  const sources: Source[] = codeFiles(code).map((word) => ({ word, language }));
  return code.stdin ? [...sources, { word: "stdin", language }] : sources;
}
