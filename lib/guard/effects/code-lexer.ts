/**
 * A one-pass lexer for inline code of languages the guard reads by pattern only (R, Lua, Julia,
 * Octave, Tcl, Lisp, AppleScript): comments are dropped and every string literal is replaced by
 * a token `\u0001N\u0002` whose decoded text is `strings[N]` (null when it interpolates, so its
 * value is unknown). Patterns then run on code only: `print([[os.remove("x")]])` is a string,
 * `-- os.remove("x")` a comment. Linear in the code's length.
 */
export type CodeLanguage = "r" | "lua" | "julia" | "octave" | "tcl" | "lisp" | "applescript" | "haskell";

export interface Lexed {
  text: string;
  strings: Array<string | null>;
  /** Which strings are Julia command literals (`` `rm -rf x` ``). */
  commands?: Set<number>;
}

export const STRING_TOKEN = /\u0001(\d+)\u0002/y;

const ESCAPES: Record<string, string> = { n: "\n", t: "\t", r: "\r", a: "\x07", b: "\b", f: "\f", v: "\v" };

export function lexCode(source: string, language: CodeLanguage): Lexed {
  const code = source.replace(/[\u0001\u0002]/g, " ");
  const strings: Array<string | null> = [];
  let commands: Set<number> | undefined;
  const out: string[] = [];
  // The last character of code emitted that is not white space (what a quote or `#` follows).
  let prev = "";
  let i = 0;
  const emit = (s: string) => {
    out.push(s);
    for (let k = s.length - 1; k >= 0; k--) {
      if (!/\s/.test(s[k]!)) {
        prev = s[k]!;
        break;
      }
    }
  };
  const special = SPECIAL[language];
  const push = (value: string | null) => {
    out.push(`\u0001${strings.length}\u0002`);
    prev = "\u0002";
    strings.push(value);
  };
  while (i < code.length) {
    const c = code[i]!;
    // Comments.
    if (language === "lua" && code.startsWith("--", i)) {
      const long = /^\[(=*)\[/.exec(code.slice(i + 2, i + 2 + 64));
      i = long ? _after(code, `]${long[1]}]`, i + 2 + long[0].length) : _lineEnd(code, i);
      out.push(" ");
      continue;
    }
    if (language === "julia" && code.startsWith("#=", i)) {
      i = _nestedEnd(code, i + 2);
      out.push(" ");
      continue;
    }
    if ((c === "#" && (language === "r" || language === "julia" || language === "tcl")) || (language === "octave" && (c === "%" || c === "#")) || (language === "lisp" && c === ";") || (language === "haskell" && code.startsWith("--", i)) || (language === "applescript" && (code.startsWith("--", i) || c === "#"))) {
      // Tcl: a comment only where a command starts (`set x #y` is a word).
      if (language !== "tcl" || /^(?:|[;{\[])$/.test(prev)) {
        i = _lineEnd(code, i);
        out.push(" ");
        continue;
      }
    }
    if (language === "lisp" && code.startsWith("#|", i)) {
      i = _after(code, "|#", i + 2);
      out.push(" ");
      continue;
    }
    if (language === "haskell" && code.startsWith("{-", i)) {
      i = _after(code, "-}", i + 2);
      out.push(" ");
      continue;
    }
    if (language === "applescript" && code.startsWith("(*", i)) {
      i = _after(code, "*)", i + 2);
      out.push(" ");
      continue;
    }
    // Long strings and raw strings.
    if (language === "lua" && c === "[") {
      const long = /^\[(=*)\[/.exec(code.slice(i, i + 64));
      if (long) {
        const close = `]${long[1]}]`;
        const end = code.indexOf(close, i + long[0].length);
        const stop = end < 0 ? code.length : end;
        push(code.slice(i + long[0].length, stop).replace(/^\n/, ""));
        i = end < 0 ? code.length : end + close.length;
        continue;
      }
    }
    if (language === "r" && /[rR]/.test(c) && (code[i + 1] === '"' || code[i + 1] === "'") && !/[\w.]/.test(code[i - 1] ?? "")) {
      const raw = /^(["'])(-*)([([{])/.exec(code.slice(i + 1, i + 1 + 64));
      if (raw) {
        const close = `${{ "(": ")", "[": "]", "{": "}" }[raw[3]!]}${raw[2]}${raw[1]}`;
        const from = i + 1 + raw[0].length;
        const end = code.indexOf(close, from);
        push(code.slice(from, end < 0 ? code.length : end));
        i = end < 0 ? code.length : end + close.length;
        continue;
      }
    }
    if (language === "julia" && code.startsWith('raw"', i) && !/[\w.]/.test(code[i - 1] ?? "")) {
      const end = code.indexOf('"', i + 4);
      push(code.slice(i + 4, end < 0 ? code.length : end));
      i = end < 0 ? code.length : end + 1;
      continue;
    }
    if (language === "r" && c === "`") {
      // A quoted name: `system`("ls") calls system.
      const end = code.indexOf("`", i + 1);
      const name = code.slice(i + 1, end < 0 ? code.length : end);
      emit(/^[\w.]+$/.test(name) ? name : "_");
      i = end < 0 ? code.length : end + 1;
      continue;
    }
    const quote = _quote(c, language, code, i, prev);
    if (quote) {
      const triple = language === "julia" && code.startsWith(quote.repeat(3), i);
      const s = _string(code, triple ? i + 3 : i + 1, triple ? quote.repeat(3) : quote, language);
      if (quote === "`") (commands ??= new Set()).add(strings.length);
      push(s.value);
      i = s.end;
      continue;
    }
    // A run of plain code up to the next character that may start a comment or a string.
    const next = _plainEnd(code, i + 1, special);
    emit(code.slice(i, next));
    i = next;
  }
  return { text: out.join(""), strings, commands };
}

/** The quote a string starts with at `i`, if one does. */
function _quote(c: string, language: CodeLanguage, code: string, i: number, prev: string): string | null {
  if (c === '"') return language === "tcl" || language === "lisp" || language === "applescript" || language === "haskell" || language === "r" || language === "lua" || language === "julia" || language === "octave" ? '"' : null;
  if (c === "'") {
    if (language === "r" || language === "lua") return "'";
    // Octave: a quote after a value is the transpose operator.
    if (language === "octave") return /[\w)\]}'.\u0002]/.test(prev) ? null : "'";
    // Julia: a character literal (`'a'`, `'\n'`); after a value, the adjoint operator.
    if (language === "julia") return /[\w)\]}'.\u0002]/.test(prev) || !/^'(?:\\.[^']{0,8}|[^\\'])'/.test(code.slice(i, i + 12)) ? null : "'";
  }
  if (c === "`" && language === "julia") return "`";
  return null;
}

// Where a string's plain text stops: its quote, an escape, and what interpolates (Julia `$`, Tcl `$` and `[`).
const _stopCache = new Map<string, RegExp>();
function _stops(quote: string, language: CodeLanguage): RegExp {
  const chars = `\\\\${quote}${language === "tcl" ? "$[" : language === "julia" && quote !== "'" ? "$" : ""}`;
  let re = _stopCache.get(chars);
  if (!re) _stopCache.set(chars, (re = new RegExp(`[${chars}]`, "g")));
  return re;
}

/** Reads a quoted string's body; interpolation makes its value null. Runs of plain text are sliced, not copied a character at a time. */
function _string(code: string, from: number, closer: string, language: CodeLanguage): { value: string | null; end: number } {
  const stops = _stops(closer[0]!, language);
  let value = "";
  let unknown = false;
  let i = from;
  for (;;) {
    stops.lastIndex = i;
    const m = stops.exec(code);
    if (!m) return { value: unknown ? null : value + code.slice(i), end: code.length };
    value += code.slice(i, m.index);
    i = m.index;
    if (code.startsWith(closer, i)) return { value: unknown ? null : value, end: i + closer.length };
    const c = code[i]!;
    if (c === "\\" && language !== "octave") {
      const rest = code.slice(i + 1, i + 12);
      const e = language === "lua" ? /^(?:\d{1,3}|x[0-9a-fA-F]{2}|u\{[0-9a-fA-F]{1,8}\}|z\s*|.)/s.exec(rest) : /^(?:[0-7]{1,3}|x[0-9a-fA-F]{1,2}|u\{?[0-9a-fA-F]{1,8}\}?|U[0-9a-fA-F]{1,8}|.)/s.exec(rest);
      const esc = e ? e[0] : "";
      value += _decode(esc, language);
      i += 1 + esc.length;
      continue;
    }
    if (c === "$" || c === "[") unknown = true;
    else value += c;
    i++;
  }
}

function _decode(esc: string, language: CodeLanguage): string {
  if (esc === "") return "\\";
  if (/^\d+$/.test(esc)) return String.fromCharCode(parseInt(esc, language === "lua" ? 10 : 8));
  if (/^x/.test(esc)) return String.fromCharCode(parseInt(esc.slice(1), 16));
  if (/^[uU]/.test(esc)) return String.fromCodePoint(Math.min(parseInt(esc.replace(/[uU{}]/g, ""), 16) || 0, 0x10ffff));
  if (esc.startsWith("z")) return "";
  return ESCAPES[esc] ?? esc;
}

// The characters that may start a comment or a string, per language.
const SPECIAL: Record<CodeLanguage, RegExp> = {
  r: /["'`#rR]/g,
  lua: /["'[-]/g,
  julia: /["'`#r]/g,
  octave: /["'%#]/g,
  tcl: /["#]/g,
  lisp: /["#;]/g,
  haskell: /["{-]/g,
  applescript: /["#(-]/g,
};

function _plainEnd(code: string, from: number, special: RegExp): number {
  special.lastIndex = from;
  const m = special.exec(code);
  return m ? m.index : code.length;
}

function _lineEnd(code: string, i: number): number {
  const end = code.indexOf("\n", i);
  return end < 0 ? code.length : end;
}

function _after(code: string, closer: string, from: number): number {
  const end = code.indexOf(closer, from);
  return end < 0 ? code.length : end + closer.length;
}

/** The end of a Julia `#= … =#` comment, which nests. */
function _nestedEnd(code: string, from: number): number {
  let depth = 1;
  for (let i = from; i < code.length; i++) {
    if (code.startsWith("#=", i)) {
      depth++;
      i++;
    } else if (code.startsWith("=#", i)) {
      if (--depth === 0) return i + 2;
      i++;
    }
  }
  return code.length;
}
