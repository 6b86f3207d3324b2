import type { Op } from "../ops.ts";
import { feedCompound } from "../posix/compound-stdin.ts";
import type { SimpleCommand } from "../syntax.ts";
import { analyzeScript } from "./analyze.ts";
import type { AnalyzeContext, Dialect } from "./context.ts";
import { parseNested } from "./nested-text.ts";

/**
 * Command text a program runs with its own stdin (`sh -c TEXT`, `env -S TEXT`, `su -c TEXT`,
 * `eval TEXT`): each command in the text that has no stdin of its own reads the outer command's,
 * so `curl … | sh -c 'exec bash'` and `echo … | sh -c 'cat | sh'` run what the pipe carries
 * (red team 5, C7).
 */
export function analyzeFedText(text: string, dialect: Dialect, ctx: AnalyzeContext, outer: SimpleCommand | undefined): Op[] {
  const script = parseNested(text, dialect, ctx);
  if (outer) feedCompound(script.commands, outer.redirects, outer.pipeFrom);
  return analyzeScript(script, { ...ctx, depth: ctx.depth + 1 });
}
