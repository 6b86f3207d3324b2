import { op, type Op } from "../ops.ts";
import type { Handler, Invocation } from "./context.ts";
import { literalWord, type Word } from "../syntax.ts";
import { asksHelp, cliLine, shellWords, words, type CliLine } from "./infra-args.ts";
import { innerCommandOps } from "./remote-commands.ts";
import { kubectlCopy } from "./cloud-copies.ts";
import { envValue } from "./implicit-inputs.ts";
import { stdinOf } from "./stdin.ts";

/**
 * Infrastructure CLIs whose commands destroy cloud or cluster resources (ASK_INFRA_DESTROY):
 * the quarantine cannot bring back a deleted namespace, bucket or Terraform stack. Reads,
 * plans, dry runs and help stay ALLOW; a subcommand the guard cannot see (an expansion) asks.
 */
const destroy = (inv: Invocation): Op[] => [op("infra-destroy", inv.name)];

const TERRAFORM_VALUED = new Set([
  "-var", "-var-file", "-target", "-replace", "-state", "-state-out", "-backup", "-out", "-lock-timeout", "-parallelism",
  "--terragrunt-working-dir", "--terragrunt-config", "--terragrunt-source", "--terragrunt-iam-role", "--working-dir", "--config",
]);

/** terraform, tofu, terragrunt: `destroy`, `apply -destroy`, `workspace delete`. */
export const terraform: Handler = (inv) => {
  const line = cliLine(inv.args, TERRAFORM_VALUED);
  if (asksHelp(line, ["-help", "--help", "-h", "-version", "--version", "-v"])) return [];
  const path = words(line).filter((w) => w !== "run-all" && w !== "run");
  if (line.dynamic && path.length === 0) return destroy(inv);
  const sub = path[0];
  if (sub === "destroy" || (inv.name === "terragrunt" && (sub === "destroy-all" || sub === "apply-all"))) return destroy(inv);
  // TF_CLI_ARGS and TF_CLI_ARGS_<command> add arguments right after the subcommand, judged as
  // if typed there: `TF_CLI_ARGS_apply=-destroy`, and `TF_CLI_ARGS_apply=PLANFILE` (`apply PLANFILE`).
  const extra = sub === undefined ? [] : _cliArgsFromEnv(inv, sub);
  if (extra === null) return destroy(inv);
  const added = cliLine(extra.map((w) => literalWord(w)), TERRAFORM_VALUED);
  const full = sub === undefined ? path : [sub, ...words(added), ...path.slice(1)];
  const options = [...line.options, ...added.options];
  if (sub === "apply" && options.some((o) => o === "-destroy" || o === "--destroy")) return destroy(inv);
  if (sub === "workspace" && full[1] === "delete") return destroy(inv);
  if (_dropsOrHidesResources(sub, full, options)) return destroy(inv);
  if (sub === "apply" && _approvedUnseen(inv, line, added)) return destroy(inv);
  return line.operands[0]?.dynamic ? destroy(inv) : [];
};

/**
 * Terraform commands whose destroys the guard cannot rule out:
 * - `apply PLANFILE`: a saved plan may be a destroy plan (`plan -destroy -out=p`), which is
 *   `apply -destroy` by another name; the guard does not read plan files (a zip holding a
 *   protobuf, readable only through `terraform show`, a process), and applying one skips
 *   Terraform's own approval prompt. A plain `apply` never runs a destroy plan.
 * - `apply -replace=ADDR` and `taint ADDR` destroy and recreate the resource (its disks with it).
 * - `state rm` makes Terraform forget resources and `state push` replaces the whole state.
 */
function _dropsOrHidesResources(sub: string | undefined, path: string[], options: string[]): boolean {
  if (sub === "apply") return path.length > 1 || options.some((o) => o === "-replace" || o === "--replace");
  if (sub === "taint") return true;
  return sub === "state" && (path[1] === "rm" || path[1] === "push");
}

/**
 * An `apply` that no one approves after seeing its plan: it carries out whatever the
 * configuration says now, destroys and replacements included (red team 12). That is
 * `-auto-approve`, Terragrunt's `run-all apply`, `apply --all` and `apply-all` (Terragrunt adds
 * `-auto-approve` to each module's apply after one question that names modules, not changes),
 * or a stdin that may type the `yes` Terraform reads from it (`echo yes | terraform apply`: a
 * pipe is no terminal, and Terraform reads it anyway). A plain `apply` shows its plan and waits
 * for an answer the agent's shell does not give; `-refresh-only` changes the state, no resource.
 */
function _approvedUnseen(inv: Invocation, line: CliLine, added: CliLine): boolean {
  const lines = [line, added];
  if (_goFlag(lines, "refresh-only") === true) return false;
  if (_goFlag(lines, "auto-approve") !== false) return true;
  if (inv.name === "terragrunt" && (line.operands.some((w) => w.value === "run-all") || line.options.includes("--all"))) return true;
  const stdin = stdinOf(inv.cmd);
  if (stdin.kind === "none") return false;
  // Terraform reads one line and approves only `yes`.
  return stdin.kind !== "text" || stdin.dynamic || stdin.text.split("\n")[0]!.trim() === "yes";
}

const GO_TRUE = new Set(["1", "t", "T", "true", "TRUE", "True"]);

/** A Go boolean flag (`-name`, `--name`, `-name=VALUE` as strconv.ParseBool reads it): on, off, or null when its value is unknown. */
function _goFlag(lines: CliLine[], name: string): boolean | null {
  let on = false;
  for (const l of lines) {
    for (const spelling of [`-${name}`, `--${name}`]) {
      if (!l.options.includes(spelling)) continue;
      const value = l.values.get(spelling);
      if (value === undefined || GO_TRUE.has(value)) on = true;
      else if (l.dynamic) return null;
    }
  }
  return on;
}

/**
 * The words Terraform reads from TF_CLI_ARGS and TF_CLI_ARGS_<command>, set for the command or
 * earlier in the line; null when a value is unknown. (OpenTofu reads the same names.)
 */
function _cliArgsFromEnv(inv: Invocation, sub: string): string[] | null {
  const out: string[] = [];
  for (const name of ["TF_CLI_ARGS", `TF_CLI_ARGS_${sub.replace(/-/g, "_")}`]) {
    const value = envValue(inv, name, false);
    if (value === null) return null;
    if (value === undefined) continue;
    // Terraform splits the value as a shell would (quotes, backslashes); one it cannot split is unknown.
    const split = shellWords(value);
    if (split === null) return null;
    out.push(...split);
  }
  return out;
}

/** pulumi destroy, cdk destroy: the stack's resources go. */
export const stackTool: Handler = (inv) => {
  const line = cliLine(inv.args, new Set(["-s", "--stack", "-C", "--cwd", "--profile", "--app", "-a"]));
  if (asksHelp(line)) return [];
  const sub = words(line)[0];
  return sub === "destroy" || (inv.name === "pulumi" && sub === "stack" && words(line)[1] === "rm") || line.operands[0]?.dynamic ? destroy(inv) : [];
};

const KUBECTL_VALUED = new Set([
  "-n", "--namespace", "--context", "--cluster", "--user", "--kubeconfig", "-s", "--server", "--token", "--as", "--as-group",
  "--request-timeout", "--certificate-authority", "--client-certificate", "--client-key", "--tls-server-name", "-v", "--v",
  "--cache-dir", "-l", "--selector", "-f", "--filename", "-o", "--output", "-c", "--container", "--field-selector", "-k", "--kustomize",
  "--grace-period", "--timeout", "--for", "--replicas", "-p", "--patch", "--type",
]);

/**
 * kubectl (and oc): `delete` (not as a dry run), `drain`, `replace --force`, `apply --prune`;
 * `exec … -- CMD` runs CMD in a container, whose data-store and infrastructure effects count.
 */
export const kubectl: Handler = (inv) => {
  const line = cliLine(inv.args, KUBECTL_VALUED);
  if (asksHelp(line)) return [];
  const verb = line.operands[0];
  if (!verb) return line.dynamic ? destroy(inv) : [];
  if (verb.dynamic) return destroy(inv);
  const dryRun = line.options.includes("--dry-run") && (line.values.get("--dry-run") ?? "client") !== "none";
  switch (verb.value) {
    case "delete":
      return dryRun ? [] : destroy(inv);
    case "drain":
      return dryRun ? [] : destroy(inv);
    case "scale":
      // Scaling to zero replicas takes the workload down (its pods and their local data go).
      return !dryRun && _scalesToZero(inv.args) ? destroy(inv) : [];
    case "replace":
      return line.options.includes("--force") && !dryRun ? destroy(inv) : [];
    case "apply":
      return line.options.includes("--prune") && !dryRun ? destroy(inv) : [];
    case "cp":
      return kubectlCopy(inv, line.operands.slice(1));
    case "exec":
    case "run":
    case "debug": {
      const dash = inv.args.findIndex((a) => a.value === "--");
      return dash < 0 ? [] : innerCommandOps(inv.args.slice(dash + 1), inv.ctx);
    }
  }
  return [];
};

/** `--replicas=0`, `--replicas 0`, or a count the guard cannot read. */
function _scalesToZero(args: Word[]): boolean {
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const value = a.value === "--replicas" ? args[i + 1] : a.value.startsWith("--replicas=") ? { ...a, value: a.value.slice(11) } : undefined;
    if (value && (value.dynamic || /^[+-]?0+$/.test(value.value.trim()))) return true;
  }
  return false;
}

/** helm uninstall (delete, del, un), not as a dry run. */
export const helm: Handler = (inv) => {
  const line = cliLine(inv.args, new Set(["-n", "--namespace", "--kube-context", "--kubeconfig", "--timeout", "--description", "--cascade"]));
  if (asksHelp(line)) return [];
  const verb = line.operands[0];
  if (verb?.dynamic) return destroy(inv);
  if (!["uninstall", "delete", "del", "un"].includes(verb?.value ?? "")) return [];
  return line.options.includes("--dry-run") ? [] : destroy(inv);
};
