import { stringLiteral } from "./code-literals.ts";
import { callArguments } from "./code-writes.ts";
import type { Language } from "./interpreters.ts";

/*
 * What an exec call of interpreter code runs, read from its whole argument list. The call rules
 * (interpreters.ts) read the first literal as a shell command, which is what a call given one
 * command string runs (`execSync('npm test')`, `os.system('ls')`, `system('ls')`). A call given
 * the program and its arguments apart runs them without a shell (`spawnSync('rm', ['-rf', d])`,
 * `os.execv('/bin/rm', ['rm', '-rf', d])`, Ruby's and Perl's `system('rm', '-rf', d)`): reading
 * only 'rm' made `rm -rf ~/Documents` a command without operands (ALLOW_NO_EFFECT). And options
 * may change where or how a command runs (`cwd`, `env`, `shell`, `input`, `executable`).
 */

/** The command a call runs: its argv, or the text a shell runs; null when it cannot be read. */
export type ExecCall = { argv: string[] } | { shell: string } | null;

// Options that change nothing of what runs or where: output capture and encoding, time limits
// (a literal `cwd` is read as a change of folder; any other value is unknown).
const NODE_OPTION = /^(?:stdio|encoding|timeout|maxBuffer|windowsHide|killSignal)\s*:\s*(?:'[^'\n]*'|"[^"\n]*"|\d+|true|false|\[[^\][\n]*\])$/;
const PYTHON_KEYWORD = /^(?:capture_output|text|check|stdout|stderr|encoding|errors|timeout|universal_newlines|bufsize|close_fds)\s*=(?!=)/;
// A callback: its code is part of the code the rules and the opaque test read.
const NODE_CALLBACK = /^(?:async\s+)?(?:function\b|(?:\([\w$\s,]*\)|[\w$]+)\s*=>)/;

/**
 * The call whose rule pattern ended at `from` (just after the opening parenthesis, or the name
 * for Perl's and Ruby's calls without one). Undefined when the call takes its one literal argument
 * alone, which the rules already read; `name` is the matched call text.
 */
export function execCall(code: string, from: number, name: string, language: Language): ExecCall | undefined {
  if (language === "perl" || language === "ruby") return _listCall(code, from, name);
  const call = callArguments(code, from);
  if (!call) return null;
  const args = call.args.map((a) => a.text);
  if (args.length <= 1) return undefined;
  if (language === "node") return _node(args, name);
  if (language === "python") return _python(args, name);
  // PHP's second arguments receive output (`exec($cmd, $out)`): read as before.
  return undefined;
}

function _node(args: string[], name: string): ExecCall {
  const [first, ...rest] = args;
  const apart = /execFile|spawn/.test(name);
  const argv = apart && rest[0]?.startsWith("[") ? _list(rest.shift()!) : null;
  if (apart && rest.length > 0 && argv === null && rest[0]!.startsWith("[")) return null;
  let cwd: string | undefined;
  for (const [i, a] of rest.entries()) {
    const options = /^\{([\s\S]*)\}$/.exec(a);
    if (!options) {
      if (i === rest.length - 1 && NODE_CALLBACK.test(a)) continue;
      return null;
    }
    for (const o of _split(options[1]!)) {
      const folder = /^cwd\s*:\s*([\s\S]+)$/.exec(o);
      if (folder) cwd = _string(folder[1]!) ?? "";
      else if (!NODE_OPTION.test(o)) return null;
    }
  }
  const command = _string(first!);
  if (command === null || cwd === "") return null;
  return _inFolder(cwd, apart ? { argv: [command, ...(argv ?? [])] } : { shell: command });
}

function _python(args: string[], name: string): ExecCall {
  const [first, ...rest] = args;
  if (/^os\.exec/.test(name)) {
    // execl(path, arg0, *args), execv(path, [arg0, *args]); the e-forms' environment is not read.
    if (/e$/.test(name.replace(/\s*\($/, ""))) return null;
    const path = _string(first!);
    const argv = /^os\.exec[lp]*v/.test(name) ? (rest.length === 1 ? _list(rest[0]!) : null) : rest.map(_string);
    if (path === null || argv === null || argv.some((a) => a === null)) return null;
    return { argv: [path, ...(argv as string[]).slice(1)] };
  }
  // popen(cmd, mode): the command is shell text.
  if (/^os\.popen/.test(name)) return rest.length === 1 && /^['"][rw]['"]$/.test(rest[0]!) ? _shellOf(first!) : null;
  if (!/^subprocess\./.test(name)) return null;
  let shell = false;
  let cwd: string | undefined;
  for (const a of rest) {
    const folder = /^cwd\s*=\s*([\s\S]+)$/.exec(a);
    if (folder) cwd = _string(folder[1]!) ?? "";
    else if (/^shell\s*=\s*True$/.test(a)) shell = true;
    else if (!PYTHON_KEYWORD.test(a) && !/^shell\s*=\s*False$/.test(a)) return null;
  }
  if (cwd === "") return null;
  const text = _string(first!);
  if (text !== null) return _inFolder(cwd, { shell: text });
  const argv = _list(first!);
  return argv === null || shell ? null : _inFolder(cwd, { argv });
}

/**
 * A command run in the literal folder `cwd` (Node's `cwd:`, Python's `cwd=`) is read as `cd
 * FOLDER && COMMAND`, the shell's reading of a change of folder (a delete after it asks
 * COMPOUND_CWD_DELETE, as `cd web && rm -rf dist` does). An argv is quoted word by word.
 */
function _inFolder(cwd: string | undefined, call: { argv: string[] } | { shell: string }): ExecCall {
  if (cwd === undefined) return call;
  const command = "shell" in call ? `{ ${call.shell}\n}` : call.argv.map(_quoted).join(" ");
  return { shell: `cd -- ${_quoted(cwd)} && ${command}` };
}

function _quoted(word: string): string {
  return `'${word.replace(/'/g, "'\\''")}'`;
}

/** Ruby's and Perl's `system`/`exec`/`spawn`: one string is shell text, several are an argv. */
function _listCall(code: string, from: number, name: string): ExecCall | undefined {
  const paren = name.trimEnd().endsWith("(");
  let args: string[];
  if (paren) {
    const call = callArguments(code, from);
    if (!call) return null;
    args = call.args.map((a) => a.text);
  } else {
    const line = /[^;\n]*/y;
    line.lastIndex = from;
    args = _split(line.exec(code)![0].replace(/\s+(?:or|and|if|unless)\b[\s\S]*$|\s*(?:\|\||&&|\bdo\b|\{)[\s\S]*$/, ""));
  }
  if (args.length <= 1) return undefined;
  const argv = args.map(_string);
  return argv.some((a) => a === null) ? null : { argv: argv as string[] };
}

function _shellOf(text: string): ExecCall {
  const command = _string(text);
  return command === null ? null : { shell: command };
}

/** A whole argument as one plain string literal's value, or null. */
function _string(text: string): string | null {
  const s = stringLiteral(text, 0);
  return s && s.end === text.length && !s.escaped ? s.value : null;
}

/** `[…]` (a Python list, a JavaScript array) of plain string literals only, or null. */
function _list(text: string): string[] | null {
  const inner = /^\[([\s\S]*)\]$/.exec(text);
  if (!inner) return null;
  const items = _split(inner[1]!);
  const values = items.map(_string);
  return values.some((v) => v === null) ? null : (values as string[]);
}

/** Comma-separated items split outside quotes and brackets, trimmed; an empty last item (a trailing comma) dropped. */
function _split(text: string): string[] {
  const items: string[] = [];
  let start = 0;
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === "'" || c === '"' || c === "`") {
      const s = stringLiteral(text, i);
      if (!s) return [text];
      i = s.end - 1;
    } else if (c === "[" || c === "(" || c === "{") depth++;
    else if (c === "]" || c === ")" || c === "}") depth--;
    else if (c === "," && depth === 0) {
      items.push(text.slice(start, i).trim());
      start = i + 1;
    }
  }
  const last = text.slice(start).trim();
  if (last !== "" || items.length === 0) items.push(last);
  return items.filter((t, i) => t !== "" || i < items.length - 1);
}
