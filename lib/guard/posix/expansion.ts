import { ANY_VARIABLE, ParseError, type SimpleCommand } from "../syntax.ts";
import { decodeAnsiC } from "./ansi-c.ts";
import { evaluateBraced, evaluateNames } from "./arith.ts";
import type { Lexer } from "./lexer.ts";
import { hashOutput } from "./hash-output.ts";
import { nameDigits, numericOutput } from "./numeric-output.ts";
import { variableDigits } from "./loop-candidates.ts";
import { trimmed } from "./param-trim.ts";
import { pwdOutput } from "./pwd-output.ts";
import { addEnvSources, aimedAnywhere, assign, envSources, getOrigin, UNSET } from "./vars.ts";
import { positionalNames } from "./function-args.ts";
import { positionalOutputs } from "./positional-outputs.ts";
import { isNameCode, WordBuilder } from "./word-builder.ts";

/**
 * `$name`, `${…}`, `$(…)`, `$((…))`, `$'…'`, `$"…"` or a backtick substitution at the cursor.
 * Substitutions are parsed (their commands run before the word's command); the value is known
 * only when it can be resolved statically.
 */
export function readDollarOrTick(lx: Lexer, w: WordBuilder, quoted: boolean): void {
  const src = lx.src;
  if (src[lx.pos] === "`") {
    let end = lx.pos + 1;
    let body = "";
    for (; end < src.length && src[end] !== "`"; end++) {
      if (src[end] === "\\" && "$`\\".includes(src[end + 1] ?? "\0")) end++;
      body += src[end];
    }
    if (end >= src.length) throw new ParseError("unterminated backtick");
    lx.pos = end + 1;
    const inner = lx.parseText(body);
    lx.commands.push(...inner);
    w.addExpansion(_split(lx, _echoed(inner) ?? pwdOutput(lx, inner), quoted), quoted, inner, numericOutput(lx.vars, inner, quoted), hashOutput(lx.vars, inner), _whole(lx, nameDigits(lx.vars, inner), quoted));
    return;
  }
  const next = src[lx.pos + 1];
  if (src.startsWith("$((", lx.pos)) {
    lx.pos += 3;
    readArithmetic(lx);
    w.addExpansion(null, quoted);
  } else if (next === "[") {
    // `$[ … ]`: bash's old spelling of `$(( … ))`.
    lx.pos += 2;
    readArithmetic(lx, "]");
    w.addExpansion(null, quoted);
  } else if (next === "(") {
    lx.pos += 2;
    // Run before anything else in the line, at its top level: it may be a listing (listing-words.ts).
    const cwd = lx.vars.get("PWD");
    const first = !quoted && w.pieces.length === 0 && lx.atLineStart() && !lx.vars.has("IFS");
    const inner = lx.nested(true);
    if (first && typeof cwd === "string" && cwd !== UNSET) {
      w.listing = { commands: inner, cwd, lines: false };
      lx.listed = true;
    }
    w.addExpansion(_split(lx, _echoed(inner) ?? pwdOutput(lx, inner), quoted), quoted, inner, numericOutput(lx.vars, inner, quoted), hashOutput(lx.vars, inner), _whole(lx, nameDigits(lx.vars, inner), quoted));
  } else if (next === "'" && !quoted) {
    const close = _closingQuote(src, lx.pos + 2);
    if (close < 0) throw new ParseError("unterminated $' quote");
    w.addQuoted(decodeAnsiC(src.slice(lx.pos + 2, close)));
    lx.pos = close + 1;
  } else if (next === '"' && !quoted) {
    lx.pos += 2;
    lx.readDoubleQuoted(w);
  } else if (next === "{") {
    lx.pos += 2;
    const start = lx.pos;
    const name = /^[A-Za-z_][A-Za-z0-9_]*/.exec(src.slice(lx.pos, lx.pos + 200))?.[0];
    // `"${@}"`, `"${@:2}"`, `"${a[@]}"`, `"${!a[@]}"`, `"${!prefix@}"`: one word per element.
    if (quoted && /^(?:@|!?[A-Za-z_][A-Za-z0-9_]*\[@\]|![A-Za-z_][A-Za-z0-9_]*@)/.test(src.slice(lx.pos, lx.pos + 200))) w.spread = true;
    const value = _split(lx, _readBraced(lx, w), quoted);
    // `${NAME}` alone expands as `$NAME` does.
    const digits = name !== undefined && lx.pos === start + name.length + 1 ? _whole(lx, variableDigits(lx, name), quoted) : null;
    w.addExpansion(value, quoted, name === undefined ? undefined : getOrigin(lx.vars, name), false, false, digits);
  } else if (isNameCode(src.charCodeAt(lx.pos + 1), false)) {
    // `$NAME` (a name of up to 199 characters: the rest of a longer one stays text).
    let end = lx.pos + 2;
    while (end < lx.pos + 200 && isNameCode(src.charCodeAt(end), true)) end++;
    const name = src.slice(lx.pos + 1, end);
    lx.pos = end;
    const known = lx.lookup(name);
    if (known === null) _noteEnv(lx, w, name);
    w.addExpansion(_split(lx, known, quoted), quoted, getOrigin(lx.vars, name), false, false, _whole(lx, variableDigits(lx, name), quoted));
  } else if (next !== undefined && /[0-9@*#?$!-]/.test(next)) {
    lx.pos += 2;
    if (quoted && next === "@") w.spread = true;
    if (_POSITIONAL.test(next)) _notePositional(lx, w);
    w.addExpansion(null, quoted);
  } else {
    lx.pos++;
    if (quoted) w.addQuoted("$");
    else w.addPlain("$");
  }
}

/** Notes in `w` the environment's variables whose value an unknown `$name` holds (vars.ts envSources). */
function _noteEnv(lx: Lexer, w: WordBuilder, name: string): void {
  const names = envSources(lx.vars, name);
  if (names?.length) w.addEnvNames(names);
}

const _POSITIONAL = /[0-9@*]/;

/** `$1`, `"$@"`, `${*}`: the environment's values the line set the positional parameters from (`set -- "$GITHUB_TOKEN"`), or a function's calls passed (function-args.ts). */
function _notePositional(lx: Lexer, w: WordBuilder): void {
  const names = positionalNames(lx.vars, lx.flow.frame, lx.flow.fnDepth > 0);
  if (names) w.addEnvNames(names);
  // A shell's arguments holding a substitution's output (positional-outputs.ts).
  const outputs = positionalOutputs(lx.vars);
  if (outputs) w.outputOf = w.outputOf ? w.outputOf.concat(outputs) : outputs;
}

/**
 * `${!name}` expands the variable whose name `name` holds: the environment's value of that name
 * (or the sources the line gave it); any variable's when `name` is unknown (ANY_VARIABLE). Not
 * `${!a[@]}` or `${!prefix@}`, which list keys and names.
 */
function _noteIndirect(lx: Lexer, w: WordBuilder): void {
  // Every `${…}` comes here: only `${!…}` is read further.
  if (lx.src.charCodeAt(lx.pos) !== 33) return;
  // `${!1}`: a positional parameter names the variable (`f(){ echo "${!1}"; }; f GITHUB_TOKEN`), any one.
  if (/^!\d+\}/.test(lx.src.slice(lx.pos, lx.pos + 12))) {
    w.addEnvNames([ANY_VARIABLE]);
    return;
  }
  const m = /^!([A-Za-z_][A-Za-z0-9_]*)([@*[]?)/.exec(lx.src.slice(lx.pos, lx.pos + 200));
  if (!m || m[2]) return;
  const target = lx.lookup(m[1]!);
  if (target === null) w.addEnvNames([ANY_VARIABLE]);
  else if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(target)) _noteEnv(lx, w, target);
}

/** Name digits stay one part of a word where IFS cannot split them: quoted, or an IFS without digits, `-`, `_` or `.`. */
function _whole(lx: Lexer, digits: { empty: boolean } | null, quoted: boolean): { empty: boolean } | null {
  if (!digits || quoted || !lx.vars.has("IFS")) return digits;
  const ifs = lx.lookup("IFS");
  return ifs !== null && !/[-0-9_.]/.test(ifs) ? digits : null;
}

/**
 * An unquoted expansion is split on IFS: the builder already treats blanks as a split, so a
 * changed IFS (or an unknown one) makes any value holding one of its characters unknown.
 */
function _split(lx: Lexer, value: string | null, quoted: boolean): string | null {
  if (quoted || value === null || !lx.vars.has("IFS")) return value;
  const ifs = lx.lookup("IFS");
  if (ifs === null) return null;
  return [...ifs].some((c) => value.includes(c)) ? null : value;
}

/**
 * `((…))` / `$((…))` after the opening parentheses; substitutions inside still run, and the
 * names the expression reaches (`x`, `$x`, `${x}`) are evaluated as bash does.
 */
export function readArithmetic(lx: Lexer, close: "))" | "]" = "))"): void {
  let depth = 0;
  let names = "";
  for (;;) {
    const c = lx.src[lx.pos];
    if (c === undefined) throw new ParseError("unterminated arithmetic");
    if (c === "$" || c === "`") {
      // `$n` stays marked: `$n = 1` assigns the variable n names (arith.ts).
      names += ` $${/^\$\{?([A-Za-z_][A-Za-z0-9_]*)/.exec(lx.src.slice(lx.pos, lx.pos + 200))?.[1] ?? ""} `;
      const w = new WordBuilder();
      readDollarOrTick(lx, w, true);
      // A substitution's output is arithmetic text too: `a[$(cmd)]` in it runs cmd (red team 13).
      const read = w.build();
      if (read.dynamic && read.outputOf?.length && !read.numeric) lx.pushUnknown();
      continue;
    }
    names += c;
    lx.pos++;
    if (close === "]") {
      if (c === "[") depth++;
      else if (c === "]" && depth-- === 0) return evaluateNames(lx, names.slice(0, -1));
      continue;
    }
    if (c === "(") depth++;
    else if (c === ")") {
      if (depth > 0) depth--;
      else if (lx.src[lx.pos] === ")") {
        lx.pos++;
        evaluateNames(lx, names);
        return;
      } else throw new ParseError("bad arithmetic");
    }
  }
}

/**
 * Expands `$…` and backticks inside text (a heredoc body), collecting substitutions into `lx`;
 * the commands whose output went into the text are `outputOf`, as for a word.
 */
export function expandText(lx: Lexer, text: string): { body: string; dynamic: boolean; envNames?: string[]; outputOf?: SimpleCommand[] } {
  const sub = lx.fork(text);
  const out = new WordBuilder();
  while (sub.pos < text.length) {
    const c = text[sub.pos]!;
    if (c === "\\" && "$`\\".includes(text[sub.pos + 1] ?? "\0")) {
      out.addQuoted(text[sub.pos + 1]!);
      sub.pos += 2;
    } else if (c === "$" || c === "`") readDollarOrTick(sub, out, true);
    else {
      // A run of literal text, up to the next backslash, `$` or backtick (one piece, not one per character).
      let end = sub.pos + 1;
      while (end < text.length && !_expandsAt(text.charCodeAt(end))) end++;
      out.addQuoted(text.slice(sub.pos, end));
      sub.pos = end;
    }
  }
  lx.commands.push(...sub.commands);
  const expanded: { body: string; dynamic: boolean; envNames?: string[]; outputOf?: SimpleCommand[] } = { body: out.value, dynamic: out.dynamic };
  if (out.envNames) expanded.envNames = out.envNames;
  if (out.outputOf) expanded.outputOf = out.outputOf;
  return expanded;
}

/** A backslash, `$` or a backtick: where expandText's literal text ends. */
function _expandsAt(c: number): boolean {
  return c === 92 || c === 36 || c === 96;
}

const _SUBSCRIPTED = /^!?[A-Za-z_][A-Za-z0-9_]*\[/;
const _RUNS = /\$\(|`/;

/**
 * `${…}` after the opening brace: resolves `${X}`, `${X:-w}`, `${X:=w}` and the prefix and suffix
 * removals `${X%w}`, `${X%%w}`, `${X#w}`, `${X##w}` (param-trim.ts); else unknown. The
 * environment's variables an unknown value may come from are noted in `w`: X's (not for `${X+w}`,
 * which is w or nothing), and those of a word that may stand for it (`${X:-$TOKEN}`).
 */
function _readBraced(lx: Lexer, w: WordBuilder): string | null {
  _noteIndirect(lx, w);
  if (_POSITIONAL.test(lx.src[lx.pos] ?? "")) _notePositional(lx, w);
  const m = /^([A-Za-z_][A-Za-z0-9_]*)(:?[-=+?]|%%?|##?)?/.exec(lx.src.slice(lx.pos, lx.pos + 200));
  const inner = new WordBuilder();
  const start = lx.pos;
  if (m) lx.pos += m[0].length;
  // Inside the subscript of `${a[…]}` / `${!a[…]}` (depth > 0), bash expands the text as if
  // double-quoted before arithmetic: single quotes do not protect `$(…)` (red team 6, C3).
  let depth = 0;
  const subscripted = _SUBSCRIPTED.test(lx.src.slice(start, start + 200));
  while (lx.src[lx.pos] !== "}") {
    const c = lx.src[lx.pos];
    if (c === undefined) throw new ParseError("unterminated ${");
    if (subscripted && c === "[") depth++;
    else if (subscripted && c === "]" && depth > 0) depth--;
    if (depth > 0 && c === "$" && lx.src[lx.pos + 1] === "'") {
      // `$'\x24(…)'`: decoded first, then expanded like the rest of the subscript.
      const close = _closingQuote(lx.src, lx.pos + 2);
      if (close < 0) throw new ParseError("unterminated $' quote");
      const decoded = decodeAnsiC(lx.src.slice(lx.pos + 2, close));
      if (_RUNS.test(decoded)) expandText(lx, decoded);
      inner.addQuoted(decoded);
      lx.pos = close + 1;
    } else if (c === "$" || c === "`") readDollarOrTick(lx, inner, true);
    else if (c === '"') {
      lx.pos++;
      lx.readDoubleQuoted(inner);
    } else if (c === "'") {
      const close = lx.src.indexOf("'", lx.pos + 1);
      if (close < 0) throw new ParseError("unterminated single quote");
      const text = lx.src.slice(lx.pos + 1, close);
      if (depth > 0 && _RUNS.test(text)) expandText(lx, text);
      inner.addQuoted(text);
      lx.pos = close + 1;
    } else if (c === "\\") {
      inner.addQuoted(lx.src[lx.pos + 1] ?? "");
      lx.pos += 2;
    } else {
      inner.addQuoted(c);
      lx.pos++;
    }
  }
  evaluateBraced(lx, lx.src.slice(start, lx.pos));
  lx.pos++;
  if (!m) return null;
  const value = lx.lookup(m[1]!);
  const op = m[2]?.replace(":", "");
  if (value === null && op !== "+") _noteEnv(lx, w, m[1]!);
  if (inner.envNames && (op === "-" || op === "=" || op === "+")) w.addEnvNames(inner.envNames);
  if (lx.pos - start === m[0].length + 1 && !op) return value;
  // `${x:=w}` of an unknown x may assign w: x is unknown after it, digits included (red team 15:
  // `TS=$(grep -c x missing); : ${TS:=../..}` holds `../..`).
  if (value === null && op === "=") {
    assign(lx.vars, m[1]!, null);
    addEnvSources(lx.vars, m[1]!, [m[1]!]);
    aimedAnywhere(lx.vars, m[1]!);
  }
  if (value === null || !op) return null;
  if (op[0] === "%" || op[0] === "#") return inner.dynamic ? null : trimmed(value, op, lx.src.slice(start + m[0].length, lx.pos - 1), inner.value);
  const fallback = inner.dynamic ? null : inner.value;
  // `${x-w}` substitutes only for an unset x, `${x:-w}` for an empty one too.
  const useWord = m[2]!.startsWith(":") ? value === "" : lx.vars.get(m[1]!) === UNSET;
  if (op === "+") return useWord ? "" : fallback;
  if (op === "?" || !useWord) return value;
  if (op === "=") assign(lx.vars, m[1]!, fallback);
  return fallback;
}

/** The output of a substitution that only echoes literal words (`$(echo ls)`), else unknown. */
function _echoed(commands: SimpleCommand[]): string | null {
  const [only] = commands;
  if (commands.length !== 1 || !only || only.redirects.length || only.pipeFrom || only.assigns.length) return null;
  const [head, ...args] = only.argv;
  if (!head || head.dynamic || head.value !== "echo" || args.some((a) => a.dynamic || a.glob || a.value.startsWith("-"))) return null;
  return args.map((a) => a.value).join(" ");
}

function _closingQuote(src: string, from: number): number {
  for (let i = from; i < src.length; i++) {
    if (src[i] === "\\") i++;
    else if (src[i] === "'") return i;
  }
  return -1;
}
