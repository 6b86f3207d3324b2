import { op, type Op } from "../ops.ts";
import { literalWord } from "../syntax.ts";
import { analyzeText } from "./analyze.ts";
import { readLiteral, withHome } from "./code-literals.ts";
import type { AnalyzeContext } from "./context.ts";
import { scanCode } from "./interpreters.ts";

/*
 * gdb command lines (`-ex`, `-iex`, `--eval-command`, a command file given with `-x`): `shell`
 * (any unique prefix from `she`), `!`, `pipe`/`|`, `make`, `$_shell(…)`, `target remote | …`, the
 * arguments of `run`/`start`/`set args` (gdb starts the program through a shell) and
 * `set exec-wrapper` run shell commands; `python` code is read as python; a call into the
 * debugged program (`call system("…")`, `print unlink("…")`) runs there. What the guard cannot
 * read (guile, `eval`, `compile code`, `interpreter-exec`, a written dump or core file, an alias
 * of a shell command) is unknown.
 */

type Kind = "shell" | "pipe" | "python" | "guile" | "opaque" | "make" | "source" | "run" | "alias" | "with" | "apply" | "other";

// Command names by the shortest prefix gdb accepts for them (or an alias), longest first.
const NAMES: Array<[string, number, Kind]> = [
  ["python-interactive", 8, "python"],
  ["python", 3, "python"],
  ["py", 2, "python"],
  ["pi", 2, "python"],
  ["shell", 3, "shell"],
  ["pipe", 3, "pipe"],
  ["guile", 3, "guile"],
  ["gu", 2, "guile"],
  ["eval", 3, "opaque"],
  ["compile", 4, "opaque"],
  ["expression", 4, "opaque"],
  ["interpreter-exec", 5, "opaque"],
  ["dump", 2, "opaque"],
  ["append", 3, "opaque"],
  ["gcore", 2, "opaque"],
  ["generate-core-file", 3, "opaque"],
  ["save", 3, "opaque"],
  ["tsave", 3, "opaque"],
  ["make", 3, "make"],
  ["source", 2, "source"],
  ["run", 1, "run"],
  ["start", 5, "run"],
  ["starti", 6, "run"],
  ["alias", 3, "alias"],
  ["with", 1, "with"],
  ["w", 1, "with"],
  ["taas", 4, "apply"],
  ["faas", 4, "apply"],
  ["tfaas", 5, "apply"],
];

function _kind(name: string): Kind {
  for (const [full, min, kind] of NAMES) if (name.length >= min && full.startsWith(name)) return kind;
  return "other";
}

// A call into the debugged program that runs a command or changes files (`call system("…")`).
const INFERIOR_CALL =
  /(?<![\w$])(?:(system|popen|__libc_system|do_system|\$_shell)|(unlink|unlinkat|remove|rmdir)|execl\w*|execv\w*|posix_spawnp?|rename(?:at2?)?|truncate|ftruncate|open(?:64|at)?|creat|fopen(?:64)?|freopen|write|pwrite\w*|dlopen|kill|fork|vfork|f?chmod|f?chown|symlink|link|mkfifo)\s*\(/g;
const MAX_DEPTH = 4;

/** The effects of one gdb command line. */
export function gdbLineOps(line: string, ctx: AnalyzeContext, depth = 0): Op[] {
  const text = line.trim();
  if (text === "" || text.startsWith("#")) return [];
  if (depth > MAX_DEPTH) return [op("unknown", "gdb")];
  if (text.startsWith("!")) return analyzeText(text.slice(1), "posix", ctx);
  if (text.startsWith("|")) return _pipe(text.slice(1), ctx, depth);
  const m = /^([\w-]+)\s*(.*)$/s.exec(text);
  if (!m) return _calls(text, ctx);
  const rest = m[2]!;
  switch (_kind(m[1]!)) {
    case "shell":
      return analyzeText(rest, "posix", ctx);
    case "pipe":
      return _pipe(rest, ctx, depth);
    case "python":
      return rest.trim() === "" ? [] : gdbPythonOps(rest, ctx, depth);
    case "guile":
    case "opaque":
      return [op("unknown", `gdb:${m[1]}`)];
    case "make":
      return analyzeText(`make ${rest}`, "posix", ctx);
    case "source":
      return _source(rest, ctx, depth);
    case "run":
      return _programArgs(rest, ctx);
    case "alias": {
      const target = /=\s*([\w-]+)/.exec(rest)?.[1];
      return target !== undefined && _kind(target) !== "other" && _kind(target) !== "run" ? [op("unknown", "gdb:alias")] : [];
    }
    case "with": {
      const at = rest.indexOf(" -- ");
      return at < 0 ? _calls(rest, ctx) : [..._calls(rest.slice(0, at), ctx), ...gdbLineOps(rest.slice(at + 4), ctx, depth + 1)];
    }
    case "apply":
      return _applied(rest.split(/\s+/), ctx, depth);
    default:
      return _other(m[1]!, rest, text, ctx, depth);
  }
}

/** Commands that take a command to run for each thread or frame, or settings that run programs. */
function _other(name: string, rest: string, text: string, ctx: AnalyzeContext, depth: number): Op[] {
  if ((name === "thread" || name === "frame" || name === "t" || name === "f") && /^ap\w*\s/.test(rest)) return _applied(rest.split(/\s+/).slice(1), ctx, depth);
  if (/^set?$/.test(name)) {
    if (/^ar\w*(?:\s|$)/.test(rest)) return _programArgs(rest.replace(/^\S+/, ""), ctx);
    if (/^exec-w\w*\s/.test(rest)) return analyzeText(rest.replace(/^\S+/, ""), "posix", ctx);
    const file = /^(?:logging\s+file|history\s+filename|trace-file|remotelogfile)\s+(\S.*)$/.exec(rest)?.[1]?.trim();
    if (file !== undefined) return [op("overwrite", "gdb:set", [literalWord(withHome(file, ctx.home))])];
  }
  if (/^tar\w*$/.test(name)) {
    const pipe = /^\S+\s*\|(.*)$/s.exec(rest);
    if (pipe) return analyzeText(pipe[1]!, "posix", ctx);
  }
  if (/^rem\w*$/.test(name) && /^(?:put|delete)\b/.test(rest)) return [op("unknown", "gdb:remote")];
  if (/^rec\w*$/.test(name) && /^s\w*/.test(rest)) return [op("unknown", "gdb:record")];
  return _calls(text, ctx);
}

/** `pipe [COMMAND] | SHELL_COMMAND`, `pipe -d DELIM COMMAND DELIM SHELL_COMMAND`. */
function _pipe(rest: string, ctx: AnalyzeContext, depth: number): Op[] {
  const delim = /^\s*-d\s+(\S+)\s/.exec(rest);
  const sep = delim ? delim[1]! : "|";
  const body = delim ? rest.slice(delim[0].length) : rest;
  const at = body.indexOf(sep);
  if (at < 0) return [op("unknown", "gdb:pipe")];
  return [...gdbLineOps(body.slice(0, at), ctx, depth + 1), ...analyzeText(body.slice(at + sep.length), "posix", ctx)];
}

/** `thread apply all [FLAG]… COMMAND`: the command is one of the first words' suffixes. */
function _applied(words: string[], ctx: AnalyzeContext, depth: number): Op[] {
  // (An apply inside an apply is not unfolded: each level tries several suffixes.)
  if (depth > 0) return [op("unknown", "gdb:apply")];
  const ops: Op[] = [];
  const n = Math.min(words.length, 8);
  for (let k = 0; k < n; k++) ops.push(...gdbLineOps(words.slice(k).join(" "), ctx, depth + 1));
  return words.length > 8 ? [...ops, op("unknown", "gdb:apply")] : ops;
}

/** The arguments gdb hands the program through `$SHELL -c exec PROGRAM ARGS`: expansions and redirections run. */
function _programArgs(rest: string, ctx: AnalyzeContext): Op[] {
  return /[$`;|&<>()]/.test(rest) ? analyzeText(`: ${rest}`, "posix", ctx) : [];
}

/** `source FILE`: a file written earlier in the line is read as gdb commands (python for `.py`). */
function _source(rest: string, ctx: AnalyzeContext, depth: number): Op[] {
  const file = rest.replace(/^(?:-[sv]\s+)*/, "").trim();
  return file === "" ? [] : gdbFileOps(file, ctx, depth + 1);
}

/** A command file (`-x FILE`, `source FILE`) the line wrote: its text, else nothing is known of it. */
export function gdbFileOps(file: string, ctx: AnalyzeContext, depth = 0): Op[] {
  const { scripts } = ctx.state;
  if (!scripts) return [];
  const key = file.startsWith("/") ? file : ctx.state.cwd === null ? null : `${ctx.state.cwd.replace(/\/$/, "")}/${file}`;
  const text = key === null ? null : scripts.get(key.replace(/\/\.\//g, "/"));
  if (text === undefined) return [];
  if (text === null) return [op("unknown", "gdb:script")];
  return /\.py$/.test(file) ? gdbPythonOps(text, ctx, depth) : gdbScriptOps(text, ctx, depth);
}

/** A gdb command file: lines (joined at a trailing `\`), python blocks up to `end`. */
function gdbScriptOps(text: string, ctx: AnalyzeContext, depth = 0): Op[] {
  const lines = text.replace(/\\\n/g, "").split("\n");
  const ops: Op[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    const block = /^([\w-]+)\s*$/.exec(line);
    const kind = block ? _kind(block[1]!) : "other";
    if (kind === "python" || kind === "guile" || (block && /^(?:comp\w*|expr\w*)$/.test(block[1]!))) {
      let end = i + 1;
      while (end < lines.length && lines[end]!.trim() !== "end") end++;
      ops.push(...(kind === "python" ? gdbPythonOps(lines.slice(i + 1, end).join("\n"), ctx, depth) : [op("unknown", "gdb:block")]));
      i = end;
      continue;
    }
    ops.push(...gdbLineOps(line, ctx, depth));
  }
  return ops;
}

/** Python run by gdb: read as python, and `gdb.execute("…")` as a gdb command. */
function gdbPythonOps(code: string, ctx: AnalyzeContext, depth = 0): Op[] {
  const ops = scanCode(code, "python", ctx);
  let count = 0;
  for (const m of code.matchAll(/\bgdb\s*\.\s*(execute\w*|parse_and_eval)\s*\(/g)) {
    if (++count > 64) return [...ops, op("unknown", "gdb:python")];
    const arg = readLiteral(code, m.index + m[0].length, ctx.home);
    ops.push(...(arg.kind !== "string" ? [op("unknown", "gdb:python")] : m[1] === "parse_and_eval" ? _calls(arg.value, ctx) : gdbLineOps(arg.value, ctx, depth + 1)));
  }
  return ops;
}

/** Calls into the debugged program found in an expression. */
function _calls(text: string, ctx: AnalyzeContext): Op[] {
  const ops: Op[] = [];
  let count = 0;
  for (const m of text.matchAll(INFERIOR_CALL)) {
    if (++count > 64) return [...ops, op("unknown", "gdb:call")];
    const arg = readLiteral(text, m.index + m[0].length, ctx.home);
    const end = arg.kind === "string" ? text.slice(m.index + m[0].length).search(/["')]/) : -1;
    if (m[1] && arg.kind === "string" && end >= 0) ops.push(...analyzeText(arg.value, "posix", ctx));
    else if (m[2] && arg.kind === "string") ops.push(op("delete", "gdb:call", [literalWord(withHome(arg.value, ctx.home))]));
    else ops.push(op("unknown", "gdb:call"));
  }
  return ops;
}
