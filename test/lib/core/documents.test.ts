import { describe, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { parseJsonText, readJsonFile, readTextFile } from "../../../lib/core/json-file.ts";
import { parseStrictYaml } from "../../../lib/core/yaml-file.ts";
import { useTempDirs } from "../../support/temp-dir.ts";

const tempDir = useTempDirs();
const Doc = z.strictObject({ name: z.string(), count: z.number().int() });

describe("JSON documents", () => {
  test("reads and validates a document", () => {
    const path = join(tempDir(), "d.json");
    writeFileSync(path, '{"name":"a","count":2}');
    expect(readJsonFile(path, Doc)).toEqual({ name: "a", count: 2 });
  });

  test.each([
    ["malformed JSON", '{"name": "a",\n  "count": }', "invalid_json", /line 2/],
    ["an unknown key", '{"name":"a","count":1,"extra":true}', "invalid_document", /extra/],
    ["a wrong type", '{"name":"a","count":"1"}', "invalid_document", /count/],
    ["invalid UTF-8", Buffer.from([0x7b, 0xff, 0x7d]), "invalid_utf8", /UTF-8/],
  ])("refuses %s with a typed error", (_name, content, code, message) => {
    const path = join(tempDir(), "d.json");
    writeFileSync(path, content);
    expect(() => readJsonFile(path, Doc, { label: "d.json" })).toThrow(expect.objectContaining({ code, message: expect.stringMatching(message) }));
  });

  test("refuses a file over the size limit before reading it", () => {
    const path = join(tempDir(), "big.json");
    writeFileSync(path, `"${"x".repeat(2000)}"`);
    expect(() => readTextFile(path, { maxBytes: 1000 })).toThrow(expect.objectContaining({ code: "file_too_large" }));
  });

  test("reports a missing file as file_not_found", () => {
    expect(() => readTextFile(join(tempDir(), "none"))).toThrow(expect.objectContaining({ code: "file_not_found" }));
  });

  test("never throws anything but a typed error on random text", () => {
    let seed = 7;
    const rand = () => ((seed = (seed * 48271) % 2147483647) / 2147483647);
    const alphabet = '{}[]",:0123456789truefalsnl \n\\u';
    for (let i = 0; i < 500; i++) {
      const text = Array.from({ length: Math.floor(rand() * 30) }, () => alphabet[Math.floor(rand() * alphabet.length)]).join("");
      try {
        parseJsonText(text, "fuzz");
      } catch (err) {
        expect(err).toMatchObject({ code: "invalid_json" });
      }
    }
  });
});

describe("strict YAML", () => {
  test("parses a mapping", () => {
    expect(parseStrictYaml("version: 1\nskill: pdf\n", "t.yaml")).toEqual({ version: 1, skill: "pdf" });
  });

  test.each([
    ["duplicate keys", "a: 1\na: 2\n", /line 2/],
    ["an unresolved tag", "a: !shell rm\n", /tag/i],
    ["an empty document", "", /empty/],
    ["a comment-only document", "# nothing\n", /empty/],
    ["two documents", "a: 1\n---\nb: 2\n", /document/i],
    ["bad indentation", "a:\n  b: 1\n c: 2\n", /line/],
  ])("refuses %s", (_name, text, message) => {
    expect(() => parseStrictYaml(text, "t.yaml")).toThrow(expect.objectContaining({ code: "invalid_yaml", message: expect.stringMatching(message) }));
  });

  test("refuses an alias bomb", () => {
    const lines = ["a: &a [x, x, x, x, x, x, x, x, x, x]"];
    for (let i = 0; i < 8; i++) lines.push(`${String.fromCharCode(98 + i)}: &${String.fromCharCode(98 + i)} [${Array(10).fill(`*${String.fromCharCode(97 + i)}`).join(", ")}]`);
    expect(() => parseStrictYaml(`${lines.join("\n")}\n`, "bomb.yaml")).toThrow(expect.objectContaining({ code: "invalid_yaml" }));
  });
});

describe("JSON error location", () => {
  test.each([
    ['{"a": }', 1, 7],
    ['{\n  "a": 1,\n  "b": tru\n}', 3, 8],
    ['[1, 2,]', 1, 7],
    ['{"a": "x\ny"}', 1, 9],
    ['{"a": 1} x', 1, 10],
  ])("points at the first error in %j", (text, line, column) => {
    expect(() => parseJsonText(text, "t")).toThrow(`line ${line}, column ${column}`);
  });
});
