import { describe, expect, test } from "bun:test";
import { classify } from "../../../lib/guard/classify.ts";
import type { Decision } from "../../../lib/guard/decision.ts";
import { useGuardFixture } from "../../fixtures/check/workspace.ts";

// Second red-team pass: Terraform (and OpenTofu) read extra arguments from TF_CLI_ARGS and
// TF_CLI_ARGS_<command>, so `TF_CLI_ARGS_apply=-destroy terraform apply -auto-approve` destroys
// the stack although its own arguments name no destroy.
const fx = useGuardFixture();

const ROWS: Array<[string, string, Decision]> = [
  ["TF_CLI_ARGS_apply for the command", "TF_CLI_ARGS_apply=-destroy terraform apply -auto-approve", "ASK"],
  ["TF_CLI_ARGS exported earlier", 'export TF_CLI_ARGS="-destroy"; terraform apply -auto-approve', "ASK"],
  ["-destroy among other words", 'TF_CLI_ARGS_apply="-auto-approve -destroy" terraform apply', "ASK"],
  ["-destroy=true", "TF_CLI_ARGS_apply=-destroy=true terraform apply -auto-approve", "ASK"],
  ["an unknown value", 'TF_CLI_ARGS="$X" terraform apply -auto-approve', "ASK"],
  ["through env", "env TF_CLI_ARGS_apply=-destroy terraform apply -auto-approve", "ASK"],
  ["tofu reads the same names", "TF_CLI_ARGS_apply=-destroy tofu apply -auto-approve", "ASK"],
  // Other arguments change nothing.
  ["a plan's own arguments", "TF_CLI_ARGS_plan=-no-color terraform plan", "ALLOW"],
  ["harmless arguments for apply", "TF_CLI_ARGS=-no-color terraform apply", "ALLOW"],
];

describe("red-team 2: Terraform arguments from the environment", () => {
  for (const [name, command, decision] of ROWS) {
    test(name, () => {
      expect(classify({ command, cwd: fx.ws, env: fx.env }).decision).toBe(decision);
    });
  }
});
