import { describe, expect, test } from "bun:test";
import { splitShellCommands } from "../../../lib/evals/shell-words.ts";

describe("splitShellCommands", () => {
  const ROWS: Array<[string, string[][]]> = [
    ["cat SKILL.md", [["cat", "SKILL.md"]]],
    ["cat 'my file.md' \"other file\"", [["cat", "my file.md", "other file"]]],
    ["cd a && cat b; head -n 3 c | wc -l", [["cd", "a"], ["cat", "b"], ["head", "-n", "3", "c"], ["wc", "-l"]]],
    ["a || b & c", [["a"], ["b"], ["c"]]],
    ["echo hi > SKILL.md", [["echo", "hi"]]],
    ["cat x >> out 2>&1", [["cat", "x"]]],
    ["sort < in.txt > out.txt", [["sort"]]],
    ["cat a\\ b", [["cat", "a b"]]],
    ['echo "a \\"quoted\\" \\$HOME"', [["echo", 'a "quoted" $HOME']]],
    ["(cd dir; cat f)", [["cd", "dir"], ["cat", "f"]]],
    ["cat f # cat secret", [["cat", "f"]]],
    ["echo a#b", [["echo", "a#b"]]],
    ["line1\nline2 arg", [["line1"], ["line2", "arg"]]],
    ["cat 'unterminated", [["cat", "unterminated"]]],
    ['cat "unterminated', [["cat", "unterminated"]]],
    ["", []],
    [";;&&||", []],
    ["cat ''", [["cat", ""]]],
  ];

  test.each(ROWS)("splits %j", (script, expected) => {
    expect(splitShellCommands(script)).toEqual(expected);
  });
});
