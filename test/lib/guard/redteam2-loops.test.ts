import { describe, expect, test } from "bun:test";
import { classify } from "../../../lib/guard/classify.ts";
import type { Decision } from "../../../lib/guard/decision.ts";
import { useGuardFixture } from "../../fixtures/check/workspace.ts";

// Second red-team pass: a loop over literal words is unrolled with the variable set to each
// word, but a name reference assigns the variable without naming it:
// `declare -n r=f; for f in safe; do r=~/Documents; rm -rf "$f"; done` deletes ~/Documents.
const fx = useGuardFixture();
const BODY = 'do r=~/Documents; rm -rf "$f"; done';

const ROWS: Array<[string, string, Decision]> = [
  ["declare -n before the loop", `declare -n r=f; for f in safe; ${BODY}`, "BLOCK"],
  ["typeset -n", `typeset -n r=f; for f in safe; ${BODY}`, "BLOCK"],
  ["local -n", `local -n r=f 2>/dev/null; for f in safe; ${BODY}`, "BLOCK"],
  ["an option cluster holding n", `declare -gn r=f; for f in safe; ${BODY}`, "BLOCK"],
  ["a reference declared through eval", `eval "decl""are -n r=f"; for f in safe; ${BODY}`, "BLOCK"],
  ["a reference declared through an alias", `alias d='declare -n r=f'; d; for f in safe; ${BODY}`, "BLOCK"],
  // Unrolling still reads each word.
  ["a plain loop still deletes each word", 'for f in build ~/Documents; do rm -rf "$f"; done', "BLOCK"],
  ["a plain loop over workspace files still reads them", 'for f in build/out.js scratch.txt; do cat "$f"; done', "ALLOW"],
];

describe("red-team 2: loops unrolled beside name references", () => {
  for (const [name, command, decision] of ROWS) {
    test(name, () => {
      expect(classify({ command, cwd: fx.ws, env: fx.env }).decision).toBe(decision);
    });
  }
});
