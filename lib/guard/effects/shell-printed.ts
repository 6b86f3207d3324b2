import { basename } from "node:path";
import type { SimpleCommand, Word } from "../syntax.ts";
import type { AnalyzeContext } from "./context.ts";
import { withArguments } from "../posix/positional-outputs.ts";
import { SHELL_NAMES } from "./runner-names.ts";
import { scriptOperands } from "./script-operands.ts";
import { stdinOf, stdinRedirect } from "./stdin.ts";
import { descriptorOf } from "./stdin-path.ts";
import { racingWrite, scriptText, stdinFiles } from "./written-scripts.ts";

/**
 * The shell text a command runs, whose output is its own: `bash -c TEXT`, `sh <<< TEXT`, `echo
 * TEXT | sh`, `sh /dev/stdin <<< TEXT`, `source /dev/stdin`, `eval WORDS`, and a script file the
 * line wrote with known text (`echo env > s.sh; bash s.sh`). undefined when it runs no shell text
 * (another script file, another program), null when the text is computed or the written script's
 * text unknown. `ctx` reads the line's written scripts (without it they are not followed).
 */
export function shellText(name: string, args: Word[], cmd: SimpleCommand, ctx?: AnalyzeContext): ShellText | null | undefined {
  if (name === "eval") return args.some((a) => a.dynamic) ? null : { text: args.map((a) => a.value).join(" "), fromStdin: false };
  const sourced = name === "source" || name === ".";
  if (!sourced && !SHELL_NAMES.has(name)) return undefined;
  const code = scriptOperands(name, args);
  if (!code) return undefined;
  if (code.inline) {
    const text = code.inline[0];
    return text === undefined ? undefined : text.dynamic ? null : { text: text.value, fromStdin: false, passed: textArguments(args, text) };
  }
  // A script file (not stdin by its path, which reads as a script on stdin below); `source` alone runs nothing.
  if (code.script && !code.stdin) {
    const fed = ctx && _descriptorText(code.script, ctx);
    const text = fed !== undefined ? fed : ctx && writtenText(code.script, cmd, ctx);
    return text && { ...text, passed: textArguments(args, code.script) };
  }
  if (!code.stdin || (sourced && !code.script)) return undefined;
  const fed = ctx && _fileOnStdin(cmd, ctx);
  if (fed !== undefined) return fed;
  const stdin = stdinOf(cmd);
  if (stdin.kind !== "text") return undefined;
  return stdin.dynamic ? null : { text: stdin.text, fromStdin: true };
}

/**
 * A script read through a descriptor `exec N<<<TEXT` (or a heredoc) filled, as flows.ts keeps it
 * (`exec 3<<< env; bash /dev/fd/3`): its text, null when computed; undefined for any other path.
 */
function _descriptorText(script: Word, ctx: AnalyzeContext): ShellText | null | undefined {
  const fd = script.dynamic ? undefined : descriptorOf(script);
  const text = fd === undefined ? undefined : ctx.state.fds?.get(fd);
  return text === undefined ? undefined : text === null ? null : { text, fromStdin: false };
}

/**
 * A script on stdin read from files (written-scripts.ts stdinFiles: `< F`, or `cat F… |`): ones a
 * descriptor holds (`exec 3<<< env; bash < /dev/fd/3`, `cat /dev/fd/3 | bash`) or the line wrote
 * (`echo env > s; sh -s < s`), as when it is the script operand; undefined for any other stdin.
 */
function _fileOnStdin(cmd: SimpleCommand, ctx: AnalyzeContext): ShellText | null | undefined {
  const files = stdinFiles(cmd);
  if (!files?.length) return undefined;
  let text = "";
  for (const f of files) {
    const held = _descriptorText(f, ctx);
    const one = held !== undefined ? held : writtenText(f, cmd, ctx);
    if (!one) return one;
    text += one.text;
  }
  return { text, fromStdin: true };
}

/**
 * The text of a script the line wrote (written-scripts.ts): its commands read the shell's stdin.
 * null when the guard did not read what was written, or another stage or job may be writing it
 * still; undefined for a file the line did not write (not known to print anything).
 */
function writtenText(script: Word, cmd: SimpleCommand, ctx: AnalyzeContext): ShellText | null | undefined {
  if (script.dynamic || script.glob) return undefined;
  const text = scriptText(script.value, ctx.state);
  if (text === undefined) return undefined;
  return text === null || racingWrite(script.value, ctx.state, cmd) ? null : { text, fromStdin: false };
}

/**
 * A script the line wrote, run by its path with `args` (`echo env > s.sh; ./s.sh | nc …`): its
 * text when the kernel runs it with a shell (no `#!` line, or one naming a shell), null when
 * another interpreter runs it or its text is unknown.
 */
export function pathRunText(path: Word, args: Word[], cmd: SimpleCommand, ctx: AnalyzeContext): ShellText | null | undefined {
  const text = writtenText(path, cmd, ctx);
  const shebang = text && /^#![ \t]*(\S+)(?:[ \t]+(\S+))?/.exec(text.text);
  if (shebang) {
    const program = basename(shebang[1]!) === "env" ? shebang[2] : shebang[1];
    if (program === undefined || !SHELL_NAMES.has(basename(program))) return null;
  }
  return text && { ...text, passed: args };
}

/**
 * Shell text, and whether the shell read it from stdin (then its commands have no stdin left to
 * read); `passed`: the words its positional parameters hold (`bash -c TEXT _ "$T"`,
 * `bash s.sh "$T"`), whatever program wrapped the shell (`env`, `sudo`, `timeout 5`).
 */
export interface ShellText {
  text: string;
  fromStdin: boolean;
  passed?: Word[];
}

/**
 * The commands of a shell script that print to the script's own stdout (not into a later stage,
 * not redirected away): what the script prints is what they print, so `bash -c env | nc …` sends
 * the environment as `env | nc …` does (sent-data.ts), and `bash -c env > t` writes it into t
 * (secret-output.ts). `outer`: the command running text given on its command line (`-c`, eval),
 * whose stdin the script's commands read (`env | sh -c cat | nc …`); unset when stdin held the
 * script. null when the shell lexer cannot read the text.
 */
export function stdoutCommands(shell: ShellText, ctx: AnalyzeContext, outer?: SimpleCommand): SimpleCommand[] | null {
  let commands: SimpleCommand[];
  try {
    const parse = () => ctx.parse(shell.text, "posix", ctx.depth + 1, ctx.vars).commands;
    commands = withArguments(ctx.vars, shell.passed ?? [], parse);
  } catch {
    return null;
  }
  const fed = new Set<SimpleCommand>();
  for (const c of commands) if (c.pipeFrom) fed.add(c.pipeFrom);
  if (outer) _shareStdin(commands, outer);
  return commands.filter((c) => !fed.has(c) && !stdoutRedirected(c));
}

/**
 * The words after a shell's `-c` text or script operand: its positional parameters (`bash -c
 * 'echo "$1"' _ "$T"`, `bash s.sh "$T"`); all of `args` when `text` is none of them (a script
 * run by its path: `./s.sh "$T"`).
 */
export function textArguments(args: Word[], text: Word): Word[] {
  return args.slice(args.indexOf(text) + 1);
}

/** The script's commands that read stdin read the outer command's: its redirection, or the stage before it (the parse is this module's own). */
function _shareStdin(commands: SimpleCommand[], outer: SimpleCommand): void {
  const redirect = stdinRedirect(outer);
  for (const c of commands) {
    if (c.pipeFrom || stdinRedirect(c)) continue;
    if (redirect) c.redirects = [...c.redirects, redirect];
    else if (outer.pipeFrom) c.pipeFrom = outer.pipeFrom;
  }
}

/** Whether the command's stdout goes to a file or descriptor of its own (`env > /dev/null`, `env >&2`). */
export function stdoutRedirected(cmd: SimpleCommand): boolean {
  let redirected = false;
  for (const r of cmd.redirects) {
    const one = r.fd === "" ? r.op[0] === ">" || r.op === "&>" || r.op === "&>>" : r.fd === "1";
    if (!one || r.op[0] === "<") continue;
    // `>&1` keeps it where it was; `>&2` and files take it away.
    redirected = !(r.op === ">&" && r.target.value === "1");
  }
  return redirected;
}
