import type { SimpleCommand, Word } from "../syntax.ts";
import { expandText } from "./expansion.ts";
import type { RawWords } from "./raw-words.ts";
import type { Lexer } from "./lexer.ts";
import { loopWords, recordNumeric } from "./loop-candidates.ts";
import { NAME_TAKERS, nameOperands, nameOperandSubscripts } from "./name-operands.ts";
import { arrayName, assign, DECLARERS, forgetAny, KEPT, UNSET, type Vars } from "./vars.ts";

/**
 * Bash arithmetic evaluates a variable it names by evaluating the variable's value as arithmetic
 * in turn, and expands an array subscript found there: `x='a[$(cmd)]'; echo $((x))` runs cmd.
 * So the values of the names an arithmetic context reaches are read for substitutions (parsed
 * as commands of this line); a name whose value is unknown makes the effect undeterminable.
 * A name never assigned in the line (the environment's) is taken as harmless.
 */

const NAMES = /[A-Za-z_][A-Za-z0-9_]*/g;
const RUNS = /\$\(|`/;
const TEST_OPERATORS = new Set(["-eq", "-ne", "-lt", "-le", "-gt", "-ge"]);
const ASSIGNMENT = /^([A-Za-z_][A-Za-z0-9_]*)\+?=/;
// Values naming values that hold substitutions nest; past this many the guard stops reading.
const MAX_EXPANSIONS = 64;

let _expansions = 0;
let _active = 0;
const _integers = new WeakMap<Vars, Set<string>>();
/** The command names arithmeticCommand reads without an assignment or element: `let` and the builtins taking NAMEs. */
export const ARITHMETIC_NAMES: ReadonlySet<string> = new Set(["let", ...NAME_TAKERS]);

// After a name, an assignment (`=`, `+=`, `<<=`, …, not `==`) or an increment; before one, an increment.
const ASSIGNED_AFTER = /^\s*(?:\[[^\]]*\])?\s*(?:\+\+|--|(?:[-+*/%&^|]|<<|>>)?=(?!=))/;
const ASSIGNED_BEFORE = /(?:\+\+|--)\s*\$?$/;

/**
 * Arithmetic text as written: the names it reaches are evaluated, and those it assigns (`((n=-5))`,
 * `let n++`, `$((n+=1))`) hold a number unknown to the parser from then on (red team 15:
 * `n=5; ((n=-5)); echo x > rc$n` wrote rc-5, judged as rc5). `$n = 1` assigns the variable n
 * names: any may change.
 */
export function evaluateNames(lx: Lexer, text: string, seen = new Set<string>()): void {
  const targets: string[] = [];
  for (const m of text.matchAll(NAMES)) {
    const name = m[0];
    const at = m.index!;
    if (ASSIGNED_AFTER.test(text.slice(at + name.length, at + name.length + 200)) || ASSIGNED_BEFORE.test(text.slice(Math.max(0, at - 4), at))) {
      if (text[at - 1] === "$") forgetAny(lx.vars);
      else targets.push(name);
    }
    if (seen.has(name)) continue;
    seen.add(name);
    const value = lx.vars.get(name);
    // A kept PATH is literal folders (no substitution) around the environment's PATH.
    if (value === undefined || value === UNSET || value?.includes(KEPT)) continue;
    if (value !== null) evaluateValue(lx, value, seen);
    else {
      // A `for` variable over literal words: each word is evaluated (a name word in turn).
      const words = loopWords(lx, name);
      if (words) for (const w of words) evaluateValue(lx, w, seen);
      else lx.pushUnknown();
    }
  }
  for (const name of targets) {
    assign(lx.vars, name, null);
    recordNumeric(lx, name);
  }
}

/** Text that arithmetic evaluates after expansion: its substitutions run, its names are read. */
function evaluateValue(lx: Lexer, value: string, seen = new Set<string>()): void {
  if (RUNS.test(value)) {
    if (_active === 0) _expansions = 0;
    if (++_expansions > MAX_EXPANSIONS) return lx.pushUnknown();
    _active++;
    try {
      expandText(lx, value);
    } finally {
      _active--;
    }
  }
  evaluateNames(lx, value, seen);
}

/**
 * `${a[i]}` and `${s:off:len}`: the subscript and the offsets are arithmetic. `${x@P}` expands
 * x's value as a prompt, which runs its command substitutions (`x='$(rm -rf ~)'; echo
 * "${x@P}"`): the value is evaluated like arithmetic's, an unknown one is an unknown command.
 */
export function evaluateBraced(lx: Lexer, inner: string): void {
  if (/@P$/.test(inner)) {
    const name = /^([A-Za-z_][A-Za-z0-9_]*)(\[.*\])?@P$/s.exec(inner)?.[1];
    if (name === undefined) return lx.pushUnknown();
    // A value from the environment (not assigned in the line) is unknown too.
    const value = lx.vars.get(name);
    if (value === null || value === undefined || value.includes(KEPT)) lx.pushUnknown();
    else if (value !== UNSET) evaluateValue(lx, value);
  }
  // `${!ref}`: ref's value is a name; bash evaluates its subscript (`ref='a[$(cmd)]'`).
  const ref = /^!([A-Za-z_][A-Za-z0-9_]*)(?:$|:?[-=+?])/.exec(inner)?.[1];
  if (ref !== undefined) {
    const value = lx.vars.get(ref);
    // `for v in PATH HOME; do echo "${!v}"`: each literal word is a plain name (no subscript).
    if (value === null) {
      if (!loopWords(lx, ref)?.every((w) => /^[A-Za-z_][A-Za-z0-9_]*$/.test(w))) lx.pushUnknown();
    }
    else if (value !== undefined && value !== UNSET && !value.includes(KEPT) && value.includes("[")) evaluateValue(lx, value.slice(value.indexOf("[")));
  }
  const subscript = /\[(.*)\]/s.exec(inner)?.[1];
  if (subscript !== undefined) evaluateNames(lx, subscript);
  const offsets = /^[A-Za-z_][A-Za-z0-9_]*:(?![-=+?])(.*)$/s.exec(inner)?.[1];
  if (offsets !== undefined) evaluateNames(lx, offsets);
}

/** A word of `let`, an operand of `[[ … -eq … ]]`, the value given to an integer variable. */
function _operand(lx: Lexer, raw: string | undefined, value: Word | undefined): void {
  if (raw !== undefined) evaluateNames(lx, raw);
  if (!value) return;
  // A substitution's output is evaluated as written there (`declare -i n; n=$(cat f)` with
  // `a[$(cmd)]` in f runs cmd); other unknown parts are names read above, and the known text of
  // a value the parser could only approximate (`n+='a[$(cmd)]'` appends) is evaluated as well.
  if (value.dynamic && value.outputOf?.length && !value.numeric) lx.pushUnknown();
  else evaluateValue(lx, value.value);
}

/**
 * A finished command's arithmetic: `let`, the `[[` integer comparisons, and values given to
 * variables declared `-i` (`declare -i n; n='a[$(cmd)]'` evaluates the value). `raw` holds each
 * word as written, so the names behind `$x` are known even when the value is not.
 */
export function arithmeticCommand(lx: Lexer, cmd: SimpleCommand, raw: RawWords): void {
  // Without an assignment, only `let`, a builtin taking NAMEs (the declarers, `[[`, read …) or an
  // element (`a[i]=x`) evaluates anything: most commands return here, before any lookup.
  const first = cmd.argv[0];
  if (cmd.assigns.length === 0 && (!first || first.dynamic || (!ARITHMETIC_NAMES.has(first.value) && !first.value.includes("[")))) return;
  const declared = _integers.get(lx.vars);
  if (declared) for (const { name, value } of cmd.assigns) if (declared.has(name)) _operand(lx, _afterEquals(raw.get(value)), value);
  nameOperandSubscripts(lx, cmd, raw, _EVALUATE);
  const head = cmd.argv[0];
  if (declared && head && !head.dynamic) _integerInput(lx, cmd, declared, raw);
  // Most commands are none of these: nothing is evaluated and nothing is allocated for them.
  if (!head || head.dynamic || !(head.value === "let" || head.value === "[[" || DECLARERS.has(head.value))) return;
  const rest = cmd.argv.slice(1);
  if (head.value === "let") for (const w of rest) _operand(lx, raw.get(w), w);
  if (head.value === "[[") {
    rest.forEach((w, i) => {
      if (w.quoted || !TEST_OPERATORS.has(w.value)) return;
      for (const side of [rest[i - 1], rest[i + 1]]) if (side) _operand(lx, raw.get(side), side);
    });
  }
  if (!DECLARERS.has(head.value)) return;
  const integers = _integers.get(lx.vars) ?? new Set<string>();
  _integers.set(lx.vars, integers);
  const integer = rest.some((w) => /^-[a-zA-Z]*i/.test(w.value));
  for (const w of rest) {
    const name = ASSIGNMENT.exec(w.value)?.[1] ?? (/^[A-Za-z_][A-Za-z0-9_]*$/.test(w.value) ? w.value : undefined);
    if (name === undefined) continue;
    if (integer) integers.add(name);
    if (integers.has(name) && name !== w.value) _operand(lx, _afterEquals(raw.get(w)), { ...w, value: w.value.slice(w.value.indexOf("=") + 1) });
  }
}

/**
 * Values an integer variable gets other than by `NAME=`: an element (`n[0]='a[$(cmd)]'`, which
 * the parser leaves a word) is evaluated; input read into one (`read n`, `mapfile`, `printf -v
 * n`) is unknown text evaluated as arithmetic (red team 13).
 */
function _integerInput(lx: Lexer, cmd: SimpleCommand, declared: Set<string>, raw: RawWords): void {
  const head = cmd.argv[0]!;
  const element = /^([A-Za-z_][A-Za-z0-9_]*)\[[^\]]*\]\+?=/.exec(head.value);
  if (element && declared.has(element[1]!)) _operand(lx, raw.get(head)?.replace(/^[^=]*=/, ""), { ...head, value: head.value.slice(element[0].length) });
  // (`wait -p n` stores a process id: digits, nothing arithmetic runs.)
  const readers = head.value === "read" || head.value === "mapfile" || head.value === "readarray" || head.value === "printf";
  if (readers && nameOperands(head.value, cmd.argv.slice(1)).some((w) => declared.has(arrayName(w.value)))) lx.pushUnknown();
}

const _EVALUATE = { names: (lx: Lexer, text: string) => evaluateNames(lx, text), value: (lx: Lexer, text: string) => evaluateValue(lx, text) };

function _afterEquals(raw: string | undefined): string | undefined {
  return raw?.replace(ASSIGNMENT, "");
}
