import { UsageError } from "../../core/errors.ts";

const UNIT_MS = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 } as const;

/**
 * Milliseconds of a duration such as `30m`, `12h`, `7d` or `2w` (one integer and one unit).
 * @throws {UsageError} for any other spelling
 */
export function parseDuration(text: string, flag: string): number {
  const m = /^(\d{1,9})([smhdw])$/.exec(text);
  if (!m) throw new UsageError(`Cannot parse ${flag}: expected a duration like 7d, 12h or 30m`);
  return Number(m[1]) * UNIT_MS[m[2] as keyof typeof UNIT_MS];
}

/**
 * A non-negative integer flag value (`--max-bytes`, `--max-depth`, ...).
 * @throws {UsageError} for anything but decimal digits within `max`
 */
export function parseCount(text: string, flag: string, min = 0, max = Number.MAX_SAFE_INTEGER): number {
  if (!/^\d{1,16}$/.test(text) || Number(text) < min || Number(text) > max) {
    throw new UsageError(`Cannot parse ${flag}: expected an integer from ${min} to ${max}`);
  }
  return Number(text);
}
