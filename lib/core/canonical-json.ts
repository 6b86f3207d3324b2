import { LeogrielError } from "./errors.ts";

/**
 * RFC 8785 (JCS) canonical JSON: object keys sorted by UTF-16 code units, no whitespace,
 * numbers in ECMAScript shortest form, strings with the minimal JSON escapes.
 * @throws {LeogrielError} `not_canonicalizable` for NaN, Infinity, lone surrogates, undefined,
 *   functions, bigints and other values JSON cannot carry
 */
export function canonicalJson(value: unknown): string {
  return _serialize(value, "$");
}

function _serialize(value: unknown, at: string): string {
  if (value === null) return "null";
  switch (typeof value) {
    case "boolean":
      return value ? "true" : "false";
    case "number":
      if (!Number.isFinite(value)) _fail(at, "number is not finite");
      // ECMAScript Number-to-String is exactly the RFC 8785 form; -0 serializes as 0.
      return JSON.stringify(value);
    case "string":
      if (!String(value).isWellFormed()) _fail(at, "string holds a lone surrogate");
      return JSON.stringify(value);
    case "object": {
      if (Array.isArray(value)) {
        return `[${value.map((v, i) => _serialize(v, `${at}[${i}]`)).join(",")}]`;
      }
      const proto = Object.getPrototypeOf(value);
      if (proto !== Object.prototype && proto !== null) _fail(at, "value is not a plain object");
      const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
      entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      const body = entries.map(([k, v]) => {
        if (!k.isWellFormed()) _fail(at, "key holds a lone surrogate");
        return `${JSON.stringify(k)}:${_serialize(v, `${at}.${k}`)}`;
      });
      return `{${body.join(",")}}`;
    }
    default:
      return _fail(at, `${typeof value} cannot be represented in JSON`);
  }
}

function _fail(at: string, why: string): never {
  throw new LeogrielError("not_canonicalizable", `Cannot canonicalize JSON at ${at}: ${why}`);
}
