import { isAbsolute, join, normalize } from "node:path";
import { op, type Op } from "../ops.ts";
import { literalWord, type Word } from "../syntax.ts";
import type { AnalyzeContext, Handler, Invocation } from "./context.ts";
import { statOrUndefined } from "../fs-probe.ts";
import { withoutTrailingSlash } from "../paths.ts";
import { pythonModuleCall } from "./script-operands.ts";
import { judgeSent } from "./sent-tree.ts";
import { wrapper } from "./wrappers.ts";

/**
 * Static file servers: every file below the folder they serve can be fetched by whoever reaches
 * the port, so serving a folder is sending it (ASK_DATA_EGRESS) when it holds a credential file or
 * cannot be walked, judged by the bounded walk archives and syncs use (sent-tree.ts; symlinks are
 * followed, as these servers follow them). The home folder, `/` and their ancestors ask at once.
 * `python -m http.server` (`-d`/`--directory`), `python -m SimpleHTTPServer`, `php -S` (`-t`),
 * `ruby -run -e httpd DIR`, `http-server DIR`, `serve DIR`, `busybox httpd -h DIR`; without a
 * folder they serve the running directory.
 */
function _served(verb: string, dir: Word | undefined, inv: Invocation): Op[] {
  const word = dir ?? literalWord(".");
  if (_homeOrAbove(word, inv.ctx)) return [op("egress", verb)];
  return judgeSent([{ word, recursive: true }], true, inv.ctx) === "clean" ? [] : [op("egress", verb)];
}

/** `/`, the home folder, or a folder above it (the walk would only reach its bound). */
function _homeOrAbove(word: Word, ctx: AnalyzeContext): boolean {
  if (word.dynamic || word.glob) return false;
  const cwd = ctx.state.cwd;
  if (!isAbsolute(word.value) && cwd === null) return false;
  const path = withoutTrailingSlash(normalize(isAbsolute(word.value) ? word.value : join(cwd!, word.value)));
  return path === "/" || path === ctx.home || ctx.home.startsWith(`${path}/`);
}

// http.server's options.
const HTTP_SERVER_LONG = ["--bind", "--directory", "--protocol", "--tls-cert", "--tls-key", "--tls-password-file", "--cgi", "--help"];
const HTTP_SERVER_VALUED = new Set(["-b", "-d", "-p", "--bind", "--directory", "--protocol", "--tls-cert", "--tls-key", "--tls-password-file"]);

/** `python -m http.server …` (also SimpleHTTPServer and CGIHTTPServer of Python 2). */
export const pythonServer: Handler = (inv) => {
  // The module as python reads its options (script-operands.ts: `-Im http.server`).
  const at = pythonModuleCall(inv.args);
  if (!at) return _codeServes(inv);
  const module = at.module.value;
  if (module === "SimpleHTTPServer" || module === "CGIHTTPServer") return _served(`${inv.name} ${module}`, undefined, inv);
  if (module !== "http.server" || at.module.dynamic) return at.module.dynamic ? [op("egress", inv.name)] : [];
  let dir: Word | undefined;
  const { args } = at;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a.dynamic && a.value.startsWith("-")) return [op("egress", inv.name)];
    if (!a.value.startsWith("-") || a.dynamic) continue;
    if (a.value === "--") break;
    // argparse: `-dDIR`, `--directory=DIR`, and any unambiguous prefix of a long option.
    const [flag, attached] = a.value.startsWith("--") ? _long(a.value) : [a.value.slice(0, 2), a.value.length > 2 ? a.value.slice(2) : undefined];
    if (flag === "-h" || flag === "--help") return [];
    if (!HTTP_SERVER_VALUED.has(flag)) continue;
    const value = attached === undefined ? args[++i] : { ...a, value: attached };
    if (flag === "-d" || flag === "--directory") dir = value;
  }
  return _served(`${inv.name} http.server`, dir, inv);
};

// `python -c` code that starts http.server's or socketserver's server (`h.test(…)`,
// `HTTPServer(…).serve_forever()`): it serves the running directory unless told another.
const SERVER_MODULES = /\b(?:http\.server|SimpleHTTPServer|socketserver|SocketServer)\b/;
const SERVES = /\b(?:serve_forever|handle_request|test)\s*\(/;
const ELSEWHERE = /\b(?:directory|chdir|translate_path)\b/;

/** `python -c CODE` running a file server: judged like `-m http.server` (another folder: unknown). */
function _codeServes(inv: Invocation): Op[] {
  const at = inv.args.findIndex((a) => a.value === "-c");
  const code = at < 0 ? undefined : inv.args[at + 1];
  if (!code || code.dynamic || code.value.length > 100_000 || !SERVER_MODULES.test(code.value) || !SERVES.test(code.value)) return [];
  return ELSEWHERE.test(code.value) ? [op("egress", `${inv.name} -c`)] : _served(`${inv.name} -c`, undefined, inv);
}

/** A long option resolved like argparse (unique prefixes), and its `=` value. */
function _long(text: string): [string, string | undefined] {
  const eq = text.indexOf("=");
  const name = eq < 0 ? text : text.slice(0, eq);
  const matches = HTTP_SERVER_LONG.filter((l) => l.startsWith(name));
  return [matches.length === 1 ? matches[0]! : name, eq < 0 ? undefined : text.slice(eq + 1)];
}

/** `php -S ADDR [-t DOCROOT] [router.php]`: the built-in web server. */
export const phpServer: Handler = (inv) => {
  let serves = false;
  let dir: Word | undefined;
  for (let i = 0; i < inv.args.length; i++) {
    const v = inv.args[i]!.value;
    if (v === "--") break;
    if (v.startsWith("-S")) serves = true;
    if (v.startsWith("-S") || v === "-c" || v === "-d" || v === "-z") {
      if (v.length === 2) i++;
    } else if (v.startsWith("-t")) dir = v.length > 2 ? { ...inv.args[i]!, value: v.slice(2) } : inv.args[++i];
  }
  return serves ? _served(`${inv.name} -S`, dir, inv) : [];
};

/** `ruby -run -e httpd [DIR] [--port=N …]` (un.rb; `-r un` spelled apart too). */
export const rubyServer: Handler = (inv) => {
  const { args } = inv;
  const un = args.findIndex((a, i) => a.value === "-run" || (a.value === "-r" && args[i + 1]?.value === "un"));
  const e = args.findIndex((a, i) => (a.value === "-e" && args[i + 1]?.value.trim() === "httpd") || a.value === "-ehttpd");
  if (un < 0 || e < 0) return [];
  const rest = args.slice(e + (args[e]!.value === "-e" ? 2 : 1));
  let dir: Word | undefined;
  for (let i = 0; i < rest.length; i++) {
    const v = rest[i]!.value;
    if (v.startsWith("-") && !rest[i]!.dynamic) {
      // OptionParser: `--port 8000` or `--port=8000`; the flags take no value.
      if (v.startsWith("--") && !v.includes("=") && !"--do-not-reverse-lookup".startsWith(v)) i++;
      continue;
    }
    dir ??= rest[i];
  }
  return _served(`${inv.name} httpd`, dir, inv);
};

const HTTP_SERVER_NPM_VALUED = new Set(["-p", "--port", "-a", "--address", "-c", "-e", "--ext", "-P", "--proxy", "--proxy-options", "--username", "--password", "-C", "--cert", "-K", "--key", "-t", "--timeout", "--mimetypes", "--base-dir"]);

/**
 * npm's `http-server [DIR]` (default `./public` when it exists, else the running directory).
 * Its option parser (minimist) lets an undeclared flag take the next word as its value, so a
 * word after such a flag may be the folder or not: both are judged.
 */
export const httpServer: Handler = (inv) => {
  const roots: Word[] = [];
  let maybeDefault = false;
  const args = inv.args;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a.value === "-h" || a.value === "--help" || a.value === "-v" || a.value === "--version") return [];
    if (a.value.startsWith("-") && !a.dynamic) {
      if (!a.value.includes("=") && HTTP_SERVER_NPM_VALUED.has(a.value)) i++;
      continue;
    }
    if (roots.length === 0 && i > 0 && args[i - 1]!.value.startsWith("-") && !args[i - 1]!.value.includes("=")) maybeDefault = true;
    roots.push(a);
  }
  if (roots.length === 0 || maybeDefault) {
    const cwd = inv.ctx.state.cwd;
    const pub = cwd !== null && statOrUndefined(join(cwd, "public"))?.isDirectory() === true;
    roots.push(literalWord(pub ? "public" : "."));
  }
  return roots.flatMap((r) => _served(inv.name, r, inv)).slice(0, 1);
};

const SERVE_VALUED = new Set(["-l", "--listen", "-p", "--port", "-c", "--config", "--ssl-cert", "--ssl-key", "--ssl-pass"]);

/** Vercel's `serve [DIR]` (the running directory by default). */
export const serve: Handler = (inv) => {
  const args = inv.args;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a.value === "-h" || a.value === "--help" || a.value === "-v" || a.value === "--version") return [];
    if (a.value.startsWith("-") && !a.dynamic) {
      if (!a.value.includes("=") && SERVE_VALUED.has(a.value)) i++;
      continue;
    }
    return _served(inv.name, a, inv);
  }
  return _served(inv.name, undefined, inv);
};

/**
 * busybox's `httpd [-h HOME]` (HOME defaults to the running directory; `-m`, `-e` and `-d` only
 * encode a string and exit). A bare `httpd` may be Apache's, whose `-h` prints help and whose
 * folder comes from its configuration: it is judged only when it names a folder with `-h`.
 */
function _httpd(inv: Invocation, busybox: boolean): Op[] {
  let dir: Word | undefined;
  for (let i = 0; i < inv.args.length; i++) {
    const v = inv.args[i]!.value;
    if (/^-[med]$/.test(v)) return [];
    if (v === "-h") dir = inv.args[++i];
    else if (/^-[pucr]$/.test(v)) i++;
  }
  return busybox || dir ? _served(inv.name, dir, inv) : [];
}

export const httpd: Handler = (inv) => _httpd(inv, false);

/** `busybox httpd …` is busybox's server; any other applet is run like a wrapped command. */
export const busybox: Handler = (inv) => (inv.args[0]?.value === "httpd" ? _httpd({ ...inv, name: "busybox httpd", args: inv.args.slice(1) }, true) : wrapper(inv));
