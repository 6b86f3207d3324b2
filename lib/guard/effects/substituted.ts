import { op, type Op } from "../ops.ts";
import type { SimpleCommand, Word } from "../syntax.ts";
import type { AnalyzeContext } from "./context.ts";
import { holdsSecret } from "./flows.ts";
import { programName } from "./names.ts";
import { secretOutput } from "./secret-output.ts";
import { readsArguments } from "./secrets.ts";

/**
 * What a command substitution puts into a network client's arguments: `curl -d "$(<key)"` and
 * `curl -d "$(cat key)"` send the key's bytes (a secret, like `curl -d @key`), `curl -d
 * "$(env)"` sends the environment (egress, like `env | curl --data-binary @-`). Followed through
 * a variable assigned from the substitution (`K=$(<key); curl -d "$K"`).
 */
export function substitutedDataOps(name: string, args: Word[], ctx: AnalyzeContext): Op[] {
  let secret = false;
  let environment = false;
  for (const a of args) {
    for (const c of a.outputOf ?? []) {
      secret ||= _readsSecret(c, ctx);
      // A function the line defines prints whatever its body prints: data the guard cannot enumerate.
      environment ||= _printsEnvironment(c, ctx) || _callsFunction(c, ctx);
    }
  }
  return secret ? [op("secret", name)] : environment ? [op("egress", name)] : [];
}

/** `<key` alone (bash's `$(<key)`), or a reader given the key (`cat key`, `base64 key`, `cat < key`). */
function _readsSecret(c: SimpleCommand, ctx: AnalyzeContext): boolean {
  if (c.redirects.some((r) => r.op === "<" && holdsSecret(r.target, ctx))) return true;
  const [head, ...rest] = c.argv;
  if (!head || head.dynamic) return false;
  return readsArguments(programName(head), rest) && rest.some((w) => !w.value.startsWith("-") && holdsSecret(w, ctx));
}

function _callsFunction(c: SimpleCommand, ctx: AnalyzeContext): boolean {
  const head = c.argv[0];
  return head !== undefined && !head.dynamic && ctx.state.functions?.has(programName(head)) === true;
}

/**
 * `env`, `printenv`, `export -p`, `set`, `declare -p` with no name: every variable
 * (secret-output.ts). `$(printenv NAME)` and a tool printing one credential (`$(gh auth token)`)
 * in a request are how a credential is meant to be sent, like `"$TOKEN"`: not counted here.
 */
function _printsEnvironment(c: SimpleCommand, ctx: AnalyzeContext): boolean {
  const [head, ...rest] = c.argv;
  if (!head || head.dynamic) return false;
  const name = programName(head);
  if (name === "printenv" && rest.some((w) => !w.value.startsWith("-"))) return false;
  return secretOutput(name, rest, { cmd: c, ctx }) === "environment";
}
