import { op, type Op } from "../ops.ts";
import { literalWord, type Word } from "../syntax.ts";
import { shellQuote } from "../shell-quote.ts";
import { analyzeText } from "./analyze.ts";
import { scanCodeCalls } from "./code-calls.ts";
import { lexCode } from "./code-lexer.ts";
import { CODE_OPTIONS, codeOption, type Reader } from "./code-options.ts";
import { withHome } from "./code-literals.ts";
import type { AnalyzeContext, Invocation } from "./context.ts";
import { absPath } from "./file-identity.ts";
import { gdbFileOps, gdbLineOps } from "./gdb-commands.ts";
import { scanCode } from "./interpreters.ts";
import { scriptOperands } from "./script-operands.ts";

/*
 * Code given on the command line to interpreters of languages the guard reads by pattern:
 * `Rscript -e`, `R -e`, `lua -e`, `julia -e|--eval|-E`, `octave --eval`, `expect -c`,
 * `guile -c`, `sbcl --eval`, `racket -e`, `clisp -x`, `ghc -e`, `osascript -e`, `dc -e`,
 * `gnuplot -e`, gdb's `-ex`/`-iex`/`--eval-command` and `-x FILE` (red team 5). A script file the
 * line wrote with known text is read the same way. A code argument the guard cannot know is unknown.
 */

/** The effects of a program's inline code and written script; `found` when it was given code (stdin is then not its code). */
export function inlineCodeOps(inv: Invocation): { ops: Op[]; found: boolean } {
  const spec = CODE_OPTIONS[inv.name];
  if (!spec) return { ops: [], found: false };
  const ops: Op[] = [];
  const codes: string[] = [];
  let found = false;
  let jxa = false;
  const { args } = inv;
  for (let i = 0; i < args.length; ) {
    const o = codeOption(spec, args, i);
    i = o.next;
    // A script's own words follow it (a program without one reads options after its operands).
    if (o.kind === "end" || (o.kind === "operand" && spec.script)) break;
    if (o.kind === "code") {
      found = true;
      if (!o.value) break;
      if (o.value.dynamic) return { ops: [op("unknown", inv.name)], found };
      codes.push(o.value.value);
      // guile -c: the words after the code are its arguments.
      if (inv.name === "guile") break;
    } else if (o.kind === "file" && o.value) ops.push(...writtenCodeOps(o.value, inv.ctx, (t) => _read(spec.reader, t, inv.ctx)));
    else if (o.kind === "valued" && inv.name === "osascript" && o.name === "-l") jxa = /^javascript$/i.test(o.value?.value ?? "");
    else if (o.kind === "unreadable") return { ops: [op("unknown", inv.name)], found: true };
  }
  // The script as script-operands.ts names it (the reading the line-flow passes use), unless code
  // was given instead of one. After code (`lua -e CODE x.lua`), stdin-code.ts does not look at it:
  // a computed one is unknown here.
  const script = spec.script && (!found || spec.scriptAfterCode) ? scriptOperands(inv.name, args)?.script : undefined;
  if (script && script.value !== "-") ops.push(...(found && script.dynamic ? [op("unknown", inv.name)] : writtenCodeOps(script, inv.ctx, (t) => _read(spec.reader, t, inv.ctx))));
  // osascript and gdb run each `-e` as a line; the others each piece on its own.
  const reader: Reader = jxa ? "jxa" : spec.reader;
  if (reader === "applescript" || reader === "jxa") codes.splice(0, codes.length, codes.join("\n"));
  for (const code of codes) ops.push(..._read(reader, code, inv.ctx));
  return { ops, found };
}

function _read(reader: Reader, code: string, ctx: AnalyzeContext): Op[] {
  switch (reader) {
    case "gdb":
      return gdbLineOps(code, ctx);
    case "tcl":
      return tclOps(code, ctx);
    case "dc":
      return _dc(code, ctx);
    case "gnuplot":
      return _gnuplot(code, ctx);
    case "jxa":
      return [...scanCode(code, "node", ctx), ...(/\b(?:doShellScript|ObjC|Application|delete|move|duplicate)\b|\$\s*[.(]/.test(code) ? [op("unknown", "osascript")] : [])];
    case "haskell":
      return /^\s*:!/.test(code) ? analyzeText(code.replace(/^\s*:!/, ""), "posix", ctx) : scanCodeCalls(code, reader, ctx);
    case "unread":
      return code.trim() === "" ? [] : [op("unknown", "code")];
    default:
      return scanCodeCalls(code, reader, ctx);
  }
}

/** A script or code file the line wrote: its text read by `read`; a file written with text the guard does not know is unknown. */
export function writtenCodeOps(file: Word, ctx: AnalyzeContext, read: (text: string) => Op[]): Op[] {
  const { scripts } = ctx.state;
  if (!scripts || file.dynamic) return [];
  const text = scripts.get(absPath(file.value, ctx.state.cwd, ctx.state));
  return text === undefined ? [] : text === null ? [op("unknown", "script")] : read(text);
}

// dc: `!` (not `!<`, `!>`, `!=`) runs the rest of the line as a shell command.
function _dc(code: string, ctx: AnalyzeContext): Op[] {
  const ops: Op[] = [];
  let count = 0;
  for (const m of code.matchAll(/!(?![<>=])([^\n]*)/g)) {
    if (++count > 64 || /[[\]]/.test(code)) return [op("unknown", "dc")];
    ops.push(...analyzeText(m[1]!, "posix", ctx));
  }
  return ops;
}

// gnuplot: `system(…)`, `` `…` ``, `!…`, `shell`, piped data and output (`"< cmd"`, `"| cmd"`) and loading code are
// not read; `set output|print|table "FILE"` and `save "FILE"` write that file.
function _gnuplot(code: string, ctx: AnalyzeContext): Op[] {
  if (/\b(?:system|shell|load|call|eval|evaluate|import|pipe)\b|[`!]|["']\s*[<|]|\bpopen\b/.test(code)) return [op("unknown", "gnuplot")];
  const ops: Op[] = [];
  let count = 0;
  for (const m of code.matchAll(/\b(?:set\s+(?:o\w*|pr\w*|tab\w*)|sa\w*)\s+(?:\w+\s+)?(["'])([^"'\n]*)\1/g)) {
    if (++count > 64) return [op("unknown", "gnuplot")];
    ops.push(op("overwrite", "gnuplot", [literalWord(withHome(m[2]!, ctx.home))]));
  }
  return ops;
}

/*
 * Tcl (expect -c): `exec`, `spawn` and expect's `system` with literal words run that command;
 * `file delete` of literal paths deletes (`-force`: recursively); `send` to a spawned program,
 * writing `open`, `file rename|copy|link`, and code by name (eval, uplevel, subst, source,
 * interp, a command named by a substitution) are unknown.
 */
const TCL_EXEC = new Set(["exec", "spawn", "system", "exp_spawn", "exp_system"]);
const TCL_OPAQUE = new Set(["eval", "uplevel", "upvar", "subst", "source", "interp", "load", "rename", "cd", "socket", "namespace", "apply", "trace", "tailcall", "send", "exp_send", "unknown", "package", "auto_load", "history", "expect_user", "interact", "fork", "exp_fork", "overlay", "exp_open", "log_file"]);

function tclOps(source: string, ctx: AnalyzeContext): Op[] {
  const { text, strings } = lexCode(source, "tcl");
  const ops: Op[] = [];
  let count = 0;
  // The end of a command's words: the next `;`, newline, `]`, `}` or `[` (remembered, as starts come in order).
  let end = -1;
  for (const m of text.matchAll(/(?:^|[;\n[{])\s*([^\s;\]}[{]+)/g)) {
    if (++count > 256) return [op("unknown", "tcl")];
    const name = m[1]!;
    const from = m.index + m[0].length;
    if (end < from) {
      const stop = /[;\n\]}[]/g;
      stop.lastIndex = from;
      end = stop.exec(text)?.index ?? text.length;
    }
    const rest = text.slice(from, end);
    if (/^[$\u0001]/.test(name) || name.startsWith("{*}")) ops.push(op("unknown", "tcl:dynamic"));
    else if (TCL_OPAQUE.has(name) || (name === "file" && /^\s*(?:rename|copy|link)\b/.test(rest))) ops.push(op("unknown", `tcl:${name}`));
    else if (TCL_EXEC.has(name) || (name === "file" && /^\s*delete\b/.test(rest)) || name === "open") {
      const words = _tclWords(name === "file" ? rest.replace(/^\s*delete/, "") : rest, strings);
      if (words === null || text[end] === "[") ops.push(op("unknown", `tcl:${name}`));
      else if (name === "open") ops.push(...(words.some((w, k) => (k === 0 && w.startsWith("|")) || (k > 0 && /[wa+]|WRONLY|RDWR|CREAT|TRUNC|APPEND/.test(w))) ? [op("unknown", "tcl:open")] : []));
      else if (name === "file") {
        const paths = words.filter((w) => w !== "-force" && w !== "--");
        ops.push(op("delete", "tcl:file", paths.map((p) => literalWord(withHome(p, ctx.home))), words.includes("-force")));
      } else {
        while (words[0]?.startsWith("-")) words.shift() === "-ignore" && words.shift();
        // (Tcl passes `~` on; a program may expand it: judged as the home folder, to fail closed.)
        ops.push(...analyzeText(words.map((w) => w.replace(/^(~(?:\/|$))?(.*)$/s, (_, t: string | undefined, r: string) => `${t ?? ""}${r === "" && t ? "" : shellQuote(r)}`)).join(" "), "posix", ctx));
      }
    }
  }
  return ops;
}

/** A Tcl command's words when all are literal (strings, braces, bare words), else null. */
function _tclWords(rest: string, strings: Array<string | null>): string[] | null {
  if (/[$[]/.test(rest)) return null;
  const words: string[] = [];
  for (const m of rest.matchAll(/\u0001(\d+)\u0002|\{([^{}]*)\}|(\S+)/g)) {
    const value = m[1] !== undefined ? strings[Number(m[1])] : (m[2] ?? m[3]!);
    if (value === null || value === undefined || (m[3] !== undefined && /[{}\u0001]/.test(m[3]))) return null;
    words.push(value);
  }
  return words;
}
