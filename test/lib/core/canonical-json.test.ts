import { describe, expect, test } from "bun:test";
import { canonicalJson } from "../../../lib/core/canonical-json.ts";

function fromBits(hex: string): number {
  const view = new DataView(new ArrayBuffer(8));
  view.setBigUint64(0, BigInt(`0x${hex}`));
  return view.getFloat64(0);
}

describe("canonicalJson", () => {
  // RFC 8785 Appendix B: IEEE-754 bit patterns and their canonical text.
  const numbers: Array<[string, string]> = [
    ["0000000000000000", "0"],
    ["8000000000000000", "0"],
    ["0000000000000001", "5e-324"],
    ["8000000000000001", "-5e-324"],
    ["7fefffffffffffff", "1.7976931348623157e+308"],
    ["ffefffffffffffff", "-1.7976931348623157e+308"],
    ["4340000000000000", "9007199254740992"],
    ["c340000000000000", "-9007199254740992"],
    ["4430000000000000", "295147905179352830000"],
    ["44b52d02c7e14af5", "9.999999999999997e+22"],
    ["44b52d02c7e14af6", "1e+23"],
    ["44b52d02c7e14af7", "1.0000000000000001e+23"],
    ["444b1ae4d6e2ef4e", "999999999999999700000"],
    ["444b1ae4d6e2ef4f", "999999999999999900000"],
    ["444b1ae4d6e2ef50", "1e+21"],
    ["3eb0c6f7a0b5ed8c", "9.999999999999997e-7"],
    ["3eb0c6f7a0b5ed8d", "0.000001"],
    ["41b3de4355555553", "333333333.3333332"],
    ["41b3de4355555554", "333333333.33333325"],
    ["41b3de4355555555", "333333333.3333333"],
    ["41b3de4355555556", "333333333.3333334"],
    ["41b3de4355555557", "333333333.33333343"],
    ["becbf647612f3696", "-0.0000033333333333333333"],
    ["43143ff3c1cb0959", "1424953923781206.2"],
  ];
  test.each(numbers)("serializes the number with bits %s as %s", (bits, text) => {
    expect(canonicalJson(fromBits(bits))).toBe(text);
  });

  test.each([["7fffffffffffffff"], ["7ff0000000000000"], ["fff0000000000000"]])(
    "rejects the non-finite number with bits %s",
    (bits) => {
      expect(() => canonicalJson(fromBits(bits))).toThrow("number is not finite");
    },
  );

  test("serializes the RFC 8785 section 3.2.2 sample", () => {
    const input = JSON.parse(
      '{"numbers":[333333333.33333329,1E30,4.50,2e-3,0.000000000000000000000000001],"string":"\\u20ac$\\u000F\\u000aA\'\\u0042\\u0022\\u005c\\\\\\"\\/","literals":[null,true,false]}',
    );
    expect(canonicalJson(input)).toBe(
      '{"literals":[null,true,false],"numbers":[333333333.3333333,1e+30,4.5,0.002,1e-27],"string":"€$\\u000f\\nA\'B\\"\\\\\\\\\\"/"}',
    );
  });

  test("sorts keys by UTF-16 code units (RFC 8785 section 3.2.3 sample)", () => {
    const input = {
      "\u20ac": "Euro Sign",
      "\r": "Carriage Return",
      "\ufb33": "Hebrew Letter Dalet With Dagesh",
      "1": "One",
      "\ud83d\ude00": "Emoji: Grinning Face",
      "\u0080": "Control",
      "\u00f6": "Latin Small Letter O With Diaeresis",
    };
    expect(canonicalJson(input)).toBe(
      '{"\\r":"Carriage Return","1":"One","\u0080":"Control","\u00f6":"Latin Small Letter O With Diaeresis","\u20ac":"Euro Sign","\ud83d\ude00":"Emoji: Grinning Face","\ufb33":"Hebrew Letter Dalet With Dagesh"}',
    );
  });

  test("drops undefined object members like JSON does", () => {
    expect(canonicalJson({ b: 1, a: undefined })).toBe('{"b":1}');
  });

  test.each([
    ["a lone surrogate", "\ud800"],
    ["a bigint", 1n],
    ["a function", () => 1],
    ["undefined", undefined],
    ["a Date", new Date(0)],
    ["a nested lone surrogate key", { ["\udfff"]: 1 }],
  ])("rejects %s", (_name, value) => {
    expect(() => canonicalJson(value)).toThrow("Cannot canonicalize JSON");
  });

  test("is stable under key reordering for random documents", () => {
    let seed = 42;
    const rand = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const make = (depth: number): unknown => {
      const r = rand();
      if (depth > 3 || r < 0.3) return [null, true, false, rand() * 1e6 - 5e5, `s${Math.floor(rand() * 100)}\u00e9`][Math.floor(rand() * 5)];
      if (r < 0.6) return Array.from({ length: Math.floor(rand() * 4) }, () => make(depth + 1));
      const obj: Record<string, unknown> = {};
      for (let i = 0; i < 4; i++) obj[`k${Math.floor(rand() * 50)}`] = make(depth + 1);
      return obj;
    };
    const shuffle = (v: unknown): unknown => {
      if (Array.isArray(v)) return v.map(shuffle);
      if (v && typeof v === "object") return Object.fromEntries(Object.entries(v).reverse().map(([k, x]) => [k, shuffle(x)]));
      return v;
    };
    for (let i = 0; i < 200; i++) {
      const doc = make(0);
      const text = canonicalJson(doc);
      expect(canonicalJson(shuffle(doc))).toBe(text);
      expect(canonicalJson(JSON.parse(text))).toBe(text);
    }
  });
});
