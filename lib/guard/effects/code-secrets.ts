import { op, type Op } from "../ops.ts";
import { literalWord } from "../syntax.ts";
import { stringLiteral, withHome } from "./code-literals.ts";
import type { AnalyzeContext } from "./context.ts";
import { codeEnvironment } from "./env-output.ts";
import { fileKeys } from "./file-identity.ts";
import type { Language } from "./interpreters.ts";
import { isSecretPath } from "./secrets.ts";

// Interpreter code that names a credential store in a string literal reads it, as `cat .env` or
// `grep KEY .env` does (ASK_SECRET_ACCESS). Session 8's hunt: `python3 -c
// "print(open('.env').read())"`, `node -e "…readFileSync('.env')…"` and code posting
// `/root/.ssh/id_rsa` were ALLOW. Any literal counts, not only a call's argument: the code may
// read it by a name the call rules do not follow (`p = '.env'; open(p)`). An env file the code
// only writes is an ordinary write (as `> .env`, analyze.ts redirectOps); another credential store
// written asks, as a redirection onto one does. A name spelled in pieces (`'.e' + 'nv'`) is not
// followed: reading code by pattern finds what it spells out.

const ENV_FILE = /(^|\/)\.env[^/]*$/;
const QUOTES = new Set(["'", '"', "`"]);

/**
 * A secret read for the first string literal of `code` that names a credential store, and the
 * environment sent when the code prints all of it and talks to the network (`urlopen(url,
 * str(dict(os.environ)).encode())`: env-output.ts reads the spellings).
 */
export function codeSecretOps(code: string, language: Language, written: Op[], ctx: AnalyzeContext): Op[] {
  const sent = NETWORK[language].test(code) && codeEnvironment(code, language) === "environment" ? [op("egress", `${language}:environment`)] : [];
  const read = _literalSecret(code, language, written, ctx);
  return read.length === 0 ? sent : [...read, ...sent];
}

// Each language's network clients and sockets, and a URL in the code: with the whole environment
// in the same code it is sent (the guard does not follow which value goes where).
const URL_TEXT = String.raw`\b(?:https?|ftp|wss?|tcp|udp)://`;
const NETWORK: Record<Language, RegExp> = {
  python: new RegExp(String.raw`\b(?:urllib3?|urlopen|http\.client|httplib|requests|httpx|aiohttp|socket|smtplib|ftplib|telnetlib|xmlrpc|pycurl|websockets?|paramiko)\b|${URL_TEXT}`),
  node: new RegExp(String.raw`\b(?:fetch|XMLHttpRequest|WebSocket|EventSource|sendBeacon|axios|got|undici|superagent|https?|http2|net|tls|dgram|connect|udpSocket)\b|${URL_TEXT}`),
  perl: new RegExp(String.raw`\b(?:IO::Socket|Socket|socket|LWP|HTTP::\w+|Net::\w+|Mojo::UserAgent|Furl|connect)\b|${URL_TEXT}`),
  ruby: new RegExp(String.raw`\b(?:Net\.HTTP|Net::HTTP|TCPSocket|UDPSocket|Socket|open-uri|URI|HTTParty|Faraday|RestClient|Excon|HTTPX?)\b|${URL_TEXT}`),
  // PHP's function and class names ignore case.
  php: new RegExp(String.raw`\b(?:curl_\w+|fsockopen|pfsockopen|stream_socket_client|socket_\w+|mail|stream_context_create|SoapClient)\b|${URL_TEXT}`, "i"),
};

function _literalSecret(code: string, language: Language, written: Op[], ctx: AnalyzeContext): Op[] {
  _steps = 2 * code.length + MAX_STRING;
  // Where the last string of each opener (`"`, `"""`, …) that stringLiteral gave up on (an
  // interpolating one, or one that does not close: -1) ends, by stringLiteral's reading. A quote
  // of that opener before that end is inside it, escaped, or is its closing quote: it opens no
  // string. Read so, each part of the code is scanned once per opener, and the closing quote of
  // `"$x"` does not open `"; open(F, "` and hide the next literal. A literal stringLiteral reads
  // is skipped whole below (its end is literal.end): it needs no entry.
  const ends = new Map<string, number>();
  for (let i = 0; i < code.length; i++) {
    const q = code[i]!;
    if (!QUOTES.has(q)) continue;
    const opener = code.startsWith(q + q + q, i) ? q + q + q : q;
    const end = ends.get(opener);
    if (end !== undefined && (end < 0 || i < end)) continue;
    const literal = stringLiteral(code, i);
    if (!literal) {
      ends.set(opener, _end(code, i + opener.length, opener));
      // An interpolating string's constant text (`"$ENV{HOME}/.ssh/id_rsa"`, `"#{Dir.home}/.netrc"`).
      const text = _interpolated(code, i, language);
      if (text !== null && isSecretPath(literalWord(withHome(text, ctx.home)), ctx.state.cwd)) return [op("secret", `${language}:literal`)];
      continue;
    }
    const names = literal.escaped ? [literal.value, _decoded(code.slice(i + 1, literal.end - 1))] : [literal.value];
    i = literal.end - 1;
    for (const name of names) {
      const path = withHome(name, ctx.home);
      const secret = isSecretPath(literalWord(path), ctx.state.cwd) ? path : _linkedSecret(path, ctx);
      if (secret === undefined) continue;
      if (ENV_FILE.test(secret) && _onlyWritten(path, written)) continue;
      return [op("secret", `${language}:literal`)];
    }
  }
  return [];
}

/** Past the `closer` of a string whose text starts at `i`, escapes skipped as stringLiteral skips them; -1 when none closes it. */
function _end(code: string, i: number, closer: string): number {
  for (; i < code.length; i++) {
    if (code.startsWith(closer, i)) return i + closer.length;
    if (code[i] === "\\") i++;
  }
  return -1;
}

/**
 * The credential store a literal reaches through a symlink (`open('innocent-key')` with
 * innocent-key a link to ~/.ssh/id_rsa), as a reader's word is followed (secrets.ts): only a
 * literal that can be a file name (one line without spaces) and is no URL (`https://…`) is
 * looked up, not every format string or address of the code.
 */
function _linkedSecret(path: string, ctx: AnalyzeContext): string | undefined {
  if (path === "" || path.length > 1024 || /\s/.test(path) || path.includes("://")) return undefined;
  const real = fileKeys(path, ctx.state)[1];
  return real !== undefined && isSecretPath(literalWord(real), ctx.state.cwd) ? real : undefined;
}

/** Whether the code's writes (code-writes.ts) name the file: an env file written is no read. */
function _onlyWritten(path: string, written: Op[]): boolean {
  return written.some((o) => !o.inPlace && o.targets.some((t) => t.value === path));
}

/** A literal's text with the escapes the languages share decoded (`\x2eenv`, `\u002eenv`, `\056env`). */
function _decoded(raw: string): string {
  return raw.replace(/\\(?:x([0-9a-fA-F]{2})|u\{([0-9a-fA-F]{1,6})\}|u([0-9a-fA-F]{4})|([0-7]{1,3})|([\s\S]))/g, (_, x, braced, u, o, c) =>
    x ? String.fromCharCode(parseInt(x, 16)) : braced || u ? _codePoint(parseInt(braced ?? u, 16)) : o ? String.fromCharCode(parseInt(o, 8)) : ({ n: "\n", t: "\t" } as Record<string, string>)[c] ?? c,
  );
}

const _codePoint = (n: number): string => (n <= 0x10ffff ? String.fromCodePoint(n) : "\uFFFD");

/*
 * An interpolating string read for its constant text (red-team pass of session 11, finding 4):
 * stringLiteral gives up on `"$ENV{HOME}/.ssh/id_rsa"` (Perl), `"#{Dir.home}/.ssh/id_rsa"`
 * (Ruby), `` `${os.homedir()}/.ssh/id_rsa` `` (JS), `"{$h}/.netrc"` (PHP). Each interpolation
 * stands as one path-name character of its own (HOLE), so the constant tail is judged as a path
 * under some folder, as a shell word `"$X/.ssh/id_rsa"` and a Python f-string are: a tail that
 * names a credential store asks, a name the code computes (`"$h/.ssh/$k"`, `` `${n}.env` ``) or a
 * string computed whole (`"$a$b"`) does not. Python's and JS's double quotes interpolate nothing:
 * their text is taken as it is (`"$HOME/.netrc"`).
 */
const HOLE = "\u0001";
// Longer strings and interpolations are not read, and all of them together read at most twice
// the code (_steps): code of many unclosed `${` stays linear.
const MAX_STRING = 4096;
const MAX_HOLE = 512;
let _steps = 0;

/** The text of the interpolating string at `at`, each interpolation as HOLE; null when it is none or does not close. */
function _interpolated(code: string, at: number, language: Language): string | null {
  const q = code[at]!;
  if (q === "`" ? language !== "node" : q !== '"') return null;
  let out = "";
  for (let i = at + 1; i < code.length && i - at < MAX_STRING; ) {
    if (--_steps < 0) return null;
    const c = code[i]!;
    if (c === q) return out;
    if (c === "\\") {
      // `\n` and `\t` are a newline and a tab (`"$h/.ssh/config\n"` names config, not confign).
      const e = code[i + 1] ?? "";
      out += e === "n" ? "\n" : e === "t" ? "\t" : e;
      i += 2;
      continue;
    }
    const end = language === "python" ? i : _hole(code, i, q, language);
    if (end < 0) return null;
    if (end > i) {
      out += HOLE;
      i = end;
    } else {
      out += c;
      i++;
    }
  }
  return null;
}

/** Where an interpolation starting at `i` ends (`i` when none starts there, -1 when it does not close). */
function _hole(code: string, i: number, q: string, language: Language): number {
  const c = code[i];
  const next = code[i + 1] ?? "";
  if (q === "`") return c === "$" && next === "{" ? _closing(code, i + 1) : i;
  if (language === "node") return i;
  if (language === "ruby") {
    if (c !== "#") return i;
    if (next === "{") return _closing(code, i + 1);
    return /[$@]/.test(next) ? _name(code, i + 2) : i;
  }
  // Perl's `${…}`, `@{…}`, `$x`, `@x` (PHP: `{$…}`, `${…}`, `$x`), then subscripts and `->` chains.
  if (language === "php" && c === "{" && next === "$") return _closing(code, i);
  if (c !== "$" && !(language === "perl" && c === "@")) return i;
  if (next === "{") return _closing(code, i + 1);
  let end = _name(code, i + 1);
  if (end === i + 1) return i;
  for (;;) {
    const arrow = code.startsWith("->", end) ? 2 : 0;
    const open = code[end + arrow];
    if (open === "[" || (language === "perl" && open === "{")) {
      end = _closing(code, end + arrow, open === "[" ? "]" : "}");
      if (end < 0) return end;
    } else if (arrow && language === "php" && /[A-Za-z_]/.test(open ?? "")) end = _name(code, end + 2);
    else return end;
  }
}

/** The end of a name (`HOME`, `main::x`) at `i`. */
function _name(code: string, i: number): number {
  while (i < code.length && /[\w:]/.test(code[i]!)) i++;
  return i;
}

/** Past the bracket closing the one at `open` (nesting counted), or -1 when none closes near. */
function _closing(code: string, open: number, close = "}"): number {
  const start = code[open]!;
  let depth = 0;
  for (let i = open; i < code.length && i - open < MAX_HOLE && --_steps >= 0; i++) {
    if (code[i] === start) depth++;
    else if (code[i] === close && --depth === 0) return i + 1;
  }
  return -1;
}
