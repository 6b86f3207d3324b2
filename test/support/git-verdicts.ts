import { describe, expect, test } from "bun:test";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { classify } from "../../lib/guard/classify.ts";
import type { Decision } from "../../lib/guard/decision.ts";
import type { ReasonCode } from "../../lib/guard/reasons.ts";

/** [test name, command, decision, reason]. */
export type VerdictRow = [string, string, Decision, ReasonCode];
export const HISTORY: [Decision, ReasonCode] = ["ASK", "ASK_GIT_HISTORY_LOSS"];
export const FORCE_PUSH: [Decision, ReasonCode] = ["BLOCK", "BLOCK_FORCE_PUSH"];
export const OK: [Decision, ReasonCode] = ["ALLOW", "ALLOW_NO_EFFECT"];

/** A table of commands classified in `cwd()` (default: the fixture's workspace) under `env`. */
export function verdictTable(env: Record<string, string | undefined>, defaultCwd: () => string) {
  return (title: string, rows: VerdictRow[], cwd: () => string = defaultCwd): void => {
    describe(title, () => {
      for (const [name, command, decision, reason] of rows) {
        test(name, () => {
          const r = classify({ command, cwd: cwd(), env });
          expect([r.decision, r.reason]).toEqual([decision, reason]);
        });
      }
    });
  };
}

/**
 * A work tree `<dir>/<name>` whose `.git` holds only `config` (the given sections after `[core]`)
 * and, when given, `HEAD`: enough for the guard's bounded reads of a repository's configuration.
 */
export function configRepository(dir: string, name: string, config: string, head?: string): string {
  const ws = join(dir, name);
  mkdirSync(join(ws, ".git"), { recursive: true });
  writeFileSync(join(ws, ".git", "config"), `[core]\n\tbare = false\n${config}`);
  if (head !== undefined) writeFileSync(join(ws, ".git", "HEAD"), head);
  return ws;
}
