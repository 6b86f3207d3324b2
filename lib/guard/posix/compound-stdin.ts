import { enclosing, type Redirect, type Scope, type SimpleCommand } from "../syntax.ts";

/**
 * A compound command's stdin is its commands' stdin: `{ bash; } <<< TEXT`, `(sh) < file`,
 * `while …; do bash; done < <(curl …)`, `curl … | if …; then bash; fi`, a function body
 * defined with a redirection (`f() { sh; } < file`) or called with one (`f < file`, `cmd | f`).
 * The parser reads such a redirection (or the pipe) after the commands inside; it is then given
 * to each inner command that has no stdin of its own, so a shell inside is judged by what it reads.
 */
export function feedCompound(inner: SimpleCommand[], redirects: Redirect[], pipe: SimpleCommand | undefined): void {
  const input = redirects.filter(readsStdin);
  if (input.length === 0 && !pipe) return;
  for (const c of inner) {
    if (c.pipeFrom || c.redirects.some(readsStdin)) continue;
    if (input.length > 0) c.redirects = [...input, ...c.redirects];
    else c.pipeFrom = pipe;
  }
}

/** Whether a redirection sets stdin (`<`, `<<`, `<<<`, `<>`, `<&`). */
export function readsStdin(r: Redirect): boolean {
  return (r.fd === "" || r.fd === "0") && (r.op.startsWith("<") || r.heredoc !== undefined);
}

/** The commands of `all` inside `scope` (at any depth). */
export function commandsIn(all: SimpleCommand[], scope: Scope): SimpleCommand[] {
  return all.filter((c) => enclosing(c.scope, (s) => s === scope) !== undefined);
}

/** The commands of `all` in the body of the function `name` defined in the line. */
export function functionBody(all: SimpleCommand[], name: string): SimpleCommand[] {
  return all.filter((c) => enclosing(c.scope, (s) => s.kind === "fn" && s.name === name) !== undefined);
}
