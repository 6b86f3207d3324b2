import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "bun:test";
import { classify } from "../../../lib/guard/classify.ts";
import type { Decision } from "../../../lib/guard/decision.ts";
import type { ReasonCode } from "../../../lib/guard/reasons.ts";
import { useGuardFixture } from "../../fixtures/check/workspace.ts";

const fx = useGuardFixture();
writeFileSync(join(fx.ws, "file.txt"), "a\nb\n");
const check = (command: string) => classify({ command, cwd: fx.ws, env: fx.env });

// A variable holding the whole output of a command that prints only digits and blanks is a
// number to arithmetic; any other substitution stays unknown (a value like `a[$(cmd)]` runs cmd).
const ROWS: Array<[string, string, Decision, ReasonCode]> = [
  ["wc -l of stdin", "n=$(wc -l < f); echo $((n+1))", "ALLOW", "ALLOW_NO_EFFECT"],
  ["quoted wc -l of a pipe", `n="$(ls | wc -l)"; echo $((n*2))`, "ALLOW", "ALLOW_NO_EFFECT"],
  ["wc -c of stdin through export", "export n=$(wc -c < file.txt); echo $((n+1))", "ALLOW", "ALLOW_NO_EFFECT"],
  ["date +%s", "t=$(date +%s); echo $((t+60))", "ALLOW", "ALLOW_NO_EFFECT"],
  ["grep -c of one file", "c=$(grep -c foo file.txt); echo $((c))", "ALLOW", "ALLOW_NO_EFFECT"],
  ["id -u in (( ))", "u=$(id -u); (( u == 0 )) && echo root", "ALLOW", "ALLOW_NO_EFFECT"],
  ["nproc", "j=$(nproc); echo $((j-1))", "ALLOW", "ALLOW_NO_EFFECT"],
  ["stat -c %s", "s=$(stat -c %s file.txt); echo $((s/1024))", "ALLOW", "ALLOW_NO_EFFECT"],
  ["inside a loop body, used in the same body", "for f in a b; do n=$(wc -l < file.txt); echo $((n)); done", "ALLOW", "ALLOW_NO_EFFECT"],
  // Hostile variants.
  ["wc with a file operand prints the name", "n=$(wc -l f); echo $((n+1))", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["wc of a glob prints names", "n=$(wc -l *.txt); echo $((n+1))", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["grep -c of two files prints names", "n=$(grep -c x a b); echo $((n))", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["stderr sent to stdout may carry text", "n=$(wc -l < f 2>&1); echo $((n))", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["cat prints anything", "n=$(cat f); echo $((n))", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["id -un prints a name", "n=$(id -un); echo $((n))", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["a second command in the substitution prints too", "n=$(wc -l <f; cat g); echo $((n))", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["text after the substitution", "n=$(wc -l <f)$(cat g); echo $((n))", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["a later assignment replaces the number", "n=$(wc -l <f); n=$(cat g); echo $((n))", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["read replaces the number", "n=$(wc -l <f); read n; echo $((n))", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["a branch may not have assigned it", "if true; then n=$(wc -l <f); fi; echo $((n))", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["a subshell's assignment does not come back", "n='a[$(rm -rf ~)]'; (n=$(wc -l <f)); echo $((n))", "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["the number is still no path", "n=$(wc -l <f); rm -rf $n", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["the number is still no program", "n=$(wc -l <f); $n -rf ~", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["a function named wc prints anything", "wc() { echo 'a[$(rm -rf ~)]'; }; n=$(wc -l <f); echo $((n))", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["a function defined later in a loop runs on the next pass", "for i in 1 2; do n=$(wc -l <f); echo $((n)); function wc { :; }; done", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["an alias named wc", "alias wc='echo x'; n=$(wc -l <f); echo $((n))", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["a hashed wc", "hash -p /bin/echo wc; n=$(wc -l <f); echo $((n))", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["a changed PATH may hold another wc", "PATH=/tmp/e:$PATH; n=$(wc -l <f); echo $((n))", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["a function defined through eval", "eval 'wc( ) { :; }'; n=$(wc -l <f); echo $((n))", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["a function spelled with ANSI-C escapes in bash -c", "bash -c $'wc\\x28\\x29 { echo x; }; n=$(wc -l <f); echo $((n))'", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["a quoted program name is not trusted", "n=$(\\wc -l <f); echo $((n))", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["date with a computed date is not trusted", `n=$(date -d "$(cat x)" +%s); echo $((n))`, "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
];

describe("numeric command output in arithmetic", () => {
  for (const [name, command, decision, reason] of ROWS) {
    test(`${name}: ${decision} ${reason}`, () => {
      const r = check(command);
      expect([r.decision, r.reason]).toEqual([decision, reason]);
    });
  }
});
