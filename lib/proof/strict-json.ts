import { LeogrielError } from "../core/errors.ts";

/**
 * Parses JSON and refuses duplicate object keys. `JSON.parse` silently keeps the last of two
 * equal keys, so `{"action":"verify","action":"capture"}` would read as a capture request; an
 * exact-keys contract has to see both.
 * @throws {LeogrielError} `invalid_json` for malformed text, `duplicate_key` naming the key
 */
export function parseStrictJson(text: string, label: string): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new LeogrielError("invalid_json", `Cannot parse ${label}: not valid JSON`, { exitCode: 1 });
  }
  const duplicate = findDuplicateKey(text);
  if (duplicate !== undefined) {
    throw new LeogrielError("duplicate_key", `Cannot parse ${label}: the key ${JSON.stringify(duplicate)} appears twice in one object`, {
      exitCode: 1,
    });
  }
  return value;
}

interface Frame {
  keys?: Set<string>;
  expectKey: boolean;
}

/**
 * The first key that appears twice in one object of `text`, compared after unescaping.
 * `text` must already be valid JSON: this walks its tokens without re-checking the grammar.
 */
export function findDuplicateKey(text: string): string | undefined {
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
        if (top.keys.has(key)) return key;
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
