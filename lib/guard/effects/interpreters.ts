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

/** The file and process effects of inline interpreter code (`python -c`, `node -e`, heredocs). */
export function scanCode(code: string, language: Language, ctx: AnalyzeContext): Op[] {
  const ops: Op[] = [];
  for (const rule of RULES[language]) {
    for (const m of code.matchAll(rule.pattern)) {
      ops.push(..._effect(rule, readLiteral(code, m.index + m[0].length, ctx.home), language, ctx));
    }
  }
  for (const m of code.matchAll(/Path\s*\(\s*(['"])([^'"]*)\1\s*\)\s*\.\s*(unlink|rmdir|rmtree)\s*\(/g)) {
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
