import { op, type Op } from "../ops.ts";
import { literalWord } from "../syntax.ts";
import { analyzeArgv, analyzeText } from "./analyze.ts";
import { readLiteral, withHome } from "./code-literals.ts";
import { codeSecretOps } from "./code-secrets.ts";
import type { AnalyzeContext } from "./context.ts";
import { inUnknownFolder } from "./unknown-folder.ts";
import { isOpaque, stripJsComments } from "./opaque-code.ts";
import { evalSubstitution } from "./perl-substitutions.ts";
import type { ExecCall } from "./exec-calls.ts";
import { LOADED } from "./loaded-analysers.ts";

export type Language = "python" | "node" | "perl" | "ruby" | "php";

interface CallRule {
  pattern: RegExp;
  effect: "delete" | "delete-recursive" | "exec";
}

// The calls that delete files or run shell commands in each language. A match whose target is
// not a plain literal is an effect the guard cannot see to the end.
const RULES: Record<Language, CallRule[]> = {
  python: [
    { pattern: /\bshutil\.rmtree\s*\(/g, effect: "delete-recursive" },
    { pattern: /\bos\.(?:remove|unlink|rmdir|removedirs)\s*\(/g, effect: "delete" },
    { pattern: /\bos\.(?:system|popen)\s*\(/g, effect: "exec" },
    { pattern: /\bsubprocess\.(?:run|call|check_call|check_output|Popen|getoutput|getstatusoutput)\s*\(/g, effect: "exec" },
    { pattern: /\bos\.(?:exec|spawn)[lvpe]*\s*\(/g, effect: "exec" },
  ],
  node: [
    { pattern: /\b(?:fs\.(?:promises\.)?)?(?:rmSync|rm|rmdirSync|rmdir)\s*\(/g, effect: "delete-recursive" },
    { pattern: /\b(?:fs\.(?:promises\.)?)?(?:unlinkSync|unlink)\s*\(/g, effect: "delete" },
    { pattern: /\brimraf(?:\.sync)?\s*\(/g, effect: "delete-recursive" },
    { pattern: /\b(?:execSync|execFileSync|spawnSync)\s*\(|\b(?:child_process|cp)\.(?:exec|execFile|spawn)\s*\(/g, effect: "exec" },
  ],
  perl: [
    { pattern: /\b(?:rmtree|remove_tree)\s*\(?/g, effect: "delete-recursive" },
    { pattern: /\b(?:unlink|rmdir)\s*\(?/g, effect: "delete" },
    { pattern: /\b(?:system|exec)\s*\(?/g, effect: "exec" },
  ],
  ruby: [
    { pattern: /\bFileUtils\.(?:rm_rf|rm_r|remove_dir|remove_entry|remove_entry_secure|rmtree)\s*\(?/g, effect: "delete-recursive" },
    { pattern: /\b(?:FileUtils\.(?:rm|rm_f|remove|remove_file)|File\.(?:delete|unlink)|Dir\.(?:rmdir|delete|unlink))\s*\(?/g, effect: "delete" },
    { pattern: /\b(?:system|exec|spawn)\s*\(?|%x[({[]/g, effect: "exec" },
  ],
  // PHP's function names ignore case (`SYSTEM("rm -rf ~")` runs system): its patterns do too.
  php: [
    { pattern: /\b(?:unlink|rmdir)\s*\(/gi, effect: "delete" },
    { pattern: /\b(?:system|exec|shell_exec|passthru|proc_open|popen)\s*\(/gi, effect: "exec" },
  ],
};

// (A name with a backslash is not read: `'\x2egit'` is `.git`; the opaque test takes the call.)
const LITERAL_PATH_CALL = /Path\s*\(\s*(['"])([^'"\\]*)\1\s*\)\s*\.\s*(unlink|rmdir|rmtree)\s*\(/g;

// More calls than this in one piece of code are not read one by one: the code is opaque.
const MAX_CALLS = 256;

/** The code without the calls the rules resolve (they are judged by their own targets). */
function _residual(code: string, language: Language): string {
  return RULES[language].reduce((rest, rule) => rest.replace(rule.pattern, ""), code.replace(LITERAL_PATH_CALL, ""));
}

// Python modules whose functions the rules resolve, and the names of those functions.
const PY_MODULES = new Set(["os", "posix", "nt", "subprocess", "shutil"]);
const PY_CALLS = /^(?:system|popen|exec\w*|spawn\w*|posix_spawn\w*|remove|unlink|rmdir|removedirs|rmtree|chmod|lchmod|chown|lchown|utime|symlink|link|run|call|check_call|check_output|Popen|getoutput|getstatusoutput)$/;

/**
 * Rewrites aliases to the canonical spelling the rules match (`import shutil as s`, `from os
 * import system`), in one pass over the code (a pass per alias made a thousand imports
 * quadratic). Also returns the aliases of capabilities, which the opaque test looks for outside
 * calls (`f = system`).
 */
function _canonical(code: string, language: Language): { code: string; aliases: string[] } {
  const aliases: string[] = [];
  if (language === "python") {
    const modules = new Map<string, string>();
    const calls = new Map<string, string>();
    for (const m of code.matchAll(/\bimport\s+([\w.]+)\s+as\s+(\w+)/g)) {
      modules.set(m[2]!, m[1]!);
      if (PY_MODULES.has(m[1]!)) aliases.push(m[2]!);
    }
    for (const m of code.matchAll(/\bfrom\s+([\w.]+)\s+import\s+([\w \t,]+)/g)) {
      for (const part of m[2]!.split(",")) {
        const [name, alias] = part.trim().split(/\s+as\s+/);
        if (!name) continue;
        calls.set(alias ?? name, `${m[1]}.${name}`);
        if (PY_MODULES.has(m[1]!) && PY_CALLS.test(name)) aliases.push(alias ?? name);
      }
    }
    if (modules.size > 0) code = code.replace(/(?<![\w.])(\w+)\./g, (all, name: string) => (modules.has(name) ? `${modules.get(name)}.` : all));
    if (calls.size > 0) code = code.replace(/(?<![\w.])(\w+)(\s*\()/g, (all, name: string, paren: string) => (calls.has(name) ? `${calls.get(name)}${paren}` : all));
  } else if (language === "node") {
    // `import fs from 'fs'` and `import * as fs from 'node:fs'` bind the module as require() does.
    code = code
      .replace(/\bimport\s+(?:\*\s*as\s+)?(\w+)\s+from\s*['"](?:node:)?(fs\/promises|fs)['"]/g, "const $1 = $2")
      .replace(/\brequire\s*\(\s*['"`](?:node:)?([\w@./-]+)['"`]\s*\)/g, "$1")
      // A computed key (`fs['rmSync']`) is the member; a one-word array argument (`spawnSync('npm', ['test'])`) stays.
      .replace(/\[(?<![(,]\s*\[)\s*['"`](\w+)['"`]\s*\]/g, ".$1");
    code = _namedCalls(code);
    const modules = new Map<string, string>();
    // (`const t = fs.readFileSync(…)` binds what the call returns, not the module.)
    for (const m of code.matchAll(/\b(?:const|let|var)\s+(\w+)\s*=\s*(fs\/promises|child_process|fs)\b(?!\s*\.\s*\w+\s*\()/g)) modules.set(m[1]!, m[2]!);
    // A binding's members by name or by a computed key (`f['rm' + 'Sync']`) are the module's.
    if (modules.size > 0) code = code.replace(/(?<![\w.])(\w+)(?=\s*[.[])/g, (all, name: string) => modules.get(name) ?? all);
  } else if (language === "ruby") code = code.replace(/::/g, ".");
  return { code, aliases: aliases.slice(0, 16) };
}

// Functions bound by name: `import { writeFileSync as w } from 'node:fs'` and (require() already
// read as the module's name) `const { readFileSync, writeFile: w } = fs/promises`, `const {
// execSync } = child_process`. The lists hold names only (no `...rest`, default or nested
// pattern), so the scan stops at the first other character (linear: opaque-code.ts says why).
const NAMED_BINDING = /\bimport\s*\{([\w$\s,]*)\}\s*from\s*['"](?:node:)?(fs\/promises|child_process|fs)['"]|\b(?:const|let|var)\s*\{([\w$\s,:]*)\}\s*=\s*(fs\/promises|child_process|fs)\b(?![\w$/.[])/g;
const JS_NAME = String.raw`[A-Za-z_$][\w$]*`;
const IMPORTED = new RegExp(String.raw`^(${JS_NAME})(?:\s+as\s+(${JS_NAME}))?$`);
const DESTRUCTURED = new RegExp(String.raw`^(${JS_NAME})(?:\s*:\s*(${JS_NAME}))?$`);
const MAX_BINDINGS = 8;
const MAX_BOUND_NAMES = 16;

/**
 * fs's and child_process's functions bound by name and then only called (`writeFileSync('x', …)`)
 * are read as the module's members (`fs.writeFileSync('x', …)`), which the rules resolve, and the
 * binding goes. A binding whose name is used any other way (passed as a value, declared again,
 * spread, a `function` of that name, in a string) stays as written: the opaque test takes it, as
 * before; so does one that renames a child_process function (`{ execSync: e }`, red-team rows).
 */
function _namedCalls(code: string): string {
  if (!code.includes("{")) return code;
  const calls = new Map<string, string>();
  const spans: Array<[number, number]> = [];
  let seen = 0;
  for (const m of code.matchAll(NAMED_BINDING)) {
    // Each binding's names are looked for through the whole code: past this many, none is read.
    if (++seen > MAX_BINDINGS) return code;
    const list = m[1] ?? m[3]!;
    const bound = new Map<string, string>();
    for (const part of list.split(",")) {
      const p = part.trim();
      const named = p === "" ? null : (m[1] !== undefined ? IMPORTED : DESTRUCTURED).exec(p);
      if (p !== "" && (!named || (named[2] !== undefined && (m[2] ?? m[4]) === "child_process"))) {
        bound.clear();
        break;
      }
      if (named) bound.set(named[2] ?? named[1]!, `${m[2] ?? m[4]}.${named[1]}`);
    }
    const rest = code.slice(0, m.index) + " ".repeat(m[0].length) + code.slice(m.index + m[0].length);
    if (bound.size === 0 || bound.size > MAX_BOUND_NAMES || ![...bound.keys()].every((name) => _onlyCalled(rest, name))) continue;
    for (const [name, member] of bound) calls.set(name, member);
    spans.push([m.index, m.index + m[0].length]);
  }
  if (calls.size === 0) return code;
  let out = "";
  let at = 0;
  for (const [from, to] of spans) {
    out += `${code.slice(at, from)} `;
    at = to;
  }
  out += code.slice(at);
  return out.replace(new RegExp(String.raw`(?<![\w$.])(${[...calls.keys()].map((n) => n.replace(/\$/g, "\\$")).join("|")})(?=\s*\()`, "g"), (name: string) => calls.get(name)!);
}

/** Whether every use of `name` in `code` is a direct call (`name(`; not spread, not `function name(`), member names aside (`o.name`). */
function _onlyCalled(code: string, name: string): boolean {
  for (const m of code.matchAll(new RegExp(String.raw`(?<![\w$])${name.replace(/\$/g, "\\$")}(?![\w$])`, "g"))) {
    const before = code.slice(Math.max(0, m.index - 16), m.index);
    if (/\.\.\.\s*$/.test(before)) return false;
    if (/\.\s*$/.test(before)) continue;
    if (/\bfunction\s*\*?\s*$/.test(before) || !/^\s*\(/.test(code.slice(m.index + name.length, m.index + name.length + 16))) return false;
  }
  return true;
}

// Loaded at the first inline code a line holds (most lines hold none): the hook pays for every
// module it imports before it reads the command (lazy-handler.ts).
const _codeWrites = (): typeof import("./code-writes.ts") => (LOADED.codeWrites ??= require("./code-writes.ts"));
const _writtenImports = (): typeof import("./written-imports.ts") => (LOADED.writtenImports ??= require("./written-imports.ts"));
const _execCalls = (): typeof import("./exec-calls.ts") => (LOADED.execCalls ??= require("./exec-calls.ts"));
const _fileCalls = (): typeof import("./file-calls.ts") => (LOADED.fileCalls ??= require("./file-calls.ts"));

/** The file and process effects of inline interpreter code (`python -c`, `node -e`, heredocs). */
export function scanCode(source: string, language: Language, ctx: AnalyzeContext): Op[] {
  // JavaScript's comments are no code (opaque-code.ts stripJsComments: only where that is exact).
  const { code, aliases } = _canonical(language === "node" ? stripJsComments(source) : source, language);
  // Files written by a literal name are judged as writes of them (code-writes.ts).
  const writes = _codeWrites().codeWrites(code, language, ctx.state);
  // chmod, touch, link, rename and copy calls are judged as their shell tools (file-calls.ts).
  const files = _fileCalls().fileCalls(writes.rest, language, ctx);
  const ops: Op[] = [...writes.ops, ...files.ops];
  // `from x import *`, or a remaining capability the rules cannot pin to targets, or Perl's
  // `s/…/$code/ee` (read in the code as written: the residual lacks the calls' parentheses).
  if (/\bfrom\s+(?:os|shutil|subprocess|pathlib|pty|posix)\s+import\s+\*/.test(code) || isOpaque(_residual(files.rest, language), language, aliases) || (language === "perl" && evalSubstitution(code))) ops.push(op("unknown", `${language}:opaque`));
  // Code that changes its folder deletes, and runs commands, in a folder the guard cannot know.
  const calls = /chdir/.test(code) ? inUnknownFolder(ctx, () => _callOps(code, language, ctx)) : _callOps(code, language, ctx);
  if (calls === null) return [op("unknown", `${language}:opaque`)];
  ops.push(...calls);
  if ((language === "perl" || language === "ruby") && /`[^`]+`/.test(code)) ops.push(op("unknown", `${language}:backticks`));
  // A credential store named in the code is read (code-secrets.ts).
  ops.push(...codeSecretOps(code, language, writes.ops, ctx));
  // Modules the line wrote that the code imports (written-imports.ts).
  ops.push(..._writtenImports().writtenImportOps(source, language, ctx, (text) => scanCode(text, language, ctx)));
  return ops;
}

/** The deletes and commands the RULES calls and pathlib's deletes make; null past MAX_CALLS (the code is opaque). */
function _callOps(code: string, language: Language, ctx: AnalyzeContext): Op[] | null {
  const ops: Op[] = [];
  let calls = 0;
  for (const rule of RULES[language]) {
    for (const m of code.matchAll(rule.pattern)) {
      if (++calls > MAX_CALLS) return null;
      // An exec call given more than its one literal: the whole argument list (exec-calls.ts).
      const call = rule.effect === "exec" ? _execCalls().execCall(code, m.index + m[0].length, m[0], language) : undefined;
      ops.push(...(call === undefined ? _effect(rule, readLiteral(code, m.index + m[0].length, ctx.home), language, ctx) : _execOps(call, language, ctx)));
    }
  }
  for (const m of code.matchAll(LITERAL_PATH_CALL)) {
    if (++calls > MAX_CALLS) return null;
    ops.push(op("delete", `${language}:Path.${m[3]}`, [literalWord(withHome(m[2]!, ctx.home))], m[3] === "rmtree"));
  }
  return ops;
}

/** What an exec call read whole runs: its argv without a shell (no `~` expanded), or shell text; unknown when unread. */
function _execOps(call: ExecCall, language: Language, ctx: AnalyzeContext): Op[] {
  if (call === null) return [op("unknown", `${language}:exec`)];
  if ("shell" in call) return analyzeText(call.shell, "posix", ctx);
  const [head, ...rest] = call.argv.map((v) => literalWord(v));
  return analyzeArgv(head!, rest, ctx);
}

function _effect(rule: CallRule, arg: ReturnType<typeof readLiteral>, language: Language, ctx: AnalyzeContext): Op[] {
  const verb = `${language}:${rule.effect}`;
  if (arg.kind === "unknown") return [op("unknown", verb)];
  if (rule.effect === "exec") {
    if (arg.kind === "string") return analyzeText(arg.value, "posix", ctx);
    const [head, ...rest] = arg.values.map((v) => literalWord(v));
    return head ? analyzeArgv(head, rest, ctx) : [];
  }
  const paths = arg.kind === "string" ? [arg.value] : arg.values;
  return [op("delete", verb, paths.map((p) => literalWord(p)), rule.effect === "delete-recursive")];
}
