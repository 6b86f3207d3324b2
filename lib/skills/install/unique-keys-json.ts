import { LeogrielError } from "../../core/errors.ts";
import { parseJsonText } from "../../core/json-file.ts";
import { findKeyProblem } from "../../core/json-keys.ts";

/**
 * Parses JSON (core parseJsonText) and refuses an object that holds one key twice, compared
 * after unescaping, and the key `__proto__` (lib/core/json-keys.ts). `JSON.parse` keeps the last value silently, so a reviewer reading the first
 * `"resolved"` of a lock entry would approve what the tool never uses.
 * @throws {LeogrielError} `invalid_json` (exit 2) naming the key and where its second copy is
 */
export function parseUniqueKeysJson(text: string, label: string): unknown {
  const value = parseJsonText(text, label);
  const dup = findKeyProblem(text);
  if (dup) {
    const before = text.slice(0, dup.offset).split("\n");
    throw new LeogrielError("invalid_json", `Cannot parse ${label}: line ${before.length}, column ${before.at(-1)!.length + 1}: the key ${JSON.stringify(dup.key)} ${dup.kind === "duplicate" ? "appears twice in one object" : "is not allowed anywhere"}`, {
      details: { key: dup.key },
    });
  }
  return value;
}
