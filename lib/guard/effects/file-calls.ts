import { op, type Op } from "../ops.ts";
import { literalWord } from "../syntax.ts";
import { analyzeArgv } from "./analyze.ts";
import { withHome } from "./code-literals.ts";
import { blankSpans, callArguments, fileName, isKeywordArgument, NODE_FS, plainLiteral, PY_PATH_CALL } from "./code-writes.ts";
import type { AnalyzeContext } from "./context.ts";
import type { Language } from "./interpreters.ts";

/*
 * Interpreter calls that change a file the way a shell tool does: chmod/chown, touch (utime),
 * symlink, link, rename and copy (`os.chmod('x', 0o777)`, `Path('a').replace('b')`,
 * `fs.linkSync(a, b)`, Perl `chmod 0777, 'x'`, Ruby `File.symlink(a, b)`, PHP `copy(a, b)`).
 * Each call whose file arguments are plain literals is judged as that tool on those files
 * (`chmod`, `touch`, `ln -s`, `ln`, `mv -T`, `cp`, `mv`), so the policy answers as it does for
 * the shell; a call whose file argument is computed is unknown (fail closed). Code that changes
 * its folder, or makes a link beside other such calls, places no relative name: unknown.
 */

/** What a call does, as the shell tool judged in its place. */
type Shape = "permission" | "touch" | "symlink" | "link" | "rename" | "copy" | "move";

interface CallRule {
  /** Matches up to the call's name; group 1 is the name. */
  pattern: RegExp;
  shape: Shape;
  /** The index of the first file argument. */
  from: number;
  /** How many files the call takes from there: all the rest when not given (Perl's and Ruby's chmod LIST). */
  count?: number;
}

// Names are followed by `(` in Python and Node; Perl and Ruby also call without parentheses.
const PY = String.raw`(?<![\w.])(?:os|posix)\s*\.\s*`;
const PERL = String.raw`(?<![\w$@%&>:])`;
// A Perl call without parentheses: a blank, then what starts an argument (not `/link/`, `link =>`;
// utime's times are often `undef` or `time`).
const PERL_CALL = String.raw`(?:\s*(?=\()|\s+(?=['"$@\d]|undef\b|time\b))`;
const PHP = String.raw`(?<![\w$>:])\\?`;

const RULES: Record<Language, CallRule[]> = {
  python: [
    { pattern: new RegExp(String.raw`${PY}(chmod|lchmod|chown|lchown)\s*\(`, "g"), shape: "permission", from: 0, count: 1 },
    { pattern: /(?<![\w.])shutil\s*\.\s*(chown)\s*\(/g, shape: "permission", from: 0, count: 1 },
    { pattern: new RegExp(String.raw`${PY}(utime)\s*\(`, "g"), shape: "touch", from: 0, count: 1 },
    { pattern: new RegExp(String.raw`${PY}(symlink)\s*\(`, "g"), shape: "symlink", from: 0, count: 2 },
    { pattern: new RegExp(String.raw`${PY}(link)\s*\(`, "g"), shape: "link", from: 0, count: 2 },
    // shutil.copy/copy2 copy into a folder as cp does, copyfile onto a file name; move is mv.
    { pattern: /(?<![\w.])shutil\s*\.\s*(copy|copy2|copyfile)\s*\(/g, shape: "copy", from: 0, count: 2 },
    { pattern: /(?<![\w.])shutil\s*\.\s*(move)\s*\(/g, shape: "move", from: 0, count: 2 },
  ],
  node: [
    { pattern: new RegExp(String.raw`${NODE_FS}(chmod|lchmod|chown|lchown)(?:Sync)?\s*\(`, "g"), shape: "permission", from: 0, count: 1 },
    { pattern: new RegExp(String.raw`${NODE_FS}(utimes|lutimes)(?:Sync)?\s*\(`, "g"), shape: "touch", from: 0, count: 1 },
    { pattern: new RegExp(String.raw`${NODE_FS}(symlink)(?:Sync)?\s*\(`, "g"), shape: "symlink", from: 0, count: 2 },
    { pattern: new RegExp(String.raw`${NODE_FS}(link)(?:Sync)?\s*\(`, "g"), shape: "link", from: 0, count: 2 },
  ],
  perl: [
    { pattern: new RegExp(String.raw`${PERL}(chmod)${PERL_CALL}`, "g"), shape: "permission", from: 1 },
    { pattern: new RegExp(String.raw`${PERL}(chown)${PERL_CALL}`, "g"), shape: "permission", from: 2 },
    { pattern: new RegExp(String.raw`${PERL}(utime)${PERL_CALL}`, "g"), shape: "touch", from: 2 },
    { pattern: new RegExp(String.raw`${PERL}(symlink)${PERL_CALL}`, "g"), shape: "symlink", from: 0, count: 2 },
    { pattern: new RegExp(String.raw`${PERL}(link)${PERL_CALL}`, "g"), shape: "link", from: 0, count: 2 },
    // File::Copy's functions (loaded by `use File::Copy` or `-MFile::Copy`, which the code does not show).
    { pattern: new RegExp(String.raw`${PERL}(?:File::Copy::)?(copy|cp)\s*\(`, "g"), shape: "copy", from: 0, count: 2 },
    { pattern: new RegExp(String.raw`${PERL}(?:File::Copy::)?(move|mv)\s*\(`, "g"), shape: "move", from: 0, count: 2 },
  ],
  ruby: [
    { pattern: /(?<![\w.])File\s*\.\s*(chmod|lchmod)\b(?!\?)\s*/g, shape: "permission", from: 1 },
    { pattern: /(?<![\w.])File\s*\.\s*(chown|lchown)\b(?!\?)\s*/g, shape: "permission", from: 2 },
    { pattern: /(?<![\w.])File\s*\.\s*(utime)\b(?!\?)\s*/g, shape: "touch", from: 2 },
    { pattern: /(?<![\w.])File\s*\.\s*(symlink)\b(?!\?)\s*/g, shape: "symlink", from: 0, count: 2 },
    { pattern: /(?<![\w.])File\s*\.\s*(link)\b(?!\?)\s*/g, shape: "link", from: 0, count: 2 },
  ],
  // PHP's function names ignore case.
  php: [
    { pattern: new RegExp(String.raw`${PHP}(chmod|chown|lchown|chgrp|lchgrp)\s*\(`, "gi"), shape: "permission", from: 0, count: 1 },
    { pattern: new RegExp(String.raw`${PHP}(touch)\s*\(`, "gi"), shape: "touch", from: 0, count: 1 },
    { pattern: new RegExp(String.raw`${PHP}(symlink)\s*\(`, "gi"), shape: "symlink", from: 0, count: 2 },
    { pattern: new RegExp(String.raw`${PHP}(link)\s*\(`, "gi"), shape: "link", from: 0, count: 2 },
    { pattern: new RegExp(String.raw`${PHP}(copy)\s*\(`, "gi"), shape: "copy", from: 0, count: 2 },
  ],
};

// pathlib's methods on a literal Path: the Path is the file (chmod, touch), the link made
// (symlink_to, hardlink_to: the argument is what it leads to) or the source (rename, replace,
// link_to: the argument is the new name).
const PY_PATH_METHOD = /\s*\.\s*(chmod|lchmod|touch|symlink_to|hardlink_to|link_to|rename|replace)\s*\(/y;
// symlink_to and hardlink_to make the Path a link to their argument: that is ln's source.
const LINK_TO_ARGUMENT = new Set(["symlink_to", "hardlink_to"]);
const PY_PATH_SHAPES: Record<string, Shape> = { chmod: "permission", lchmod: "permission", touch: "touch", symlink_to: "symlink", hardlink_to: "link", link_to: "link", rename: "rename", replace: "rename" };

// A `.replace(` given one positional argument is no string's (str.replace takes two): a Path's
// rename whose receiver the guard cannot read. dataclasses.replace(obj) and copy.replace(obj) are not.
const PY_REPLACE = /\.\s*replace\s*\(/g;
const PY_MODULE_REPLACE = /\b(?:dataclasses|copy)\s*$/;

// Code that changes its folder places no relative name; one that makes links may redirect the others.
const CHDIR = /chdir/;
const LINKS = /symlink|\blink|hardlink|\bln_s/;
// More call sites than this are not read one by one: the rest is unknown.
const MAX_CALLS = 256;

interface Call {
  shape: Shape;
  verb: string;
  /** The call's file arguments, null when one is not a plain literal. */
  paths: string[] | null;
}

/** The file calls in (canonical) interpreter code, judged as their shell tools, and the code with the resolved calls' names blanked. */
export function fileCalls(code: string, language: Language, ctx: AnalyzeContext): { ops: Op[]; rest: string } {
  const calls: Call[] = [];
  const blank: Array<[number, number]> = [];
  let sites = 0;
  for (const rule of RULES[language]) {
    for (const m of code.matchAll(rule.pattern)) {
      if (++sites > MAX_CALLS) return { ops: [op("unknown", `${language}:file-call`)], rest: code };
      const name = m[1]!;
      const paths = _paths(code, m.index + m[0].length, rule, language, ctx.home);
      calls.push({ shape: rule.shape, verb: `${language}:${name}`, paths });
      if (paths) blank.push([m.index, m.index + m[0].indexOf(name) + name.length]);
    }
  }
  if (language === "python") sites += _pathMethods(code, calls, blank);
  if (sites > MAX_CALLS) return { ops: [op("unknown", `${language}:file-call`)], rest: code };
  const rest = blankSpans(code, blank);
  const ops: Op[] = language === "python" && _unreadReplace(rest) ? [op("unknown", "python:replace")] : [];
  // A lone link call is judged as ln; beside other calls its link may redirect them.
  const moved = CHDIR.test(code);
  const linked = calls.length > 1 && LINKS.test(code);
  for (const call of calls) {
    const unplaced = call.paths === null || linked || (moved && call.paths.some((p) => !p.startsWith("/")));
    ops.push(...(unplaced ? [op("unknown", call.verb)] : _shapeOps(call.shape, call.paths!, call.verb, ctx)));
  }
  return { ops, rest };
}

/** The file arguments of the call whose arguments start at `at`, as the rule places them; null when unread or not plain literals. */
function _paths(code: string, at: number, rule: CallRule, language: Language, home: string): string[] | null {
  const args = _arguments(code, at, language);
  if (!args) return null;
  const positional = language === "python" ? args.filter((a) => !isKeywordArgument(a)) : args;
  // Python's dir_fd arguments name a file relative to an open folder the guard cannot see.
  if (args.some((a) => /^(?:src_|dst_)?dir_fd\s*=/.test(a))) return null;
  const files = positional.slice(rule.from, rule.count === undefined ? undefined : rule.from + rule.count);
  if (files.length === 0 || files.length < (rule.count ?? 1)) return null;
  const paths = files.map((f) => _pathArgument(f, language, home));
  return paths.every((p) => p !== null) ? (paths as string[]) : null;
}

function _twoFiles(shape: Shape): boolean {
  return shape === "symlink" || shape === "link" || shape === "rename" || shape === "copy" || shape === "move";
}

const EXPANDUSER = /^os\s*\.\s*path\s*\.\s*expanduser\s*\((.*)\)$/s;

/** A file argument: a plain literal name, or Python's `os.path.expanduser('~/x')` of one. */
function _pathArgument(text: string, language: Language, home: string): string | null {
  const expanded = language === "python" ? EXPANDUSER.exec(text) : null;
  if (!expanded) return fileName(plainLiteral(text));
  const name = plainLiteral(expanded[1]!.trim());
  return name === null ? null : fileName(withHome(name, home));
}

/**
 * A call's arguments from `at` (just after its name and blanks, or after `(`): Python, Node and
 * PHP calls are read to their `)`; Perl's and Ruby's without parentheses to the statement's end.
 */
function _arguments(code: string, at: number, language: Language): string[] | null {
  const paren = language === "python" || language === "node" || language === "php" || code[at] === "(";
  if (paren) {
    const call = callArguments(code, code[at] === "(" && (language === "perl" || language === "ruby") ? at + 1 : at);
    return call && call.args.map((a) => a.text);
  }
  // The statement ends at `;`, a line's end, a block or a low-precedence `or`/`and`/`||`/`&&`;
  // one of those inside a string cuts the string open, and the call is unread.
  const text = code.slice(at, at + 4096);
  const end = text.search(/[;\n{}]|\bor\b|\band\b|\bdo\b|\|\||&&|\bif\b|\bunless\b/);
  const call = callArguments(`${end < 0 ? text : text.slice(0, end)})`, 0);
  return call && call.args.map((a) => a.text);
}

/** `pathlib.Path('x').chmod(…)` and the like: the Path's literal and the method's arguments. */
function _pathMethods(code: string, calls: Call[], blank: Array<[number, number]>): number {
  let sites = 0;
  for (const m of code.matchAll(PY_PATH_CALL)) {
    if (++sites > MAX_CALLS) return sites;
    const receiver = callArguments(code, m.index + m[0].length);
    if (!receiver) continue;
    PY_PATH_METHOD.lastIndex = receiver.end + 1;
    const method = PY_PATH_METHOD.exec(code);
    if (!method) continue;
    const name = method[1]!;
    const shape = PY_PATH_SHAPES[name]!;
    const args = callArguments(code, PY_PATH_METHOD.lastIndex);
    const self = receiver.args.length === 1 ? fileName(plainLiteral(receiver.args[0]!.text)) : null;
    const other = args?.args[0] ? fileName(plainLiteral(args.args[0].text)) : null;
    const paths = self === null ? null : !_twoFiles(shape) ? [self] : other === null ? null : LINK_TO_ARGUMENT.has(name) ? [other, self] : [self, other];
    calls.push({ shape, verb: `python:Path.${name}`, paths });
    // The name is blanked when resolved (`.rename(`, `.replace(` would be left to the opaque test).
    if (paths) blank.push([receiver.end + 1, PY_PATH_METHOD.lastIndex - 1]);
  }
  return sites;
}

/** Whether code (resolved calls blanked) holds a `.replace(` with one positional argument: a Path rename the guard cannot read. */
function _unreadReplace(code: string): boolean {
  if (!code.includes("replace")) return false;
  let seen = 0;
  for (const m of code.matchAll(PY_REPLACE)) {
    if (++seen > MAX_CALLS) return true;
    if (PY_MODULE_REPLACE.test(code.slice(Math.max(0, m.index - 16), m.index))) continue;
    const call = callArguments(code, m.index + m[0].length);
    if (!call) return true;
    if (call.args.length === 1 && !isKeywordArgument(call.args[0]!.text)) return true;
  }
  return false;
}

/** The ops of the shell tool that does what the call does, on its literal files. */
function _shapeOps(shape: Shape, paths: string[], verb: string, ctx: AnalyzeContext): Op[] {
  const words = paths.map((p) => literalWord(p));
  const tool = (name: string, ...options: string[]) => analyzeArgv(literalWord(name), [...options, "--"].map((o) => literalWord(o)).concat(words), ctx);
  switch (shape) {
    // As `chmod MODE FILE…` (not recursive): what the policy says of one file's mode or owner.
    case "permission":
      return [op("permission", verb, words, false)];
    case "touch":
      return tool("touch");
    case "symlink":
      return tool("ln", "-s");
    case "link":
      return tool("ln");
    // A rename replaces its destination entry itself, never a folder's member: `mv -T`.
    case "rename":
      return tool("mv", "-T");
    case "copy":
      return tool("cp");
    case "move":
      return tool("mv");
  }
}
