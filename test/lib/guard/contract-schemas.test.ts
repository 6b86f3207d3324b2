import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { classify } from "../../../lib/guard/classify.ts";
import { CheckDecision } from "../../../lib/guard/contract-schemas.ts";
import { toDecisionJson } from "../../../lib/guard/decision-json.ts";
import { REASONS } from "../../../lib/guard/reasons.ts";
import { useGuardFixture } from "../../fixtures/check/workspace.ts";

const fx = useGuardFixture();
const DOC = readFileSync(join(import.meta.dir, "..", "..", "..", "docs", "contracts", "check-reason-codes-v1.md"), "utf8");

describe("check contracts", () => {
  for (const command of ["ls", "rm -rf /", "rm -rf build", "git reset --hard", "git stash clear", "echo 'open", "rm -rf $X; cat ~/.ssh/id_rsa"]) {
    test(`the decision for ${JSON.stringify(command)} matches the published schema`, () => {
      const json = toDecisionJson(classify({ command, cwd: fx.ws, env: fx.env }));
      expect(CheckDecision.safeParse(json).success).toBe(true);
    });
  }

  test("an unusable dialect still yields a schema-valid decision", () => {
    expect(CheckDecision.safeParse(toDecisionJson(classify({ command: "ls", cwd: fx.ws, env: fx.env, dialect: "??" }))).success).toBe(true);
  });

  for (const [code, [decision, explanation]] of Object.entries(REASONS)) {
    test(`reason ${code} is documented with its class and explanation`, () => {
      expect(DOC).toContain(`| \`${code}\` | ${decision} |`);
      expect(DOC).toContain(explanation);
    });
  }
});
