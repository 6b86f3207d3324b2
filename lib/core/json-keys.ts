/**
 * The one object key a strict document may not hold. `JSON.parse` keeps it as an own property,
 * but anything that copies the object by assignment (zod's record and object parsers do) turns
 * it into the copy's prototype: the key vanishes from validation while the text still carries
 * it. `constructor` and `prototype` have no such setter; they stay ordinary keys, which strict
 * schemas refuse as unknown.
 */
export const RESERVED_KEY = "__proto__";

/** A key `JSON.parse` would silently mishandle, and the offset of the string that spells it. */
export interface KeyProblem {
  kind: "duplicate" | "reserved";
  key: string;
  offset: number;
}

interface Frame {
  keys?: Set<string>;
  expectKey: boolean;
}

/**
 * The first key of `text` that appears twice in one object (`JSON.parse` keeps the last value
 * silently) or is `__proto__`, compared after unescaping (so `"\u005f_proto__"` counts). `text`
 * must already be valid JSON: this walks its tokens without re-checking the grammar.
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
        if (key === RESERVED_KEY) return { kind: "reserved", key, offset: i };
        if (top.keys.has(key)) return { kind: "duplicate", key, offset: i };
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
