import type { Language } from "./interpreters.ts";

/*
 * Interpreter code the call rules cannot pin to targets: exec APIs, reflection, aliasing, writes.
 * Its presence is an unknown effect (fail closed), not a pass. Every test here is linear in the
 * code's length: a one-liner is hostile input (a regex that rescans the rest of the code from
 * each of many starting points, such as `\{[^}]*\}\s*=` over 100,000 braces, ran for seconds
 * and the hook's timeout lets the command through).
 */

// Capabilities named outright. No pattern here scans an unbounded run and then needs more text
// after it: each alternative fails within a few characters of where it starts.
const NAMED: Record<Language, RegExp> = {
  python: new RegExp(
    [
      String.raw`\b(?:exec|eval|compile|getattr|__import__|importlib|ctypes|pty|breakpoint)\b`,
      String.raw`\bos\.(?:rename|renames|replace|truncate|ftruncate|posix_spawn\w*|fork\w*|kill\w*)`,
      String.raw`\bshutil\.(?:move|copy\w*)`,
      String.raw`\.(?:rename|write_text|write_bytes|unlink|rmdir|rmtree)\s*\(`,
      // pathlib's mode, time and link changes on a Path file-calls.ts could not read (`p.chmod(…)`).
      String.raw`\.(?:chmod|lchmod|chown|lchown|touch|symlink_to|hardlink_to|link_to)\s*\(`,
      // Reflection reaches every builtin and module by a computed name: `__builtins__.__dict__['ex'+'ec']`,
      // `vars(__builtins__)`, `globals()[…]`, `sys.modules['o'+'s']`, `().__class__.__base__.__subclasses__()`.
      String.raw`__builtins__|__dict__|\bbuiltins\b|\b(?:globals|vars)\s*\(|__class__|__subclasses__|__globals__|__getattribute__|__mro__|__bases?__|__loader__|__spec__|__code__|\bsys\s*\.\s*modules\b`,
      // Modules that run code given as a string or as serialized data.
      String.raw`\b(?:c?[Pp]ickle|marshal|dill)\s*\.\s*(?:loads?|Unpickler)\b|\b(?:runpy|timeit|cProfile)\b|\b(?:profile|pdb)\s*\.\s*run|\bcode\s*\.\s*(?:interact|Interactive\w*|compile_command)\b|\boperator\s*\.\s*(?:attrgetter|methodcaller)\b`,
    ].join("|"),
  ),
  node: new RegExp(
    [
      // `const {execSync} = child_process` (after require() is resolved), `import {…} from 'fs'`.
      String.raw`\}\s*=\s*(?:child_process|fs)\b|\bfrom\s*['"](?:node:)?(?:child_process|fs)`,
      String.raw`\b(?:Bun\.(?:\$|spawn|spawnSync|write)|Deno\.(?:Command|run|remove|writeFile|writeTextFile|truncate|rename)|process\.(?:binding|dlopen|mainModule|execve)|eval|Function|import\s*\()`,
      String.raw`\b(?:rename|truncate|writeFile|appendFile|copyFile|cp|symlink|link|chmod|lchmod|chown|lchown|utimes|lutimes|createWriteStream)(?:Sync)?\s*\(|\$\``,
      // Reflection: the global object by a computed key (`global['ev'+'al']`, and `this[…]`, the
      // global object in `node -e` code), a require() whose module the guard could not read, the
      // module loader (`process.getBuiltinModule(name)` too), constructors (`[].constructor.constructor`),
      // vm contexts and workers that run code given as a string.
      String.raw`\b(?:global|globalThis|require|module|getBuiltinModule|constructor|Reflect|vm|runIn\w*Context|compileFunction|createRequire|Worker)\b|\bthis\s*\[`,
    ].join("|"),
  ),
  perl: new RegExp(
    [
      String.raw`\bqx\s*[^\s\w]|\b(?:eval|do|require|rename|truncate|fork|syscall|pipe)\b|\``,
      // Symbolic code references (`&{"sys"."tem"}`, `&$f`, `$f->()`, `->can('x')`, `*{"main::x"}`).
      String.raw`(?<!&)&[{$]|->\s*\(|->\s*can\b|\bcan\s*\(|\*\s*\{`,
    ].join("|"),
  ),
  ruby: new RegExp(
    [
      String.raw`\b(?:IO\.popen|Open3|Kernel\.|Process\.spawn|PTY|eval|instance_eval|send|public_send|__send__|File\.(?:rename|write|binwrite|truncate|sysopen)|IO\.(?:write|binwrite|copy_stream|sysopen))\b|%x|\``,
      // FileUtils' other calls copy, move, link, install, touch or change folder (`cp_r`,
      // `copy_file`, `install`, `touch`, `cd`), and the module taken as a value (`include
      // FileUtils; rm_rf …`, `F = FileUtils`; red team 12): all but making folders and comparing.
      String.raw`\bFileUtils\b(?!\s*\.\s*(?:mkdir|mkdir_p|makedirs|mkpath|pwd|getwd|compare_file|identical\?|cmp|compare_stream|uptodate\?)(?![\w?]))`,
      // Reflection: methods and constants looked up by name, code evaluated in another scope,
      // templates and serialized objects that run code.
      String.raw`\b(?:public_|instance_)?method\s*[(:]|\b(?:define_method|const_get|class_eval|module_eval|class_exec|module_exec|instance_exec|binding|ObjectSpace|ERB|Marshal|syscall|fork)\b`,
      // Kernel#open and IO reading from `|cmd` run the command.
      String.raw`\b(?:open|IO\.\w+)\s*\(?\s*['"]\s*\|`,
    ].join("|"),
  ),
  php: new RegExp(
    [
      String.raw`\b(?:eval|assert|create_function|call_user_func\w*|rename|file_put_contents|fopen|pcntl_exec|mail|include|require)\b|\`|\$\w+\s*\(`,
      // Callables given by name (`array_map('sys'.'tem', …)`, `('sys'.'tem')('ls')`, `'system'('ls')`).
      String.raw`\b(?:array_map|array_filter|array_walk\w*|array_reduce|u[ak]?sort|preg_replace_callback\w*|register_\w+_function|forward_static_call\w*|iterator_apply|Reflection\w*|invoke\w*|FFI)\b|['")]\s*\(`,
    ].join("|"),
    // PHP's function names and language constructs ignore case (`EVAL`, `Call_User_Func`).
    "i",
  ),
};

// A module or a call the rules resolve, named without being called (`f = os.system`, `x = os`):
// the rules see calls only, so a reference is an alias they cannot follow.
const PYTHON_MODULES = String.raw`os|posix|nt|subprocess|shutil`;
const PYTHON_REFERENCE = new RegExp(
  [
    String.raw`\b(?:os|posix|nt)\s*\.\s*(?:system|popen|exec\w*|spawn\w*|remove|unlink|rmdir|removedirs|chmod|lchmod|chown|lchown|utime|symlink|link)\b`,
    String.raw`\bsubprocess\s*\.\s*(?!(?:PIPE|DEVNULL|STDOUT|CalledProcessError|TimeoutExpired|CompletedProcess|SubprocessError)\b)`,
    String.raw`\bshutil\s*\.\s*(?:rmtree|chown)\b`,
    // (A module name assigned to, `os = SimpleNamespace(…)`, is no longer the module.)
    String.raw`(?<![\w.'"])(?:${PYTHON_MODULES})\b(?![\w'"]|\s*\.|\s*=(?!=))`,
  ].join("|"),
);
// Import statements name modules without using them.
const PYTHON_IMPORT = /\bfrom\s+[\w.]+\s+import\b[\w., \t()*]*|\bimport\s+[\w., \t]+/g;
// What is left of `child_process` and fs's deletes once their resolved calls and the bindings
// `const cp = child_process` are removed is a use the rules cannot follow: `cp.fork(…)`,
// `const f = cp.execSync`, `fs['rm' + 'Sync']`.
const NODE_BINDING = /\b(?:const|let|var)\s+\w+\s*=\s*(?:child_process|fs\/promises|fs)\b(?!\s*[.[])/g;
// `module.exports` is the object a CommonJS file exports (every `*.config.cjs` assigns it), not
// the module loader the reflection rule above is about (`module.constructor._load`, `module.require`).
const MODULE_EXPORTS = /\bmodule\s*\.\s*exports\b/g;
// The string "module" given as a value (`j.type = "module"`, `{ type: 'module' }`, `=== "module"`:
// package.json's module type, session 19) names nothing the code loads; as an argument
// (`require("module")`, `getBuiltinModule('module')`) or a key (`this["module"]`) it still counts.
const MODULE_VALUE = /(?<=[=:]\s*)(["'])module\1(?=\s*(?:[,;})\]\n]|$))/g;
const NODE_REFERENCE = /\bchild_process\b(?!\.[^\w$])|\bfs\s*(?:\.\s*promises\s*|\/promises\s*)?(?:\[|\.\s*(?:rm|rmdir|unlink|chmod|lchmod|chown|lchown|utimes|lutimes|symlink|link|createWriteStream)(?:Sync)?\b)/;

/**
 * JavaScript without its comments (review B: the template's `/** @type {import('next').NextConfig} *\/`
 * read as a dynamic import), in one pass. Only where the reading is exact: code holding a
 * template literal (a string over lines, with `${}` code inside), a `/` that is no comment (a
 * regular expression or a division, which a quote may follow), or a string left open at a line's
 * end is returned whole, so no comment found can be a string's or a regex's text and hide code.
 */
export function stripJsComments(code: string): string {
  if (!code.includes("/") || code.includes("`")) return code;
  let out = "";
  let from = 0;
  for (let i = 0; i < code.length; i++) {
    const c = code[i]!;
    if (c === "'" || c === '"') {
      for (i++; i < code.length && code[i] !== c; i++) {
        if (code[i] === "\\") i++;
        else if (code[i] === "\n") return code;
      }
      if (i >= code.length) return code;
    } else if (c === "/") {
      const next = code[i + 1];
      if (next !== "/" && next !== "*") return code;
      const end = next === "/" ? code.indexOf("\n", i) : code.indexOf("*/", i + 2);
      if (end < 0 && next === "*") return code;
      out += `${code.slice(from, i)} `;
      i = end < 0 ? code.length : next === "/" ? end - 1 : end + 1;
      from = i + 1;
    }
  }
  return from === 0 ? code : out + code.slice(from);
}

// `require.resolve('x')` names a module's file without loading it (babel's presets).
const REQUIRE_RESOLVE = /\brequire\s*\.\s*resolve\s*\(\s*(?:'[^'\\\n]*'|"[^"\\\n]*")\s*\)/g;

/** Whether code (after the resolved calls are removed: `residual`) holds a capability the rules cannot follow. */
export function isOpaque(residual: string, language: Language, aliases: readonly string[]): boolean {
  if (NAMED[language].test(language === "node" ? residual.replace(MODULE_EXPORTS, " ").replace(MODULE_VALUE, " ").replace(REQUIRE_RESOLVE, " ") : residual)) return true;
  switch (language) {
    case "python": {
      const code = residual.replace(PYTHON_IMPORT, " ");
      return PYTHON_REFERENCE.test(code) || aliases.some((a) => _bareName(a).test(code)) || _callRegions(code, /\bopen\s*\(/g, ")", /['"][rwxab+]*[wax+]/);
    }
    case "node":
      return NODE_REFERENCE.test(residual.replace(NODE_BINDING, " ")) || _followsCall(residual, /\bBun\.file\s*\(/g, /\s*\.\s*(?:delete|write)\b/y);
    case "perl":
      // A pipe open runs a command; a write open (`>`, `>>`, `+<`, `+>`) writes a file (red team 8);
      // a mode or name in a quote-like operator (`q{>.git/config}`, `qq(…)`) is not read (red team 11).
      return _callRegions(residual, /\bopen\b/g, ";", /['"]\s*\||\|\s*['"]|['"][+<>]*-?\|-?['"]|['"]\s*\+?>|['"]\s*\+<|\bqq?\s*[^\w\s;]/);
    case "ruby":
      // Pathname's writes (`Pathname.new(x).write`, `p = Pathname(x); p.rmtree`; red team 12).
      return /\bPathname\b/.test(residual) && RUBY_PATHNAME_WRITE.test(residual);
    default:
      return false;
  }
}

const RUBY_PATHNAME_WRITE = /\.\s*(?:write|binwrite|delete|unlink|rmtree|rmdir|rename|truncate|make_symlink|make_link|open|sysopen|utime|chmod|lchmod|chown|lchown)\b/;

// An imported name that is a capability (`from os import system as s`; `import os as o`), used other than by a call or attribute.
function _bareName(name: string): RegExp {
  return new RegExp(String.raw`(?<![\w.])${name}\b(?!\s*[(.])`);
}

/**
 * Whether `inner` matches between a match of `start` and the next `terminator` (a call's
 * arguments up to `)`, a Perl statement up to `;`). Starts that share a terminator share a
 * region, and a later one's region is part of the earlier's: each region is read once.
 */
function _callRegions(code: string, start: RegExp, terminator: string, inner: RegExp): boolean {
  let done = -1;
  for (const m of code.matchAll(start)) {
    const from = m.index + m[0].length;
    if (from <= done) continue;
    const end = code.indexOf(terminator, from);
    const stop = end < 0 ? code.length : end;
    if (inner.test(code.slice(from, stop))) return true;
    done = stop;
  }
  return false;
}

/** Whether a call's closing parenthesis is followed by `after` (a sticky pattern): `Bun.file(x).delete()`. */
function _followsCall(code: string, start: RegExp, after: RegExp): boolean {
  let done = -1;
  for (const m of code.matchAll(start)) {
    const end = code.indexOf(")", m.index + m[0].length);
    if (end < 0) return false;
    if (end === done) continue;
    done = end;
    after.lastIndex = end + 1;
    if (after.test(code)) return true;
  }
  return false;
}
