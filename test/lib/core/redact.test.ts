import { afterEach, expect, test } from "bun:test";
import { basicRedactor, redactText, redactValue, redactWithCounts, setRedactor } from "../../../lib/core/redact.ts";
import { secretRedactor } from "../../../lib/core/secrets/redactor.ts";
import { chars, token } from "./secrets/fixtures.ts";

const ghp = token(["gh", "p_"], chars(36));
const slackHook = `https://hooks.slack.com/services/T${chars(8)}/B${chars(10)}/${chars(24)}`;

afterEach(() => setRedactor(secretRedactor));

test("the default redactor is the full detector, labelled by rule", () => {
  expect(redactText(`token ${ghp} and ${slackHook}`)).toBe("token [REDACTED:github-pat] and [REDACTED:slack-webhook-url]");
});

test("counts keep rule types and numbers only", () => {
  const r = redactWithCounts(`${ghp}\n${ghp}`);
  expect(r.counts).toEqual({ "github-pat": 2 });
  expect(JSON.stringify(r)).not.toContain(ghp);
});

test("redactValue walks keys, arrays and nested objects and sums the counts", () => {
  const counts: Record<string, number> = {};
  const out = redactValue({ [ghp]: [ghp, { deep: `x ${ghp}` }], n: 1, bytes: new Uint8Array([1]) }, counts);
  expect(JSON.stringify(out)).not.toContain(ghp);
  expect(counts).toEqual({ "github-pat": 3 });
  expect(out.n).toBe(1);
});

test("clean text passes unchanged", () => {
  for (const text of ["", "ok", "hello world", "const key = lookup(name);", "see http://127.0.0.1:8766/a?b=c"]) {
    expect(redactText(text)).toBe(text);
  }
});

test("setRedactor swaps the redactor and the basic one stays available", () => {
  setRedactor(basicRedactor);
  expect(redactText(`x ${ghp}`)).toBe("x [REDACTED:github-token]");
});
