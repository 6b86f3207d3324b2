import { expect, test } from "bun:test";
import { secretFindings } from "../../../../../lib/skills/audit/rules/secret-rules.ts";
import { charsOf, token } from "../../../core/secrets/fixtures.ts";

const chars = charsOf(4107);
// A fake token built at run time; the finding must name its encoding and never its value.
const ghp = token(["gh", "p_"], chars(36));

test.each([
  ["hex", Buffer.from(`token ${ghp}`).toString("hex")],
  ["base64", Buffer.from(`token ${ghp}`).toString("base64")],
])("a token inside %s-encoded text is reported with its encoding", (encoding, encoded) => {
  const [finding, ...rest] = secretFindings(`value: ${encoded}\n`, false);
  expect(rest).toEqual([]);
  expect(finding!.message).toBe(`Hardcoded credential (github-pat) inside ${encoding}-encoded text`);
  expect(JSON.stringify(finding)).not.toContain(encoded);
});
