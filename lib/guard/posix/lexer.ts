import { literalWord, ParseError, type Redirect, SYNTHETIC, type SimpleCommand, type Word } from "../syntax.ts";
import { readArrayValue } from "./array-value.ts";
import { readDollarOrTick } from "./expansion.ts";
import type { Flow } from "./flow.ts";
import { expand, UNSET, type Vars } from "./vars.ts";
import { escapePattern, isNameCode, type Tilde, WordBuilder } from "./word-builder.ts";

/** How deep `$(…)`, `eval` and `bash -c` may nest before the guard stops and fails closed. */
export const MAX_DEPTH = 12;

/** A blank between words (two comparisons: a Set lookup per character costs about three times as much). */
function _isBlank(c: string | undefined): boolean {
  return c === " " || c === "\t";
}
export const OPERATOR = new Set([";", "&", "|", "<", ">", "(", ")", "\n"]);
// Characters that are special inside a word; every other one is plain (`~` is special only at
// its start, which word-builder.ts handles).
const _SPECIAL = new Uint8Array(128);
for (const c of " \t\n;&|<>()\\'\"$`") _SPECIAL[c.charCodeAt(0)] = 1;
// An assignment's name is read from at most this many characters (`NAME=` or `NAME+=`).
const _ASSIGNMENT_WINDOW = 130;
// Characters that end a run of literal text inside double quotes (a backslash may still escape).
const _QUOTED_END = new Uint8Array(128);
for (const c of '"\\$`') _QUOTED_END[c.charCodeAt(0)] = 1;

/**
 * The word level of the POSIX grammar: a cursor over the text that reads shell words (quotes,
 * escapes, tilde, brace expansion) and hands `$…` and backticks to expansion.ts. The grammar
 * above words (lists, pipelines, redirections) is parser.ts, which supplies the nested parses.
 */
export abstract class Lexer {
  pos = 0;
  /** Every simple command seen, substitutions before the command that holds them. */
  readonly commands: SimpleCommand[] = [];
  /** Reading the body of an unrolled loop: loops inside it are not unrolled again (loop-unroll.ts). */
  unrolling = false;
  /** A word read so far was given a listing (listing-words.ts): only then does the parser look its commands' words up. */
  listed = false;
  /** The stdin an `exec` without a command gave this shell (exec-stdin.ts). */
  shellStdin: Redirect[] | undefined;

  constructor(
    readonly src: string,
    readonly vars: Vars,
    readonly depth: number,
    /** Inside `$(…)`: a heredoc delimiter line may end with `)`. */
    readonly inSubst: boolean,
    /** The execution frames around the cursor (what a `cd` or assignment here reaches). */
    readonly flow: Flow,
  ) {
    if (depth > MAX_DEPTH) throw new ParseError("nesting too deep");
  }

  /** Parses `$(…)` / `<(…)` in place (sharing this text and position); returns its commands. */
  abstract nested(inSubst: boolean): SimpleCommand[];
  /** Parses separate text one level deeper (a backtick body) and returns its commands. */
  abstract parseText(text: string): SimpleCommand[];
  /** A lexer over other text at this depth (a heredoc body being expanded). */
  abstract fork(text: string): Lexer;
  /** Reads heredoc bodies that start after the line just finished. */
  abstract readHeredocs(): void;
  /**
   * Nothing of the line has run before the cursor, which is at its top level: not in a
   * substitution, `bash -c` text, a function body, an unrolled loop body or a `case` item.
   */
  abstract atLineStart(): boolean;

  /** Records a command the guard cannot read (text it does not follow, a value it cannot know). */
  pushUnknown(): void {
    this.commands.push({ argv: [literalWord(SYNTHETIC.unknown)], assigns: [], redirects: [] });
  }

  /**
   * Reads one shell word (or several after brace expansion). `single`: a redirection target, a
   * case subject, a heredoc delimiter (no brace expansion). `commandStart`: no command name yet,
   * so `NAME=value` is an assignment (which bash does not brace-expand).
   */
  readWords(testBrackets: boolean, single = false, commandStart = false): Word[] {
    const start = this.pos;
    const plain = this.literalWord();
    if (plain) return [plain];
    const w = new WordBuilder();
    for (;;) {
      const c = this.src[this.pos];
      if (c === undefined || _isBlank(c)) break;
      if (OPERATOR.has(c)) {
        if ((c === "<" || c === ">") && this.src[this.pos + 1] === "(") {
          // `<(…)` read by the line's top level may feed a loop a listing (listing-words.ts).
          const cwd = c === "<" && w.pieces.length === 0 && this.depth === 0 && !this.inSubst && !this.unrolling && this.flow.fnDepth === 0 ? this.vars.get("PWD") : undefined;
          this.pos += 2;
          const inner = this.nested(true);
          w.addExpansion(null, false);
          if (c === "<") w.readsOutputOf = (w.readsOutputOf ?? []).concat(inner);
          if (typeof cwd === "string" && cwd !== UNSET) {
            w.listing = { commands: inner, cwd, lines: true };
            this.listed = true;
          }
          continue;
        }
        if (c === "(" && !testBrackets && _ARRAY_START.test(this.src.slice(start, this.pos))) {
          readArrayValue(this, w);
          continue;
        }
        if (!testBrackets || c === "\n" || c === ";" || c === "&" || c === "|") break;
        if (c === "(" || c === ")") break;
      }
      // A run of ordinary characters is taken in one step (most of a command line is such runs).
      const end = _plainEnd(this.src, this.pos);
      if (end > this.pos) {
        w.addPlain(this.src.slice(this.pos, end));
        this.pos = end;
        continue;
      }
      if (c === "\\") {
        const next = this.src[this.pos + 1];
        this.pos += 2;
        if (next === "\n") continue;
        if (next === undefined) break;
        w.addQuoted(next);
      } else if (c === "'") {
        const close = this.src.indexOf("'", this.pos + 1);
        if (close < 0) throw new ParseError("unterminated single quote");
        w.addQuoted(this.src.slice(this.pos + 1, close));
        this.pos = close + 1;
      } else if (c === '"') {
        this.pos++;
        this.readDoubleQuoted(w);
      } else if (c === "$" || c === "`") readDollarOrTick(this, w, false);
      else {
        w.addPlain(c);
        this.pos++;
      }
    }
    if (!w.started) return [];
    // `NAME=value` is recognised before quotes are removed: `X='a b' cmd` assigns X.
    const assignment = _assignmentAt(this.src, start);
    const words = w.finish((this._tilde ??= (prefix) => this.tilde(prefix)), !single && !(assignment && commandStart), assignment);
    if (assignment) for (const word of words) word.assignment = true;
    return words;
  }

  /** literalWordAt the cursor; the cursor moves past the word. */
  private literalWord(): Word | undefined {
    const word = literalWordAt(this.src, this.pos);
    if (word) this.pos += literalWordLength(word);
    return word;
  }

  /**
   * A tilde prefix: `~` alone is $HOME (unknown when HOME is unset: bash then asks the password
   * database); `~+`, `~-` (the directory stack) and `~user` are unknown here.
   */
  private tilde(prefix: string): string | null {
    if (prefix !== "" || this.flow.fnDepth > 0) return null;
    const home = this.vars.get("HOME");
    return home === undefined || home === null || home === UNSET ? null : home;
  }
  /** `tilde` as the function WordBuilder.finish takes, made by the first word that is not plain text. */
  private _tilde: Tilde | undefined;

  /** The inside of `"…"` after the opening quote. */
  readDoubleQuoted(w: WordBuilder): void {
    for (;;) {
      const c = this.src[this.pos];
      if (c === undefined) throw new ParseError("unterminated double quote");
      if (c === '"') {
        this.pos++;
        w.addQuoted("");
        return;
      }
      if (c === "\\" && '$`"\\\n'.includes(this.src[this.pos + 1] ?? "\0")) {
        if (this.src[this.pos + 1] !== "\n") w.addQuoted(this.src[this.pos + 1]!);
        this.pos += 2;
      } else if (c === "$" || c === "`") readDollarOrTick(this, w, true);
      else {
        // A run of literal text (a backslash that escapes nothing stays, with what follows).
        let end = c === "\\" ? this.pos + 1 : this.pos;
        while (end < this.src.length && _QUOTED_END[this.src.charCodeAt(end)] !== 1) end++;
        w.addQuoted(this.src.slice(this.pos, end));
        this.pos = end;
      }
    }
  }

  lookup(name: string): string | null {
    // A function body runs when it is called, with the variables of that moment.
    if (this.flow.fnDepth > 0) return null;
    return expand(this.vars, name);
  }

  /** The previous character belongs to a word (so `#` here is not a comment). */
  inWord(): boolean {
    const prev = this.src[this.pos - 1];
    return prev !== undefined && !_isBlank(prev) && !OPERATOR.has(prev);
  }

  skipBlanks(): void {
    for (;;) {
      const c = this.src[this.pos];
      if (_isBlank(c)) this.pos++;
      else if (c === "\\" && this.src[this.pos + 1] === "\n") this.pos += 2;
      else return;
    }
  }

  skipLineBreaks(): void {
    while (this.src[this.pos] === "\n" || _isBlank(this.src[this.pos])) {
      if (this.src[this.pos] === "\n") {
        this.pos++;
        this.readHeredocs();
      } else this.pos++;
    }
  }

  skipComment(): void {
    const nl = this.src.indexOf("\n", this.pos);
    this.pos = nl < 0 ? this.src.length : nl;
  }
}

// `name=(` / `name+=(`: a compound array assignment (also as a declare/local operand).
const _ARRAY_START = /^[A-Za-z_][A-Za-z0-9_]*\+?=$/;

// Characters after which no word goes on, whatever readWords is reading (end of text, a blank,
// and the operators that always end a word: not `<`, `>` or `(`, which may start `<(…)` or an
// array value, or stay in a `[[ … ]]` word).
const _WORD_END = new Uint8Array(128);
for (const c of " \t\n;&|)") _WORD_END[c.charCodeAt(0)] = 1;

function _endsWord(c: number): boolean {
  // NaN: the end of the text.
  return Number.isNaN(c) || (c < 128 && _WORD_END[c] === 1);
}

// What plainWord tells apart, by character code: the characters that end a run of plain text
// (_SPECIAL), `{` and `~` (expansions), `*`, `?` and `[` (a glob), and `=` (an assignment).
const _ENDS_RUN = 1;
const _EXPANDS = 2;
const _GLOB_CHAR = 3;
const _EQUALS = 4;
const _PLAIN_KIND = new Uint8Array(128);
for (let c = 0; c < 128; c++) if (_SPECIAL[c] === 1) _PLAIN_KIND[c] = _ENDS_RUN;
for (const c of "{~") _PLAIN_KIND[c.charCodeAt(0)] = _EXPANDS;
for (const c of "*?[") _PLAIN_KIND[c.charCodeAt(0)] = _GLOB_CHAR;
_PLAIN_KIND["=".charCodeAt(0)] = _EQUALS;

/**
 * A word made without a WordBuilder at `start` of `src` (plainWordAt, else quotedWordAt), or
 * undefined: the parser's first try at each word, and all the plain-line reading (parser.ts) uses.
 */
export function literalWordAt(src: string, start: number): Word | undefined {
  return plainWordAt(src, start) ?? quotedWordAt(src, start);
}

/** How many characters of the text literalWordAt read (a quoted word's two quotes are not in its value). */
export function literalWordLength(word: Word): number {
  return word.quoted ? word.value.length + 2 : word.value.length;
}

/**
 * Most words are one run of plain characters that ends the word (`git`, `-la`, `src/a.ts`):
 * such a word (at `start` of `src`, its value that run of text) is made without a WordBuilder,
 * as a builder given only that text would finish it, in one pass over its characters. Not when
 * it holds `{` or `~` (brace or tilde expansion: the builder's work).
 */
function plainWordAt(src: string, start: number): Word | undefined {
  let glob = false;
  let equals = false;
  let end = start;
  for (; end < src.length; end++) {
    const kind = _PLAIN_KIND[src.charCodeAt(end)];
    if (kind === undefined || kind === 0) continue;
    if (kind === _ENDS_RUN) break;
    if (kind === _EXPANDS) return undefined;
    if (kind === _GLOB_CHAR) glob = true;
    else equals = true;
  }
  if (end === start || !_endsWord(src.charCodeAt(end))) return undefined;
  const text = src.slice(start, end);
  // `NAME=value`, as readWords marks it (only a word holding `=` can be one).
  const assignment = equals && _assignmentAt(src, start) ? true : undefined;
  return { value: text, dynamic: false, glob, pattern: text, quoted: false, assignment, outputOf: undefined };
}

/**
 * A word that is one quoted run of literal text and nothing else (`"fix the build"`, `'*.ts'`),
 * at `start` of `src`: made without a WordBuilder, as a builder given that text would finish it.
 * Not when double quotes hold `$`, a backtick or a backslash (expansions, escapes).
 */
function quotedWordAt(src: string, start: number): Word | undefined {
  const quote = src[start];
  if (quote !== "'" && quote !== '"') return undefined;
  let close: number;
  if (quote === "'") close = src.indexOf("'", start + 1);
  else for (close = start + 1; close < src.length && _QUOTED_END[src.charCodeAt(close)] !== 1; close++);
  if (close < 0 || src[close] !== quote || !_endsWord(src.charCodeAt(close + 1))) return undefined;
  const text = src.slice(start + 1, close);
  return { value: text, dynamic: false, glob: false, pattern: escapePattern(text), quoted: true, assignment: undefined, outputOf: undefined };
}

/** Where the run of plain characters starting at `pos` ends. */
function _plainEnd(src: string, pos: number): number {
  let i = pos;
  for (; i < src.length; i++) {
    const c = src.charCodeAt(i);
    if (c < 128 && _SPECIAL[c] === 1) break;
  }
  return i;
}

/** The text at `start` reads `NAME=` or `NAME+=` (within the first 130 characters). */
function _assignmentAt(src: string, start: number): boolean {
  const limit = Math.min(src.length, start + _ASSIGNMENT_WINDOW);
  if (start >= limit || !isNameCode(src.charCodeAt(start), false)) return false;
  let i = start + 1;
  while (i < limit && isNameCode(src.charCodeAt(i), true)) i++;
  if (i < limit && src[i] === "+") i++;
  return i < limit && src[i] === "=";
}
