import { describe, expect, test } from "bun:test";
import { classify } from "../../../lib/guard/classify.ts";
import type { Decision } from "../../../lib/guard/decision.ts";
import type { ReasonCode } from "../../../lib/guard/reasons.ts";
import { useGuardFixture } from "../../fixtures/check/workspace.ts";
import { NOOP, OK } from "../../support/verdict-rows.ts";

// Terraform commands whose destroys the guard cannot rule out (a saved plan, -replace, taint,
// state rm/push) and scaling a Kubernetes workload to zero: ASK_INFRA_DESTROY (infra.ts).
const fx = useGuardFixture();
const check = (command: string) => classify({ command, cwd: fx.ws, env: fx.env });

type Row = [string, string, Decision, ReasonCode];
const ASK: [Decision, ReasonCode] = ["ASK", "ASK_INFRA_DESTROY"];

const ROWS: Row[] = [
  ["apply of a saved plan", "terraform apply plan.tfplan", ...ASK],
  ["apply of a saved plan with options", "terraform apply -auto-approve -input=false tfplan", ...ASK],
  ["apply of a saved plan with -chdir", "terraform -chdir=infra apply tfplan", ...ASK],
  ["tofu apply of a saved plan", "tofu apply prod.plan", ...ASK],
  ["terragrunt apply of a saved plan", "terragrunt run-all apply tfplan", ...ASK],
  ["a destroy plan applied in the same line", "terraform plan -destroy -out=p && terraform apply p", ...ASK],
  ["a plan file in a variable", 'terraform apply "$PLAN"', ...ASK],
  ["apply -replace", "terraform apply -replace=aws_instance.web -auto-approve", ...ASK],
  ["taint", "terraform taint aws_instance.web", ...ASK],
  ["state rm", "terraform state rm aws_instance.web", ...ASK],
  ["state push", "terraform state push -force terraform.tfstate", ...ASK],
  ["behind sudo", "sudo terraform apply tfplan", ...ASK],
  ["inside bash -c", "bash -c 'terraform state rm module.db'", ...ASK],
  ["kubectl scale to zero", "kubectl scale deployment web --replicas=0", ...ASK],
  ["kubectl scale to zero, value apart", "kubectl scale --replicas 0 deploy/web -n prod", ...ASK],
  ["kubectl scale to a count the guard cannot read", 'kubectl scale deploy/web --replicas="$N"', ...ASK],
  ["oc scale to zero", "oc scale dc/web --replicas=0", ...ASK],
  ["kubectl scale to zero inside ssh", "ssh bastion kubectl scale statefulset db --replicas=0", ...ASK],
  // plans, reads, dry runs and other counts pass
  // A new plan or backup file is written (packaging-outputs.ts, session 9): ALLOW_NOOP.
  ["plan -out", "terraform plan -out=plan.tfplan", ...NOOP],
  ["plan -destroy only plans", "terraform plan -destroy -out destroy.tfplan", ...NOOP],
  ["show of a plan", "terraform show -json plan.tfplan", ...OK],
  ["apply without a plan file", "terraform apply -backup=x.bak", ...NOOP],
  ["apply with a -var-file value", "terraform apply -var-file prod.tfvars", ...OK],
  ["state list", "terraform state list", ...OK],
  ["state mv keeps the resource", "terraform state mv a.b a.c", ...OK],
  ["untaint", "terraform untaint aws_instance.web", ...OK],
  ["apply -help", "terraform apply -help", ...OK],
  ["kubectl scale up", "kubectl scale deployment web --replicas=3", ...OK],
  ["kubectl scale of a named resource in a variable", "kubectl scale deploy/$APP --replicas=2", ...OK],
  ["kubectl scale to zero as a client dry run", "kubectl scale deploy/web --replicas=0 --dry-run=client -o yaml", ...OK],
  ["echo of the command", "echo terraform state rm aws_instance.web", ...OK],
];

describe("infrastructure: saved plans, state edits, scaling to zero", () => {
  for (const [name, command, decision, reason] of ROWS) {
    test(name, () => {
      const result = check(command);
      expect([result.decision, result.reason]).toEqual([decision, reason]);
    });
  }
});
