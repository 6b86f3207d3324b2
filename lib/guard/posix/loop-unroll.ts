import { expandGlob } from "../paths.ts";
import { enclosing, type Frame, type Scope, type SimpleCommand, type Word } from "../syntax.ts";
import { listingNames, mayList, PLAIN_NAME } from "./listing-words.ts";

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
 * Under the same conditions an unquoted `$(git ls-files …)` / `$(git diff --name-only …)` word
 * (`for f in $(git diff --name-only)`) stands for the names the listing prints when the guard
 * can read it (listing-words.ts).
 */
const UNSEEN_ASSIGNERS = /\b(declare|typeset|local)\b[^;&|\n]*\s-[a-zA-Z]*n|\beval\b|\bsource\b|\balias\b/;

/**
 * Whether `.` (source) may run before a pass of the loop: a command parsed so far (before the
 * loop, in a function defined before it, or in its body) named `.`, directly or through `command`
 * or `builtin` (`jq . "$f"` and `git add .` hold `.` as data). So may a command named by a word
 * the guard cannot read before the loop (`"$@"` in `jq() { "$@"; }`); in the body such a name is
 * the loop variable, read again per word (a word `.`, `command` or `builtin` counts, as does any
 * line a `while read` loop reads), or stays unknown in the unrolled reading too. Text after `done`
 * runs after the loop, unless the loop sits in another loop or a function and may run again: a
 * lone `.` word or a function definition there (which could take a body program's name) counts.
 */
function _maySource(plan: LoopPlan, first: number, scope: Scope, commands: SimpleCommand[], rest: string): boolean {
  // A `while read` loop's words are read later: any of them may be such a name.
  const dynamicInBody = plan.reads === true || plan.words.some((w) => SOURCE_HEADS.has(w));
  if (commands.some((c, i) => _namesDot(c, i < first || dynamicInBody))) return true;
  if (!enclosing(scope.parent, (s) => s.kind === "loop" || s.kind === "fn")) return false;
  return /(?<=^|[\s;&|({])\.(?=\s)|\bfunction\b|\(\s*\)/.test(rest);
}

const SOURCE_HEADS = new Set([".", "command", "builtin"]);

/** Whether `c` is named `.` past any `command`/`builtin` and their options (or, with `dynamic`, by an unknown word). */
function _namesDot(c: SimpleCommand, dynamic: boolean): boolean {
  let i = 0;
  for (let w = c.argv[0]; w && !w.dynamic && (w.value === "command" || w.value === "builtin" || (i > 0 && w.value.startsWith("-"))); w = c.argv[++i]);
  const head = c.argv[i];
  return head !== undefined && (head.dynamic ? dynamic : head.value === ".");
}

export const MAX_WORDS = 64;
const MAX_BODY = 2048;
const MAX_TOTAL = 16384;

export interface LoopPlan {
  name: string;
  words: string[];
  /** The loop's execution frame: every unrolled command runs inside it. */
  frame: Frame;
  /** A glob or a listing was expanded: the loop must run alone (checked at `done`). */
  globbed?: boolean;
  /** A `while read NAME` loop: its words come from the listing its redirection reads (parser.ts). */
  reads?: boolean;
  /** The listing piped into that loop (`git branch --merged | while read -r b`), instead of a redirection. */
  feed?: SimpleCommand[];
  /** `read -r` with the default IFS: each line without its leading and trailing blanks. */
  trim?: boolean;
  /** Where the body's text starts (after `do`) and how many commands came before it. */
  bodyStart?: number;
  first?: number;
}

const _plans = new WeakMap<Scope, LoopPlan>();

/**
 * After `for NAME in WORDS`: plans to unroll the loop when every word is literal, a glob
 * matching plain names in `cwd` or a readable listing (`cwd`: the working directory, given only
 * for the line's first command).
 */
export function planUnroll(scope: Scope | undefined, frame: Frame | undefined, name: string, words: Word[], cwd: string | null): void {
  if (!scope || !frame || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(name) || words.length === 0 || words.length > MAX_WORDS) return;
  const listed = (w: Word) => cwd !== null && w.dynamic && mayList(w);
  if (words.some((w) => (w.dynamic && !listed(w)) || (w.glob && cwd === null))) return;
  const values: string[] = [];
  for (const w of words) {
    const names = listed(w) ? listingNames(w, MAX_WORDS) : w.glob ? globNames(w.pattern, cwd!) : [w.value];
    if (names === null || values.push(...names) > MAX_WORDS) return;
  }
  // An empty listing runs the body no time at all (a glob matching nothing was refused above).
  _plans.set(scope, { name, words: values, frame, globbed: words.some((w) => w.glob || listed(w)) });
}

// A plain relative pattern (no quoting or splitting can change the names it stands for).
const PLAIN_PATTERN = /^(?!\/)(?!.*(?:^|\/)\.{1,2}(?:\/|$))(?!.*\/\/)/;

/** The names a relative glob matches in `cwd`, spelled relative to it; null when unsure or none. */
export function globNames(pattern: string, cwd: string): string[] | null {
  if (!PLAIN_PATTERN.test(pattern)) return null;
  const matches = expandGlob(`${cwd}/${pattern}`, undefined, cwd);
  if (!matches || matches.length === 0) return null;
  const names = matches.map((m) => (m.startsWith(`${cwd}/`) ? m.slice(cwd.length + 1) : ""));
  return names.every((n) => PLAIN_NAME.test(n)) ? names : null;
}

/**
 * At `do` of a `while` loop that is the line's first command (not inside a loop or function):
 * `while read [-r] NAME` (optionally `IFS= read`) may run once per line of a listing read by a
 * redirection after `done` (`done < <(git diff --name-only)`): the plan waits for it.
 */
export function planReadLoop(scope: Scope | undefined, frame: Frame | undefined, cond: SimpleCommand[] | undefined, feed?: SimpleCommand[], ifsSet = false): void {
  const [read, ...more] = cond ?? [];
  if (!scope || !frame || !read || more.length > 0 || _plans.has(scope) || read.redirects.length > 0 || read.group) return;
  // `LISTING | while read …`: the condition's command is the stage the listing feeds.
  if (read.pipeFrom && read.pipeFrom !== feed?.at(-1)) return;
  if (!read.assigns.every((a) => a.name === "IFS" && !a.value.dynamic && a.value.value === "")) return;
  const words = read.argv.map((w) => (w.dynamic || w.quoted ? null : w.value));
  const name = words.at(-1);
  if (words[0] !== "read" || words.length > 3 || (words.length === 3 && words[1] !== "-r") || !name || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) return;
  // A piped listing is read only by `read -r` (session 7); blanks are trimmed only with the default IFS.
  const raw = words.length === 3;
  if (feed && !raw) return;
  _plans.set(scope, { name, words: [], frame, reads: true, feed, trim: raw && read.assigns.length === 0 && !ifsSet });
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
  if (!fitsUnroll(body, plan.words.length) || body.includes("<<")) return null;
  if (UNSEEN_ASSIGNERS.test(src) || _maySource(plan, plan.first, scope!, commands, src.slice(end))) return null;
  if (!_onlyExpanded(body, plan.name)) return null;
  // A function body inside the loop (one around it is not the loop's business).
  const inFunction = (c: SimpleCommand) => {
    const s = enclosing(c.scope, (t) => t === scope || t.kind === "fn");
    return s !== undefined && s !== scope;
  };
  if (commands.slice(plan.first).some(inFunction)) return null;
  return { ...plan, body, first: plan.first };
}

/** Whether a body read once per word stays within the bounds above (the PowerShell and cmd loops too). */
export function fitsUnroll(body: string, words: number): boolean {
  return words <= MAX_WORDS && body.length <= MAX_BODY && body.length * words <= MAX_TOTAL;
}

/**
 * Every mention of `name` in the text is an expansion: `$name` or `${name…}`, or git's
 * subcommand of that name (`while read -r branch; do git branch -d "$branch"; done`): the word
 * after a `git` that starts a command, followed by a blank, is no assignment or read of it.
 */
function _onlyExpanded(text: string, name: string): boolean {
  for (const m of text.matchAll(new RegExp(`(?<![A-Za-z0-9_])${name}(?![A-Za-z0-9_])`, "g"))) {
    const before = text.slice(Math.max(0, m.index - 2), m.index);
    if (before.endsWith("$") || before === "${") continue;
    if (GIT_SUBCOMMAND.test(text.slice(Math.max(0, m.index - 64), m.index)) && /^[ \t]/.test(text.slice(m.index + name.length))) continue;
    return false;
  }
  return true;
}

// `git ` as the first word of a command (after a list or pipe operator, `(`, `{`, a newline or a
// reserved word that starts a body), right before a mention.
const GIT_SUBCOMMAND = /(?:^|[;&|({\n]|(?<![A-Za-z0-9_])(?:do|then|else))[ \t]*git[ \t]+$/;
