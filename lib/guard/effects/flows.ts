import { basename, isAbsolute, join } from "node:path";
import type { Op } from "../ops.ts";
import { enclosing, FILE_WRITES, type Redirect, type SimpleCommand, type Word } from "../syntax.ts";
import type { AnalyzeContext } from "./context.ts";
import { noteWriter } from "./clears.ts";
import { absPath, addFile, fileKeys, hasFile, recordLink } from "./file-identity.ts";
import { programName } from "./names.ts";
import { redirectHoldsSecret, secretOutput } from "./secret-output.ts";
import { PASS_THROUGH } from "./pass-through.ts";
import { isSecretFile, readsArguments } from "./secrets.ts";
import { stdinOf, stdinRedirect } from "./stdin.ts";
import { writtenRuns } from "./written-runs.ts";
import { recordScripts } from "./script-writers.ts";
import { stdoutRedirected } from "./shell-printed.ts";
import { recordedScript } from "./written-scripts.ts";
import { COMPRESSING } from "./registry-names.ts";
import { ddFiles, stdinWrites } from "./stdin-writers.ts";
import { sortArgs } from "./sort-args.ts";
import { LOADED } from "./loaded-analysers.ts";
import { fdFileFor, noteFdScope } from "./fd-scopes.ts";

// Loaded when a line runs one of their programs (lazy-handler.ts says why).
const compressors = (): typeof import("./compressors.ts") => (LOADED.compressors ??= require("./compressors.ts"));
const tarArgs = (): typeof import("./tar-args.ts") => (LOADED.tarArgs ??= require("./tar-args.ts"));
const tarSent = (): typeof import("./tar-sent.ts") => (LOADED.tarSent ??= require("./tar-sent.ts"));

const COPIERS = new Set(["cp", "mv", "ln", "link", "install", "rsync", "scp"]);
// The programs whose arguments alone can move a secret's bytes into another file.
const FLOW_PROGRAMS = new Set([...COPIERS, ...COMPRESSING, "tar", "zip", "openssl", "dd", "exec", "tee", "sponge", "sort"]);

/**
 * Data flows inside one command line that the effects of a single command cannot show:
 * - files that hold a secret's bytes after a copy, link, archive, compression, `cat > f` or
 *   `dd` of a key or credential file (uploading one is uploading the secret);
 * - scripts written with known text (`echo 'rm -rf /' > s.sh`), and descriptors given a here-string
 *   (`exec 3<<<…`): running or sourcing one runs that text, which is analysed.
 * Copies are followed whatever the control flow: a later conditional overwrite does not clear them.
 */
export function recordFlows(name: string, head: Word, args: Word[], cmd: SimpleCommand | undefined, ctx: AnalyzeContext): void {
  // Most commands move no file's bytes: they return before the closures below are allocated.
  // Another program records something only through a redirection that writes a file (`>`, `>>`,
  // `>|`, `&>`, `&>>`: the two loops over redirections below and in script-writers.ts) or its
  // stdout sent to a file by `exec >FILE`; every other step, stdinWrites included, is about a
  // program of FLOW_PROGRAMS.
  if (cmd?.scope !== undefined && ctx.state.functions !== undefined) _notePrintingFunction(name, args, cmd, ctx);
  if (FLOW_PROGRAMS.has(name) || (cmd !== undefined && (_writesFile(cmd, ctx) || (ctx.state.fdFiles !== undefined && fdFileFor("1", cmd, ctx.state) !== undefined)))) _recordFlows(name, head, args, cmd, ctx);
}

/** Whether one of the command's redirections writes a file (`2>&1`, `< f` and here-documents do not; `>&3` after `exec 3>f` does). */
function _writesFile(cmd: SimpleCommand, ctx: AnalyzeContext): boolean {
  for (const r of cmd.redirects) if (FILE_WRITES.has(r.op) || _fdFile(r, cmd, ctx) !== undefined) return true;
  return false;
}

/** The file a `>&N` redirection writes, when `exec N>FILE` opened it. */
function _fdFile(r: Redirect, cmd: SimpleCommand | undefined, ctx: AnalyzeContext): string | undefined {
  return r.op === ">&" ? fdFileFor(r.target.value, cmd, ctx.state) : undefined;
}

function _recordFlows(name: string, head: Word, args: Word[], cmd: SimpleCommand | undefined, ctx: AnalyzeContext): void {
  const state = ctx.state;
  const secret = (w: Word) => holdsSecret(w, ctx);
  const derive = (target: string) => {
    addFile((state.derived ??= new Set()), target, state);
    noteWriter(fileKeys(target, state), head, cmd, ctx);
  };
  const operands = args.filter((a) => !a.value.startsWith("-"));
  if (name === "ln" || name === "link") recordLink(name, args, state);
  if (COPIERS.has(name) && operands.length >= 2 && operands.slice(0, -1).some(secret)) {
    const dest = operands.at(-1)!.value;
    derive(dest);
    for (const src of operands.slice(0, -1)) derive(join(dest, basename(src.value)));
  }
  if (name === "zip" && operands.length >= 1) {
    const listed = args.some((a) => a.value === "-@") ? _stdinPaths(cmd) : [];
    if (operands[0]!.value !== "-" && (operands.some(secret) || listed.some(secret))) derive(operands[0]!.value);
  }
  // The archive as tar reads its options (tar-args.ts: `--file X`, `-cfz X`, the last `-f`), and
  // what goes into it: each operand under the `-C` folder before it (tar-sent.ts), or the operands.
  if (name === "tar") {
    const read = tarArgs().tarArgs(args);
    const roots = tarSent().tarSources(args, ctx)?.roots;
    const inputs = roots ? roots.map(({ word, dir }) => (dir == null || isAbsolute(word.value) ? word : { ...word, value: join(dir, word.value) })) : read.operands;
    if (read.archive && !read.archive.dynamic && read.archive.value !== "-" && inputs.some(secret)) derive(read.archive.value);
  }
  // The copies a compressor writes, as compressors.ts reads its options (pigz, `--suf`, `-kS.x`, zstd -o).
  if (COMPRESSING.has(name)) for (const { input, copy } of compressors().compressedCopies(name, args)) if (!copy.dynamic && secret(input)) derive(copy.value);
  if (name === "openssl") {
    const option = (flag: string) => args.find((a, k) => args[k - 1]?.value === flag);
    if (option("-in") && secret(option("-in")!) && option("-out")) derive(option("-out")!.value);
  }
  // The environment or credentials printed into a file (`env > e.txt`, `gh auth token | tee t`): a secret's bytes.
  const printsSecret = _printsSecret(name, args, cmd, ctx);
  // GNU dd reads its last if= (else stdin: `echo "$T" | dd of=t`) and writes its last of= (stdin-writers.ts).
  if (name === "dd") {
    const dd = ddFiles(args);
    if (dd.output && !dd.output.dynamic && (dd.input ? secret(dd.input) : printsSecret)) derive(dd.output.value);
  }
  // The files a program writes its stdin into (stdin-writers.ts: `tee f`, `dd of=f` reading stdin
  // or `if=/dev/stdin`, `cp /dev/stdin f`, sponge) hold a credential it was fed.
  const fromStdin = stdinWrites(name, args);
  if (fromStdin.length && (printsSecret || _stdinHoldsSecret(cmd, ctx))) for (const file of fromStdin) if (!file.dynamic) derive(file.value);
  // `sort -o f` writes what it read (its files, or stdin) into f.
  if (name === "sort") {
    const { outs, files } = sortArgs(args);
    const readsStdin = files.length === 0 || files.some((f) => f.value === "-");
    if ((readsStdin && printsSecret) || files.some(secret)) for (const out of outs) if (!out.dynamic) derive(out.value);
  }
  // The bytes of the files the program reads (`cat key > f`) go where its output goes. A program
  // that reads no file its words name (`echo`, `ls`: secrets.ts readsArguments) prints none of
  // their bytes, so its words are not looked up (`echo hi > f` asked for a file named hi).
  const printsFiles = () => printsSecret || (readsArguments(name, args) && operands.some(secret));
  // A write through a descriptor is no write op (analyze.ts), so the line's change is noted here (sent-tree.ts reads it).
  const writeThrough = (path: string) => {
    derive(path);
    (state.changes ??= []).push({ kind: "file", path, secret: true });
  };
  for (const r of cmd?.redirects ?? []) {
    const viaFd = _fdFile(r, cmd, ctx);
    const file = r.op === ">" || r.op === ">>" ? (r.target.dynamic ? undefined : r.target.value) : viaFd;
    if (file === undefined || !printsFiles()) continue;
    if (viaFd !== undefined) writeThrough(viaFd);
    else derive(file);
  }
  const shellStdout = _execStdout(cmd, ctx);
  if (shellStdout !== undefined && printsFiles()) writeThrough(shellStdout);
  recordScripts(name, args, operands, cmd, ctx);
  if (name === "exec" && args.length === 0) {
    for (const r of cmd?.redirects ?? []) {
      // `exec >FILE`, `exec &>FILE`: the shell's stdout goes to FILE for the commands after it.
      if (!/^\d+$/.test(r.fd)) {
        if (r.op[0] === ">" || r.op[0] === "&") _noteFdFile("1", r, cmd, ctx);
        continue;
      }
      if (r.heredoc || r.op === "<<<") (state.fds ??= new Map()).set(r.fd, r.heredoc ? (r.heredoc.dynamic ? null : r.heredoc.body) : r.target.dynamic ? null : r.target.value);
      _noteFdFile(r.fd, r, cmd, ctx);
    }
  }
}

/**
 * `exec N>FILE` (or `>>`, `<>`, `&>`) opens FILE on N for later commands; `exec N>&M` makes N
 * what M is (`exec 5>f; exec 1>&5`, `exec >f; exec 2>&1`); another redirection of N closes or moves it.
 * Inside a subshell the change ends with it (fd-scopes.ts).
 */
function _noteFdFile(fd: string, r: Redirect, cmd: SimpleCommand | undefined, ctx: AnalyzeContext): void {
  const opens = (r.op === ">" || r.op === ">>" || r.op === "<>" || r.op === ">|" || r.op === "&>" || r.op === "&>>") && !r.target.dynamic;
  const dup = r.op === ">&" ? _fdFile(r, cmd, ctx) : undefined;
  noteFdScope(fd, cmd, ctx.state);
  if (opens || dup !== undefined) (ctx.state.fdFiles ??= new Map()).set(fd, dup ?? absPath(r.target.value, ctx.state.cwd, ctx.state));
  else ctx.state.fdFiles?.delete(fd);
}

/**
 * The file `exec >FILE` gave the shell's stdout when this command prints there: no redirection
 * of its own takes stdout elsewhere and it is no first stage of a pipeline (a middle stage is
 * counted: the guard does not know a stage's successor here).
 */
function _execStdout(cmd: SimpleCommand | undefined, ctx: AnalyzeContext): string | undefined {
  const file = fdFileFor("1", cmd, ctx.state);
  // A device (`exec >/dev/null`, `>/dev/tty`) keeps nothing to send.
  if (file === undefined || cmd === undefined || file.startsWith("/dev/")) return undefined;
  return _printsToShellStdout(cmd) ? file : undefined;
}

/** Whether the command prints to the shell's stdout: no redirection of its own takes stdout elsewhere, and it is no first stage of a pipeline. */
function _printsToShellStdout(cmd: SimpleCommand): boolean {
  return !stdoutRedirected(cmd) && !(cmd.concurrent === "pipeline" && !cmd.pipeFrom);
}

/**
 * Whether a word names a secret file, or a file an earlier command filled with one, under any of
 * its names (a symlink to a key is the key).
 */
export function holdsSecret(word: Word, ctx: AnalyzeContext): boolean {
  if (word.dynamic) return false;
  if (isSecretFile(word) || hasFile(ctx.state.derived, word, ctx.state)) return true;
  const [, real] = fileKeys(word.value, ctx.state);
  return real !== undefined && isSecretFile({ ...word, value: real, pattern: real, glob: false });
}

/** Running a script written earlier in the line (`bash s.sh`, `cat s.sh | sh`, `./s.sh`, `source /dev/fd/3`): written-runs.ts. */
export function writtenScriptOps(name: string, head: Word, args: Word[], ctx: AnalyzeContext, cmd?: SimpleCommand): Op[] {
  return writtenRuns(name, head, args, cmd, ctx);
}

/**
 * Whether a program run by its path (`./s.sh`) is a file a recorded writer filled: its text (or
 * that it is unknown) is what writtenScriptOps answers.
 */
export function readWrittenScript(head: Word, ctx: AnalyzeContext): boolean {
  return !head.dynamic && recordedScript(head.value, ctx.state);
}

/** Whether the previous pipeline stage prints the environment or credentials. */
function _fedSecretOutput(cmd: SimpleCommand | undefined): boolean {
  const from = cmd?.pipeFrom;
  const head = from?.argv[0];
  return head !== undefined && !head.dynamic && secretOutput(programName(head), from!.argv.slice(1)) !== null;
}

/** Programs printing their stdin encoded (`base64 > t <<< "$T"` holds the token as `echo "$T" | base64 > t` does). */
const ENCODERS: ReadonlySet<string> = new Set(["base64", "base32", "basenc", "xxd", "uuencode"]);

/** Whether the command prints a credential: a printer, a stage after one, one fed one on stdin, a call of a function whose body does. */
function _printsSecret(name: string, args: Word[], cmd: SimpleCommand | undefined, ctx: AnalyzeContext): boolean {
  return secretOutput(name, args, cmd && { cmd, ctx }) !== null || _fedSecretOutput(cmd) || _secretStdin(name, cmd, ctx) || ctx.state.printingFunctions?.has(name.toLowerCase()) === true;
}

/**
 * A command of a function body printing a credential to the body's stdout (no redirection of its
 * own, no first stage of a pipeline): a call's stdout holds it (`f() { env; }; f > t; curl -T t`).
 */
function _notePrintingFunction(name: string, args: Word[], cmd: SimpleCommand, ctx: AnalyzeContext): void {
  const fn = enclosing(cmd.scope, (s) => s.kind === "fn")?.name;
  if (fn === undefined || !_printsToShellStdout(cmd)) return;
  if (_printsSecret(name, args, cmd, ctx)) (ctx.state.printingFunctions ??= new Set()).add(fn.toLowerCase());
}

/**
 * Whether a program printing its stdin (cat, dd, tee, an encoder, a compressor reading stdin …)
 * reads a credential there: a here-string or heredoc holding one (`dd of=t <<< "$GITHUB_TOKEN"`),
 * or a secret file (`dd of=t < k.key`).
 */
function _secretStdin(name: string, cmd: SimpleCommand | undefined, ctx: AnalyzeContext): boolean {
  if (!cmd?.redirects.length) return false;
  const prints = name === "cat" || PASS_THROUGH.has(name) || ENCODERS.has(name) || (COMPRESSING.has(name) && compressors().compressesStdin(name, cmd.argv.slice(1)));
  return prints && _stdinHoldsSecret(cmd, ctx);
}

/** Whether the command's stdin redirection holds a credential: a here-string or heredoc holding one, or a secret file. */
function _stdinHoldsSecret(cmd: SimpleCommand | undefined, ctx: AnalyzeContext): boolean {
  const r = cmd && stdinRedirect(cmd);
  return r !== undefined && (r.op === "<" ? holdsSecret(r.target, ctx) : redirectHoldsSecret(r, { cmd, ctx }));
}

/** Paths printed into this command's stdin (`printf '%s\n' a b | zip x -@`). */
function _stdinPaths(cmd: SimpleCommand | undefined): Word[] {
  const stdin = stdinOf(cmd);
  if (stdin.kind !== "text" || stdin.dynamic) return [];
  return stdin.text.split("\n").filter(Boolean).map((value) => ({ value, dynamic: false, glob: false, pattern: value, quoted: true }));
}
