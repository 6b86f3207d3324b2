import type { Word } from "../syntax.ts";

const _GLOB = /[*?[]/;

/** Quoted text in a glob pattern: its glob characters and backslashes are escaped. */
function _escape(text: string): string {
  return /[*?[\\]/.test(text) ? text.replace(/[*?[\\]/g, "\\$&") : text;
}

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

  /** Text that came from inside quotes or an escape: never a glob, never a brace. */
  addQuoted(text: string): void {
    this.started = true;
    this.quoted = true;
    this.value += text;
    this.pattern += _escape(text);
  }

  /** Unquoted literal text: glob characters keep their meaning. */
  addPlain(text: string): void {
    this.started = true;
    this.value += text;
    this.pattern += text;
    if (!this.glob && _GLOB.test(text)) this.glob = true;
    if (!this.brace && text.includes("{")) this.brace = true;
  }

  /** `~` expanded to the home directory: literal text that still allows brace expansion. */
  addTilde(home: string | null): void {
    if (home === null) return this.addExpansion(null, false);
    this.started = true;
    this.value += home;
    this.pattern += _escape(home);
  }

  /** The result of an expansion: known text, or unknown. */
  addExpansion(text: string | null, quotedContext: boolean): void {
    this.started = true;
    if (text === null) {
      this.dynamic = true;
      return;
    }
    // An unquoted expansion is split on blanks and globbed by the shell; a value that would be
    // split or globbed is treated as unknown rather than guessed.
    if (!quotedContext && /[\s*?[]/.test(text)) this.dynamic = true;
    if (quotedContext) this.quoted = true;
    this.value += text;
    this.pattern += text;
  }

  build(): Word {
    return { value: this.value, dynamic: this.dynamic, glob: this.glob, pattern: this.pattern, quoted: this.quoted };
  }
}

/**
 * Bash brace expansion of one unquoted, fully literal word (`a{b,c}d`, `{1..3}`); `null` when
 * the word holds no expandable brace. Bounded: at most 256 results.
 */
export function expandBraces(text: string): string[] | null {
  const open = _findBrace(text);
  if (!open) return null;
  const [start, end, parts] = open;
  const out: string[] = [];
  for (const part of parts) {
    const word = text.slice(0, start) + part + text.slice(end + 1);
    for (const expanded of expandBraces(word) ?? [word]) {
      out.push(expanded);
      if (out.length > 256) return null;
    }
  }
  return out;
}

function _findBrace(text: string): [number, number, string[]] | null {
  for (let start = text.indexOf("{"); start >= 0; start = text.indexOf("{", start + 1)) {
    let depth = 0;
    const commas: number[] = [];
    for (let i = start; i < text.length; i++) {
      const ch = text[i];
      if (ch === "{") depth++;
      else if (ch === "}" && --depth === 0) {
        const inner = text.slice(start + 1, i);
        if (commas.length > 0) {
          const bounds = [start, ...commas, i];
          return [start, i, bounds.slice(1).map((b, k) => text.slice(bounds[k]! + 1, b))];
        }
        const range = /^(-?\d+)\.\.(-?\d+)$/.exec(inner) ?? /^([a-zA-Z])\.\.([a-zA-Z])$/.exec(inner);
        if (range) return [start, i, _range(range[1]!, range[2]!)];
        break;
      } else if (ch === "," && depth === 1) commas.push(i);
    }
  }
  return null;
}

function _range(from: string, to: string): string[] {
  const numeric = /\d/.test(from);
  const a = numeric ? Number(from) : from.charCodeAt(0);
  const b = numeric ? Number(to) : to.charCodeAt(0);
  const step = a <= b ? 1 : -1;
  const out: string[] = [];
  for (let v = a; out.length <= 256; v += step) {
    out.push(numeric ? String(v) : String.fromCharCode(v));
    if (v === b) break;
  }
  return out;
}
