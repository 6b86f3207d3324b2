import { ParseError, repeats, type Word } from "../syntax.ts";
import { readArithmetic } from "./expansion.ts";
import type { Lexer } from "./lexer.ts";
import { recordLoopWords } from "./loop-candidates.ts";
import { planUnroll } from "./loop-unroll.ts";
import type { Scopes } from "./scopes.ts";
import { addEnvSources, aimedAnywhere, assign } from "./vars.ts";
import { positionalNames } from "./function-args.ts";

/** `(( … ))` at the cursor: its text (substitutions inside still run). */
export function readArithmeticText(lx: Lexer): string {
  const start = (lx.pos += 2);
  readArithmetic(lx);
  return lx.src.slice(start, lx.pos - 2);
}

/** `case WORD in` after `case`: the subject is read (its substitutions run); patterns follow. */
export function readCaseHead(lx: Lexer): void {
  lx.skipBlanks();
  lx.readWords(false, true);
  lx.skipLineBreaks();
  const [kw] = lx.readWords(false, true);
  if (kw?.value !== "in") throw new ParseError("case without in");
}

/**
 * `for NAME in WORDS` or `for ((…))` after `for`: the words are read; NAME becomes unknown, but
 * arithmetic may evaluate its literal words (loop-candidates.ts), and a small loop over literal
 * words (or a glob or a substituted listing the guard can read) is read again once per word
 * (loop-unroll.ts).
 */
export function readForHead(lx: Lexer, scopes: Scopes): void {
  lx.skipBlanks();
  if (lx.src.startsWith("((", lx.pos)) {
    scopes.forLoop(readArithmeticText(lx));
    return;
  }
  // Globs and listings are expanded only for the line's own first command, in the directory the
  // line starts in, and not when the loop itself runs again (inside another loop or a function).
  const first = lx.atLineStart();
  scopes.forLoop(null);
  const cwd = first && !repeats(lx.flow.frame?.parent) ? (lx.vars.get("PWD") ?? null) : null;
  const [name] = lx.readWords(false, true);
  if (name) assign(lx.vars, name.value, null);
  // `for r in NAME…` with r a name reference aims r at each NAME in turn.
  if (name) aimedAnywhere(lx.vars, name.value);
  const list: Array<{ word: Word; raw: string }> = [];
  let inWord = false;
  for (let first = true; ; first = false) {
    lx.skipBlanks();
    const c = lx.src[lx.pos];
    if (c === undefined || c === ";" || c === "\n") break;
    const start = lx.pos;
    const words = lx.readWords(false, true);
    // `for x in a > b`, `for x in a | b`: no word is read at a redirection or an operator, which
    // bash refuses there (the loop would not move on).
    if (lx.pos === start) throw new ParseError("unexpected token in a for head");
    const raw = lx.src.slice(start, lx.pos);
    if (first) inWord = raw === "in";
    else for (const word of words) list.push({ word, raw });
  }
  if (name) _noteLoopSources(lx, name.value, inWord ? list : null);
  if (name && inWord) recordLoopWords(lx, name.value, list);
  if (name && inWord && !lx.unrolling) planUnroll(scopes.top, lx.flow.frame, name.value, list.map((l) => l.word), cwd);
}

/**
 * The loop variable holds each word in turn and keeps the last after the loop: the environment's
 * values its words hold (the positional parameters' for `for NAME; do`) stay its sources.
 */
function _noteLoopSources(lx: Lexer, name: string, list: Array<{ word: Word }> | null): void {
  if (!list) {
    const sources = positionalNames(lx.vars, lx.flow.frame, lx.flow.fnDepth > 0);
    if (sources) addEnvSources(lx.vars, name, sources);
    return;
  }
  for (const { word } of list) if (word.envNames) addEnvSources(lx.vars, name, word.envNames);
}
