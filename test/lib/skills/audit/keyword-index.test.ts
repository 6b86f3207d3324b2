import { describe, expect, test } from "bun:test";
import { KeywordSet } from "../../../../lib/skills/audit/keyword-index.ts";
import { ScanFile } from "../../../../lib/skills/audit/scan-file.ts";

// What the automaton must agree with: a search per keyword, line by line, case-folded for ASCII.
function naive(text: string, keywords: readonly string[]): number[] {
  return text.split("\n").flatMap((line, i) => (keywords.some((k) => line.replace(/[A-Z]/g, (c) => c.toLowerCase()).includes(k)) ? [i] : []));
}

const SETS = {
  overlapping: new KeywordSet(["he", "she", "his", "hers"]),
  shells: new KeywordSet(["sh -c", "bash", "| sh", "curl"]),
  punctuation: new KeywordSet(["../", "..\\", "<!--", ":|:", "*"]),
};

describe("KeywordSet lines agree with a search per keyword", () => {
  const rows: Array<[string, keyof typeof SETS, string]> = [
    ["overlaps and suffixes", "overlapping", "ushers\nhis\nnothing\nHERS\n"],
    ["case folding", "shells", "CURL -s x | SH\nBash\nsh  -c\n"],
    ["a keyword split by a non-ASCII letter", "shells", "cu\u0433l\nc\u00fcrl\ncurl\u00e9\n"],
    ["punctuation keywords", "punctuation", "see ../x\n:(){ :|:& };:\n<!-- x\n**bold**\n"],
    ["CRLF line ends", "shells", "echo\r\ncurl x\r\n"],
    ["an empty file", "overlapping", ""],
  ];
  for (const [name, set, text] of rows) {
    test(name, () => expect(new ScanFile("f.sh", text).linesWith(SETS[set])).toEqual(naive(text.replaceAll("\r\n", "\n"), SETS[set].keywords)));
  }

  test("on seeded random text", () => {
    const alphabet = ["he", "rs", "s", "h", "i", "cu", "rl", " ", "\n", "|", "-c", "ba", "Sh", "é", ".", "/", "*", "<!", "--"];
    let seed = 7;
    for (let round = 0; round < 50; round++) {
      let text = "";
      for (let i = 0; i < 400; i++) text += alphabet[(seed = (seed * 1103515245 + 12345) >>> 0) % alphabet.length];
      for (const set of Object.values(SETS)) expect(new ScanFile("f.sh", text).linesWith(set)).toEqual(naive(text, set.keywords));
    }
  });

  test("a set created after a file was scanned is still found", () => {
    const file = new ScanFile("f.sh", "one\nlate-keyword-xyz\n");
    expect(file.linesWith(SETS.shells)).toEqual([]);
    expect(file.linesWith(new KeywordSet(["late-keyword-xyz"]))).toEqual([1]);
  });
});

describe("KeywordSet refuses", () => {
  for (const bad of ["", "Curl", "c\u00fcrl", "tab\there"]) test(JSON.stringify(bad), () => expect(() => new KeywordSet([bad])).toThrow("Cannot use"));
});
