import { readdirSync } from "node:fs";
import { lstatOrUndefined } from "../fs-probe.ts";
import type { Word } from "../syntax.ts";
import type { AnalyzeContext } from "./context.ts";
import { absolutePath, landedSince } from "./program-path.ts";

/**
 * Whether a sync's destination holds nothing a `--delete` could remove (red team 6: `rsync -a
 * --delete src/ build/` with build missing creates it): it is missing or an empty real folder now,
 * and no earlier part of the line may have filled it (a landed entry at it, around it or of an
 * unknown name, or an unknown running directory).
 */
export function holdsNothing(dest: Word, ctx: AnalyzeContext): boolean {
  if (dest.dynamic || dest.glob || ctx.state.remote) return false;
  const path = absolutePath(dest.value, ctx.state.cwd);
  if (path === null || ctx.state.afterCd || landedSince(path.replace(/(.)\/+$/, "$1"), ctx, 0)) return false;
  if ((ctx.state.landed ?? []).some((l) => l !== null && l.startsWith(`${path.replace(/\/+$/, "")}/`))) return false;
  const entry = lstatOrUndefined(path.replace(/(.)\/+$/, "$1"));
  if (entry === undefined) return true;
  if (!entry.isDirectory()) return false;
  try {
    return readdirSync(path).length === 0;
  } catch {
    return false;
  }
}
