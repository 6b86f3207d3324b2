import { describe, expect, test } from "bun:test";
import { findKeyProblem } from "../../../lib/core/json-keys.ts";
import { holdsReservedKey, parseStrictJson } from "../../../lib/proof/strict-json.ts";
import { seededRandom } from "../../support/seeded-random.ts";


const KEYS = ["a", "b", "\\u0061", "a\\\"b", "\\\\", "{", "}", ",", ":", "[", "é", "\\ud83d\\ude00"];

// Random JSON text built by hand, so it can hold duplicate keys JSON.stringify never makes.
function randomJson(next: () => number, depth: number): { text: string; duplicate: boolean } {
  const r = next();
  if (depth <= 0 || r < 0.35) {
    const leaves = ['"x,y"', '"\\"}"', "1e3", "-0", "true", "null", '"{\\"a\\":1}"', "[]", "{}"];
    return { text: leaves[Math.floor(next() * leaves.length)]!, duplicate: false };
  }
  const count = Math.floor(next() * 4);
  const parts: string[] = [];
  let duplicate = false;
  if (r < 0.6) {
    for (let i = 0; i < count; i++) {
      const child = randomJson(next, depth - 1);
      duplicate ||= child.duplicate;
      parts.push(child.text);
    }
    return { text: ` [ ${parts.join(" , ")} ] `, duplicate };
  }
  const seen = new Set<string>();
  for (let i = 0; i < count; i++) {
    const key = KEYS[Math.floor(next() * KEYS.length)]!;
    const decoded = JSON.parse(`"${key}"`) as string;
    duplicate ||= seen.has(decoded);
    seen.add(decoded);
    const child = randomJson(next, depth - 1);
    duplicate ||= child.duplicate;
    parts.push(`"${key}" :${child.text}`);
  }
  return { text: `{${parts.join(",")}}`, duplicate };
}

describe("parseStrictJson", () => {
  test.each([
    ['{"a":1,"b":2}', undefined],
    ['{"a":1,"a":2}', "a"],
    ['{"a":1,"\\u0061":2}', "a"],
    ['{"a":{"a":1},"b":[{"a":1},{"a":2}]}', undefined],
    ['[{"k":1,"k":1}]', "k"],
    ['{"x":"\\"a\\":1,\\"a\\":2"}', undefined],
    ['{"a\\\\":1,"a\\\\":2}', "a\\"],
    ['{"":1,"":2}', ""],
  ])("finds the duplicate key of %s", (text, key) => {
    expect(findKeyProblem(text)).toEqual(key === undefined ? undefined : { kind: "duplicate", key, offset: expect.any(Number) });
  });

  test.each([
    ['{"__proto__":{"x":1}}', "a top-level key"],
    ['{"a":[{"b":{"__proto__":null}}]}', "a key deep inside arrays"],
    ['{"\\u005f_proto__":1}', "an escaped spelling"],
    ['{"a":1,"__proto__":1,"a":2}', "a key before a later duplicate"],
  ])("refuses __proto__ as %s, whatever its value", (text) => {
    expect(findKeyProblem(text)).toEqual({ kind: "reserved", key: "__proto__", offset: text.search(/"(__proto__|\\u005f_proto__)"/) });
    expect(() => parseStrictJson(text, "doc")).toThrow(expect.objectContaining({ code: "reserved_key" }));
  });

  test.each([
    ['{"a":{"__proto__":1}}', true],
    ['{"a":{"\\u005F_proto__":1}}', true],
    ['{"a":"__proto__","b":["__proto__"]}', false],
    ['{"a":"\\u001b[31m","b":{"proto":1}}', false],
    ['{"line":"{\\"__proto__\\":1}"}', false],
  ])("holdsReservedKey(%s) is %p", (text, expected) => {
    expect(holdsReservedKey(text)).toBe(expected);
  });

  test.each<[string, unknown]>([
    ['{"x":"__proto__"}', { x: "__proto__" }],
    ['["__proto__"]', ["__proto__"]],
    ['{"constructor":{"prototype":1}}', { constructor: { prototype: 1 } }],
    ['{"__proto":1,"proto__":2,"__PROTO__":3}', { __proto: 1, proto__: 2, __PROTO__: 3 }],
  ])("keeps %s as ordinary data (a value, or a key without a prototype setter)", (text, value) => {
    const parsed = parseStrictJson(text, "doc");
    expect(parsed).toEqual(value);
    expect(Object.getPrototypeOf(parsed)).toBe(Array.isArray(value) ? Array.prototype : Object.prototype);
  });

  test.each(["", "{", '{"a":}', "{'a':1}", '{"a":1,}', "NaN", "[1 2]"])("refuses malformed JSON %p", (text) => {
    expect(() => parseStrictJson(text, "doc")).toThrow(expect.objectContaining({ code: "invalid_json" }));
  });

  test("agrees with JSON.parse and finds exactly the duplicates in 2,000 random documents", () => {
    const next = seededRandom(20261129);
    let duplicates = 0;
    for (let i = 0; i < 2000; i++) {
      const { text, duplicate } = randomJson(next, 4);
      if (duplicate) {
        duplicates++;
        expect(() => parseStrictJson(text, "doc")).toThrow(expect.objectContaining({ code: "duplicate_key" }));
      } else {
        expect(parseStrictJson(text, "doc")).toEqual(JSON.parse(text));
      }
    }
    expect(duplicates).toBeGreaterThan(100);
  });
});
