import { LeogrielError } from "../core/errors.ts";

/**
 * The one object key a strict document may not hold. `JSON.parse` keeps it as an own property,
 * but anything that copies the object by assignment (zod's record and object parsers do) turns
 * it into the copy's prototype: the key vanishes from validation while the text still carries
 * it. `constructor` and `prototype` have no such setter; they stay ordinary keys, which strict
 * schemas refuse as unknown.
 */
export const RESERVED_KEY = "__proto__";

export interface KeyProblem {
  kind: "duplicate" | "reserved";
  key: string;
}

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

interface Frame {
  keys?: Set<string>;
  expectKey: boolean;
}

/**
 * The first key of `text` that appears twice in one object or is `__proto__`, compared after
 * unescaping (so `"\u005f_proto__"` counts). `text` must already be valid JSON: this walks its
 * tokens without re-checking the grammar.
 */
export function findKeyProblem(text: string): KeyProblem | undefined {
  const stack: Frame[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === "{") stack.push({ keys: new Set(), expectKey: true });
    else if (c === "[") stack.push({ expectKey: false });
    else if (c === "}" || c === "]") stack.pop();
    else if (c === "," || c === ":") {
      const top = stack.at(-1);
      if (top?.keys) top.expectKey = c === ",";
    } else if (c === '"') {
      const end = _stringEnd(text, i);
      const top = stack.at(-1);
      if (top?.keys && top.expectKey) {
        const key = JSON.parse(text.slice(i, end + 1)) as string;
        if (key === RESERVED_KEY) return { kind: "reserved", key };
        if (top.keys.has(key)) return { kind: "duplicate", key };
        top.keys.add(key);
      }
      i = end;
    }
  }
  return undefined;
}

// The index of the quote that closes the string opening at `start`.
function _stringEnd(text: string, start: number): number {
  let i = start + 1;
  while (text[i] !== '"') i += text[i] === "\\" ? 2 : 1;
  return i;
}
