import { enclosing, type Redirect, type Scope, type SimpleCommand } from "../syntax.ts";
import { noteNextStage } from "./pipeline-stages.ts";

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
  // Fed by a pipe, the commands inside are the stage after the pipe's (they run alongside it).
  if (pipe) noteNextStage(inner, pipe);
  for (const c of inner) {
    if (c.pipeFrom || c.redirects.some(readsStdin)) continue;
    if (input.length > 0) c.redirects = [...input, ...c.redirects];
    else c.pipeFrom = pipe;
  }
}

/**
 * The copies feedCompoundOutput gave the commands inside a compound: the compound's own
 * redirection still lands its file once they have written it (written-scripts.ts setScript).
 */
export const handedOutput = new WeakSet<Redirect>();

/**
 * A compound command's output is its commands' output: `{ echo 'rm -rf ~'; bash x.sh; } > x.sh`
 * and `while …; do echo …; bash x.sh; done > x.sh` open x.sh before anything inside runs, so the
 * run reads what the commands before it printed there. The parser reads the redirection after
 * the commands inside; each inner command whose output reaches it (no redirection of its own of
 * those descriptors, not a stage piped into another) gets an appending copy (`>>`, `&>>`), first
 * among its redirections: what it prints lands after what the commands before it printed. The
 * first command of a `{ }` group or `( )` subshell always runs first: it gets the truncating
 * redirection itself (`>`, `&>`), so `{ echo '#!/bin/sh'; echo 'echo hi'; } > x.sh` holds
 * exactly what the two printed (script-writers.ts reads it).
 */
export function feedCompoundOutput(inner: SimpleCommand[], redirects: Redirect[]): void {
  let appends: Redirect[] | undefined;
  let truncates: Redirect[] | undefined;
  for (const r of redirects) {
    const whole = r.op === "&>" || r.op === "&>>";
    if (!whole && r.op !== ">" && r.op !== ">|" && r.op !== ">>") continue;
    const append: Redirect = { op: whole ? "&>>" : ">>", fd: whole ? "" : r.fd, target: r.target };
    (appends ??= []).push(append);
    (truncates ??= []).push(r.op === ">>" || r.op === "&>>" ? append : { op: whole ? "&>" : ">", fd: append.fd, target: r.target });
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
  const absolute = (a: Redirect) => a.target.value.startsWith("/") && !a.target.dynamic;
  if (moves) appends = appends.filter(absolute);
  if (appends.length === 0) return;
  const first = _firstToRun(inner);
  for (const c of inner) {
    if (piped?.has(c)) continue;
    const copies = c === first ? (moves ? truncates!.filter(absolute) : truncates!) : appends;
    const reaching = c.redirects.length === 0 ? copies : copies.filter((a) => _fds(a).some((fd) => !c.redirects.some((r) => _fds(r).includes(fd))));
    for (const r of reaching) handedOutput.add(r);
    if (reaching.length > 0) c.redirects = [...reaching, ...c.redirects];
  }
}

/**
 * The command of a `{ }` group or `( )` subshell that runs first whatever happens: the first one
 * listed, directly in it (the innermost scope holding all of `inner` is the compound's: a nested
 * compound's closing word lies outside the nested one). Undefined for a loop, an `if` or a case,
 * whose first command listed may not run, or may run more than once.
 */
function _firstToRun(inner: SimpleCommand[]): SimpleCommand | undefined {
  const first = inner[0];
  const scope = first?.scope;
  if (scope === undefined || (scope.kind !== "group" && scope.kind !== "subshell")) return undefined;
  for (const c of inner) if (enclosing(c.scope, (s) => s === scope) === undefined) return undefined;
  return first;
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
