import { repeats, type Redirect, type SimpleCommand } from "../syntax.ts";
import type { AnalyzeContext } from "./context.ts";
import { programName } from "./names.ts";
import { programIdentity } from "./program-path.ts";

// Programs that never read their standard input: a file redirected into one is not read
// (`chmod 600 .env < ~/.ssh/id_rsa`). Anything that may read it (cat, curl, an unknown
// program, a wrapper) is not listed.
const IGNORES_STDIN = new Set(["chmod", "chown", "chgrp", "touch", "mkdir", "rmdir", "ln", "ls", "stat", "echo", "printf", "true", "false", "test", "[", "sleep", "pwd", "basename", "dirname", "kill"]);

/**
 * Whether `r` feeds the standard input of a program that never reads it. The program must be
 * the system one by that name: not an alias, a function defined in the line, a file on a
 * changed PATH, or a command in a loop or function body (a later definition may rename it).
 */
export function stdinIgnored(cmd: SimpleCommand, r: Redirect, ctx: AnalyzeContext): boolean {
  if (r.op !== "<" || (r.fd !== "" && r.fd !== "0")) return false;
  const head = cmd.argv[0];
  if (!head || head.dynamic || cmd.group) return false;
  const name = programName(head);
  if (!IGNORES_STDIN.has(name) || ctx.state.aliases?.has(name) || ctx.state.functions?.has(name)) return false;
  if (repeats(cmd.frame)) return false;
  return programIdentity(head, cmd, ctx) === name;
}
