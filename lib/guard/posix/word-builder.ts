import type { SimpleCommand, Word } from "../syntax.ts";
import { expandBraces, type Piece } from "./braces.ts";
import { noteListing } from "./listing-words.ts";

const _GLOB = /[*?[]/;

/** A character code of a shell name: A–Z, a–z, `_`, and with `digits` 0–9 (NaN, past the end of a text, is none). */
export function isNameCode(c: number, digits: boolean): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || (digits && c >= 48 && c <= 57);
}

/** Quoted text in a glob pattern: its glob characters and backslashes are escaped. */
export function escapePattern(text: string): string {
  // A scan by character code first: most quoted text (a message, a path) holds none of them.
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 42 || c === 63 || c === 91 || c === 92) return text.replace(/[*?[\\]/g, "\\$&");
  }
  return text;
}

/** The directory a tilde prefix names (`""` is $HOME, `+` $PWD, `user` a user's home), or null when unknown. */
export type Tilde = (prefix: string) => string | null;

/** Accumulates one word from its quoted and unquoted pieces, tracking what stays unknown. */
export class WordBuilder {
  value = "";
  pattern = "";
  dynamic = false;
  glob = false;
  quoted = false;
  /** An unquoted `{` appeared (brace expansion candidate). */
  brace = false;
  started = false;
  /** The pieces in order, for brace and tilde expansion after the word is read. */
  readonly pieces: Piece[] = [];
  /** Commands whose output an expansion put into the word. */
  outputOf: SimpleCommand[] | undefined;
  /** Every unknown part so far is a number (false once one is not). */
  numeric: boolean | undefined;
  /** Where each unknown part went into `value` while all are letters and digits only (hash-output.ts); null once one is not. */
  inertAt: number[] | null | undefined;
  /** Where each unknown part went into `value` while all are digits of a name (numeric-output.ts, nameDigits); null once one is not. */
  digitsAt: Array<{ at: number; empty: boolean }> | null | undefined;
  /** The word starts with an unquoted substitution the line runs first, or with `<(…)` (listing-words.ts). */
  listing: { commands: SimpleCommand[]; cwd: string; lines: boolean } | undefined;
  /** A quoted expansion of every positional parameter or array element (`"$@"`, `"${a[@]}"`) went into it. */
  spread = false;
  /** The environment's variables whose unknown values went into it (Word.envNames). */
  envNames: string[] | undefined;
  /** The commands of a `<(…)` in it (Word.readsOutputOf). */
  readsOutputOf: SimpleCommand[] | undefined;

  /** Text that came from inside quotes or an escape: never a glob, never a brace. */
  addQuoted(text: string): void {
    this.pieces.push({ kind: "quoted", text });
    this.started = true;
    this.quoted = true;
    this.value += text;
    this.pattern += escapePattern(text);
  }

  /** Unquoted literal text: glob characters keep their meaning. */
  addPlain(text: string): void {
    this.pieces.push({ kind: "plain", text });
    this.started = true;
    this.value += text;
    this.pattern += text;
    if (!this.glob && _GLOB.test(text)) this.glob = true;
    if (!this.brace && text.includes("{")) this.brace = true;
  }

  /** A literal directory from tilde expansion: no glob, no brace, no split. */
  addHome(home: string): void {
    this.started = true;
    this.value += home;
    this.pattern += escapePattern(home);
  }

  /**
   * The result of an expansion: known text, or unknown; `from`: the commands that printed it;
   * `numeric`: the unknown text is one number (numeric-output.ts); `inert`: letters and digits
   * or nothing (hash-output.ts); `digits`: a file-name part of digits, or nothing when `empty`
   * (numeric-output.ts, nameDigits).
   */
  addExpansion(text: string | null, quotedContext: boolean, from?: SimpleCommand[], numeric = false, inert = false, digits: { empty: boolean } | null = null): void {
    this.pieces.push({ kind: "expansion", text, quoted: quotedContext, digits });
    if (from?.length) this.outputOf = this.outputOf ? this.outputOf.concat(from) : from;
    this.started = true;
    if (text === null) {
      this.dynamic = true;
      this.numeric = (this.numeric ?? true) && numeric;
      this.inertAt = inert && this.inertAt !== null ? [...(this.inertAt ?? []), this.value.length] : null;
      this.digitsAt = digits && this.digitsAt !== null ? [...(this.digitsAt ?? []), { at: this.value.length, empty: digits.empty }] : null;
      return;
    }
    // An unquoted expansion is split on blanks and globbed by the shell; a value that would be
    // split or globbed is treated as unknown rather than guessed.
    if (!quotedContext && /[\s*?[]/.test(text)) {
      this.dynamic = true;
      this.numeric = false;
      this.inertAt = null;
      this.digitsAt = null;
    }
    if (quotedContext) this.quoted = true;
    this.value += text;
    this.pattern += text;
  }

  /** Notes the environment's variables an unknown expansion took its value from (Word.envNames). */
  addEnvNames(names: readonly string[]): void {
    this.envNames = this.envNames ? this.envNames.concat(names) : [...names];
  }

  build(): Word {
    const word: Word = { value: this.value, dynamic: this.dynamic, glob: this.glob, pattern: this.pattern, quoted: this.quoted, assignment: undefined, outputOf: this.outputOf };
    if (this.dynamic && this.numeric) word.numeric = true;
    if (this.dynamic && this.inertAt) word.inert = { value: this.value, at: this.inertAt };
    // An unquoted word of pieces alone that may all print nothing may vanish (one word fewer).
    if (this.dynamic && this.digitsAt && (this.quoted || this.value !== "" || this.digitsAt.every((d) => !d.empty))) word.digits = { value: this.value, at: this.digitsAt };
    if (this.dynamic && this.spread) word.spread = true;
    if (this.envNames) word.envNames = this.envNames;
    if (this.readsOutputOf) word.readsOutputOf = this.readsOutputOf;
    return word;
  }

  /**
   * The words this one becomes: brace expansion first (`braces`), then tilde expansion at the
   * start and, in an assignment-shaped word, after the first `=` and each `:` (as bash does).
   * More results than the bound give one unknown word, never the literal text.
   */
  finish(tilde: Tilde, braces: boolean, assignment: boolean): Word[] {
    const lists = braces && this.brace ? expandBraces(this.pieces) : null;
    if (lists === undefined) return [{ ...this.build(), dynamic: true, inert: undefined, digits: undefined }];
    const words = lists === null && !_hasTilde(this.pieces, assignment) ? [this.build()] : (lists ?? [this.pieces]).map((pieces) => _replay(pieces, tilde, assignment).build());
    if (this.outputOf) for (const w of words) w.outputOf = this.outputOf;
    if (this.envNames) for (const w of words) w.envNames = this.envNames;
    if (this.readsOutputOf) for (const w of words) w.readsOutputOf = this.readsOutputOf;
    // The word is that substitution alone: it may stand for the names a listing prints.
    if (this.listing && this.pieces.length === 1 && words.length === 1) noteListing(words[0]!, this.listing);
    // An unquoted word that came out empty is no word at all (`$empty rm x` runs rm), except
    // where the shell does not split (a redirection target: `braces` is off there).
    return braces && words.some(_vanishes) ? words.filter((w) => !_vanishes(w)) : words;
  }
}

function _vanishes(w: Word): boolean {
  return w.value === "" && !w.quoted && !w.dynamic;
}

function _hasTilde(pieces: Piece[], assignment: boolean): boolean {
  const first = pieces[0];
  if (first?.kind === "plain" && first.text.startsWith("~")) return true;
  return assignment && pieces.some((p) => p.kind === "plain" && p.text.includes("~"));
}

/** Rebuilds a word from pieces, expanding each tilde prefix that bash would expand. */
function _replay(pieces: Piece[], tilde: Tilde, assignment: boolean): WordBuilder {
  const merged: Piece[] = [];
  for (const p of pieces) {
    const last = merged.at(-1);
    if (p.kind === "plain" && last?.kind === "plain") merged[merged.length - 1] = { kind: "plain", text: last.text + p.text };
    else merged.push(p);
  }
  const w = new WordBuilder();
  const eq = assignment && merged[0]?.kind === "plain" ? merged[0].text.indexOf("=") : -1;
  merged.forEach((p, i) => {
    if (p.kind === "quoted") return w.addQuoted(p.text);
    if (p.kind === "expansion") return w.addExpansion(p.text, p.quoted, undefined, false, false, p.digits);
    const last = i === merged.length - 1;
    // Positions where a tilde prefix may start: the word's start, and in an assignment the
    // first `=` and every `:` after it.
    let from = 0;
    const text = p.text;
    for (let k = 0; k < text.length; k++) {
      if (text[k] !== "~") continue;
      const atStart = i === 0 && (k === 0 || k - 1 === eq);
      if (!atStart && !(assignment && text[k - 1] === ":")) continue;
      const stop = assignment ? /[/:]/g : /\//g;
      stop.lastIndex = k + 1;
      const end = stop.exec(text)?.index ?? (last ? text.length : -1);
      // A prefix running into quoted text or an expansion is not a tilde prefix.
      if (end < 0) continue;
      if (from < k) w.addPlain(text.slice(from, k));
      const home = tilde(text.slice(k + 1, end));
      if (home === null) w.addExpansion(null, false);
      else w.addHome(home);
      from = end;
      k = end - 1;
    }
    if (from < text.length) w.addPlain(text.slice(from));
  });
  return w;
}
