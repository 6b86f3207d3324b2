import { ParseError, type Word } from "../syntax.ts";

/** One PowerShell command: its words, the `$(…)`/`{…}` bodies inside it, and its redirections. */
export interface PsCommand {
  words: Word[];
  nested: string[];
  redirects: Array<{ op: string; target: Word }>;
  /** Fed by the previous command of a pipeline. */
  piped: boolean;
  /** The text after the stop-parsing token `--%`, which goes to the program as it is spelled. */
  verbatim?: string;
}

// A lone CR ends a line as LF does (lang-spec §2.2.2 new-line-character: CR, LF, CR LF).
const SEPARATORS = new Set([";", "\n", "\r", "|", "&"]);
// PowerShell's blanks (lang-spec B.1 whitespace): tab, VT, FF and every Zs, Zl and Zp character
// (space, no-break space U+00A0, em space, U+2028 …), and its quotes: single-quote-character is
// ' or U+2018–U+201B, double-quote-character " or U+201C–U+201E (red team 9 C2–C4).
const BLANK = /^[\t\v\f\p{Zs}\p{Zl}\p{Zp}]$/u;
const BLANKS_THEN_COMMA = /^[\t\v\f\p{Zs}\p{Zl}\p{Zp}]*,/u;
const SINGLE_QUOTES = new Set(["'", "\u2018", "\u2019", "\u201a", "\u201b"]);
const DOUBLE_QUOTES = new Set(['"', "\u201c", "\u201d", "\u201e"]);
// A provider-qualified FileSystem path (about_Providers): `FileSystem::~/x` is `~/x`.
const FILESYSTEM_PROVIDER = /^((?:[-\u2013\u2014\u2015][A-Za-z_]\w*:)?)(?:microsoft\.powershell\.core\/)?filesystem::/i;

function _blank(c: string | undefined): boolean {
  return c !== undefined && BLANK.test(c);
}

/**
 * The elements of a word that is an array literal in argument mode (`'-rf',$HOME`): split at the
 * commas outside quotes, each with its own quoting and dynamic flag. Words without such a comma
 * have no entry.
 */
export const listElements = new WeakMap<Word, Word[]>();

/** Words spelled as a plain variable (`$x`, `$env:PATH`, `${x}`, `$x.Name`) or a group (`(…).Name`), as spelled: no call, no index. */
const _variables = new WeakMap<Word, string>();

/** A word spelled as a plain variable reference or a group (with property reads): the head of an expression. */
export function isExpressionHead(w: Word): boolean {
  return _variables.has(w);
}

/** How an expression head was spelled (`$env:NODE_ENV`), or undefined for any other word. */
export function variableSpelling(w: Word): string | undefined {
  return _variables.get(w);
}

// A statement's leading variable written against its `=` (`$env:NODE_ENV="test"`): an assignment.
const ASSIGNED_VARIABLE = /^\$[A-Za-z_]\w*(?::[A-Za-z_]\w*)?(?==(?!=))/;

/**
 * Parameters written with a colon and nothing after it (`-WhatIf: $false`): the value is the next
 * word. `-WhatIf:$null` is not one: its value is there, and empty.
 */
export const openColons = new WeakSet<Word>();

/** Words that are exactly one `(…)` group: its body's text (powershell-join-path.ts reads some). */
export const groupBodies = new WeakMap<Word, string>();

// Casts that only convert a value: `[void](New-Item …)` discards it.
const CAST = /^\[(?:void|string|int|long|bool|double)\]/i;

/** Words that begin with an unquoted dash: a parameter name when a letter follows (`-Path:'x y'`). */
export const dashWords = new WeakSet<Word>();

/**
 * Splits PowerShell text into commands. Strings ('…' with '' escapes, "…" with backtick escapes
 * and `$…` expansions), backtick escapes, comments, `$(…)`, `(…)`, `@(…)` and `{…}` blocks are
 * understood; the bodies of blocks and subexpressions are returned for separate analysis.
 */
export function lexPowerShell(src: string, vars: (name: string) => string | null): PsCommand[] {
  const out: PsCommand[] = [];
  let cur: PsCommand = { words: [], nested: [], redirects: [], piped: false };
  let i = 0;
  const flush = (piped: boolean) => {
    if (cur.words.length || cur.nested.length || cur.redirects.length) out.push(cur);
    cur = { words: [], nested: [], redirects: [], piped };
  };
  while (i < src.length) {
    const c = src[i]!;
    if (_blank(c)) i++;
    else if (c === "`" && src[i + 1] === "\n") i += 2;
    else if (c === "`" && src[i + 1] === "\r") i += src[i + 2] === "\n" ? 3 : 2;
    else if (c === "#") i = _lineEnd(src, i);
    else if (src.startsWith("<#", i)) {
      const end = src.indexOf("#>", i + 2);
      if (end < 0) throw new ParseError("unterminated block comment");
      i = end + 2;
    } else if (c === "&" && cur.words.length === 0 && src[i + 1] !== "&") {
      // The call operator: `& 'Remove-Item' …`, `& $command …`, `& { … }`.
      cur.words.push({ value: "&", dynamic: false, glob: false, pattern: "&", quoted: false });
      i++;
    } else if (SEPARATORS.has(c)) {
      const pipe = c === "|" && src[i + 1] !== "|";
      i += (c === "&" || c === "|") && src[i + 1] === c ? 2 : 1;
      flush(pipe);
    } else if (/^(\*|\d)?>>?/.test(src.slice(i, i + 3)) && !(c === "&")) {
      const m = /^(\*|\d)?(>>?)(&\d)?/.exec(src.slice(i, i + 4))!;
      i += m[0].length;
      if (m[3]) continue;
      while (_blank(src[i])) i++;
      const [target, next] = _word(src, i, vars, cur.nested);
      i = next;
      cur.redirects.push({ op: m[2]!, target });
    } else if (cur.words.length > 0 && src.startsWith("--%", i) && (i + 3 === src.length || _blank(src[i + 3]) || SEPARATORS.has(src[i + 3]!))) {
      // The stop-parsing token (about_Parsing): the rest of the line, `|` and `;` included, is
      // the program's command line as it is spelled (red team 9 C12: `cmd --% /c rd /s …`).
      const end = _lineEnd(src, i);
      cur.verbatim = src.slice(i + 3, end).trim();
      i = end;
    } else if (cur.words.length === 0 && ASSIGNED_VARIABLE.test(src.slice(i, i + 200))) {
      // `$x=1` is `$x = 1` (about_Assignment_Operators): the variable, then the operator.
      const end = i + ASSIGNED_VARIABLE.exec(src.slice(i, i + 200))![0].length;
      cur.words.push(_word(src.slice(0, end), i, vars, cur.nested)[0], { value: "=", dynamic: false, glob: false, pattern: "=", quoted: false });
      i = end + 1;
    } else {
      const [word, next] = _word(src, i, vars, cur.nested);
      if (next === i) throw new ParseError("unexpected character");
      i = next;
      cur.words.push(word);
    }
  }
  flush(false);
  return out;
}

function _word(src: string, start: number, vars: (name: string) => string | null, nested: string[]): [Word, number] {
  let value = "";
  let dynamic = false;
  let quoted = false;
  let glob = false;
  let i = start;
  // The current array element (from `start`, or after the last unquoted comma).
  const elements: Word[] = [];
  let el = { from: 0, dynamic: false, quoted: false, glob: false };
  for (;;) {
    const c = src[i];
    // Blanks around the comma of an array literal do not end it (`'-c', 'text'` is one argument).
    if (_blank(c) && (value.length > el.from || el.quoted || el.dynamic) && BLANKS_THEN_COMMA.test(src.slice(i, i + 64))) {
      i = src.indexOf(",", i);
      continue;
    }
    if (c === undefined || _blank(c) || SEPARATORS.has(c) || c === ")" || c === "}") break;
    const elementStart = value.length === el.from && !el.quoted && !el.dynamic;
    if (c === "~" && (elementStart || (el.from === 0 && /^[-\u2013\u2014\u2015][A-Za-z_]\w*:$/.test(value))) && _tildeEnds(src[i + 1])) {
      // A leading `~` is the home folder: the FileSystem provider substitutes the provider's Home
      // for it in every path (ProviderInfo.Home, learn.microsoft.com/dotnet/api/
      // system.management.automation.providerinfo.home), redirections included.
      const home = vars("home");
      if (home === null) dynamic = el.dynamic = true;
      else value += home;
      i++;
    } else if (c === "," && !(value.length === el.from && !el.dynamic && !el.quoted)) {
      elements.push(_element(value.slice(el.from), el, vars("home")));
      value += c;
      el = { from: value.length, dynamic: false, quoted: false, glob: false };
      for (i++; _blank(src[i]); i++);
    } else if (SINGLE_QUOTES.has(c)) {
      const [text, next] = _single(src, i);
      value += text;
      quoted = el.quoted = true;
      i = next;
    } else if (DOUBLE_QUOTES.has(c)) {
      i++;
      quoted = el.quoted = true;
      for (;;) {
        const d = src[i];
        if (d === undefined) throw new ParseError("unterminated string");
        if (DOUBLE_QUOTES.has(d) && DOUBLE_QUOTES.has(src[i + 1] ?? "")) {
          value += d;
          i += 2;
        } else if (DOUBLE_QUOTES.has(d)) {
          i++;
          break;
        } else if (d === "`") {
          value += _backtick(src[i + 1] ?? "");
          i += 2;
        } else if (d === "$") {
          const r = _dollar(src, i, vars, nested, false);
          if (r.value === null) dynamic = el.dynamic = true;
          else value += r.value;
          i = r.end;
        } else {
          value += d;
          i++;
        }
      }
    } else if (c === "`") {
      value += src[i + 1] ?? "";
      quoted = el.quoted = true;
      i += 2;
    } else if (c === "$") {
      const r = _dollar(src, i, vars, nested, true);
      if (r.value === null) dynamic = el.dynamic = true;
      else value += r.value;
      i = r.end;
    } else if (c === "@" && (SINGLE_QUOTES.has(src[i + 1] ?? "") || DOUBLE_QUOTES.has(src[i + 1] ?? "")) && /^[\t\v\f\p{Zs}]*\r?\n/u.test(src.slice(i + 2))) {
      // A here-string (lang-spec §2.3.5.2): the lines between `@'`/`@"` and a line starting
      // `'@`/`"@`. A double-quoted one expands `$…` and backticks: unknown when it holds any.
      const single = SINGLE_QUOTES.has(src[i + 1]!);
      const open = src.indexOf("\n", i) + 1;
      const close = new RegExp(`\\r?\\n[${single ? "'\u2018\u2019\u201a\u201b" : '"\u201c\u201d\u201e'}]@`, "g");
      close.lastIndex = open - 1;
      const m = close.exec(src);
      if (!m) throw new ParseError("unterminated here-string");
      const text = src.slice(open, m.index);
      if (!single && /[$`]/.test(text)) dynamic = el.dynamic = true;
      else value += text;
      quoted = el.quoted = true;
      i = m.index + m[0].length;
    } else if (c === "(" || c === "{" || (c === "@" && src[i + 1] === "(")) {
      const open = c === "@" ? i + 1 : i;
      const end = _matching(src, open);
      nested.push(src.slice(open + 1, end));
      dynamic = el.dynamic = true;
      i = end + 1;
    } else {
      if (c === "*" || c === "?" || c === "[") glob = el.glob = true;
      value += c;
      i++;
    }
  }
  const home = vars("home");
  const [normalised, unknownHome] = _fileSystemPath(value.replace(/\\/g, "/"), home);
  const word: Word = { value: normalised, dynamic: dynamic || unknownHome, glob: glob && !quoted, pattern: normalised, quoted };
  if (elements.length) listElements.set(word, [...elements, _element(value.slice(el.from), el, home)]);
  if (/^[-\u2013\u2014\u2015]/.test(src[start] ?? "")) dashWords.add(word);
  if (/^[-\u2013\u2014\u2015][A-Za-z_]\w*:$/.test(src.slice(start, i))) openColons.add(word);
  // `$i++` and `$i--` (about_Assignment_Operators) change only the variable: an expression too.
  if (src[start] === "$" && /^\$(?:[A-Za-z_]\w*(?::[A-Za-z_]\w*)?|\{[^}]*\})(?:\.[A-Za-z_]\w*)*(?:\+\+|--)?$/.test(src.slice(start, i))) _variables.set(word, src.slice(start, i));
  // `(…)`, `$(…)` and their property reads (`(Get-Content package.json | ConvertFrom-Json).version`):
  // the value of the body (analysed as commands of its own), no call; also cast to `[void]` (the
  // value discarded) or to a plain value type, whose conversion runs no constructor of a file.
  const at = start + (CAST.exec(src.slice(start, start + 16))?.[0].length ?? 0);
  const group = src[at] === "(" ? at : src.startsWith("$(", at) ? at + 1 : -1;
  if (group >= 0 && /^(?:\.[A-Za-z_]\w*)*$/.test(src.slice(_matching(src, group) + 1, i))) _variables.set(word, src.slice(start, i));
  if (src[start] === "(" && _matching(src, start) === i - 1) groupBodies.set(word, src.slice(start + 1, i - 1));
  return [word, i];
}

function _element(value: string, el: { dynamic: boolean; quoted: boolean; glob: boolean }, home: string | null): Word {
  const [v, unknownHome] = _fileSystemPath(value.replace(/\\/g, "/"), home);
  return { value: v, dynamic: el.dynamic || unknownHome, glob: el.glob && !el.quoted, pattern: v, quoted: el.quoted };
}

/**
 * A path without its FileSystem provider qualifier (`FileSystem::`, `Microsoft.PowerShell.Core\
 * FileSystem::`, after an optional `-Name:`), whose leading `~` is then the home folder (red
 * team 9 C5); the flag is set when that home is unknown.
 */
function _fileSystemPath(value: string, home: string | null): [string, boolean] {
  const m = FILESYSTEM_PROVIDER.exec(value);
  if (!m) return [value, false];
  const rest = value.slice(m[0].length);
  if (!/^~(?=\/|$)/.test(rest)) return [m[1] + rest, false];
  return home === null ? [m[1] + rest, true] : [m[1] + home + rest.slice(1), false];
}

/** What may follow a leading `~` for it to name the home folder (`~`, `~/x`, `~\x`, `~,x`). */
function _tildeEnds(c: string | undefined): boolean {
  return c === undefined || c === "/" || c === "\\" || c === "," || _blank(c) || c === ")" || c === "}" || SEPARATORS.has(c);
}

/**
 * A `$…` reference: a subexpression (its body kept for analysis), `${name}`, or `$name`. In
 * argument mode (`member`) a property the lookup knows as `name.property` is read too: the items
 * of an unrolled loop (`$f.FullName`, powershell-loops.ts); other property reads stay text.
 */
function _dollar(src: string, i: number, vars: (name: string) => string | null, nested: string[], member: boolean): { value: string | null; end: number } {
  if (src[i + 1] === "(") {
    const end = _matching(src, i + 1);
    nested.push(src.slice(i + 2, end));
    return { value: null, end: end + 1 };
  }
  if (src[i + 1] === "{") {
    const end = src.indexOf("}", i);
    if (end < 0) throw new ParseError("unterminated ${");
    return { value: vars(src.slice(i + 2, end).toLowerCase()), end: end + 1 };
  }
  const m = /^[A-Za-z_][A-Za-z0-9_]*(?::[A-Za-z_][A-Za-z0-9_]*)?/.exec(src.slice(i + 1, i + 200));
  if (!m) return { value: "$", end: i + 1 };
  const name = m[0].toLowerCase();
  const end = i + 1 + m[0].length;
  const property = member ? /^\.([A-Za-z_]\w*)/.exec(src.slice(end, end + 64)) : null;
  const read = property ? vars(`${name}.${property[1]!.toLowerCase()}`) : null;
  return read !== null ? { value: read, end: end + property![0].length } : { value: vars(name), end };
}

function _single(src: string, i: number): [string, number] {
  let text = "";
  for (let k = i + 1; k < src.length; k++) {
    if (SINGLE_QUOTES.has(src[k]!) && SINGLE_QUOTES.has(src[k + 1] ?? "")) {
      text += src[k];
      k++;
    } else if (SINGLE_QUOTES.has(src[k]!)) return [text, k + 1];
    else text += src[k];
  }
  throw new ParseError("unterminated string");
}

/** The index of the bracket closing the one at `open`, skipping strings. */
function _matching(src: string, open: number): number {
  const close = src[open] === "{" ? "}" : ")";
  let depth = 0;
  for (let k = open; k < src.length; k++) {
    const c = src[k];
    if (SINGLE_QUOTES.has(c!)) k = _single(src, k)[1] - 1;
    else if (c === "`") k++;
    else if (c === src[open]) depth++;
    else if (c === close && --depth === 0) return k;
  }
  throw new ParseError("unbalanced bracket");
}

function _backtick(c: string): string {
  return ({ n: "\n", t: "\t", r: "\r", "0": "\0", a: "\x07" } as Record<string, string>)[c] ?? c;
}

/** Where a `#` comment ends: at the next CR or LF (a lone CR ends a line too). */
function _lineEnd(src: string, i: number): number {
  const m = /[\r\n]/.exec(src.slice(i));
  return m ? i + m.index : src.length;
}
