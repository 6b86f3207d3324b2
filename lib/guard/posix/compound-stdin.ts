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

/**
 * A compound command's output is its commands' output: `{ echo 'rm -rf ~'; bash x.sh; } > x.sh`
 * and `while …; do echo …; bash x.sh; done > x.sh` open x.sh before anything inside runs, so the
 * run reads what the commands before it printed there. The parser reads the redirection after
 * the commands inside; each inner command whose output reaches it (no redirection of its own of
 * those descriptors, not a stage piped into another) gets an appending copy (`>>`, `&>>`), first
 * among its redirections: what it prints lands after what the commands before it printed.
 */
export function feedCompoundOutput(inner: SimpleCommand[], redirects: Redirect[]): void {
  let appends: Redirect[] | undefined;
  for (const r of redirects) {
    if (r.op === ">" || r.op === ">|" || r.op === ">>") (appends ??= []).push({ op: ">>", fd: r.fd, target: r.target });
    else if (r.op === "&>" || r.op === "&>>") (appends ??= []).push({ op: "&>>", fd: "", target: r.target });
  }
  if (appends === undefined) return;
  let piped: Set<SimpleCommand> | undefined;
  let moves = false;
  for (const c of inner) {
    if (c.pipeFrom) (piped ??= new Set()).add(c.pipeFrom);
    const head = c.argv[0]?.value;
    if (head === "cd" || head === "pushd" || head === "popd") moves = true;
  }
  // The file was opened in the compound's directory: a relative name means another file to a
  // command after a `cd` inside (`( cd sub && make ) > build.log`), so it is given only an absolute one.
  if (moves) appends = appends.filter((a) => a.target.value.startsWith("/") && !a.target.dynamic);
  if (appends.length === 0) return;
  for (const c of inner) {
    if (piped?.has(c)) continue;
    const reaching = c.redirects.length === 0 ? appends : appends.filter((a) => _fds(a).some((fd) => !c.redirects.some((r) => _fds(r).includes(fd))));
    if (reaching.length > 0) c.redirects = [...reaching, ...c.redirects];
  }
}

/** The descriptors an output redirection writes (`>`, `>|`, `>>`, `>&`, `<>`: its own; `&>`, `&>>`: 1 and 2). */
function _fds(r: Redirect): string[] {
  if (r.op === "&>" || r.op === "&>>") return ["1", "2"];
  if (r.op === ">" || r.op === ">|" || r.op === ">>" || r.op === ">&" || r.op === "<>") return [r.fd === "" ? "1" : r.fd];
  return [];
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
