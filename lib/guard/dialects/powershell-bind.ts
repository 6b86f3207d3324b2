import type { Word } from "../syntax.ts";
import { dashWords, listElements, openColons } from "./powershell-lexer.ts";

/** A cmdlet's parameters as the guard binds them: which take a value, their aliases, positions. */
export interface CmdletSpec {
  /** Canonical parameter names (lower case) → whether the parameter takes a value. */
  params: Record<string, boolean>;
  /** Aliases (lower case), resolved only when spelled in full. */
  aliases?: Record<string, string>;
  /** Parameters bound by position, in order. */
  positional: string[];
  /** The cmdlet supports -WhatIf/-Confirm (SupportsShouldProcess). */
  shouldProcess?: boolean;
}

/** Bound parameters: a value parameter → its word, a switch that is on → `true`. */
export type Bound = Map<string, Word | true>;

// about_CommonParameters: every cmdlet takes these; none changes what the cmdlet does to files.
const COMMON: Record<string, boolean> = { verbose: false, debug: false, erroraction: true, warningaction: true, informationaction: true, progressaction: true, errorvariable: true, warningvariable: true, informationvariable: true, outvariable: true, outbuffer: true, pipelinevariable: true };
const COMMON_ALIASES: Record<string, string> = { vb: "verbose", db: "debug", ea: "erroraction", wa: "warningaction", infa: "informationaction", proga: "progressaction", ev: "errorvariable", wv: "warningvariable", iv: "informationvariable", ov: "outvariable", ob: "outbuffer", pv: "pipelinevariable" };
const SHOULD_PROCESS: Record<string, boolean> = { whatif: false, confirm: false };
const NEUTRAL = new Set(Object.keys(COMMON));

/**
 * A word PowerShell reads as a parameter name: an unquoted dash (or en/em dash, horizontal bar)
 * and a letter; a quoted value may follow a colon (`-Path:'x y'`).
 */
export function isParameter(w: Word): boolean {
  return (dashWords.has(w) || !w.quoted) && /^[-\u2013\u2014\u2015][A-Za-z_?]/.test(w.value);
}

/**
 * Binds a cmdlet's arguments as PowerShell's parameter binder does (about_Parameters): `-Name
 * value`, `-Name:value`, switches (`-Force`, `-Force:$false`), unambiguous prefixes, then the
 * remaining words by position. Stricter than the host, as seed 001 asks of Remove-Item: a prefix
 * is expanded only when every candidate is the same parameter or a common parameter alike, and
 * anything the guard cannot bind for sure is `null` (an unknown effect): an unknown or ambiguous
 * name, a missing value, a positional argument too many, splatting (`@args`).
 */
export function bindParameters(args: Word[], spec: CmdletSpec): Bound | null {
  const params: Record<string, boolean> = { ...spec.params, ...COMMON, ...(spec.shouldProcess ? SHOULD_PROCESS : {}) };
  const bound: Bound = new Map();
  let position = 0;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (!a.quoted && /^@[A-Za-z_]/.test(a.value)) return null;
    if (!isParameter(a)) {
      const name = spec.positional[position++];
      if (!name || bound.has(name)) return null;
      bound.set(name, a);
      continue;
    }
    const colon = a.value.indexOf(":");
    const written = (colon < 0 ? a.value.slice(1) : a.value.slice(1, colon)).toLowerCase();
    if (colon < 0 && a.dynamic) return null;
    const name = _resolve(written, params, spec.aliases);
    if (!name) return null;
    if (params[name]) {
      const value = colon >= 0 && !openColons.has(a) ? _afterColon(a, colon) : args[++i];
      if (!value) return null;
      bound.set(name, value);
      continue;
    }
    const given = colon < 0 ? undefined : openColons.has(a) ? args[++i] : { ...a, value: a.value.slice(colon + 1) };
    if (colon >= 0 && !given) return null;
    // A -WhatIf the guard cannot read may be off: the write would happen.
    if (given?.dynamic && name === "whatif") return null;
    if (given && !given.dynamic && switchOff(given.value)) bound.delete(name);
    else bound.set(name, true);
  }
  return bound;
}

/**
 * A switch's value that converts to false (`-WhatIf:$false`, `:0`, and `:$null` or `:''`, which
 * the lexer reads as empty): the switch is off (red team 9: `-WhatIf:$null` deleted).
 */
export function switchOff(value: string): boolean {
  return /^(?:false|0|)$/i.test(value);
}

/** The value of `-Name:value`, an array literal's elements kept (`-Args:'-rf',$HOME`). */
function _afterColon(a: Word, colon: number): Word {
  const value = { ...a, value: a.value.slice(colon + 1), pattern: a.value.slice(colon + 1) };
  const elements = listElements.get(a);
  if (elements?.[0]) {
    const first = elements[0].value.slice(colon + 1);
    listElements.set(value, [{ ...elements[0], value: first, pattern: first }, ...elements.slice(1)]);
  }
  return value;
}

function _resolve(written: string, params: Record<string, boolean>, aliases: Record<string, string> = {}): string | null {
  if (written in params) return written;
  // Seed 001's prefix table refuses `-wi` (a wrong -WhatIf guess would let a write through).
  if (written === "wi") return null;
  const alias = aliases[written] ?? COMMON_ALIASES[written] ?? (written === "cf" ? "confirm" : undefined);
  if (alias && alias in params) return alias;
  const candidates = Object.keys(params).filter((k) => k.startsWith(written));
  if (candidates.length === 1) return candidates[0]!;
  // Several candidates: only common parameters that take a value alike are one reading.
  if (candidates.length > 1 && candidates.every((k) => NEUTRAL.has(k) && params[k] === params[candidates[0]!])) return candidates[0]!;
  return null;
}

/** The words of a bound value: an array literal's elements (`a,'b c'`), else the word itself. */
export function valuesOf(value: Word | true | undefined): Word[] {
  if (value === undefined || value === true) return [];
  const elements = listElements.get(value);
  if (elements) return elements.filter((w) => w.value !== "" || w.quoted || w.dynamic);
  if (value.dynamic || value.quoted || !value.value.includes(",")) return [value];
  return value.value.split(",").filter(Boolean).map((v) => ({ ...value, value: v, pattern: v }));
}
