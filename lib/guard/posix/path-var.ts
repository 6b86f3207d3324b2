import type { Word } from "../syntax.ts";
import { KEPT, UNSET, type Vars } from "./vars.ts";

/**
 * `PATH=/opt/x/bin:$PATH` keeps the environment's PATH and adds literal folders. Such a value is
 * kept as text with KEPT where the environment's PATH goes, so a bare name can still be looked
 * up in the added folders (effects/program-path.ts); the variable itself stays unknown wherever
 * it is expanded (vars.ts `expand`). Any other computed PATH is unknown.
 */
const _kept = new WeakMap<Word, string>();
// One `$NAME` / `${NAME}` reference; anything else that expands (quotes inside, backticks, `$(`,
// globs, braces, backslashes, blanks) leaves the value unknown.
const REF = /\$(?:\{([A-Za-z_][A-Za-z0-9_]*)\}|([A-Za-z_][A-Za-z0-9_]*))/g;
const UNSAFE = /[$`'"\\*?[\]{}\s;&|<>()\u0000]/;

/** The PATH value the raw text `PATH=…` gives when it keeps the environment's PATH; else undefined. */
export function keptPath(raw: string, vars: Vars): string | undefined {
  if (!raw.startsWith("PATH=")) return undefined;
  let text = raw.slice(5);
  if (/^"[^"]*"$/.test(text)) text = text.slice(1, -1);
  let kept = false;
  // Tilde expansion at the start and after each `:` of an assignment, as bash does.
  const home = vars.get("HOME");
  const tilde = (prefix: string) => (home === undefined || home === null || home === UNSET || home.includes(KEPT) ? `${prefix}\u0000` : `${prefix}${home}`);
  const out = text
    .replace(/(^|:)~(?=\/|:|$)/g, (_, prefix: string) => tilde(prefix))
    .replace(REF, (_, a?: string, b?: string) => {
      const name = (a ?? b)!;
      const value = vars.get(name);
      if (name === "PATH") {
        kept = true;
        return value === undefined ? KEPT : (value ?? "\u0000");
      }
      return value === undefined || value === null || value === UNSET || value.includes(KEPT) ? "\u0000" : value;
    });
  if (!kept || out.split(":").some((dir) => dir !== KEPT && UNSAFE.test(dir))) return undefined;
  return out;
}

/** A word that may be such an assignment (a prefix assignment's name is PATH itself). */
export function isPathWord(text: string): boolean {
  return text.startsWith("PATH=");
}

/** Remembers the kept-PATH value of a `PATH=…` word (a prefix assignment, an `env` argument). */
export function notePathWord(word: Word, raw: string | undefined, vars: Vars): void {
  if (raw === undefined || !word.dynamic) return;
  const value = keptPath(raw, vars);
  if (value !== undefined) _kept.set(word, value);
}

/** The kept-PATH value noted for a word, if any. */
export function keptPathOf(word: Word): string | undefined {
  return _kept.get(word);
}
