import { expandGlob } from "../paths.ts";
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
 *
 * A glob word (`for f in src/*.ts`) stands for the names it matches, spelled as bash spells them,
 * but only where the guard knows the folder and files bash expands it in: the loop is the line's
 * first command (no `cd` or earlier write can have run) and nothing runs beside it (`done |`,
 * `done &` or a redirection could create a name first), the pattern is relative and plain (no
 * `.`, `..` or empty segment), it matches at least one name, and every name is plain text.
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
  /** A glob word was expanded: the loop must run alone (checked at `done`). */
  globbed?: boolean;
  /** Where the body's text starts (after `do`) and how many commands came before it. */
  bodyStart?: number;
  first?: number;
}

const _plans = new WeakMap<Scope, LoopPlan>();

/**
 * After `for NAME in WORDS`: plans to unroll the loop when every word is literal, or a glob
 * matching plain names in `cwd` (the working directory, given only for the line's first command).
 */
export function planUnroll(scope: Scope | undefined, frame: Frame | undefined, name: string, words: Word[], cwd: string | null): void {
  if (!scope || !frame || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(name) || words.length === 0 || words.length > MAX_WORDS) return;
  if (words.some((w) => w.dynamic || (w.glob && cwd === null))) return;
  const values: string[] = [];
  for (const w of words) {
    const names = w.glob ? _globNames(w.pattern, cwd!) : [w.value];
    if (names === null || values.push(...names) > MAX_WORDS) return;
  }
  _plans.set(scope, { name, words: values, frame, globbed: words.some((w) => w.glob) });
}

// A plain relative pattern, and the names it may stand for (no quoting or splitting can change them).
const PLAIN_PATTERN = /^(?!\/)(?!.*(?:^|\/)\.{1,2}(?:\/|$))(?!.*\/\/)/;
const PLAIN_NAME = /^[A-Za-z0-9_@%+,=:.-][A-Za-z0-9_@%+,=:.\/-]*$/;

/** The names a relative glob matches in `cwd`, spelled relative to it; null when unsure or none. */
function _globNames(pattern: string, cwd: string): string[] | null {
  if (!PLAIN_PATTERN.test(pattern)) return null;
  const matches = expandGlob(`${cwd}/${pattern}`, undefined, cwd);
  if (!matches || matches.length === 0) return null;
  const names = matches.map((m) => (m.startsWith(`${cwd}/`) ? m.slice(cwd.length + 1) : ""));
  return names.every((n) => PLAIN_NAME.test(n)) ? names : null;
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
  // A glob was expanded before anything ran: nothing may run beside the loop or open a file first.
  if (plan.globbed && !/^done[ \t]*(?:$|[;\n)}]|&&|\|\|)/.test(src.slice(end))) return null;
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
