import { describe, expect, test } from "bun:test";
import { ScanFile, type Region } from "../../../../lib/skills/audit/scan-file.ts";

// The per-line walk the regions must reproduce: fences (``` or ~~~, closed by a line starting
// with the same fence) are code; HTML comments, opened and closed anywhere, are comments.
function reference(text: string): Region[] {
  const out: Region[] = [];
  let fence: string | undefined;
  let comment = false;
  for (const line of text.split("\n")) {
    const trimmed = line.trimStart();
    if (fence !== undefined) {
      out.push("code");
      if (trimmed.startsWith(fence)) fence = undefined;
      continue;
    }
    const open = /^(`{3,}|~{3,})/.exec(trimmed);
    if (open && !comment) {
      fence = open[1]!;
      out.push("code");
      continue;
    }
    const opens = line.includes("<!--");
    out.push(comment || opens ? "comment" : "prose");
    if (opens) comment = !line.slice(line.lastIndexOf("<!--")).includes("-->");
    else if (comment && line.includes("-->")) comment = false;
  }
  return out;
}

const regions = (text: string) => {
  const file = new ScanFile("doc.md", text);
  return text.split("\n").map((_, i) => file.region(i));
};

describe("Markdown regions", () => {
  const rows: Array<[string, string]> = [
    ["a plain fence", "text\n```bash\ncurl x\n```\nafter\n"],
    ["a tilde fence holding backticks", "~~~~\n```\nstill code\n~~~~\nprose\n"],
    ["a longer closing fence", "```\ncode\n`````\nprose\n"],
    ["a shorter line does not close a long fence", "````\n```\ncode\n````\n"],
    ["an indented fence", "  ```\n  code\n  ```\n"],
    ["a comment over lines", "a\n<!-- hidden\nstill hidden\n-->\nb\n"],
    ["a comment opened and closed twice on a line", "<!-- a --> x <!-- b\nhidden\n--> c\n"],
    ["a comment marker inside a fence", "```\n<!--\n```\nprose\n"],
    ["a fence inside a comment", "<!--\n```\n-->\nprose\n"],
    ["an unterminated fence", "```\ncode\ncode\n"],
    ["no markers at all", "one\ntwo\n"],
  ];
  for (const [name, text] of rows) test(name, () => expect(regions(text)).toEqual(reference(text)));

  test("agree with the line walk on seeded random documents", () => {
    const pool = ["```", "~~~", "````", "  ```js", "<!--", "-->", "<!-- x -->", "text", "", "- item", "x <!-- y", "z --> w", "~~~~~"];
    let seed = 11;
    for (let round = 0; round < 200; round++) {
      const lines: string[] = [];
      for (let i = 0; i < 30; i++) lines.push(pool[(seed = (seed * 1103515245 + 12345) >>> 0) % pool.length]!);
      const text = lines.join("\n");
      expect(regions(text)).toEqual(reference(text));
    }
  });
});
