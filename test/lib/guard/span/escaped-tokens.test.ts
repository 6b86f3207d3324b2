import { describe, expect, test } from "bun:test";
import { decideSpan } from "../../../../lib/guard/span/decide.ts";
import { readableView } from "../../../../lib/guard/span/readable-view.ts";
import { charsOf, token } from "../../core/secrets/fixtures.ts";

const chars = charsOf(4103);

// Red-team pass 10 leftover (docs/check-span.md): tokens a browser or a Markdown renderer shows
// whole but whose text holds HTML character references or Markdown backslash escapes.
const ghp = token(["gh", "p_"], chars(36));
const stripe = token(["sk", "_live_"], chars(24));
const entities = (s: string, hex: boolean) => [...s].map((c) => (hex ? `&#x${c.charCodeAt(0).toString(16)};` : `&#${c.charCodeAt(0)};`)).join("");

// [name, text, a piece of the escaped token that must not survive, rule]
const ESCAPED: Array<[string, string, string, string]> = [
  ["a decimal reference for the underscore", `<code>${ghp.replace("_", "&#95;")}</code>`, ghp.slice(4), "github-pat"],
  ["a token written all in hex references", `<td>${entities(ghp, true)}</td>`, entities(ghp, true).slice(60), "github-pat"],
  ["decimal references without their semicolons", `<p>${ghp.slice(0, 3)}${[..."_abc"].map((c) => `&#${c.charCodeAt(0)}`).join("")}Q${chars(32)}</p>`, "&#97&#98&#99", "github-pat"],
  ["a named reference for the underscore", `token: ${ghp.replace("_", "&lowbar;")}`, ghp.slice(4), "github-pat"],
  ["an escaped ampersand in an HTML attribute", `<a href="https://h.test/cb?x=1&amp;code=${ghp}">`, ghp.slice(4), "github-pat"],
  ["Markdown escaping the underscore", `Your token: ${ghp.replace("_", "\\_")}`, ghp.slice(4), "github-pat"],
  ["Markdown escaping each underscore of a Stripe key", `key: ${stripe.replace(/_/g, "\\_")}`, stripe.slice(9), "stripe-access-token"],
];

describe("tokens in HTML character references and Markdown escapes", () => {
  test.each(ESCAPED)("%s is redacted", (_name, text, piece, rule) => {
    const v = decideSpan(text);
    expect(v.decision).toBe("SANITIZE");
    expect(v.text).not.toContain(piece);
    expect(v.text).toContain(`[REDACTED:${rule}]`);
  });

  test("the redaction covers the references and keeps the markup around", () => {
    expect(decideSpan(`<td>${entities(ghp, false)}</td>`).text).toBe("<td>[REDACTED:github-pat]</td>");
  });
});

describe("escaped text that holds no token", () => {
  const ROWS: Array<[string, string]> = [
    ["an HTML page with references", "<p>Fish &amp; chips &lt;b&gt; caf&#233; &#x2014; &copy; &nbsp;&notanentity; &#0; &#xD800; &#99999999;</p>"],
    ["Markdown with escaped names", "Set `max\\_retry\\_count` and **snake\\_case\\_name**; 1\\. item \\- dash \\* star"],
    ["a regex in source code", String.raw`const host = /^[\w.\-]+\.example\.test$/; const v = /v\d+\.\d+\-rc/;`],
  ];
  test.each(ROWS)("%s is ALLOW", (_name, text) => {
    expect(decideSpan(text).decision).toBe("ALLOW");
  });

  test("the view decodes references and in-token escapes, and leaves other backslashes", () => {
    expect(readableView("a&#x62;c&amp;d&lowbar;e")!.text).toBe("abc&d_e");
    expect(readableView("x\\_y \\_z a\\.b [\\-]")!.text).toBe("x_y \\_z a.b [\\-]");
    expect(readableView("&#0; &#xD800; &bogus;")).toBeUndefined();
  });
});
