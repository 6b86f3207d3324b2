import { describe, expect, test } from "bun:test";
import { classify } from "../../lib/guard/classify.ts";
import type { Decision } from "../../lib/guard/decision.ts";
import type { ReasonCode } from "../../lib/guard/reasons.ts";

/** A named command row and the decision and reason it must get. */
export type VerdictRow = [name: string, command: string, decision: Decision, reason: ReasonCode];

/** A `table(title, rows)` that classifies each row in the fixture's workspace (as `dialect` text when given), one test per row. */
export function verdictRows(fx: { ws: string; env: Record<string, string | undefined> }, dialect?: string): (title: string, rows: VerdictRow[]) => void {
  return (title, rows) =>
    describe(title, () => {
      for (const [name, command, decision, reason] of rows) {
        test(`${name}: ${JSON.stringify(command)}`, () => {
          const r = classify({ command, cwd: fx.ws, env: fx.env, dialect });
          expect([r.decision, r.reason]).toEqual([decision, reason]);
        });
      }
    });
}

/** The verdicts test tables name most often. */
export const OK: [Decision, ReasonCode] = ["ALLOW", "ALLOW_NO_EFFECT"];
export const NOOP: [Decision, ReasonCode] = ["ALLOW", "ALLOW_NOOP"];
export const TEMP: [Decision, ReasonCode] = ["ALLOW", "ALLOW_TEMP_PATH"];
export const HISTORY: [Decision, ReasonCode] = ["ASK", "ASK_GIT_HISTORY_LOSS"];
export const RELOCATE: [Decision, ReasonCode] = ["RELOCATE", "RELOCATE_TREE"];
export const ASK_OUT: [Decision, ReasonCode] = ["ASK", "ASK_OUTSIDE_WORKSPACE"];
export const SECRET: [Decision, ReasonCode] = ["ASK", "ASK_SECRET_ACCESS"];
export const EGRESS: [Decision, ReasonCode] = ["ASK", "ASK_DATA_EGRESS"];
export const REMOTE: [Decision, ReasonCode] = ["ASK", "ASK_REMOTE_CODE"];
export const PERSIST: [Decision, ReasonCode] = ["ASK", "ASK_PERSISTENT_CODE"];
export const UNKNOWN: [Decision, ReasonCode] = ["BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"];
export const OUTSIDE: [Decision, ReasonCode] = ["BLOCK", "BLOCK_OUTSIDE_WORKSPACE"];
export const ANCESTOR: [Decision, ReasonCode] = ["BLOCK", "BLOCK_PROTECTED_ANCESTOR"];
export const PROTECTED: [Decision, ReasonCode] = ["BLOCK", "BLOCK_PROTECTED_PATH"];
