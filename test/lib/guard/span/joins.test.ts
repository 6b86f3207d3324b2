import { describe, expect, test } from "bun:test";
import { valueSha256 } from "../../../../lib/core/secrets/finding-hash.ts";
import { scanToolOutput } from "../../../../lib/guard/hooks/scan-output.ts";
import { decideSpan } from "../../../../lib/guard/span/decide.ts";
import { ALNUM, charsOf, HEX, token } from "../../core/secrets/fixtures.ts";

const chars = charsOf(4104);

// Red-team pass 10 leftover (docs/check-span.md): a token hard-wrapped at a fixed column or split
// between two strings a reader concatenates. Every value is generated at run time.
const ghp = token(["gh", "p_"], chars(36));
const npm = token(["np", "m_"], chars(36));
const glpat = token(["gl", "pat-"], chars(20));
const jwt = `eyJ${chars(30)}.eyJ${chars(60)}.${chars(43)}`;
/** Breaks every line of `text` after each `width` characters, as `fold -w` or a terminal does. */
const fold = (text: string, width: number, eol = "\n") => text.replace(new RegExp(`(.{${width}})(?=.)`, "g"), `$1${eol}`);

// [name, text, the pieces of the token that must not survive, rule]
const SPLIT: Array<[string, string, string[], string]> = [
  ["a token wrapped by an 80-column terminal", fold(`${"x".repeat(60)} token ${ghp} end`, 80), [ghp.slice(0, 13), ghp.slice(13)], "github-pat"],
  ["a token folded at 20 columns over three lines", fold(ghp, 20), [ghp.slice(0, 20), ghp.slice(20)], "github-pat"],
  ["a token wrapped with CRLF", fold(`value: ${npm}`, 30, "\r\n"), [npm.slice(0, 23), npm.slice(23)], "npm-access-token"],
  ["a JWT wrapped at 64 columns", fold(jwt, 64), [jwt.slice(0, 64), jwt.slice(64, 128)], "jwt"],
  ["a token in two items of a JSON array", JSON.stringify({ parts: [ghp.slice(0, 18), ghp.slice(18)] }), [ghp.slice(0, 18), ghp.slice(18)], "github-pat"],
  ["a token in two concatenated literals", `const t = '${glpat.slice(0, 12)}' +\n  '${glpat.slice(12)}';`, [glpat.slice(0, 12), glpat.slice(12)], "gitlab-pat"],
  // Session 7: three and more pieces.
  ["a token in three concatenated literals", `const t = '${ghp.slice(0, 10)}' +\n  '${ghp.slice(10, 24)}' +\n  '${ghp.slice(24)}';`, [ghp.slice(0, 10), ghp.slice(10, 24), ghp.slice(24)], "github-pat"],
  ["a token in four items of a JSON array", JSON.stringify({ parts: [ghp.slice(0, 8), ghp.slice(8, 17), ghp.slice(17, 30), ghp.slice(30)] }), [ghp.slice(0, 8), ghp.slice(8, 17), ghp.slice(17, 30), ghp.slice(30)], "github-pat"],
];

describe("tokens hard-wrapped or split in one text", () => {
  test.each(SPLIT)("%s is redacted whole", (_name, text, pieces, rule) => {
    const v = decideSpan(text);
    expect(v.decision).toBe("SANITIZE");
    expect(v.text).toContain(`[REDACTED:${rule}]`);
    for (const piece of pieces) expect(v.text).not.toContain(piece);
  });

  test("the redaction covers the token's lines and keeps the text around it", () => {
    const v = decideSpan(`head\n${fold(ghp, 24)}\ntail`);
    expect(v.text).toBe("head\n[REDACTED:github-pat]\ntail");
    expect(v.findings[0]).toMatchObject({ line: 2, column: 1 });
  });

  test("an exempted token stays exempted when wrapped or split", () => {
    const exemptSha256 = new Set([valueSha256(ghp)]);
    expect(decideSpan(fold(ghp, 20), { mode: "block", exemptSha256 }).reason).toBe("ALLOW_EXEMPTED");
    expect(scanToolOutput([ghp.slice(0, 15), ghp.slice(15)], { mode: "block", exemptSha256 }).reason).toBe("ALLOW_EXEMPTED");
  });

  test("a whole token at a line's end does not take the next line's word", () => {
    expect(decideSpan(`${ghp}\nnextword and more`).text).toBe("[REDACTED:github-pat]\nnextword and more");
    expect(decideSpan(JSON.stringify([ghp, "nextword"])).text).toBe('["[REDACTED:github-pat]","nextword"]');
  });
});

// A secret scanner's own source lists the prefixes it looks for; run together they have a token's shape.
const PREFIXES = ["AKIA", "ASIA", ["gh", "p_"].join(""), "gho_", ["github", "_pat_"].join(""), ["gl", "pat-"].join(""), "xox", "npm_", "pypi-", "rk_", "sk-", "sk_", "gsk_", "xai-", "pplx-", "tgp_v1_", "fw_", "tp-", "psk-"];

describe("wrapped and listed text that holds no token stays as it is", () => {
  const ROWS: Array<[string, string]> = [
    ["prose wrapped at 72 columns", fold("The configuration_manager_service reloads its settings_cache_directory whenever the environment_variable_names change; nothing else happens. ".repeat(4), 72)],
    ["hex digests folded at 32", fold(chars(64 * 8, HEX), 32)],
    ["random text folded at 40 columns", fold(chars(400, ALNUM), 40)],
    ["a JSON array of digests", JSON.stringify(Array.from({ length: 8 }, () => chars(40, HEX)))],
    ["a JSON array of identifiers", JSON.stringify(Array.from({ length: 8 }, () => `sk_${chars(10, "abcdefghij")}`))],
    ["two parts of a name in a structured pair", JSON.stringify({ first: "ghp", second: chars(36) })],
    ["a scanner's list of token prefixes", `const PREFIXES = ${JSON.stringify(PREFIXES)};`],
  ];
  test.each(ROWS)("%s is ALLOW", (_name, text) => {
    expect(decideSpan(text).decision).toBe("ALLOW");
  });
});

describe("a token split across two strings of a structured tool result", () => {
  const half = 15;
  test.each([
    ["two adjacent array items", { parts: [ghp.slice(0, half), ghp.slice(half)] }],
    ["two consecutive fields", { tokenPrefix: ghp.slice(0, half), tokenRest: ghp.slice(half) }],
    ["the end of one line and the start of the next item", { lines: [`export GH=${ghp.slice(0, half)}`, `${ghp.slice(half)} # set`] }],
  ])("%s: both parts are redacted, or withheld", (_name, output) => {
    const s = scanToolOutput(output, { mode: "sanitize" });
    expect(s.reason).toBe("SANITIZE_SECRET");
    expect(s.counts).toEqual({ "github-pat": 2 });
    const shown = JSON.stringify(s.visible);
    expect(shown).not.toContain(ghp.slice(0, half));
    expect(shown).not.toContain(ghp.slice(half));
    const b = scanToolOutput(output, { mode: "block" });
    expect(b.reason).toBe("BLOCK_SECRET");
    expect(JSON.stringify(b.visible)).not.toContain(ghp.slice(half));
  });

  test.each([
    ["three adjacent array items", [ghp.slice(0, 9), ghp.slice(9, 24), ghp.slice(24)]],
    ["five adjacent array items", [ghp.slice(0, 7), ghp.slice(7, 15), ghp.slice(15, 23), ghp.slice(23, 31), ghp.slice(31)]],
  ])("%s: every part is redacted, or withheld", (_name, parts) => {
    const s = scanToolOutput({ parts }, { mode: "sanitize" });
    expect(s.reason).toBe("SANITIZE_SECRET");
    expect(s.counts).toEqual({ "github-pat": parts.length });
    expect(s.visible).toEqual({ parts: parts.map(() => "[REDACTED:github-pat]") });
    const b = scanToolOutput({ parts, note: "ordinary words" }, { mode: "block" });
    expect(b.reason).toBe("BLOCK_SECRET");
    const shown = JSON.stringify(b.visible);
    for (const part of parts) expect(shown).not.toContain(part);
  });

  test("three parts among other strings: only the parts are redacted", () => {
    const output = { lines: ["head line", `export GH=${ghp.slice(0, 12)}`, ghp.slice(12, 26), `${ghp.slice(26)} # set`, "tail line"] };
    expect(scanToolOutput(output, { mode: "sanitize" }).visible).toEqual({
      lines: ["head line", "export GH=[REDACTED:github-pat]", "[REDACTED:github-pat]", "[REDACTED:github-pat] # set", "tail line"],
    });
  });

  test("the text around the parts is kept", () => {
    const s = scanToolOutput({ lines: [`export GH=${ghp.slice(0, half)}`, `${ghp.slice(half)} # set`] }, { mode: "sanitize" });
    expect(s.visible).toEqual({ lines: ["export GH=[REDACTED:github-pat]", "[REDACTED:github-pat] # set"] });
  });

  test("a structured list of token prefixes is no token", () => {
    expect(scanToolOutput({ prefixes: PREFIXES }, { mode: "block" }).reason).toBe("ALLOW_NO_SECRET");
  });

  test("neighbours that are not strings, and harmless neighbours, change nothing", () => {
    const output = { items: [ghp.slice(0, half), 42, ghp.slice(half)], a: "ordinary", b: "words" };
    expect(scanToolOutput(output, { mode: "block" }).reason).toBe("ALLOW_NO_SECRET");
  });
});
