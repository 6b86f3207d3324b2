import type { SimpleCommand, Word } from "../syntax.ts";
import type { AnalyzeContext } from "./context.ts";
import { SHELL_NAMES } from "./runner-names.ts";
import { scriptOperands } from "./script-operands.ts";
import { stdinOf, stdinRedirect } from "./stdin.ts";

/**
 * The shell text a command runs, whose output is its own: `bash -c TEXT`, `sh <<< TEXT`, `echo
 * TEXT | sh`, `eval WORDS`. undefined when it runs no shell text (a script file, another
 * program), null when the text is computed.
 */
export function shellText(name: string, args: Word[], cmd: SimpleCommand): ShellText | null | undefined {
  if (name === "eval") return args.some((a) => a.dynamic) ? null : { text: args.map((a) => a.value).join(" "), fromStdin: false };
  if (!SHELL_NAMES.has(name)) return undefined;
  const code = scriptOperands(name, args);
  if (!code) return undefined;
  if (code.inline) {
    const text = code.inline[0];
    return text === undefined ? undefined : text.dynamic ? null : { text: text.value, fromStdin: false };
  }
  if (code.script || !code.stdin) return undefined;
  const stdin = stdinOf(cmd);
  if (stdin.kind !== "text") return undefined;
  return stdin.dynamic ? null : { text: stdin.text, fromStdin: true };
}

/** Shell text, and whether the shell read it from stdin (then its commands have no stdin left to read). */
export interface ShellText {
  text: string;
  fromStdin: boolean;
}

/**
 * The commands of a shell script that print to the script's own stdout (not into a later stage,
 * not redirected away): what the script prints is what they print, so `bash -c env | nc …` sends
 * the environment as `env | nc …` does (sent-data.ts), and `bash -c env > t` writes it into t
 * (secret-output.ts). `outer`: the command running text given on its command line (`-c`, eval),
 * whose stdin the script's commands read (`env | sh -c cat | nc …`); unset when stdin held the
 * script. null when the shell lexer cannot read the text.
 */
export function stdoutCommands(text: string, ctx: AnalyzeContext, outer?: SimpleCommand): SimpleCommand[] | null {
  let commands: SimpleCommand[];
  try {
    commands = ctx.parse(text, "posix", ctx.depth + 1, ctx.vars).commands;
  } catch {
    return null;
  }
  const fed = new Set<SimpleCommand>();
  for (const c of commands) if (c.pipeFrom) fed.add(c.pipeFrom);
  if (outer) _shareStdin(commands, outer);
  return commands.filter((c) => !fed.has(c) && !_stdoutRedirected(c));
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
function _stdoutRedirected(cmd: SimpleCommand): boolean {
  let redirected = false;
  for (const r of cmd.redirects) {
    const one = r.fd === "" ? r.op[0] === ">" || r.op === "&>" || r.op === "&>>" : r.fd === "1";
    if (!one || r.op[0] === "<") continue;
    // `>&1` keeps it where it was; `>&2` and files take it away.
    redirected = !(r.op === ">&" && r.target.value === "1");
  }
  return redirected;
}
