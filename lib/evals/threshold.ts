import { LeogrielError } from "../core/errors.ts";
import { DEFAULT_PASS_RATE_THRESHOLD } from "./benchmark.ts";

/**
 * The with-skill pass-rate threshold: `--threshold`, else SKILL_EVAL_PASS_RATE_THRESHOLD (seed
 * 004), else the config file's `test.threshold`, else 0.8. Each must be a number from 0 to 1.
 * @throws {LeogrielError} `invalid_threshold` (exit 2)
 */
export function resolveThreshold(flag: string | undefined, env: Record<string, string | undefined>, config: Record<string, unknown>): number {
  const sources: Array<[string, unknown]> = [
    ["--threshold", flag],
    ["SKILL_EVAL_PASS_RATE_THRESHOLD", env.SKILL_EVAL_PASS_RATE_THRESHOLD || undefined],
    ["test.threshold in the config file", config.threshold],
  ];
  for (const [name, raw] of sources) {
    if (raw === undefined) continue;
    const value = typeof raw === "number" ? raw : typeof raw === "string" && /^\s*\d*\.?\d+\s*$/.test(raw) ? Number(raw) : Number.NaN;
    if (!(value >= 0 && value <= 1)) throw new LeogrielError("invalid_threshold", `Cannot use ${name}: ${JSON.stringify(raw)} is not a number from 0 to 1`);
    return value;
  }
  return DEFAULT_PASS_RATE_THRESHOLD;
}
