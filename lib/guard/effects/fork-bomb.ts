import { op, type Op } from "../ops.ts";
import { enclosing, type Scope, type SimpleCommand } from "../syntax.ts";

// After a background job, these settle it for the loop: the shell waits for it, or the loop ends.
const SETTLERS = new Set(["wait", "break", "exit", "return"]);

/**
 * Process floods: a function that calls itself (directly or through others) in the background
 * or through a pipeline (`:(){ :|:& };:`), and a loop that never ends starting background jobs
 * it does not wait for (`while true; do work & done`). Both are BLOCK_FORK_BOMB.
 */
export function forkBombOps(commands: SimpleCommand[]): Op[] {
  // Both need a concurrent command and a compound command (a loop or a function body) around one.
  if (!_concurrentAndScoped(commands)) return [];
  const flood = commands.some((c, i) => c.concurrent === "background" && _unsettledInEndlessLoop(commands, i)) || _floodingRecursion(commands);
  return flood ? [{ ...op("unknown", "fork-bomb"), refusal: "BLOCK_FORK_BOMB" }] : [];
}

/** Whether some command runs concurrently and some command has a scope (one loop, no closure: every line runs it). */
function _concurrentAndScoped(commands: SimpleCommand[]): boolean {
  let concurrent = false;
  let scoped = false;
  for (let i = 0; i < commands.length; i++) {
    const c = commands[i]!;
    if (c.concurrent) concurrent = true;
    if (c.scope) scoped = true;
  }
  return concurrent && scoped;
}

/** Whether the job of `commands[i]` starts in each pass of an endless loop and nothing after it there settles it. */
function _unsettledInEndlessLoop(commands: SimpleCommand[], i: number): boolean {
  // Where its `&` stands, not the command itself: `while true; do sleep 1; done &` starts one job.
  const started = commands[i]!.startedIn;
  const loop = enclosing(started, (s) => s.kind === "loop" && s.infinite === true);
  if (!loop) return false;
  // The scopes whose later commands run in the shell that started the job: up to the loop, or to
  // a subshell (a job started in a subshell cannot be waited for outside it).
  const same = new Set<Scope>();
  let top: Scope = loop;
  for (let s = started; s; s = s.parent) {
    same.add(s);
    if (s === loop || s.kind === "subshell") {
      top = s;
      break;
    }
  }
  for (let k = i + 1; k < commands.length; k++) {
    const next = commands[k]!;
    if (!enclosing(next.scope, (s) => s === top)) break;
    const name = next.argv[0]?.dynamic ? "" : (next.argv[0]?.value ?? "");
    if (next.scope && same.has(next.scope) && !next.concurrent && SETTLERS.has(name)) return false;
  }
  return true;
}

interface _Call {
  to: string;
  concurrent: boolean;
}

/** A top-level call reaching a cycle of function calls that has a background or pipeline edge. */
function _floodingRecursion(commands: SimpleCommand[]): boolean {
  const calls = new Map<string, _Call[]>();
  const definedAt = new Map<string, number>();
  for (const c of commands) {
    const fn = enclosing(c.scope, (s) => s.kind === "fn");
    const callee = c.argv[0];
    if (!fn) continue;
    if (!definedAt.has(fn.name!)) definedAt.set(fn.name!, fn.at!);
    if (callee && !callee.dynamic) calls.set(fn.name!, [...(calls.get(fn.name!) ?? []), { to: callee.value, concurrent: c.concurrent !== undefined }]);
  }
  if (calls.size === 0) return false;
  return commands.some((c, at) => {
    const name = c.argv[0];
    if (enclosing(c.scope, (s) => s.kind === "fn") || !name || name.dynamic || !calls.has(name.value)) return false;
    // Only the functions defined before this call exist when it runs.
    const defined = (f: string) => (definedAt.get(f) ?? Infinity) < at;
    return defined(name.value) && _concurrentCycle(name.value, calls, defined);
  });
}

/** Whether some function reachable from `start` calls back into itself through a concurrent call. */
function _concurrentCycle(start: string, calls: Map<string, _Call[]>, defined: (f: string) => boolean): boolean {
  const reachable = new Set([start]);
  const queue = [start];
  while (queue.length) {
    for (const call of calls.get(queue.pop()!) ?? []) {
      if (defined(call.to) && !reachable.has(call.to)) {
        reachable.add(call.to);
        queue.push(call.to);
      }
    }
  }
  // Search (function, a concurrent call seen) states for a path back to the function.
  return [...reachable].some((origin) => {
    const seen = new Set<string>();
    const stack: Array<[string, boolean]> = [[origin, false]];
    while (stack.length) {
      const [at, concurrent] = stack.pop()!;
      for (const call of calls.get(at) ?? []) {
        if (!defined(call.to)) continue;
        const via = concurrent || call.concurrent;
        if (call.to === origin && via) return true;
        const key = `${call.to}\0${via}`;
        if (!seen.has(key)) {
          seen.add(key);
          stack.push([call.to, via]);
        }
      }
    }
    return false;
  });
}
