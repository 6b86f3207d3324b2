/*
 * What GNU tar's renames make known of an extracted member's name (session 15), for
 * tar-renames.ts. GNU tar applies every `--transform` expression in order, each to the name the
 * one before made (transform.c; checked with GNU tar 1.34: `s,^,XcX/,` then `s,X,Y,` gives
 * `YcX/a.txt`, `s,^,mm/,` then `s,m/a,k,` gives `mk.txt`), and converts case in a replacement
 * (`\U`, `\L` up to `\E`, `\u`, `\l`).
 */

/** One sed-like rename: GNU tar's `--transform s/RE/REPL/FLAGS`, bsdtar's `-s /RE/REPL/FLAGS`. */
export interface Rename {
  regex: string;
  replacement: string;
  /** Applied to the members' own names (not only to link targets: GNU's `R`, bsdtar's `R` flag). */
  names: boolean;
  /** Which match is replaced (GNU's number flag): only the first can start the name. */
  nth: number;
  /** Every match is replaced (GNU's `g`, bsdtar's `g`). */
  global: boolean;
  /** Case is ignored (GNU's `i`). */
  icase: boolean;
  /** An extended regex (GNU's `x`). */
  extended: boolean;
  bsd: boolean;
}

// A regex that matches the whole name (`.*`, `^.*$`): the replacement is then the whole name.
const WHOLE = /^\^?\.\*\$?$/;

/** What is known of a renamed member's name: the text it begins with, or all of it (`exact`). */
export interface Shown {
  text: string;
  exact: boolean;
}

/**
 * What the renames show of the names, each possibility once. A name one rename made known is
 * followed through the later ones: a literal regex (BRE or ERE, `^`/`$` anchors, `i`, `g`, a
 * number) is matched against the known text, and where a match may start inside it and run on
 * into the unknown rest, both outcomes are kept. A later rename the guard cannot follow on a
 * known name (another regex, `\N`) is null: fail closed. A name no rename made known stays
 * unknown (the archive's own members are). bsdtar's `-s` renames are each read alone, as before.
 */
export function shownNames(renames: Rename[]): Shown[] | null {
  let known: Shown[] = [];
  let unknown = true;
  const alone: Shown[] = [];
  for (const r of renames) {
    if (!r.names) continue;
    if (r.bsd) {
      if (r.nth === 1) alone.push(..._fromUnknown(r).shown);
      continue;
    }
    const next: Shown[] = [];
    for (const k of known) {
      const applied = _applied(r, k);
      if (applied === null) return null;
      next.push(...applied);
    }
    if (unknown && r.nth === 1) {
      const from = _fromUnknown(r);
      next.push(...from.shown);
      unknown = !from.every;
    }
    known = next.filter((k, i) => next.findIndex((o) => o.text === k.text && o.exact === k.exact) === i);
  }
  return [...known, ...alone];
}

/** A rename of a name not known at all: the replacement's leading literal text begins the names it matches at their start. */
function _fromUnknown(r: Rename): { shown: Shown[]; every: boolean } {
  const whole = WHOLE.test(r.regex);
  const out = _expand(r, { text: "", complete: false });
  if (out.text === "") return { shown: [], every: false };
  // `s,.*,F,`: every name becomes F (and `s,.*,d/&,` puts every name below d).
  return { shown: [{ text: out.text, exact: whole && out.complete }], every: whole };
}

/** A rename of a (partly) known name, or null when its regex cannot be followed there. */
function _applied(r: Rename, k: Shown): Shown[] | null {
  if (WHOLE.test(r.regex)) {
    const out = _expand(r, { text: k.text, complete: k.exact });
    return out.known ? [{ text: out.text, exact: k.exact && out.complete }] : null;
  }
  const lit = _literal(r);
  if (lit === null) return null;
  // An empty regex matches at the start (`s,^,d/,`), or only at the end with `$` (`s,$,.bak,`).
  if (lit.text === "") {
    const e = _expand(r, { text: "", complete: true });
    if (!e.known) return null;
    if (!lit.end) return [{ text: e.text + k.text, exact: k.exact }];
    return lit.start || !k.exact ? [k] : [{ text: k.text + e.text, exact: true }];
  }
  const fold = (t: string): string => (lit.icase ? t.toLowerCase() : t);
  const name = fold(k.text);
  const re = fold(lit.text);
  const out: Shown[] = [];
  for (let at = 0; at <= (lit.start ? 0 : k.text.length); at++) {
    const occurs = name.startsWith(re, at);
    // Certain: a match inside the known text (with `$`, one ending a name known to its end).
    const inside = occurs && (!lit.end || (k.exact && at + re.length === name.length));
    // Possible: a `$` match ending the known text (the name may end there), or one that begins in
    // the known text and runs on into the unknown rest.
    const mayEnd = occurs && lit.end && !k.exact;
    const spans = !k.exact && at < name.length && at + re.length > name.length && re.startsWith(name.slice(at));
    if (!inside && !mayEnd && !spans) continue;
    if (r.nth > 1) return null;
    const head = k.text.slice(0, at);
    if (mayEnd || spans) {
      // The matched text: as the name spells it, the regex's own text for the unknown part (unknown with `i`).
      const matched = mayEnd ? k.text.slice(at, at + re.length) : k.text.slice(at) + (lit.icase ? "" : lit.text.slice(name.length - at));
      const e = _expand(r, { text: matched, complete: mayEnd || !lit.icase });
      if (!e.known) return null;
      out.push({ text: head + e.text, exact: mayEnd && e.complete });
      continue;
    }
    const e = _expand(r, { text: k.text.slice(at, at + re.length), complete: true });
    if (!e.known) return null;
    const rest = k.text.slice(at + re.length);
    if (!r.global || lit.start || rest === "") return [...out, { text: head + e.text + rest, exact: k.exact }];
    // `g`: the rest is matched again from where this match ended.
    const more = _applied(r, { text: rest, exact: k.exact });
    return more === null ? null : [...out, ...more.map((m) => ({ text: head + e.text + m.text, exact: m.exact }))];
  }
  // No match certain inside the known text: it may also stay as it is.
  return [...out, k];
}

// GNU tar's regex characters that are not literal: in a basic one, and the more an extended one has.
const BRE_SPECIAL = new Set([".", "[", "*", "^", "$"]);
const ERE_SPECIAL = new Set([...BRE_SPECIAL, "+", "?", "(", ")", "{", "}", "|"]);

/** A regex that matches one literal text (`^`/`$` anchored or not; `\\.` and `[.]` a dot), or null. */
function _literal(r: Rename): { text: string; start: boolean; end: boolean; icase: boolean } | null {
  let re = r.regex;
  const start = re.startsWith("^");
  if (start) re = re.slice(1);
  const end = /(^|[^\\])\$$/.test(re);
  if (end) re = re.slice(0, -1);
  const special = r.extended ? ERE_SPECIAL : BRE_SPECIAL;
  let text = "";
  for (let i = 0; i < re.length; i++) {
    const c = re[i]!;
    // `[.]`: a bracket of one character is that character.
    if (c === "[" && re[i + 2] === "]" && re[i + 1] !== "^" && re[i + 1] !== "]") {
      text += re[i + 1];
      i += 2;
      continue;
    }
    if (c !== "\\") {
      if (special.has(c)) return null;
      text += c;
      continue;
    }
    const next = re[++i];
    // `\.` is a dot; `\(`, `\{`, `\|`, `\+`, `\?` are a basic regex's groups and the like, `\w`, `\1`… classes and references.
    if (next === undefined || /[0-9A-Za-z<>`']/.test(next) || (!r.extended && /[(){}|+?]/.test(next))) return null;
    text += next;
  }
  return { text, start, end, icase: r.icase };
}

/**
 * A replacement's text given what is known of the matched text (GNU `&`, bsdtar `~`): literal
 * characters, `\n`-like controls and GNU's case conversions (`\U`, `\L` up to `\E`, `\u`, `\l`
 * for one character) are known; the text stops at the unknown part of the match or at a group
 * reference `\N` (`known` false: the guard cannot read it). `complete`: all of it is known.
 */
function _expand(r: Rename, match: { text: string; complete: boolean }): { text: string; complete: boolean; known: boolean } {
  let text = "";
  let mode: "" | "U" | "L" = "";
  let once: "" | "u" | "l" = "";
  const put = (s: string): void => {
    for (const ch of s) {
      const c = once === "u" ? ch.toUpperCase() : once === "l" ? ch.toLowerCase() : mode === "U" ? ch.toUpperCase() : mode === "L" ? ch.toLowerCase() : ch;
      once = "";
      text += c;
    }
  };
  const t = r.replacement;
  for (let i = 0; i < t.length; i++) {
    const c = t[i]!;
    if (c === (r.bsd ? "~" : "&")) {
      put(match.text);
      if (!match.complete) return { text, complete: false, known: true };
      continue;
    }
    if (c !== "\\" || i + 1 >= t.length) {
      put(c);
      continue;
    }
    const next = t[++i]!;
    if (/[0-9]/.test(next)) return { text, complete: false, known: false };
    if (r.bsd) put(next === "~" || next === "\\" ? next : `\\${next}`);
    else if (next === "U" || next === "L") mode = next;
    else if (next === "E") mode = "";
    else if (next === "u" || next === "l") once = next;
    // GNU tar's `\n` and the like are control characters.
    else put((({ n: "\n", t: "\t", r: "\r", f: "\f", v: "\v", a: "\x07", b: "\b" }) as Record<string, string>)[next] ?? next);
  }
  return { text, complete: true, known: true };
}
