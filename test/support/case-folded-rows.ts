import { afterEach, describe, expect, test } from "bun:test";
import { classify } from "../../lib/guard/classify.ts";
import type { Decision } from "../../lib/guard/decision.ts";
import { caseInsensitiveNames } from "../../lib/guard/paths.ts";
import type { ReasonCode } from "../../lib/guard/reasons.ts";

type Verdict = [Decision, ReasonCode];

/**
 * Rows judged twice: with names compared without case (macOS, Windows: `folded`) and exactly
 * (Linux: `exact`). `fx` is a guard fixture (test/fixtures/check/workspace.ts).
 */
export function caseFoldedRows(fx: { ws: string; env: Record<string, string | undefined> }) {
  return (title: string, rows: Array<[string, string, Verdict, Verdict]>) =>
    describe(title, () => {
      const saved = caseInsensitiveNames.value;
      afterEach(() => {
        caseInsensitiveNames.value = saved;
      });
      const judge = (command: string) => {
        const r = classify({ command, cwd: fx.ws, env: fx.env });
        return [r.decision, r.reason];
      };
      for (const [name, command, folded, exact] of rows) {
        test(`${name}: ${JSON.stringify(command)}`, () => {
          caseInsensitiveNames.value = true;
          expect(judge(command)).toEqual(folded);
          caseInsensitiveNames.value = false;
          expect(judge(command)).toEqual(exact);
        });
      }
    });
}
