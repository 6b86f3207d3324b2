import { describe, expect, test } from "bun:test";
import { classify } from "../../../lib/guard/classify.ts";
import type { Decision } from "../../../lib/guard/decision.ts";
import type { ReasonCode } from "../../../lib/guard/reasons.ts";
import { useGuardFixture } from "../../fixtures/check/workspace.ts";

const fx = useGuardFixture();
const check = (command: string) => classify({ command, cwd: fx.ws, env: fx.env, dialect: "cmd" });

// Red-team cmd group: prefixes and spellings that hid `rd /s /q` from the cmd dialect.
const ROWS: Array<[string, string, Decision, ReasonCode]> = [
  ["the plain form is relocated", "rd /s /q src", "RELOCATE", "RELOCATE_TREE"],
  ["combined switches are two switches", "rd /s/q src", "RELOCATE", "RELOCATE_TREE"],
  ["an if exist prefix runs the delete", "if exist src rd /s /q src", "RELOCATE", "RELOCATE_TREE"],
  ["an if not … == prefix runs the delete", "if /i not a==b rd /s /q src", "RELOCATE", "RELOCATE_TREE"],
  // A literal set is read per item (session 6), so the unknown variable needs a set the guard cannot read.
  ["a for loop deletes its unknown loop variable", "for %i in (%SOMEDIR%) do rd /s /q %i", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["a for loop over a literal name deletes that name", "for %i in (src) do rd /s /q %i", "RELOCATE", "RELOCATE_TREE"],
  ["call runs the delete", "call rd /s /q src", "RELOCATE", "RELOCATE_TREE"],
  ["start /b runs the delete", 'start /b "t" rd /s /q src', "RELOCATE", "RELOCATE_TREE"],
  ["a parenthesised group runs the delete", "(rd /s /q src)", "RELOCATE", "RELOCATE_TREE"],
  ["cmd /c with the command attached runs it", 'cmd /c"rd /s /q src"', "RELOCATE", "RELOCATE_TREE"],
  ["a harmless if stays allowed", "if not exist build mkdir build", "ALLOW", "ALLOW_NO_EFFECT"],
  ["echo of parentheses stays allowed", "echo (hi)", "ALLOW", "ALLOW_NO_EFFECT"],
];

describe("red team: cmd prefixes and switch spellings", () => {
  for (const [name, command, decision, reason] of ROWS) {
    test(`${name}: ${decision} ${reason}`, () => {
      const r = check(command);
      expect([r.decision, r.reason]).toEqual([decision, reason]);
    });
  }
});
