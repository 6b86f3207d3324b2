import { expect, test } from "bun:test";
import { parsePosix } from "../../../lib/guard/posix/parser.ts";
import { shellQuote, shellWord } from "../../../lib/guard/shell-quote.ts";

/** The words `printf` receives for TEXT, with HOME=/H. */
function readBack(text: string): string[] {
  const [cmd] = parsePosix(`printf '[%s]' ${text}`, new Map([["HOME", "/H"]])).commands;
  return cmd!.argv.slice(2).map((w) => (w.dynamic ? "?" : w.value));
}

const TEXTS = ["plain", "a/b.c", "k=v", "a,b", "x:y@z", "50%+1", "-rf", "", "a b", "it's", "$HOME", "*", "{a,b}", "~", "~/x", "a\nb", "\\"];

test("shellQuote and shellWord read back as the one word they were given", () => {
  for (const text of TEXTS) {
    expect(readBack(shellQuote(text))).toEqual([text]);
    expect(readBack(shellWord(text))).toEqual([text]);
  }
});

test("shellWord leaves plain words bare and quotes the rest", () => {
  expect(shellWord("a/b.c")).toBe("a/b.c");
  expect(shellWord("k=v,x:y@z%+-")).toBe("k=v,x:y@z%+-");
  expect(shellWord("a b")).toBe("'a b'");
  expect(shellWord("")).toBe("''");
  expect(shellWord("~/x")).toBe("'~/x'");
});

test("with tilde, a bare ~ is the home folder to the shell that reads it", () => {
  expect(shellWord("~/x", true)).toBe("~/x");
  expect(readBack(shellWord("~/x", true))).toEqual(["/H/x"]);
  expect(readBack(shellWord("~/a b", true))).toEqual(["~/a b"]);
});
