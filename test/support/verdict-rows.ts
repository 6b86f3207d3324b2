import { describe, expect, test } from "bun:test";
import { classify } from "../../lib/guard/classify.ts";
import type { Decision } from "../../lib/guard/decision.ts";
import type { ReasonCode } from "../../lib/guard/reasons.ts";

/** A named command row and the decision and reason it must get. */
export type VerdictRow = [name: string, command: string, decision: Decision, reason: ReasonCode];

/** A `table(title, rows)` that classifies each row in the fixture's workspace, one test per row. */
export function verdictRows(fx: { ws: string; env: Record<string, string | undefined> }): (title: string, rows: VerdictRow[]) => void {
  return (title, rows) =>
    describe(title, () => {
      for (const [name, command, decision, reason] of rows) {
        test(`${name}: ${JSON.stringify(command)}`, () => {
          const r = classify({ command, cwd: fx.ws, env: fx.env });
          expect([r.decision, r.reason]).toEqual([decision, reason]);
        });
      }
    });
}
