/**
 * Value checks in plain code for the compensation path. That path runs before an agent's delete
 * or reset and must stay small: zod's module alone raises the hook's peak RSS by about a third,
 * so the records it writes and reads are checked with these, and zod keeps the published schemas
 * (journal-records.ts, audit-record.ts). A test holds both to the same verdicts.
 */
export type Check = (value: unknown) => boolean;

/** An ISO 8601 UTC datetime with seconds, as `z.iso.datetime()` accepts (calendar-valid dates only). */
const DATETIME =
  /^(?:(?:\d\d[2468][048]|\d\d[13579][26]|\d\d0[48]|[02468][048]00|[13579][26]00)-02-29|\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\d|30)|(?:02)-(?:0[1-9]|1\d|2[0-8])))T(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d(?:\.\d+)?Z$/;

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

export const matches =
  (pattern: RegExp): Check =>
  (v) =>
    typeof v === "string" && pattern.test(v);

export const datetime: Check = matches(DATETIME);
export const boolean: Check = (v) => typeof v === "boolean";
export const nonEmptyString: Check = (v) => typeof v === "string" && v.length > 0;
export const count: Check = (v) => Number.isSafeInteger(v) && (v as number) >= 0;

export const oneOf =
  (...allowed: readonly unknown[]): Check =>
  (v) =>
    allowed.includes(v);

export const optional =
  (check: Check): Check =>
  (v) =>
    v === undefined || check(v);

export const nullable =
  (check: Check): Check =>
  (v) =>
    v === null || check(v);

export const listOf =
  (check: Check, max: number): Check =>
  (v) =>
    Array.isArray(v) && v.length <= max && v.every(check);

/** An object whose listed fields pass; other fields are not looked at (a loose object). */
export const fields =
  (shape: Record<string, Check>): Check =>
  (v) =>
    isRecord(v) && Object.entries(shape).every(([key, check]) => check(Object.hasOwn(v, key) ? v[key] : undefined));
