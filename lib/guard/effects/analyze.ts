import { spend } from "../budget.ts";
import { op, type Op } from "../ops.ts";
import { changeDirectory, CwdFlow, isChildProcess } from "../posix/cwd-flow.ts";
import { projectProgram } from "../git-program.ts";
import { outputRelied } from "../posix/relied-output.ts";
import { literalWord, repeats, type Script, type SimpleCommand, type Word } from "../syntax.ts";
import { type AnalyzeContext, type Dialect, MAX_ANALYSIS_DEPTH } from "./context.ts";
import { clearingTrusted, clearWritten } from "./clears.ts";
import { fifoOps, recordPipeUses } from "./fifo.ts";
import { copiedFrom, recordCopy } from "./copies.ts";
import { readWrittenScript, recordFlows, writtenScriptOps } from "./flows.ts";
import { forkBombOps } from "./fork-bomb.ts";
import { namesHashTable, noteHashReset } from "./hash-table.ts";
import { recordChanges } from "./line-changes.ts";
import { programName } from "./names.ts";
export { type Stdin, stdinOf } from "./stdin.ts";
import { destructiveLooking, LANDED, programIdentity, recordLanded, writesOnto } from "./program-path.ts";
import { PROGRAMS } from "./programs.ts";
import { isSecretPath, secretArgOps } from "./secrets.ts";
import { ENV_LOADERS, envCandidateOps, envLineOpen, noteExposures, openEnvLoad, settleEnvLoads } from "./env-loaders.ts";
import { downloadRun, NO_OPS, taintOps } from "./taint.ts";
import { noteInPlaceEdits } from "./written-scripts.ts";
import { stdinIgnored } from "./stdin-ignored.ts";
import { scanUnknownProgram } from "./unknown-program.ts";
import { noteLine, noteProgram } from "./unseen-writes.ts";
import { judgeAgain, leaveLoops, noteRepeatedRun, repeatingCommand, runsRewritten } from "./later-writes.ts";
import { analyzeSplitWords } from "./word-counts.ts";
import { parseNested } from "./nested-text.ts";

/** Devices a write to changes nothing (awk's special files among them). */
export const HARMLESS_DEVICES = /^\/dev\/(null|stdout|stderr|tty|fd\/\d+|zero)$/;

/** Every effect of a parsed command line, in execution order, with `cd` followed. */
export function analyzeScript(script: Script, ctx: AnalyzeContext): Op[] {
  const ops: Op[] = forkBombOps(script.commands);
  if (ctx.depth === 0) ctx.state.clearable = clearingTrusted(script);
  noteLine(script.commands, ctx);
  const flow = new CwdFlow(script.commands, ctx.state, ctx.state.aliases);
  _recordFunctions(script, ctx);
  const commands = script.commands;
  for (let k = 0; k < commands.length; k++) {
    const cmd = commands[k]!;
    spend();
    flow.enter(cmd);
    if (ctx.state.laterRuns !== undefined) leaveLoops(cmd, ctx);
    // The outermost command that may run again, for the runs of files in it (later-writes.ts).
    const outermost = cmd.frame !== undefined && ctx.state.repeating === undefined;
    if (outermost) ctx.state.repeating = repeatingCommand(cmd, ctx);
    const before = ops.length;
    if (cmd.redirects.length > 0) _append(ops, redirectOps(cmd, ctx));
    noteHashReset(cmd, ctx);
    if (namesHashTable(cmd)) ops.push(op("unknown", "hash"));
    const head = cmd.argv[0];
    if (head !== undefined) {
      const args = cmd.argv.slice(1);
      // `cd` renamed by an alias or the hash table (after `enable -n cd`) runs what it names.
      const renamed = !head.dynamic && ctx.state.aliases?.has(programName(head)) === true;
      if (!renamed && changeDirectory(head, args, ctx.state, ctx.vars, ctx.home)) flow.changed(cmd);
      else {
        // A child process's inner `cd` (`bash -c 'cd x'`) does not move this shell.
        const child = isChildProcess(head, ctx.state.aliases);
        const { cwd, afterCd } = ctx.state;
        _append(ops, analyzeSplitWords(head, args, ctx, cmd));
        if (child) {
          ctx.state.cwd = cwd;
          ctx.state.afterCd = afterCd;
        }
      }
    }
    if (outermost) ctx.state.repeating = undefined;
    // Most commands have no effect: nothing to place, land or record.
    if (ops.length === before) continue;
    // Inside a loop or function body: the command may run again after the commands listed after it.
    const again = cmd.frame !== undefined && repeats(cmd.frame);
    for (let i = before; i < ops.length; i++) {
      const o = ops[i]!;
      if (o.cwd === null && o.cwdUnknown !== true) {
        o.cwd = ctx.state.cwd;
        // Unknown here: a command running this script (`bash -c`) must not fill in its own.
        if (o.cwd === null) o.cwdUnknown = true;
      }
      o.afterCd ||= ctx.state.afterCd;
      o.repeats ||= again;
      if (o.lands) recordLanded(o, ctx);
    }
    // A run of a loop or function body that this command's write may change runs again after it.
    if (ctx.state.laterRuns !== undefined) _runAgain(ops, before, ctx);
    // The changes a command makes are for the commands after it. The last top-level one, outside
    // any loop or function, has none after it, and with no pipe use recorded no handler runs again
    // once the line is read (fifoOps below): its changes would be read by nothing.
    const last = ctx.depth === 0 && k === commands.length - 1 && cmd.frame === undefined && ctx.state.pipeUses === undefined;
    if (!last) recordChanges(ops, before, cmd, ctx);
  }
  flow.finish();
  // Named pipes pair their writers and readers once the whole line is known (fifo.ts).
  if (ctx.depth === 0 && ctx.state.pipeUses) ops.push(...fifoOps(ctx, (name) => PROGRAMS.get(name)));
  // A line loading a `.env` file or reading it without printing a value (env-loaders.ts).
  if (envLineOpen(ctx.state)) return ctx.depth === 0 ? settleEnvLoads(script, ops, ctx) : (noteExposures(script.commands, ctx), ops);
  return ops;
}

/** Judges again, after the write, each kept run of a file that the ops of a command from `before` on land on (later-writes.ts). */
function _runAgain(ops: Op[], before: number, ctx: AnalyzeContext): void {
  for (const run of runsRewritten(ops, before, ctx)) {
    const more = judgeAgain(run, () => {
      const again = analyzeArgv(run.head, run.args, run.ctx, run.cmd);
      for (const o of again) {
        if (o.cwd === null && o.cwdUnknown !== true) o.cwd = ctx.state.cwd;
        o.afterCd ||= ctx.state.afterCd;
        o.repeats = true;
      }
      return again;
    });
    for (const o of more) if (o.lands) recordLanded(o, ctx);
    _append(ops, more);
  }
}

/** Appends `more` to `ops` in place (no spread: most lists are empty). */
function _append(ops: Op[], more: Op[]): void {
  for (let i = 0; i < more.length; i++) ops.push(more[i]!);
}

/** The names of the functions the script defines (a function may shadow any program). */
function _recordFunctions(script: Script, ctx: AnalyzeContext): void {
  for (const cmd of script.commands) {
    for (let s = cmd.scope; s; s = s.parent) if (s.kind === "fn" && s.name) (ctx.state.functions ??= new Set()).add(s.name.toLowerCase());
  }
}

const MAX_ALIAS_EXPANSIONS = 64;
const _aliasExpansions = new WeakMap<Map<string, string>, number>();

/** The effects of one program with its arguments (wrappers call back in with their inner command). */
export function analyzeArgv(head: Word, args: Word[], ctx: AnalyzeContext, cmd?: SimpleCommand): Op[] {
  if (head.dynamic) return scanUnknownProgram(args, ctx, "dynamic", cmd);
  const name = programName(head);
  const alias = ctx.state.aliases?.get(name);
  if (alias !== undefined && ctx.depth < MAX_ANALYSIS_DEPTH) {
    // A bound on expansions per line: `alias a='a;a;a;a'; a` would otherwise fan out exponentially.
    const used = (_aliasExpansions.get(ctx.state.aliases!) ?? 0) + 1;
    _aliasExpansions.set(ctx.state.aliases!, used);
    if (used > MAX_ALIAS_EXPANSIONS) return [op("unknown", "alias")];
    // The alias text replaces the name; the words after it keep what they are (globs stay globs).
    const script = ctx.parse(alias, "posix", ctx.depth + 1, ctx.vars);
    const last = script.commands.at(-1);
    last?.argv.push(...args);
    // The pipe into the alias's name feeds the text's first command (`echo "$T" | s`, `s` nc), and
    // its input redirections follow the words onto the last (`s <<< "$T"`).
    const first = script.commands[0];
    if (first && cmd?.pipeFrom && !first.pipeFrom) first.pipeFrom = cmd.pipeFrom;
    if (last && cmd) for (const r of cmd.redirects) if (r.op === "<<<" || r.op === "<" || r.heredoc) last.redirects.push(r);
    return analyzeScript(script, { ...ctx, depth: ctx.depth + 1 });
  }
  const identity = programIdentity(head, cmd, ctx, name);
  // Output the parser read as this program's must come from it (posix/relied-output.ts), not
  // from a file of the project the environment's PATH finds first (git-program.ts).
  if (cmd && outputRelied(cmd) && (identity !== name || ctx.state.cwd === null || projectProgram(name, ctx.state.cwd, ctx.env?.PATH ?? ""))) return [op("unknown", "program")];
  // A program file written earlier in the same line runs content the guard never saw, unless
  // the line wrote text the guard read (flows.ts analyses that text below) or copied an
  // unchanged local file there (copies.ts: judged as running that file).
  if (identity === LANDED && !readWrittenScript(head, ctx)) {
    // A download or a file of a fetched folder that nothing else wrote onto: remote code, whatever
    // it holds (its arguments are still read).
    const own = downloadRun(head, ctx);
    if (own !== null && writesOnto(head, ctx) <= own) return [op("remote-code", name), ...scanUnknownProgram(args, ctx, "program", cmd)];
    const source = head.value.includes("/") ? copiedFrom(head, ctx, cmd) : undefined;
    return source === undefined ? [op("unknown", "program")] : analyzeArgv(literalWord(source, true), args, ctx, cmd);
  }
  const known = identity === LANDED ? name : identity;
  const handler = PROGRAMS.get(known ?? name);
  // A loader's record is open before its handler reads the commands it runs (env-loaders.ts).
  if (ctx.depth === 0 && ENV_LOADERS.has(name)) openEnvLoad(name, args, ctx.state);
  const ops = known === null ? _unknownFile(name, args, ctx, cmd) : handler ? handler({ name: known, args, cmd, ctx }) : scanUnknownProgram(args, ctx, known, cmd);
  // The line-flow passes. Each returns at once for a command it cannot apply to; the cheap tests
  // here skip the calls that could only do that (no op to note, no argument to read).
  if (ops.length > 0) noteInPlaceEdits(ops, ctx.state);
  const flows = writtenScriptOps(name, head, args, ctx, cmd);
  if (ctx.state.repeating !== undefined || name === "trap") noteRepeatedRun(name, head, args, cmd, ctx);
  recordFlows(name, head, args, cmd, ctx);
  const program = known ?? name;
  recordPipeUses(program, args, cmd, ctx);
  recordCopy(program, args, cmd, ctx);
  noteProgram(program, args, ctx, cmd);
  const found = args.length > 0 ? secretArgOps(name, args, ctx.state.cwd, ctx.state) : NO_OPS;
  const secrets = found.length > 0 || name === "dotenv" || name === "npx" || name === "python" ? envCandidateOps(name, args, found, ctx, cmd) : found;
  const tainted = taintOps(name, head, args, cmd, ctx);
  if (typeof identity === "string") clearWritten(identity, head, cmd, ctx);
  return flows.length + secrets.length + tainted.length === 0 ? ops : ops.concat(flows, secrets, tainted);
}

/**
 * A program the guard cannot identify. A modelled name is judged as what it says (a `rimraf`
 * in node_modules/.bin deletes); any other name, an inert one included (`./cat` may be rm),
 * is undeterminable around a delete program's arguments.
 */
function _unknownFile(name: string, args: Word[], ctx: AnalyzeContext, cmd?: SimpleCommand): Op[] {
  const handler = PROGRAMS.get(name);
  if (handler) return handler({ name, args, cmd, ctx });
  const ops = scanUnknownProgram(args, ctx, "program", cmd);
  return destructiveLooking(args) ? [...ops, op("unknown", "program")] : ops;
}

/** Parses and analyses nested command text (`bash -c`, `eval`, a heredoc fed to a shell). */
export function analyzeText(text: string, dialect: Dialect, ctx: AnalyzeContext): Op[] {
  const script = parseNested(text, dialect, ctx);
  return analyzeScript(script, { ...ctx, depth: ctx.depth + 1 });
}

/**
 * `> file` truncates (an overwrite); `>> file` appends (only protected storage matters); a
 * credential file as input is a secret read, unless the program never reads its input (writing
 * a credential file is an ordinary write); `/dev/tcp/…` as output sends data away.
 */
export function redirectOps(cmd: SimpleCommand, ctx: AnalyzeContext): Op[] {
  const ops: Op[] = [];
  for (const r of cmd.redirects) {
    if ((r.op === ">&" || r.op === "<&") && /^\d+$|^-$/.test(r.target.value)) continue;
    const reads = r.op.startsWith("<") && r.op !== "<<" && r.op !== "<<<";
    // Writing an env file is an ordinary write; a redirection onto another credential store
    // (`> ~/.git-credentials`, `>> ~/.aws/credentials`) still asks.
    if (isSecretPath(r.target) && (reads ? !stdinIgnored(cmd, r, ctx) : !ENV_FILE.test(r.target.value) && !r.op.startsWith("<"))) ops.push(op("secret", "redirect"));
    if (!r.target.dynamic && /^\/dev\/(tcp|udp)\//.test(r.target.value) && r.op !== "<") {
      ops.push(op("egress", "redirect"));
      continue;
    }
    if (!r.target.dynamic && HARMLESS_DEVICES.test(r.target.value)) continue;
    // `N<>` opens without truncating but writes from the file's start: on a descriptor other than
    // stdin (`echo XXXX 1<>README.md`, `exec 3<>f; … >&3`) it overwrites bytes in place.
    const rw = r.op === "<>" ? (r.fd === "" || r.fd === "0" ? "write-into" : "overwrite") : undefined;
    const kind = r.op === ">" || r.op === ">|" || r.op === "&>" || r.op === ">&" ? "overwrite" : r.op === ">>" || r.op === "&>>" ? "write-into" : rw;
    if (kind === undefined) continue;
    // The field is set on the new op: a spread copy (`{ ...op(…), lands }`) of its 18 fields
    // costs several times as much as making it.
    const o = op(kind, "redirect", [r.target]);
    o.lands = "created";
    ops.push(o);
  }
  return ops;
}

const ENV_FILE = /(^|\/)\.env[^/]*$/;
