import { LeogrielError } from "../../core/errors.ts";
import { parseJsonText } from "../../core/json-file.ts";

/**
 * Parses JSON (core parseJsonText) and refuses an object that holds one key twice, compared
 * after unescaping. `JSON.parse` keeps the last value silently, so a reviewer reading the first
 * `"resolved"` of a lock entry would approve what the tool never uses.
 * @throws {LeogrielError} `invalid_json` (exit 2) naming the key and where its second copy is
 */
export function parseUniqueKeysJson(text: string, label: string): unknown {
  const value = parseJsonText(text, label);
  const dup = _firstDuplicate(text);
  if (dup) {
    const before = text.slice(0, dup.offset).split("\n");
    throw new LeogrielError("invalid_json", `Cannot parse ${label}: line ${before.length}, column ${before.at(-1)!.length + 1}: the key ${JSON.stringify(dup.key)} appears twice in one object`, {
      details: { key: dup.key },
    });
  }
  return value;
}

// Walks the tokens of text already known to be valid JSON: a stack of key sets, one per open object.
function _firstDuplicate(text: string): { key: string; offset: number } | undefined {
  const stack: Array<{ keys?: Set<string>; expectKey: boolean }> = [];
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === "{") stack.push({ keys: new Set(), expectKey: true });
    else if (c === "[") stack.push({ expectKey: false });
    else if (c === "}" || c === "]") stack.pop();
    else if (c === "," || c === ":") {
      const top = stack.at(-1);
      if (top?.keys) top.expectKey = c === ",";
    } else if (c === '"') {
      let end = i + 1;
      while (text[end] !== '"') end += text[end] === "\\" ? 2 : 1;
      const top = stack.at(-1);
      if (top?.keys && top.expectKey) {
        const key = JSON.parse(text.slice(i, end + 1)) as string;
        if (top.keys.has(key)) return { key, offset: i };
        top.keys.add(key);
      }
      i = end;
    }
  }
  return undefined;
}
