import { op, type Op } from "../ops.ts";
import { literalWord } from "../syntax.ts";
import { analyzeArgv, analyzeText } from "./analyze.ts";
import { readLiteral } from "./code-literals.ts";
import type { AnalyzeContext } from "./context.ts";

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
  php: [
    { pattern: /\b(?:unlink|rmdir)\s*\(/g, effect: "delete" },
    { pattern: /\b(?:system|exec|shell_exec|passthru|proc_open|popen)\s*\(/g, effect: "exec" },
  ],
};

const LITERAL_PATH_CALL = /Path\s*\(\s*(['"])([^'"]*)\1\s*\)\s*\.\s*(unlink|rmdir|rmtree)\s*\(/g;

// Capabilities the rules above cannot resolve to exact targets once aliasing, reflection or
// another API is involved: their presence is an unknown effect (fail closed), not a pass.
const OPAQUE: Record<Language, RegExp> = {
  python: /\b(?:exec|eval|compile|getattr|__import__|importlib|ctypes|pty|os\.(?:rename|renames|replace|truncate|ftruncate|posix_spawn\w*|fork\w*|kill\w*)|shutil\.(?:move|copy\w*))|\.(?:rename|write_text|write_bytes|unlink|rmdir|rmtree)\s*\(|\bopen\s*\([^)]*['"][rwxab+]*[wax+]/,
  node: /\{[^}]*\}\s*=\s*(?:child_process|fs)\b|\bfrom\s*['"](?:node:)?(?:child_process|fs)|\b(?:Bun\.(?:\$|spawn|spawnSync|write|file\([^)]*\)\.(?:delete|write))|Deno\.(?:Command|run|remove|writeFile|writeTextFile|truncate|rename)|process\.binding|eval|Function|import\s*\(|(?:rename|truncate|writeFile|appendFile|copyFile|cp|symlink|chmod|chown)(?:Sync)?\s*\()|\$`/,
  perl: /\bqx\s*[^\s\w]|\bopen\s*\(?[^;]*(?:['"]\s*\||\|\s*['"]|['"][+<>]*-?\|-?['"])|\b(?:eval|do|require|rename|truncate|fork|syscall|pipe)\b|`/,
  ruby: /\b(?:IO\.popen|Open3|Kernel\.|Process\.spawn|PTY|eval|instance_eval|send|public_send|__send__|File\.(?:rename|write|truncate)|FileUtils\.(?:mv|move|cp|ln\w*))\b|%x|`/,
  php: /\b(?:eval|assert|create_function|call_user_func\w*|rename|file_put_contents|fopen|pcntl_exec|mail|include|require)\b|`|\$\w+\s*\(/,
};

/** The code without the calls the rules resolve (they are judged by their own targets). */
function _residual(code: string, language: Language): string {
  return RULES[language].reduce((rest, rule) => rest.replace(rule.pattern, ""), code.replace(LITERAL_PATH_CALL, ""));
}

/** Rewrites aliases to the canonical spelling the rules match (`import shutil as s`, `from os import system`). */
function _canonical(code: string, language: Language): string {
  if (language === "python") {
    for (const m of code.matchAll(/\bimport\s+([\w.]+)\s+as\s+(\w+)/g)) code = code.replace(new RegExp(`(?<![\\w.])${m[2]}\\.`, "g"), `${m[1]}.`);
    for (const m of code.matchAll(/\bfrom\s+([\w.]+)\s+import\s+([\w\s,]+?)(?=$|;|\n|\))/g)) {
      for (const part of m[2]!.split(",")) {
        const [name, alias] = part.trim().split(/\s+as\s+/);
        if (name) code = code.replace(new RegExp(`(?<![\\w.])${alias ?? name}\\s*\\(`, "g"), `${m[1]}.${name}(`);
      }
    }
  } else if (language === "node") {
    code = code.replace(/\brequire\s*\(\s*['"`](?:node:)?([\w/]+)['"`]\s*\)/g, "$1").replace(/\[\s*['"`](\w+)['"`]\s*\]/g, ".$1");
    for (const m of code.matchAll(/\b(?:const|let|var)\s+(\w+)\s*=\s*(fs|child_process|fs\/promises)\b/g)) code = code.replace(new RegExp(`(?<![\\w.])${m[1]}\\.`, "g"), `${m[2]}.`);
  } else if (language === "ruby") code = code.replace(/::/g, ".");
  return code;
}

/** The file and process effects of inline interpreter code (`python -c`, `node -e`, heredocs). */
export function scanCode(source: string, language: Language, ctx: AnalyzeContext): Op[] {
  const code = _canonical(source, language);
  const ops: Op[] = [];
  // `from x import *`, or a remaining capability the rules cannot pin to targets.
  if (/\bfrom\s+(?:os|shutil|subprocess|pathlib|pty|posix)\s+import\s+\*/.test(code) || OPAQUE[language].test(_residual(code, language))) ops.push(op("unknown", `${language}:opaque`));
  for (const rule of RULES[language]) {
    for (const m of code.matchAll(rule.pattern)) {
      ops.push(..._effect(rule, readLiteral(code, m.index + m[0].length, ctx.home), language, ctx));
    }
  }
  for (const m of code.matchAll(LITERAL_PATH_CALL)) {
    ops.push(op("delete", `${language}:Path.${m[3]}`, [literalWord(m[2]!.replace(/^~(?=\/|$)/, ctx.home))], m[3] === "rmtree"));
  }
  if ((language === "perl" || language === "ruby") && /`[^`]+`/.test(code)) ops.push(op("unknown", `${language}:backticks`));
  return ops;
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
