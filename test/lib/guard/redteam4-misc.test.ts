import { describe, expect, test } from "bun:test";
import { classify } from "../../../lib/guard/classify.ts";
import type { Decision } from "../../../lib/guard/decision.ts";
import type { ReasonCode } from "../../../lib/guard/reasons.ts";
import { useGuardFixture } from "../../fixtures/check/workspace.ts";

// Fourth red-team pass: Terraform arguments from the environment, file servers behind a
// wrapper's folder change or a versioned npx package, git settings that run commands, forced
// fetches into local branches.
const fx = useGuardFixture();

type Row = [string, string, Decision, ReasonCode, string?];
const DESTROY: [Decision, ReasonCode] = ["ASK", "ASK_INFRA_DESTROY"];
const OK: [Decision, ReasonCode] = ["ALLOW", "ALLOW_NO_EFFECT"];

function table(title: string, rows: Row[]): void {
  describe(title, () => {
    for (const [name, command, decision, reason, cwd] of rows) {
      test(name, () => {
        const r = classify({ command, cwd: cwd === undefined ? fx.ws : cwd === "~" ? fx.home : `${fx.ws}/${cwd}`, env: fx.env });
        expect([r.decision, r.reason]).toEqual([decision, reason]);
      });
    }
  });
}

// 3. A saved plan given through TF_CLI_ARGS is `apply PLANFILE` (it may be a destroy plan and
// skips Terraform's prompt): judged exactly like the operand on the command line.
table("red-team 4: TF_CLI_ARGS operands", [
  ["a plan file in TF_CLI_ARGS_apply", "TF_CLI_ARGS_apply=p terraform apply", ...DESTROY],
  ["a plan file in TF_CLI_ARGS", "TF_CLI_ARGS=p terraform apply", ...DESTROY],
  ["a plan file after -auto-approve", "TF_CLI_ARGS_apply='-auto-approve p' terraform apply", ...DESTROY],
  ["exported earlier", "export TF_CLI_ARGS_apply=p; terraform apply", ...DESTROY],
  ["through env", "env TF_CLI_ARGS_apply=p terraform apply", ...DESTROY],
  ["tofu", "TF_CLI_ARGS_apply=tfplan tofu apply -auto-approve", ...DESTROY],
  ["terragrunt", "TF_CLI_ARGS_apply=p terragrunt apply", ...DESTROY],
  ["a quoted plan path after a valued option", `TF_CLI_ARGS_apply="-var 'a=b c' 'my plan'" terraform apply`, ...DESTROY],
  ["a quote left open is unknown", `TF_CLI_ARGS_apply="-var 'a=b" terraform apply`, ...DESTROY],
  ["-replace from the environment", "TF_CLI_ARGS_apply=-replace=aws_instance.db terraform apply", ...DESTROY],
  ["workspace delete from the environment", "TF_CLI_ARGS_workspace='delete prod' terraform workspace", ...DESTROY],
  // Options and their values are no plan file.
  ["a variable with its value", "TF_CLI_ARGS_apply='-var region=eu-west-1 -auto-approve' terraform apply", ...OK],
  ["a quoted variable value with a space", `TF_CLI_ARGS_apply="-var 'tags=a b'" terraform apply`, ...OK],
  ["a plan's own operand", "TF_CLI_ARGS_plan=-no-color terraform plan -out=p", ...OK],
  ["TF_CLI_ARGS for plan only", "TF_CLI_ARGS_plan=p terraform apply", ...OK],
]);
