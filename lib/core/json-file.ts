import { closeSync, fstatSync, openSync } from "node:fs";
import { z } from "zod";
import { locateJsonError } from "./_json-locate.ts";
import { LeogrielError, isErrno } from "./errors.ts";
import { readFdBytes } from "./read-bytes.ts";

/** Default ceiling for a JSON or YAML document read from disk: 1 MiB. */
export const DEFAULT_MAX_DOCUMENT_BYTES = 1024 * 1024;

/**
 * Reads a text file of at most `maxBytes` (the size is checked before reading).
 * @throws {LeogrielError} `file_not_found`, `file_too_large`, `file_unreadable`, `invalid_utf8`
 */
export function readTextFile(path: string, options: { maxBytes?: number; label?: string } = {}): string {
  const label = options.label ?? path;
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_DOCUMENT_BYTES;
  let fd: number;
  try {
    fd = openSync(path, "r");
  } catch (err) {
    if (isErrno(err, "ENOENT")) throw new LeogrielError("file_not_found", `Cannot read ${label}: no such file`);
    throw new LeogrielError("file_unreadable", `Cannot read ${label}: ${(err as Error).message}`);
  }
  try {
    const size = fstatSync(fd).size;
    if (size > maxBytes) {
      throw new LeogrielError("file_too_large", `Cannot read ${label}: ${size} bytes is over the ${maxBytes}-byte limit`);
    }
    const bytes = readFdBytes(fd, size);
    try {
      return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    } catch {
      throw new LeogrielError("invalid_utf8", `Cannot read ${label}: not valid UTF-8`);
    }
  } finally {
    closeSync(fd);
  }
}

/**
 * Parses JSON text, reporting the line and column of a syntax error.
 * @throws {LeogrielError} `invalid_json`
 */
export function parseJsonText(text: string, label: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    const offset = Math.min(locateJsonError(text), text.length);
    const before = text.slice(0, offset).split("\n");
    const where = `line ${before.length}, column ${before.at(-1)!.length + 1}`;
    throw new LeogrielError("invalid_json", `Cannot parse ${label}: ${where}: invalid JSON`);
  }
}

/**
 * Validates a parsed document with a zod schema, listing every issue with its path.
 * @throws {LeogrielError} `invalid_document`
 */
export function validateDocument<S extends z.ZodType>(schema: S, value: unknown, label: string): z.infer<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.map((i) => `${formatIssuePath(i.path)}: ${i.message}`);
  throw new LeogrielError("invalid_document", `Cannot use ${label}: ${issues.join("; ")}`, {
    details: { issues: parsed.error.issues.map((i) => ({ path: formatIssuePath(i.path), code: i.code, message: i.message })) },
  });
}

/** Reads, parses and validates a JSON file in one step. */
export function readJsonFile<S extends z.ZodType>(
  path: string,
  schema: S,
  options: { maxBytes?: number; label?: string } = {},
): z.infer<S> {
  const label = options.label ?? path;
  return validateDocument(schema, parseJsonText(readTextFile(path, options), label), label);
}

/** `a.b[0].c` from a zod issue path (`$` for the root). */
export function formatIssuePath(path: ReadonlyArray<PropertyKey>): string {
  if (path.length === 0) return "$";
  return path
    .map((p, i) => (typeof p === "number" ? `[${p}]` : i === 0 ? String(p) : `.${String(p)}`))
    .join("");
}
