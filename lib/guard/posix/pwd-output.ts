import type { SimpleCommand } from "../syntax.ts";
import type { Lexer } from "./lexer.ts";
import { plainPrograms } from "./numeric-output.ts";
import { relyOnOutput } from "./relied-output.ts";
import { assigned, UNSET } from "./vars.ts";

/**
 * What `$(pwd)`, `` `pwd` ``, `$(pwd -L)` or `$(pwd -P)` prints in the line's own text (not in
 * a child shell's, which may run elsewhere: `env -C DIR bash -c …`): the directory the check
 * runs in, a real path (classify.ts), which is $PWD until a `cd` or what may run one (the parser
 * makes PWD unknown then) or an assignment to PWD. Only while nothing in the line may make the
 * name run something else (a function, an alias, `enable -n`: plainPrograms), and the analysis
 * finds that it runs itself (relied output); null otherwise.
 */
export function pwdOutput(lx: Lexer, commands: SimpleCommand[]): string | null {
  const [only] = commands;
  if (lx.depth !== 0 || commands.length !== 1 || !only || only.redirects.length > 0 || only.pipeFrom || only.assigns.length > 0 || only.group) return null;
  const [head, ...args] = only.argv;
  if (!head || head.dynamic || head.value !== "pwd" || args.some((a) => a.dynamic || (a.value !== "-L" && a.value !== "-P"))) return null;
  const cwd = lx.lookup("PWD");
  if (cwd === null || cwd === UNSET || assigned(lx.vars, "PWD") || !plainPrograms(lx.vars)) return null;
  relyOnOutput(only);
  return cwd;
}
