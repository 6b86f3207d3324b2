import type { SimpleCommand } from "../syntax.ts";
import { readsStdin } from "./compound-stdin.ts";
import type { Lexer } from "./lexer.ts";

/** The command name whose redirections noteShellStdin reads. */
export const EXEC_NAMES: ReadonlySet<string> = new Set(["exec"]);

/**
 * `exec 0<<<TEXT`, `exec < file`, `exec <<EOF`: an `exec` with no command gives the shell itself
 * that stdin, so every later command without a stdin of its own reads it (`exec 0<<<'rm -rf ~';
 * bash` runs the text: red team 5, H2). Taken for every later command of the line, in whatever
 * subshell or branch (the guard then judges what each could read).
 */
export function noteShellStdin(lx: Lexer, cmd: SimpleCommand): void {
  const head = cmd.argv[0];
  if (head && cmd.argv.length === 1 && !head.dynamic && EXEC_NAMES.has(head.value)) {
    const input = cmd.redirects.filter(readsStdin);
    if (input.length > 0) return void (lx.shellStdin = input);
  }
  const input = lx.shellStdin;
  if (input && !cmd.pipeFrom && !cmd.redirects.some(readsStdin)) cmd.redirects = [...input, ...cmd.redirects];
}
