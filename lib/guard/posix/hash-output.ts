import type { SimpleCommand } from "../syntax.ts";
import { plainPrograms, quietRedirects } from "./numeric-output.ts";
import { relyOnOutput } from "./relied-output.ts";
import type { Vars } from "./vars.ts";

// rev-parse's options that keep its output one object name: `--short[=N]` abbreviates it (and,
// like `--verify`, prints nothing when HEAD does not resolve), `-q` quiets the error.
const OPTIONS = /^(?:--short(?:=\d+)?|--verify|-q|--quiet)$/;

/**
 * Whether the substitution of `commands` prints only letters and digits, or nothing:
 * `git rev-parse [--short] HEAD`, plain git (no option before the subcommand, no assignment,
 * no redirection that sends stderr to stdout, in a line that redefines no program). It prints
 * the commit's hash in hex; when HEAD does not resolve, `HEAD` itself (without `--verify` or
 * `--short`) or nothing. Its text cannot end a sed `s` command's part or start a command
 * (effects/sed-script.ts reads where it lands: Word.inert). `git describe` prints tag names,
 * which may hold `/` and `;`, and is not read.
 */
export function hashOutput(vars: Vars, commands: SimpleCommand[]): boolean {
  const [git] = commands;
  if (commands.length !== 1 || !git || git.assigns.length > 0 || git.group || git.pipeFrom || !quietRedirects(git)) return false;
  const [head, sub, ...args] = git.argv;
  if (!head || head.quoted || head.value !== "git" || sub?.value !== "rev-parse" || git.argv.some((w) => w.dynamic || w.glob)) return false;
  const operands = args.filter((w) => !OPTIONS.test(w.value));
  if (operands.length !== 1 || operands[0]!.value !== "HEAD" || !plainPrograms(vars)) return false;
  relyOnOutput(git);
  return true;
}
