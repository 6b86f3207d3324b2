import { op, type Op } from "../ops.ts";
import { literalWord } from "../syntax.ts";
import { analyzeText } from "./analyze.ts";
import { type CodeLanguage, lexCode, type Lexed, STRING_TOKEN } from "./code-lexer.ts";
import { withHome } from "./code-literals.ts";
import type { AnalyzeContext } from "./context.ts";

/*
 * Inline code of languages the guard reads by pattern (R, Lua, Julia, Octave, Lisp, Haskell,
 * AppleScript), judged as interpreters.ts judges Python: a call that runs a shell command with a
 * literal string is that command; a delete of a literal path is a delete; anything else that
 * runs commands, writes, moves, or reaches code by name (eval, reflection, foreign calls) is an
 * effect the guard cannot see to the end (unknown). Patterns run on the lexed code (comments
 * dropped, strings tokens), each alternative fails within a few characters: linear.
 */

// exec: runs its literal string argument as a shell command; delete: removes its literal path
// argument; write-mode: opens a file for writing when a mode argument says so; file-arg: writes
// when the code names a `file=` argument; command: runs a command object (Julia: only a literal
// one is read); remote-url: installs code from a URL or repository.
// force: copies over an existing file when told to (Julia `cp(…; force=true)`), or writes a named file.
type Effect = "exec" | "delete" | "unknown" | "remote" | "write-mode" | "file-arg" | "command" | "remote-url" | "force";

interface Rule {
  pattern: RegExp;
  effect: Effect;
}

// A name not preceded by a name character or a member access (`x.system` is not `system`).
const N = String.raw`(?<![\w.$@])`;
// The end of a name (`system.file` is another name).
const E = String.raw`(?![\w.])`;

const rules = (list: Array<[string, Effect]>): Rule[] => list.map(([p, effect]) => ({ pattern: new RegExp(p, "g"), effect }));

const RULES: Partial<Record<CodeLanguage, Rule[]>> = {
  r: rules([
    [String.raw`${N}(?:base:::?)?(?:system2?|shell|pipe)${E}`, "exec"],
    [String.raw`${N}(?:base:::?|fs::)?(?:unlink|file\.remove|file_delete|dir_delete)${E}`, "delete"],
    [String.raw`${N}(?:\w+:::?)?(?:file|gzfile|bzfile|xzfile)\s*\(`, "write-mode"],
    [
      String.raw`${N}(?:\w+:::?)?(?:file\.(?:rename|copy|create|append|symlink|link)|Sys\.(?:chmod|setFileTime|setenv)|write(?:Lines|Bin|Char|\.\w+)?|saveRDS|save(?:\.image)?|sink|dput|dump|eval\w*|parse|str2lang|str2expression|do\.call|match\.fun|get0?|mget|getFunction|dynGet|sys\.(?:source|function|call)|Recall|assign|delayedAssign|makeActiveBinding|environment|body|formals|\.Internal|\.Primitive|\.Call|\.External\w*|\.C|\.Fortran|dyn\.load|library\.dynam|getNativeSymbolInfo|reg\.finalizer|processx|callr|sys::\w+|download\.file|curl_download|file_(?:move|copy|create|chmod|touch)|dir_(?:copy|create)|link_create|fwrite|unzip|untar|shell\.exec|setwd|getFromNamespace|assignInNamespace|rlang|Rcpp\w*|reticulate|source_url|source_gist)${E}`,
      "unknown",
    ],
    [String.raw`${N}(?:base:::?)?cat${E}`, "file-arg"],
    [String.raw`${N}(?:utils:::?)?install\.packages${E}`, "remote-url"],
    [String.raw`${N}(?:\w+:::?)?(?:install_(?:github|gitlab|bitbucket|url|git|svn)|source\s*\(\s*url)`, "remote"],
  ]),
  lua: rules([
    [String.raw`${N}(?:os\s*\.\s*execute|io\s*\.\s*popen)${E}`, "exec"],
    [String.raw`${N}os\s*\.\s*remove${E}`, "delete"],
    [String.raw`${N}io\s*\.\s*open${E}`, "write-mode"],
    // Every other member of os and io than these reads or prints; a bare `os` or `io` is an alias.
    [String.raw`${N}os(?!\s*\.\s*(?:execute|remove|clock|date|difftime|getenv|time|tmpname|exit|setlocale)${E})(?!\w)|${N}io(?!\s*\.\s*(?:popen|open|write|read|lines|close|stdout|stderr|stdin|input|type|tmpfile|flush)${E})(?!\w)`, "unknown"],
    [String.raw`${N}(?:load\w*|dofile|_G|_ENV|getfenv|setfenv|rawget|rawset|debug|package|ffi|string\s*\.\s*dump)${E}`, "unknown"],
  ]),
  julia: rules([
    [String.raw`${N}(?:(?:Base|Filesystem)\s*\.\s*)*(?:rm|unlink)${E}(?!!)`, "delete"],
    [String.raw`${N}(?:(?:Base|Filesystem)\s*\.\s*)*open${E}`, "write-mode"],
    [
      String.raw`${N}(?:(?:Base|Filesystem|Core|Meta)\s*\.\s*)*(?:mv|touch|chmod|chown|symlink|hardlink|truncate|download|Downloads|eval|evalfile|include|include_string|parse|ccall|cglobal|getfield|getproperty|setproperty!|invokelatest|invoke|Libc|Cmd|setenv|withenv|addprocs|remotecall\w*|Distributed|unsafe_\w+|mktempdir)${E}|@(?:eval|ccall|cmd|spawn\w*|everywhere|async)\b|\bPkg\s*\.\s*build\b`,
      "unknown",
    ],
    [String.raw`${N}(?:Base\s*\.\s*)?(?:run|success|pipeline|spawn)${E}`, "command"],
    [String.raw`\bPkg\s*\.\s*(?:add|develop|dev)${E}`, "remote-url"],
    [String.raw`${N}(?:(?:Base|Filesystem)\s*\.\s*)*(?:cp|write)${E}`, "force"],
  ]),
  octave: rules([
    [String.raw`${N}(?:system|shell_cmd|unix|dos)${E}`, "exec"],
    [String.raw`${N}(?:delete|unlink|rmdir)${E}`, "delete"],
    [String.raw`${N}fopen${E}`, "write-mode"],
    [
      String.raw`${N}(?:popen2?|exec|fork|movefile|copyfile|rename|save|dlmwrite|csvwrite|xlswrite|imwrite|audiowrite|saveas|fwrite|mkfifo|symlink|link|urlwrite|websave|unpack|untar|unzip|gunzip|diary|eval\w*|feval|str2func|run|source|builtin|assignin|cd|chdir|java\w*|py\w*|mex|setenv|putenv|__\w+__)${E}`,
      "unknown",
    ],
  ]),
  lisp: rules([
    [String.raw`\(\s*system${E}(?!\*)`, "exec"],
    [
      String.raw`${N}(?:system\*|process\*?|run-program|subprocess|open-pipe\*?|open-(?:input|output)-pipe|delete-(?:file|directory)(?:/files)?|rename-file|copy-(?:file|directory/files)|make-file-or-directory-link|open-output-file|with-output-to-file|call-with-output-file|open-file|(?:primitive-)?eval|eval-string|load|compile|dynamic-require|namespace-require|uiop:\S*|sb-\w+:\S*|ext:\S*|ffi\S*|shell|exec\w*|primitive-fork|fork|kill|run-shell-command|read-from-string|symbol-function|funcall|apply|intern|find-symbol|truncate-file|chmod|symlink|rmdir|rename|chdir|setenv|putenv)${E}|:direction\s+:(?:output|io)|:if-exists`,
      "unknown",
    ],
  ]),
  haskell: rules([
    [
      String.raw`${N}(?:system|rawSystem|callCommand|callProcess|spawnCommand|spawnProcess|readProcess\w*|readCreateProcess\w*|createProcess|proc|shell|runCommand|runProcess|runInteractiveCommand|removeFile|removeDirectory\w*|removePathForcibly|renameFile|renameDirectory|renamePath|copyFile\w*|writeFile|appendFile|openFile|withFile|openBinaryFile|withBinaryFile|unsafePerformIO|unsafeCoerce|executeFile|forkProcess|setCurrentDirectory|setEnv)${E}|\bSystem\s*\.\s*(?:Posix|Process|Cmd)\b|\bForeign\b|^\s*:(?!\s*(?:t|type|i|info|k|kind|browse|doc|show|\?)\b)`,
      "unknown",
    ],
  ]),
  applescript: rules([
    [String.raw`\bdo\s+shell\s+script\b`, "exec"],
    [
      String.raw`\b(?:delete|move|duplicate|run\s+script|load\s+script|store\s+script|write|open\s+for\s+access|set\s+eof|empty\s+(?:the\s+)?trash|do\s+script|do\s+JavaScript|keystroke|key\s+code|doShellScript|ObjC|Application|eval|system\s+attribute|launch|open\s+location)\b|\$\s*\.`,
      "unknown",
    ],
  ]),
};

// More calls than this in one piece of code are not read one by one: the code is opaque.
const MAX_CALLS = 256;
const MAX_ARGUMENTS = 4096;

/** The file and process effects of inline code in one of the languages above. */
export function scanCodeCalls(source: string, language: CodeLanguage, ctx: AnalyzeContext): Op[] {
  const lexed: Lexed & { fileArg?: boolean } = lexCode(source, language);
  if (language === "r") lexed.fileArg = /(?<![\w.])(?:file|append)\s*=(?!=)/.test(lexed.text);
  const verb = `${language}:code`;
  const ops: Op[] = [];
  const ends = new ParenEnds(lexed.text);
  let calls = 0;
  for (const rule of RULES[language] ?? []) {
    for (const m of lexed.text.matchAll(rule.pattern)) {
      if (++calls > MAX_CALLS) return [op("unknown", verb)];
      ops.push(..._judge(rule.effect, lexed, m.index + m[0].length, ends, language, ctx));
    }
  }
  // Julia's command literals run wherever they are handed to run(), read(), open(), …
  if (language === "julia") {
    for (const at of lexed.commands ?? new Set<number>()) {
      if (++calls > MAX_CALLS) return [op("unknown", verb)];
      const text = lexed.strings[at];
      ops.push(...(text === null || text === undefined ? [op("unknown", `${verb}:command`)] : analyzeText(text, "posix", ctx)));
    }
  }
  return ops;
}

function _judge(effect: Effect, lexed: Lexed & { fileArg?: boolean }, at: number, ends: ParenEnds, language: CodeLanguage, ctx: AnalyzeContext): Op[] {
  const verb = `${language}:${effect}`;
  if (effect === "unknown") return [op("unknown", verb)];
  if (effect === "remote") return [op("remote-code", verb)];
  const { text } = lexed;
  let i = _skip(text, at);
  // Lua calls with a string argument need no parentheses (`os.execute"ls"`); lisp's arguments follow the name.
  const bare = language === "lua" || language === "lisp" || language === "applescript";
  const paren = text[i] === "(";
  if (!paren && !(bare && text[i] === "\u0001")) return [op("unknown", verb)];
  if (paren) i = _skip(text, i + 1);
  // Arguments longer than this are not read (each call's are read once more: bounded, so linear).
  if (paren && ends.from(i) - i > MAX_ARGUMENTS) return [op("unknown", verb)];
  const region = text.slice(i, paren ? ends.from(i) : i);
  if (effect === "write-mode") return _writes(region, lexed) ? [op("unknown", verb)] : [];
  if (effect === "force") return /\bforce\s*=\s*true\b/.test(region) || (/write$/.test(text.slice(Math.max(0, at - 6), at)) && !/^(?:stdout|stderr|io)\b/.test(region)) ? [op("unknown", verb)] : [];
  if (effect === "file-arg") return lexed.fileArg ? [op("unknown", verb)] : [];
  if (effect === "command") return lexed.commands?.has(Number(/^\u0001(\d+)\u0002/.exec(region)?.[1] ?? -1)) ? [] : [op("unknown", verb)];
  if (effect === "remote-url") return /\burl\s*=/.test(region) || _modes(region, lexed).some((m) => /:\/\/|^git@|\.git$/.test(m)) ? [op("remote-code", verb)] : [];
  const first = _argument(lexed, i, language, ctx);
  if (first === null) return [op("unknown", verb)];
  const after = _skip(text, first.end);
  // More positional arguments than the command (system2's argument vector) are not read.
  const rest = text.slice(after, paren ? ends.from(after) : after);
  const more = text[after] === "," && !/^,\s*\w+\s*=/.test(rest) && !/^,\s*\u0001\d+\u0002\s*$/.test(rest);
  if (paren ? text[after] !== ")" && text[after] !== "," && text[after] !== ";" : text[after] === "&" || text.startsWith("..", after)) return [op("unknown", verb)];
  if (effect === "exec") return more || (language === "r" && /system2/.test(text.slice(Math.max(0, at - 8), at))) ? [op("unknown", verb)] : analyzeText(first.value, "posix", ctx);
  if (more && language !== "octave") return [op("unknown", verb)];
  const recursive = /\brecursive\s*=\s*(?:TRUE|T|true)\b/.test(rest) || (language === "octave" && _modes(rest, lexed).includes("s")) || /dir_delete$/.test(text.slice(Math.max(0, at - 10), at));
  return [op("delete", verb, [literalWord(withHome(first.value, ctx.home))], recursive)];
}

// A file mode argument ("w", "a+", "wb") that writes.
const WRITE_MODE = /^(?:[rwa][bt+]{0,2}|[bt]?[rwa]\+?)$/;

/** Whether a call's arguments open a file for writing: a writing mode, a flag, or a mode the guard cannot read. */
function _writes(region: string, lexed: Lexed): boolean {
  if (_modes(region, lexed).some((m) => WRITE_MODE.test(m) && /[wa+]/.test(m)) || /\b(?:write|append|truncate|open)\s*=\s*(?:true|TRUE|T)\b/.test(region)) return true;
  // A second argument that is neither a string nor a named one (`io.open(f, mode)`).
  const second = region.split(",")[1];
  return second !== undefined && !/^\s*(?:\u0001\d+\u0002|\w+\s*=|$)/.test(second);
}

/** The string values of a call's arguments (file modes: "w", "a+"). */
function _modes(region: string, lexed: Lexed): string[] {
  return [...region.matchAll(/\u0001(\d+)\u0002/g)].map((m) => lexed.strings[Number(m[1])] ?? "w");
}

/** A literal first argument: a string, or the home folder by name (`homedir()`, `Sys.getenv("HOME")`). */
function _argument(lexed: Lexed, at: number, language: CodeLanguage, ctx: AnalyzeContext): { value: string; end: number } | null {
  STRING_TOKEN.lastIndex = at;
  const m = STRING_TOKEN.exec(lexed.text);
  if (m) {
    const value = lexed.strings[Number(m[1])];
    return value === null || value === undefined ? null : { value, end: at + m[0].length };
  }
  const home = /(?:homedir\s*\(\s*\)|Sys\.getenv\s*\(\s*\u0001(\d+)\u0002\s*\)|os\.getenv\s*\(\s*\u0001(\d+)\u0002\s*\))/y;
  home.lastIndex = at;
  const h = home.exec(lexed.text);
  const name = h && (h[1] ?? h[2]) !== undefined ? lexed.strings[Number(h[1] ?? h[2])] : "HOME";
  if (h && name === "HOME" && language !== "lisp") return { value: ctx.home, end: at + h[0].length };
  return null;
}

function _skip(text: string, i: number): number {
  while (i < text.length && /\s/.test(text[i]!)) i++;
  return i;
}

/** The next `)` at or after a position, remembered: calls in a row share one search (linear). */
class ParenEnds {
  private found = -1;
  private searchedFrom = Number.POSITIVE_INFINITY;
  constructor(private readonly text: string) {}
  from(i: number): number {
    if (i >= this.searchedFrom && i <= this.found) return this.found;
    const end = this.text.indexOf(")", i);
    this.searchedFrom = i;
    this.found = end < 0 ? this.text.length : end;
    return this.found;
  }
}
