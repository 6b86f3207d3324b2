import { describe, expect, test } from "bun:test";
import { type HookAgent, runHook } from "../../../lib/guard/hooks/run-hook.ts";
import { ASK_FORM, hookPayload, hookVerdict } from "../../fixtures/check/hook-answers.ts";
import { useGuardFixture } from "../../fixtures/check/workspace.ts";

const fx = useGuardFixture();
const bytes = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));


// ASK is native in Claude, Cursor and Copilot; Codex and Gemini deny with "a person must confirm".
const ASK = ASK_FORM;

describe("hook answers for data-store and infrastructure destroys", () => {
  for (const agent of Object.keys(ASK) as HookAgent[]) {
    for (const [code, command] of [
      ["ASK_DATA_STORE_DESTROY", "psql -c 'DROP DATABASE production'"],
      ["ASK_INFRA_DESTROY", "terraform destroy -auto-approve"],
    ] as const) {
      test(`${agent}: ${code} is ${ASK[agent]}, names the code and never the command`, async () => {
        const a = await runHook(agent, bytes(hookPayload(agent, command, fx.ws)), fx.env);
        expect(hookVerdict(a.stdout, a.exitCode)).toBe(ASK[agent]);
        expect(a.exitCode).toBe(0);
        expect(a.stdout).toContain(code);
        expect(a.stdout).not.toContain("DROP DATABASE");
        expect(a.stdout).not.toContain("auto-approve");
        if (ASK[agent] === "deny") expect(a.stdout).toContain("A person must confirm");
      });
    }
  }
});
