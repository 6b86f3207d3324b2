import type { Dialect } from "./effects/context.ts";
import type { ReasonCode } from "./reasons.ts";

const ALIASES: Record<string, Dialect> = {
  posix: "posix",
  sh: "posix",
  bash: "posix",
  cmd: "cmd",
  "cmd.exe": "cmd",
  powershell: "powershell",
  pwsh: "powershell",
  ps: "powershell",
};

// One frozen answer per dialect: every check asks, most with no selector.
const SELECTED: Readonly<Record<Dialect, { readonly dialect: Dialect }>> = {
  posix: Object.freeze({ dialect: "posix" }),
  cmd: Object.freeze({ dialect: "cmd" }),
  powershell: Object.freeze({ dialect: "powershell" }),
};

/**
 * The dialect a selector names. An unusable selector is a BLOCK verdict, never a fallback to
 * POSIX (seed 001): a well-formed unknown name is BLOCK_DIALECT_UNKNOWN, anything else
 * (empty, too long, odd characters) BLOCK_DIALECT_INVALID.
 */
export function normalizeDialect(selector: string | undefined): { readonly dialect: Dialect } | { readonly reason: ReasonCode } {
  if (selector === undefined) return SELECTED.posix;
  const name = selector.trim().toLowerCase();
  const known = ALIASES[name];
  if (known) return SELECTED[known];
  return /^[a-z][a-z0-9._-]{0,31}$/.test(name) ? { reason: "BLOCK_DIALECT_UNKNOWN" } : { reason: "BLOCK_DIALECT_INVALID" };
}
