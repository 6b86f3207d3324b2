import { describe, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { classify } from "../../../lib/guard/classify.ts";
import type { Decision } from "../../../lib/guard/decision.ts";
import type { ReasonCode } from "../../../lib/guard/reasons.ts";
import { useGuardFixture } from "../../fixtures/check/workspace.ts";
import { UNKNOWN } from "../../support/verdict-rows.ts";

// Eighth red-team pass: a script the line wrote (or one already there) edited in place and then
// run. The guard analysed the text it had recorded (`ls`), not what the edit left
// (`rm -rf ~`), and allowed `echo ls > s.sh; sed -i 's/ls/rm -rf ~/' s.sh; bash s.sh`.
const fx = useGuardFixture();
writeFileSync(join(fx.ws, "run.sh"), "echo build\n");

type Row = [string, Decision, ReasonCode];

describe("red-team 8: a script edited in place, then run, runs text the guard did not read", () => {
  const rows: Row[] = [
    ["echo 'ls' > s.sh; sed -i 's/ls/rm -rf ~/' s.sh; bash s.sh", ...UNKNOWN],
    ["echo ls > s.sh; perl -pi -e 's/ls/rm -rf ~/' s.sh; bash s.sh", ...UNKNOWN],
    ["echo ls > s.sh; ed -s s.sh <<< $'1c\\nrm -rf ~\\n.\\nw\\nq'; bash s.sh", ...UNKNOWN],
    ["echo ls > s.sh; ex -s -c '1s/ls/rm -rf ~/' -c wq s.sh; bash s.sh", ...UNKNOWN],
    ["echo ls > s.sh; vim -es -c '%s/ls/rm -rf ~/' -c wq s.sh; bash s.sh", ...UNKNOWN],
    ["echo ls > s.sh; awk -i inplace '{print \"rm -rf ~\"}' s.sh; bash s.sh", ...UNKNOWN],
    ["echo ls > s.sh; chmod +x s.sh; sed -i 's/ls/rm -rf ~/' s.sh; ./s.sh", ...UNKNOWN],
    // A script that was there before the line: its edited text is not the user's any more.
    ["sed -i '1i rm -rf ~' run.sh; bash run.sh", ...UNKNOWN],
    // Unedited, the recorded text is still what runs; editing alone runs nothing.
    ["echo 'ls' > s.sh; bash s.sh", "ALLOW", "ALLOW_NOOP"],
    ["sed -i 's/build/test/' run.sh", "ALLOW", "ALLOW_NO_EFFECT"],
    ["bash run.sh", "ALLOW", "ALLOW_NO_EFFECT"],
  ];
  for (const [command, decision, reason] of rows) {
    test(JSON.stringify(command), () => {
      const r = classify({ command, cwd: fx.ws, env: fx.env, dialect: "posix" });
      expect([r.decision, r.reason]).toEqual([decision, reason]);
    });
  }
});
