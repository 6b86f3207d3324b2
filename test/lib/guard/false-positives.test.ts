import { describe, expect, test } from "bun:test";
import { classify } from "../../../lib/guard/classify.ts";
import type { Decision } from "../../../lib/guard/decision.ts";
import type { ReasonCode } from "../../../lib/guard/reasons.ts";
import { useGuardFixture } from "../../fixtures/check/workspace.ts";

const fx = useGuardFixture();
const check = (command: string) => classify({ command, cwd: fx.ws, env: fx.env });

type Row = [string, string, Decision, ReasonCode];

// A `for` variable over plain numbers or names: arithmetic evaluates each word instead of failing.
const LOOP_ARITHMETIC: Row[] = [
  ["doubling a loop over numbers is allowed", "for i in 1 2 3; do echo $((i*2)); done", "ALLOW", "ALLOW_NO_EFFECT"],
  ["a loop variable compared in (( )) inside an if is allowed", "for n in 3 4; do if (( n > 3 )); then echo $n; fi; done", "ALLOW", "ALLOW_NO_EFFECT"],
  ["a loop over plain names reaching harmless values is allowed", "a=1; b=2; for v in a b; do echo $((v+1)); done", "ALLOW", "ALLOW_NO_EFFECT"],
  ["a loop over literal words deletes each word (loop-unroll.ts)", "for d in a b; do rm -rf $d; done", "ALLOW", "ALLOW_NOOP"],
  ["a loop variable over unknown words never becomes a path", "for d in a $X; do rm -rf $d; done", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["a quoted word holding a substitution stays blocked", "for i in 'a[$(rm -rf ~)]'; do echo $((i)); done", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["a substituted word list stays blocked", "for i in $(cat f); do echo $((i)); done", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["a variable word list stays blocked", "for i in $list; do echo $((i)); done", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["an escaped subscript word stays blocked", "for i in a\\[1\\]; do echo $((i)); done", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["a name word is evaluated in turn", "x='a[$(rm -rf ~)]'; for i in x; do echo $((i)); done", "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["an assignment in the body drops the words", "for i in 1; do i='a[$(rm -rf ~)]'; echo $((i)); done", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["read in the body drops the words", "for i in 1; do read i; echo $((i)); done", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["printf -v in the body drops the words", "for i in 1; do printf -v i 'a[$(rm -rf ~)]'; echo $((i)); done", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["printf -v makes a variable unknown to arithmetic", "printf -v i 'a[$(rm -rf ~)]'; echo $((i))", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["an inner loop may run a later assignment first", "for i in 1; do while :; do echo $((i)); i='a[$(rm -rf ~)]'; done; done", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["a function body runs later with other values", "for i in 1; do f() { echo $((i)); }; done", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["after the loop the variable is unknown again", "for i in 1 2; do :; done; echo $((i))", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
];

for (const [title, rows] of [["false positives: for variables in arithmetic", LOOP_ARITHMETIC]] as const) {
  describe(title, () => {
    for (const [name, command, decision, reason] of rows) {
      test(name, () => {
        const r = check(command);
        expect([r.decision, r.reason]).toEqual([decision, reason]);
      });
    }
  });
}
