import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { join } from "node:path";
import type { ArmWorkspace } from "../../../lib/evals/agent-runner.ts";
import { prepareArmWorkspace, removeArmWorkspace } from "../../../lib/evals/arm-workspace.ts";
import { CodexRunner } from "../../../lib/evals/codex-runner.ts";
import { codexBinary, makeCodexHome, MOCK_KEY_ENV } from "../../support/codex-home.ts";
import { REPO } from "../../support/run-cli.ts";
import { type ScriptedModel, startScriptedModel } from "./_scripted-model.ts";

const SKILL = join(REPO, "test", "fixtures", "evals", "csv-summary");

describe("CodexRunner with the real Codex CLI", () => {
  let model: ScriptedModel;
  let home: string;
  let runner: CodexRunner;
  let ws: ArmWorkspace;
  beforeAll(async () => {
    // An explicit `$csv-summary` gets a plain answer; the judge prompt gets a JSON verdict.
    model = startScriptedModel("csv-summary", (v) =>
      v.prompt.includes("<rubric>") ? { say: 'Checked README.md.\n{"pass": true, "evidence": "README.md mentions data/sales.csv"}' } : { say: "Done." },
    );
    home = makeCodexHome(model.baseUrl, undefined, false);
    runner = new CodexRunner({ PATH: process.env.PATH, LEOGRIEL_CODEX: codexBinary(), LEOGRIEL_CODEX_CONFIG: join(home, "config.toml"), [MOCK_KEY_ENV]: "dummy", OPENAI_API_KEY: "" });
    ws = await prepareArmWorkspace({ config: "with_skill", skill: "csv-summary", skillDir: SKILL, skillExcludes: ["tests.yaml", "fixtures"], fixture: join(SKILL, "fixtures", "sales") });
  });
  afterAll(async () => {
    removeArmWorkspace(ws);
    await model.stop();
    rmSync(home, { recursive: true, force: true });
  });

  test("counts an explicit $skill mention as use, from the <skill> message in Codex's rollout", async () => {
    const auth = runner.resolveAuth();
    expect(auth.source).toBe(`env:${MOCK_KEY_ENV}`);
    const result = await runner.run({ prompt: "Use $csv-summary on data/sales.csv.", model: "mock-model", network: "deny", timeoutMs: 30_000, skill: "csv-summary", workspace: ws, auth });
    expect([result.status, result.finalMessage, result.commands]).toEqual(["completed", "Done.", []]);
    expect(result.triggerEvidence.map((e) => [e.kind, e.tier])).toEqual([["explicit", "confirmed"]]);
    expect([result.skillTriggered, result.foreignSkillCopies]).toEqual([true, []]);
  }, 30_000);

  test("judges a finished workspace read-only and returns the judge's verdict", async () => {
    const verdict = await runner.judge({ model: "judge-model", rubric: "The README names the data file.", timeoutMs: 30_000, workspace: ws, auth: runner.resolveAuth(), finalMessage: "Done." });
    expect(verdict).toEqual({ pass: true, evidence: "README.md mentions data/sales.csv" });
  }, 30_000);
});
