import { op, type Op } from "../ops.ts";
import { literalWord, type Word } from "../syntax.ts";
import { analyzeArgv, analyzeText } from "./analyze.ts";
import type { Handler } from "./context.ts";
import { scanUnknownProgram } from "./unknown-program.ts";

// Options whose value is a command jupytext runs on the notebook's text (`--pipe black`, `--check
// 'pytest --doctest-modules {}'`), and the one naming the file it writes.
const COMMANDS = new Set(["--pipe", "--check"]);
const OUTPUT = new Set(["-o", "--output"]);

/**
 * jupytext (red team 11): `--pipe CMD` and `--check CMD` run CMD (split into words, `{}` the
 * notebook's text in a temporary file), judged as that command; `-o FILE` / `--output FILE`
 * writes FILE (`-o -` is stdout), judged as `tee FILE`. The rest is scanned as for any program
 * the guard does not model.
 */
export const jupytext: Handler = (inv) => {
  const { args, ctx, cmd } = inv;
  const ops: Op[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const [flag, inline] = a.value.startsWith("--") && a.value.includes("=") ? [a.value.slice(0, a.value.indexOf("=")), a.value.slice(a.value.indexOf("=") + 1)] : [a.value, undefined];
    if (a.dynamic || (!COMMANDS.has(flag) && !OUTPUT.has(flag))) continue;
    const value: Word | undefined = inline === undefined ? args[++i] : { ...a, value: inline, pattern: inline };
    if (!value) break;
    if (value.dynamic) ops.push(op("unknown", "jupytext"));
    else if (COMMANDS.has(flag)) ops.push(...analyzeText(value.value.replaceAll("{}", "notebook.tmp"), "posix", ctx));
    else if (value.value !== "-") ops.push(...analyzeArgv(literalWord("tee"), [value], ctx, undefined));
  }
  return [...ops, ...scanUnknownProgram(args, ctx, inv.name, cmd)];
};
