import { describe, expect, test } from "bun:test";
import { runHook } from "../../../lib/guard/hooks/run-hook.ts";
import type { SpanMode } from "../../../lib/guard/span/reasons.ts";
import { useGuardFixture } from "../../fixtures/check/workspace.ts";
import { ALNUM, chars, charsOf, token } from "../core/secrets/fixtures.ts";
import { DUMPS } from "../core/secrets/hex-dumps.ts";

// Red-team pass 10 (docs/check-span.md): structured tool results (MCP structuredContent, JSON
// tool responses) where a credential is known by its property name, or is a property name.
const fx = useGuardFixture();
const ghp = token(["gh", "p_"], chars(36));
const akia = token(["AK", "IA"], chars(16, "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"));
const awsSecret = chars(40, `${ALNUM}/+`);
const password = `Pw${chars(18)}`;
// The leftover rows draw from their own stream, so the values above and in later files stay.
const own = charsOf(4106);
const keyLines = Array.from({ length: 12 }, () => own(64, `${ALNUM}+/`));
const key = `-----BEGIN OPENSSH PRIVATE KEY-----\n${keyLines.join("\n")}\n-----END OPENSSH PRIVATE KEY-----\n`;
const keyBase64 = Buffer.from(key).toString("base64").match(/.{1,76}/g)!.join("\n");

type PostAgent = "claude" | "codex" | "gemini";
const EVENT: Record<PostAgent, string> = { claude: "PostToolUse", codex: "PostToolUse", gemini: "AfterTool" };

async function post(agent: PostAgent, output: unknown, mode: SpanMode) {
  const body = { session_id: "s", cwd: fx.ws, hook_event_name: EVENT[agent], tool_name: "mcp__vault__read", tool_input: {}, tool_response: output };
  return runHook(agent, new TextEncoder().encode(JSON.stringify(body)), fx.env, undefined, mode);
}

// [name, tool result, the values that must not reach the model]
const ROWS: Array<[string, unknown, string[]]> = [
  ["an AWS secret key known by its property name", { structuredContent: { AccessKeyId: akia, SecretAccessKey: awsSecret } }, [akia, awsSecret]],
  ["a password property", { structuredContent: { user: "app", password } }, [password]],
  ["a token used as a property name", { structuredContent: { [ghp]: { scopes: "repo" } } }, [ghp]],
  // Leftovers of the pass (docs/check-span.md): a token split between two items, a dumped key.
  ["a token split between two array items", { structuredContent: { parts: [ghp.slice(0, 15), ghp.slice(15)] } }, [ghp.slice(0, 15), ghp.slice(15)]],
  ["a key dumped by od -c", { stdout: DUMPS["od -c"]!(new TextEncoder().encode(key)), stderr: "" }, keyLines.map((l) => [...l.slice(0, 16)].map((c) => c.padStart(4)).join(""))],
  // A string was read only behind its property name (`"stdout": "…`), where its first line is no
  // line start: a key piped through base64 lost its first wrapped line and passed.
  ["a private key piped through base64 in stdout", { stdout: `${keyBase64}\n`, stderr: "" }, keyBase64.split("\n").slice(0, 4)],
  ["a .pgpass line first in stdout", { stdout: `db.internal.test:5432:app:deploy:${password}\n`, stderr: "" }, [password]],
];

describe("red-team 10: structured tool results", () => {
  for (const agent of ["claude", "codex", "gemini"] as const) {
    for (const mode of ["sanitize", "ask", "block"] as const) {
      test.each(ROWS)(`${agent} ${mode}: %s never reaches the model`, async (_name, output, values) => {
        const a = await post(agent, output, mode);
        expect(a.stdout.trim()).not.toBe("");
        expect(a.stdout.trim()).not.toBe("{}");
        for (const value of values) {
          expect(a.stdout).not.toContain(value);
          expect(a.stderr ?? "").not.toContain(value);
        }
      });
    }
  }

  test("two tokens used as property names keep both values (their redacted names would be one)", async () => {
    const other = token(["gh", "p_"], own(36));
    const a = JSON.parse((await post("claude", { structuredContent: { [ghp]: "first", [other]: "second" } }, "sanitize")).stdout);
    const shown = a.hookSpecificOutput.updatedToolOutput.structuredContent;
    expect(Object.values(shown).sort()).toEqual(["first", "second"]);
    expect(JSON.stringify(shown)).not.toContain(ghp);
    expect(JSON.stringify(shown)).not.toContain(other);
  });

  test("a result withheld unchecked (nested too deep) does not keep a property name that holds a token", async () => {
    const deep = JSON.parse(`${"[".repeat(100)}"x"${"]".repeat(100)}`);
    for (const agent of ["claude", "codex", "gemini"] as const) {
      const a = await post(agent, { [ghp]: deep }, "sanitize");
      expect(a.stdout.toLowerCase()).toContain("withheld");
      expect(a.stdout.includes(ghp)).toBe(false);
    }
  });

  test("claude sanitize keeps the shape: names and values redacted in place", async () => {
    const a = JSON.parse((await post("claude", { structuredContent: { [ghp]: "x", password, note: "ok" } }, "sanitize")).stdout);
    expect(a.hookSpecificOutput.updatedToolOutput).toEqual({
      structuredContent: { "[REDACTED:github-pat]": "x", password: "[REDACTED:generic-api-key]", note: "ok" },
    });
  });
});
