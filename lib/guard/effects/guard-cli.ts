import { op, type Op } from "../ops.ts";
import type { Word } from "../syntax.ts";
import type { Handler } from "./context.ts";

/**
 * The guard's own command line run from an agent command (red team 6 C2). `gc` purges
 * quarantined payloads, so `rm -rf src; leogriel-check gc --older-than 0s` made the "undo with
 * restore" answer a lie; `install-hook` rewrites the agent's hook settings, the guard's own
 * switch. Both change protected storage: BLOCK_PROTECTED_PATH (`gc --dry-run` and `--help`
 * change nothing). `restore` only puts quarantined data back (a forced one first keeps what it
 * replaces in a new transaction) and `status`, `doctor`, `span` and a classification change
 * nothing the quarantine holds: ALLOW as before. The seed's `agent-guard` name is read the same.
 */
export const guardCli: Handler = (inv) => guardCliOps(inv.name, inv.args);

export const GUARD_CLI_PROGRAMS = ["leogriel-check", "agent-guard"];

// The command line's options that take a value, as citty reads them (cmd/check/main.ts):
// `--cwd X gc` runs no subcommand (X is the candidate), `--cwd=X gc` runs gc.
const VALUED = new Set(["dialect", "hook", "spanmode", "cwd"]);
const REFUSED = new Set(["gc", "install-hook"]);
// The script file of the CLI run by an interpreter (`bun cmd/check.ts gc`, `node …/leogriel-check.js`).
const SCRIPT = /(?:^|\/)(?:cmd\/check\.[cm]?[jt]s|(?:leogriel-check|agent-guard)(?:\.[cm]?[jt]s)?)$/;

/** The ops of the guard CLI's argv (after the program name). */
function guardCliOps(name: string, args: Word[]): Op[] {
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a.dynamic) return [op("unknown", name)];
    if (a.value === "--") return [];
    if (a.value.startsWith("-")) {
      if (!a.value.includes("=") && VALUED.has(a.value.replace(/^-+/, "").replace(/[-_]/g, "").toLowerCase())) i++;
      continue;
    }
    if (!REFUSED.has(a.value)) return [];
    const rest = args.slice(i + 1);
    // A word the guard cannot read may be `--dry-run` or not: the purge is assumed.
    if (rest.some((w) => !w.dynamic && (w.value === "--help" || w.value === "-h"))) return [];
    if (a.value === "gc" && rest.some((w) => !w.dynamic && /^--dry-?run$/i.test(w.value))) return [];
    return [{ ...op("unknown", `${name} ${a.value}`), refusal: "BLOCK_PROTECTED_PATH" }];
  }
  return [];
}

/**
 * The CLI's script run by node, bun or deno (`bun cmd/check.ts gc`, `bun x leogriel-check gc`):
 * the words after the first argument that names it.
 */
export const guardCliScript: Handler = (inv) => {
  const at = inv.args.findIndex((a) => !a.dynamic && SCRIPT.test(a.value));
  return at < 0 ? [] : guardCliOps(inv.name, inv.args.slice(at + 1));
};
