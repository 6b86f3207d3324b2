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

/**
 * The dialect a selector names. An unusable selector is a BLOCK verdict, never a fallback to
 * POSIX (seed 001): a well-formed unknown name is BLOCK_DIALECT_UNKNOWN, anything else
 * (empty, too long, odd characters) BLOCK_DIALECT_INVALID.
 */
export function normalizeDialect(selector: string | undefined): { dialect: Dialect } | { reason: ReasonCode } {
  if (selector === undefined) return { dialect: "posix" };
  const name = selector.trim().toLowerCase();
  const known = ALIASES[name];
  if (known) return { dialect: known };
  return /^[a-z][a-z0-9._-]{0,31}$/.test(name) ? { reason: "BLOCK_DIALECT_UNKNOWN" } : { reason: "BLOCK_DIALECT_INVALID" };
}
