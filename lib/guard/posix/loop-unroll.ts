import type { Frame, Scope, SimpleCommand, Word } from "../syntax.ts";

/**
 * `for NAME in WORDS; do BODY; done` over literal words runs BODY once per word with NAME set to
 * it. The parser reads BODY once with NAME unknown (what an unbounded or dynamic loop keeps);
 * for a small loop over literal words it then reads BODY again once per word and those commands
 * replace the first reading, so `for f in a .env; do cat "$f"; done` reads `.env`, and `for d in
 * build dist; do rm -rf "$d"; done` deletes exactly those. The bounds keep the work small: at most
 * 64 words, a body of at most 2,048 characters, 16,384 characters read in all, no loop unrolled
 * inside another unrolled one, and no body holding a heredoc or a function definition. The body
 * may only expand the variable (`$f`, `${f%.x}`): one that names it otherwise may assign it (`f=…`,
 * `read f`, `(( f = … ))`, in an inner loop or subshell too) or read it in arithmetic, where the
 * per-word candidates (loop-candidates.ts) already apply and a later pass may see another value.
 * Nor is a loop unrolled in a line that can assign the variable without naming it: a name
 * reference (`declare -n r=f; for f in safe; do r=~/x; rm -rf "$f"; done` deletes ~/x), or text
 * the parser only reads later (`eval`, `source`, `.`, an alias), which may declare one.
 */
const UNSEEN_ASSIGNERS = /\b(declare|typeset|local)\b[^;&|\n]*\s-[a-zA-Z]*n|\beval\b|\bsource\b|\balias\b|(^|[\s;&|({])\.\s/;
export const MAX_WORDS = 64;
const MAX_BODY = 2048;
const MAX_TOTAL = 16384;

export interface LoopPlan {
  name: string;
  words: string[];
  /** The loop's execution frame: every unrolled command runs inside it. */
  frame: Frame;
  /** Where the body's text starts (after `do`) and how many commands came before it. */
  bodyStart?: number;
  first?: number;
}

const _plans = new WeakMap<Scope, LoopPlan>();

/** After `for NAME in WORDS`: plans to unroll the loop when every word is literal. */
export function planUnroll(scope: Scope | undefined, frame: Frame | undefined, name: string, words: Word[]): void {
  if (!scope || !frame || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(name) || words.length === 0 || words.length > MAX_WORDS) return;
  if (words.some((w) => w.dynamic || w.glob)) return;
  _plans.set(scope, { name, words: words.map((w) => w.value), frame });
}

/** At `do`: the body of the loop whose scope is open starts at `pos`. */
export function markBody(scope: Scope | undefined, pos: number, commandCount: number): void {
  const plan = scope && _plans.get(scope);
  if (plan && plan.bodyStart === undefined) {
    plan.bodyStart = pos;
    plan.first = commandCount;
  }
}

/**
 * At `done`: the plan with the body's text, when the loop may be unrolled; `read` gives the body
 * commands of the first reading (a function defined there keeps the loop as it was read).
 */
export function takePlan(scope: Scope | undefined, src: string, end: number, commands: SimpleCommand[]): (LoopPlan & { body: string; first: number }) | null {
  const plan = scope && _plans.get(scope);
  if (!plan || plan.bodyStart === undefined || plan.first === undefined) return null;
  _plans.delete(scope!);
  const body = src.slice(plan.bodyStart, end);
  if (body.length > MAX_BODY || body.length * plan.words.length > MAX_TOTAL || body.includes("<<")) return null;
  if (UNSEEN_ASSIGNERS.test(src)) return null;
  if (!_onlyExpanded(body, plan.name)) return null;
  const inFunction = (c: SimpleCommand) => {
    for (let s = c.scope; s && s !== scope; s = s.parent) if (s.kind === "fn") return true;
    return false;
  };
  if (commands.slice(plan.first).some(inFunction)) return null;
  return { ...plan, body, first: plan.first };
}

/** Every mention of `name` in the text is an expansion: `$name` or `${name…}`. */
function _onlyExpanded(text: string, name: string): boolean {
  for (const m of text.matchAll(new RegExp(`(?<![A-Za-z0-9_])${name}(?![A-Za-z0-9_])`, "g"))) {
    const before = text.slice(Math.max(0, m.index - 2), m.index);
    if (!before.endsWith("$") && before !== "${") return false;
  }
  return true;
}
