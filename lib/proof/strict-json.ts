import { LeogrielError } from "../core/errors.ts";
import { findKeyProblem, RESERVED_KEY } from "../core/json-keys.ts";

/**
 * Parses JSON and refuses duplicate object keys and the key `__proto__` at any depth.
 * `JSON.parse` silently keeps the last of two equal keys, so `{"action":"verify","action":"capture"}`
 * would read as a capture request; an exact-keys contract has to see both.
 * @throws {LeogrielError} `invalid_json` for malformed text, `duplicate_key` or `reserved_key`
 *   naming the key
 */
export function parseStrictJson(text: string, label: string): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new LeogrielError("invalid_json", `Cannot parse ${label}: not valid JSON`, { exitCode: 1 });
  }
  const problem = findKeyProblem(text);
  if (problem?.kind === "duplicate") {
    throw new LeogrielError("duplicate_key", `Cannot parse ${label}: the key ${JSON.stringify(problem.key)} appears twice in one object`, { exitCode: 1 });
  }
  if (problem?.kind === "reserved") {
    throw new LeogrielError("reserved_key", `Cannot parse ${label}: the key ${JSON.stringify(problem.key)} is not allowed anywhere`, { exitCode: 1 });
  }
  return value;
}

/**
 * Whether valid JSON `text` holds a `__proto__` key before any duplicate key. Text that contains
 * neither the plain name nor a `\u` escape cannot spell it, which skips the token walk for
 * almost every receipt.
 */
export function holdsReservedKey(text: string): boolean {
  if (!text.includes(RESERVED_KEY) && !text.includes("\\u")) return false;
  return findKeyProblem(text)?.kind === "reserved";
}
