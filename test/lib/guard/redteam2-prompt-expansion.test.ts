import { describe, expect, test } from "bun:test";
import { classify } from "../../../lib/guard/classify.ts";
import type { Decision } from "../../../lib/guard/decision.ts";
import { useGuardFixture } from "../../fixtures/check/workspace.ts";

// Second red-team pass: `${x@P}` expands x's value as a prompt string, which runs the command
// substitutions in it (bash's promptvars is on by default). Checked with bash for a scalar, a
// loop variable, a positional parameter and an array element.
const fx = useGuardFixture();
const RM = "$(rm -rf ~/Documents)";

const ROWS: Array<[string, string, Decision]> = [
  ["a variable's substitution runs", `x='${RM}'; echo "\${x@P}"`, "BLOCK"],
  ["backticks run too", "x='`rm -rf ~/Documents`'; echo \"${x@P}\"", "BLOCK"],
  ["a loop variable's word runs", `for f in '${RM}'; do echo "\${f@P}"; done`, "BLOCK"],
  ["an environment value is unknown", 'echo "${PS1@P}"', "BLOCK"],
  ["a value read from stdin is unknown", 'read -r x; echo "${x@P}"', "BLOCK"],
  ["an array element is unknown", `a=('${RM}'); echo "\${a[0]@P}"`, "BLOCK"],
  ["a positional parameter is unknown", `set -- '${RM}'; echo "\${1@P}"`, "BLOCK"],
  // Prompt escapes and other transformations are text.
  ["prompt escapes only", "x='\\u@\\h'; echo \"${x@P}\"", "ALLOW"],
  ["@Q quotes, it runs nothing", 'x=hello; echo "${x@Q}"', "ALLOW"],
];

describe("red-team 2: prompt expansion", () => {
  for (const [name, command, decision] of ROWS) {
    test(name, () => {
      expect(classify({ command, cwd: fx.ws, env: fx.env }).decision).toBe(decision);
    });
  }
});
