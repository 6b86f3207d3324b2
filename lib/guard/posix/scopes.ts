import { enclosing, type Scope, type SimpleCommand } from "../syntax.ts";
import type { Flow } from "./flow.ts";
import { noteFunction } from "./function-args.ts";

const TRUE = new Set(["true", ":", "/bin/true", "/usr/bin/true"]);
const FALSE = new Set(["false", "/bin/false", "/usr/bin/false"]);

/**
 * The compound commands around each simple command (loops, functions, groups, subshells, ifs),
 * tracked from the reserved words the parser meets: what tells a background job in a `while
 * true` loop or a self-calling function apart from an ordinary one.
 */
export class Scopes {
  top: Scope | undefined;
  private fn: { name: string; at: number } | undefined;
  /** The execution frame each open scope entered (closed with it); made on first use (most lines open none). */
  private frames: Map<Scope, ReturnType<Flow["enter"]>> | undefined;

  constructor(private readonly flow: Flow) {}

  private push(scope: Scope, frame: "maybe" | "loop" | "fn" | "subshell" | null): void {
    this.top = scope;
    if (frame) (this.frames ??= new Map()).set(scope, this.flow.enter(frame, scope.kind === "fn" ? scope.name : undefined));
  }

  /** A reserved word (or brace) at the start of a command. */
  word(w: string): void {
    const top = this.top;
    if (w === "while" || w === "until") this.push({ kind: "loop", parent: top, cond: [], until: w === "until" }, "loop");
    else if (w === "do" && top?.kind === "loop" && top.cond) {
      top.infinite = _constant(top.cond, top.until === true);
      top.cond = undefined;
    } else if (w === "if") this.push({ kind: "if", parent: top }, "maybe");
    else if (w === "{") {
      if (!this._openBody()) this.push({ kind: "group", parent: top }, null);
    } else if (w === "done") this.close("loop");
    else if (w === "fi") this.close("if");
    else if (w === "}") this.close("fn", "group");
  }

  /** `for ((init; cond; step))` loops forever when cond is empty; `for x in …` ends. */
  forLoop(arithmetic: string | null): void {
    this.push({ kind: "loop", parent: this.top, infinite: arithmetic !== null && /^[^;]*;\s*;/.test(arithmetic) }, "loop");
  }

  /** `name()`: the next `{` opens its body; `at` counts the commands before the definition. */
  functionDefinition(name: string, at: number): void {
    this.fn = { name, at };
    noteFunction(this.flow.vars);
  }

  /** Whether a `name()` waits for its body. */
  get definingFunction(): boolean {
    return this.fn !== undefined;
  }

  /** The body of the `name()` before is no group (`f() [[ … ]]`): no later `{` opens it. */
  endDefinition(): void {
    this.fn = undefined;
  }

  /** A subshell, also a function's body (`f() ( … )`: its `$1` is the function's, as in `f() { … }`). */
  subshell<T>(parse: () => T): T {
    const body = this._openBody();
    this.push({ kind: "subshell", parent: this.top }, "subshell");
    try {
      return parse();
    } finally {
      this.close("subshell");
      if (body) this.close("fn");
    }
  }

  /** Opens the body of the function a `name()` before it defines, if any. */
  private _openBody(): boolean {
    if (!this.fn) return false;
    this.push({ kind: "fn", parent: this.top, name: this.fn.name, at: this.fn.at }, "fn");
    this.fn = undefined;
    return true;
  }

  /** Files a finished command under the current scope (and a loop's condition). */
  place(cmd: SimpleCommand): void {
    if (this.top === undefined) return;
    cmd.scope = this.top;
    this.top.cond?.push(cmd);
  }

  private close(...kinds: Scope["kind"][]): void {
    const s = enclosing(this.top, (t) => kinds.includes(t.kind));
    if (!s) return;
    // Inner scopes left open (unbalanced input) close with it.
    for (let inner = this.top; inner !== s.parent; inner = inner!.parent) {
      const frame = this.frames?.get(inner!);
      if (frame) this.flow.leave(frame);
      this.frames?.delete(inner!);
    }
    this.top = s.parent;
  }
}

/** A loop condition that never changes: `while true`, `while [ 1 ]`, `while ((1))`, `until false`. */
function _constant(cond: SimpleCommand[], until: boolean): boolean {
  if (cond.length !== 1) return false;
  const [only] = cond;
  const words = only!.argv.map((w) => (w.dynamic ? null : w.value));
  if (words.includes(null)) return false;
  if (until) return words.length === 1 && FALSE.has(words[0]!);
  if (words.length === 0) return only!.arith !== undefined && /^\s*[1-9]\d*\s*$/.test(only!.arith);
  if (words.length === 1) return TRUE.has(words[0]!);
  // `[ word ]` and `[[ word ]]` are true for any non-empty literal word.
  const [open, test, close, ...rest] = words;
  return rest.length === 0 && ((open === "[" && close === "]") || (open === "[[" && close === "]]")) && test !== "" && !test!.startsWith("-");
}
