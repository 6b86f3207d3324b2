import { expect, test } from "bun:test";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { loadExemptions, parseExemptions } from "../../../../lib/guard/span/exemptions.ts";
import { useTempDirs } from "../../../support/temp-dir.ts";

const tempDir = useTempDirs("span-ex-");

const A = "a".repeat(64);
const B = "B".repeat(64);

// [what, file text, exempted digests, diagnostic codes]
const ROWS: Array<[string, string, string[], string[]]> = [
  ["a one-line array", `values = ["sha256:${A}"]`, [A], []],
  ["a multi-line array with comments", `# exemptions\nversion = 1\nvalues = [\n  "sha256:${A}", # ci token\n  'sha256:${B}',\n]`, [A, B.toLowerCase()], []],
  ["an unknown key", `values = ["sha256:${A}"]\nallow_all = true`, [A], ["EXEMPTION_UNKNOWN_KEY"]],
  ["a bare line", `values = ["sha256:${A}"]\njust some words`, [A], ["EXEMPTION_BARE_LINE"]],
  ["a value given in plain text", `values = ["hunter2-plaintext", "sha256:${A}"]`, [A], ["EXEMPTION_INVALID_VALUE"]],
  ["a short digest", `values = ["sha256:abc"]`, [], ["EXEMPTION_INVALID_VALUE"]],
  ["a table", `[allow]\nvalues = ["sha256:${A}"]`, [], ["EXEMPTION_UNKNOWN_TABLE"]],
  ["an unclosed array", `values = [\n"sha256:${A}",`, [A], ["EXEMPTION_SYNTAX"]],
  ["a future version", `version = 2\nvalues = ["sha256:${A}"]`, [A], ["EXEMPTION_UNSUPPORTED_VERSION"]],
  ["values that are not an array", `values = "sha256:${A}"`, [], ["EXEMPTION_SYNTAX"]],
  ["an empty file", "", [], []],
];

test.each(ROWS)("the exemption parser reads %s", (_what, text, digests, codes) => {
  const parsed = parseExemptions(text);
  expect([...parsed.sha256].sort()).toEqual([...digests].sort());
  expect<string[]>(parsed.diagnostics.map((d) => d.code)).toEqual(codes);
});

test("diagnostics never quote the file", () => {
  const parsed = parseExemptions('values = ["hunter2-plaintext"]\nsecret_thing = "hunter2-plaintext"\nhunter2-plaintext');
  expect(JSON.stringify(parsed.diagnostics)).not.toContain("hunter2");
  expect(parsed.diagnostics).toHaveLength(3);
});

test("a workspace without the file has no exemptions and no diagnostics", () => {
  expect(loadExemptions(tempDir())).toEqual({ file: null, sha256: new Set(), diagnostics: [] });
});

test("an unreadable, oversized or non-UTF-8 file is ignored with one diagnostic", () => {
  const cases: Array<[string | Buffer, string]> = [
    [Buffer.from([0xff, 0xfe, 0x00]), "EXEMPTION_SYNTAX"],
    ["#".repeat(70_000), "EXEMPTION_TOO_LARGE"],
  ];
  for (const [content, code] of cases) {
    const root = tempDir();
    mkdirSync(join(root, ".agent-guard"));
    writeFileSync(join(root, ".agent-guard", "exfil-allow.toml"), content);
    expect<string[]>(loadExemptions(root).diagnostics.map((d) => d.code)).toEqual([code]);
  }
  const dirInstead = tempDir();
  mkdirSync(join(dirInstead, ".agent-guard", "exfil-allow.toml"), { recursive: true });
  expect(loadExemptions(dirInstead).diagnostics.map((d) => d.code)).toEqual(["EXEMPTION_UNREADABLE"]);
});
