import { op, type Op } from "../ops.ts";
import type { Handler, Invocation } from "./context.ts";
import { asksHelp, cliLine, words } from "./infra-args.ts";

const destroy = (inv: Invocation): Op[] => [op("infra-destroy", inv.name)];

const AWS_VALUED = new Set(["--profile", "--region", "--output", "--endpoint-url", "--query", "--cli-read-timeout", "--cli-connect-timeout", "--ca-bundle", "--color", "--cli-binary-format", "--change-batch", "--exclude", "--include"]);

/**
 * aws: `s3 rm`, `s3 rb`, `s3 sync --delete`, and every operation named delete-*, terminate-*,
 * remove-*, deregister-*, purge-* (also under s3api), unless it is a dry run or help.
 * Route 53 record changes ask when the batch deletes or cannot be read.
 */
export const aws: Handler = (inv) => {
  const line = cliLine(inv.args, AWS_VALUED);
  if (asksHelp(line, ["--help"], true)) return [];
  const [service, operation] = words(line);
  if (line.operands.slice(0, 2).some((w) => w.dynamic)) return destroy(inv);
  if (line.options.some((o) => o === "--dryrun" || o === "--dry-run")) return [];
  if (service === "s3") {
    if (operation === "rm" || operation === "rb") return destroy(inv);
    return operation === "sync" && line.options.some((o) => o === "--delete") ? destroy(inv) : [];
  }
  if (/^(delete|terminate|remove|deregister|purge|destroy)(-|$)/.test(operation ?? "")) return destroy(inv);
  if (operation === "change-resource-record-sets") {
    const batch = line.values.get("--change-batch");
    return batch === undefined || batch.startsWith("file://") || /"Action"\s*:\s*"DELETE"/i.test(batch) || line.dynamic ? destroy(inv) : [];
  }
  return [];
};

const GCLOUD_VALUED = new Set(["--project", "--account", "--configuration", "--format", "--verbosity", "--billing-project", "--impersonate-service-account", "--flags-file", "--flatten", "--trace-token", "--access-token-file"]);

/** gcloud: a command path (the operands before the first flag) holding `delete`, or `storage rm`. */
export const gcloud: Handler = (inv) => {
  const path = _path(inv, GCLOUD_VALUED);
  if (path === "help") return [];
  if (path === null) return destroy(inv);
  return path.includes("delete") || (path[0] === "storage" && path[1] === "rm") || (path[1] === "storage" && path[2] === "rm") ? destroy(inv) : [];
};

/** gsutil rm, rb. */
export const gsutil: Handler = (inv) => {
  const line = cliLine(inv.args, new Set(["-o", "-h", "-u"]));
  const [sub] = words(line);
  if (line.operands[0]?.dynamic) return destroy(inv);
  return sub === "rm" || sub === "rb" ? destroy(inv) : [];
};

const AZ_VALUED = new Set(["--subscription", "--output", "-o", "--query"]);

/** az: a command path holding delete, delete-batch or purge (`az group delete`, `az keyvault purge`). */
export const az: Handler = (inv) => {
  const path = _path(inv, AZ_VALUED);
  if (path === "help") return [];
  if (path === null) return destroy(inv);
  return path.some((w) => w === "delete" || w === "delete-batch" || w === "purge") ? destroy(inv) : [];
};

/**
 * The command path of gcloud and az: global flags (with their values) first, then the
 * operands up to the first flag. Null when a word of it is an expansion; "help" for help.
 */
function _path(inv: Invocation, globalValued: ReadonlySet<string>): string[] | null | "help" {
  const path: string[] = [];
  const args = inv.args;
  if (args.some((a) => a.value === "--help" || a.value === "-h" || a.value === "help")) return "help";
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a.value.startsWith("-")) {
      if (path.length > 0) break;
      if (a.dynamic) return null;
      if (globalValued.has(a.value)) i++;
      continue;
    }
    if (a.dynamic) return null;
    path.push(a.value.toLowerCase());
  }
  return path;
}
