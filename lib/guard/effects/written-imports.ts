import { op, type Op } from "../ops.ts";
import type { AnalyzeContext } from "./context.ts";
import type { Language } from "./interpreters.ts";
import { scriptText } from "./written-scripts.ts";

// Code analysed per line state, so a module the line wrote that imports itself (or another that
// imports it back) is read once.
const _reading = new WeakMap<AnalyzeContext["state"], Set<string>>();
const MAX_IMPORTS = 64;

/**
 * Modules the line wrote that code imports from the working folder (red team 8): `printf … > x.py;
 * python3 -c 'import x'` (python puts the working folder first on sys.path for `-c`, stdin and a
 * script there), `node -e 'require("./x.js")'`, `import("./x")`, `import … from "./x.mjs"`. Each
 * such file is read as the language's code, with `read` (interpreters.ts `scanCode`); unknown text
 * is an unknown effect. Modules the line did not write are not this module's.
 */
export function writtenImportOps(code: string, language: Language, ctx: AnalyzeContext, read: (text: string) => Op[]): Op[] {
  const scripts = ctx.state.scripts;
  if (!scripts?.size || (language !== "python" && language !== "node")) return [];
  const ops: Op[] = [];
  let reading = _reading.get(ctx.state);
  if (!reading) _reading.set(ctx.state, (reading = new Set()));
  for (const file of _candidates(code, language).slice(0, MAX_IMPORTS)) {
    if (reading.has(file)) continue;
    const text = scriptText(file, ctx.state);
    if (text === undefined) continue;
    reading.add(file);
    try {
      ops.push(...(text === null ? [op("unknown", "import")] : read(text)));
    } finally {
      reading.delete(file);
    }
  }
  return ops;
}

/** The files (relative to the working folder) an import in `code` may load. */
function _candidates(code: string, language: Language): string[] {
  const files: string[] = [];
  if (language === "python") {
    const names: string[] = [];
    for (const m of code.matchAll(/(?:^|[\n;])\s*import\s+([\w.]+(?:\s+as\s+\w+)?(?:\s*,\s*[\w.]+(?:\s+as\s+\w+)?)*)/g)) {
      for (const part of m[1]!.split(",")) names.push(part.trim().split(/\s+/)[0]!);
    }
    for (const m of code.matchAll(/(?:^|[\n;])\s*from\s+([\w.]+)\s+import\b/g)) names.push(m[1]!);
    for (const m of code.matchAll(/\b(?:__import__|import_module)\s*\(\s*['"]([\w.]+)['"]/g)) names.push(m[1]!);
    for (const name of names) {
      const parts = name.split(".");
      for (let n = 1; n <= parts.length; n++) {
        const path = parts.slice(0, n).join("/");
        files.push(`${path}.py`, `${path}/__init__.py`);
      }
    }
  } else {
    for (const m of code.matchAll(/\b(?:require|import)\s*\(\s*['"`](\.{1,2}\/[^'"`]+)['"`]|\bfrom\s*['"](\.{1,2}\/[^'"]+)['"]|\bimport\s*['"](\.{1,2}\/[^'"]+)['"]/g)) {
      const path = m[1] ?? m[2] ?? m[3]!;
      files.push(path, `${path}.js`, `${path}.mjs`, `${path}.cjs`, `${path}/index.js`);
    }
  }
  return files;
}
