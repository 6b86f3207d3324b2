import { describe, expect, test } from "bun:test";
import { classify } from "../../../lib/guard/classify.ts";
import type { Decision } from "../../../lib/guard/decision.ts";
import type { ReasonCode } from "../../../lib/guard/reasons.ts";
import { useGuardFixture } from "../../fixtures/check/workspace.ts";

const fx = useGuardFixture();
const check = (command: string) => classify({ command, cwd: fx.ws, env: fx.env });

// Red-team finding C14: the script a shell or interpreter reads from a stdin path is the text
// feeding it, and shell options may stand between -c and its text. (After `source` the home is
// no longer known: the sourced text may have changed HOME, so those rows are undeterminable.)
const STDIN_SCRIPTS: Array<[string, string, Decision, ReasonCode]> = [
  ["bash running /dev/stdin runs the here-string", "bash /dev/stdin <<< 'rm -rf ~/Documents'", "BLOCK", "BLOCK_OUTSIDE_WORKSPACE"],
  ["bash running /proc/self/fd/0 runs the here-string", "bash /proc/self/fd/0 <<< 'rm -rf ~/Documents'", "BLOCK", "BLOCK_OUTSIDE_WORKSPACE"],
  ["a stdin path spelled with extra slashes is still stdin", "bash //dev/./stdin <<< 'rm -rf ~/Documents'", "BLOCK", "BLOCK_OUTSIDE_WORKSPACE"],
  ["bash running /dev/stdin runs the piped text", "echo 'rm -rf ~' | bash /dev/stdin", "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["bash running /dev/stdin runs a heredoc", "bash /dev/stdin <<EOF\nrm -rf ~/Documents\nEOF", "BLOCK", "BLOCK_OUTSIDE_WORKSPACE"],
  ["source of /dev/stdin runs the here-string", "source /dev/stdin <<< 'rm -rf ~/Documents'", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["source of /proc/self/fd/0 runs the here-string", "source /proc/self/fd/0 <<< 'rm -rf ~/Documents'", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["dot of /dev/fd/0 runs the here-string", ". /dev/fd/0 <<< 'rm -rf ~/Documents'", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["a computed path with a here-string may be stdin", "bash /proc/$$/fd/0 <<< 'rm -rf ~/Documents'", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["another process's stdin is not followed", "bash /proc/1/fd/0", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["an unfilled descriptor is not followed", "bash /dev/fd/5 5<x", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["a non-literal here-string script is undeterminable", 'bash /dev/stdin <<< "$(cat x)"', "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["python running /dev/stdin runs the here-string", "python3 /dev/stdin <<< 'import shutil; shutil.rmtree(\"/\")'", "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["node running /dev/stdin runs the here-string", "node /dev/stdin <<< 'require(\"child_process\").execSync(\"rm -rf ~\")'", "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["bash -c then -e still runs the first operand", "bash -c -e 'rm -rf ~/Documents'", "BLOCK", "BLOCK_OUTSIDE_WORKSPACE"],
  ["bash -c then -- still runs the first operand", "bash -c -- 'rm -rf ~/Documents'", "BLOCK", "BLOCK_OUTSIDE_WORKSPACE"],
  ["fish --command= runs its text", "fish --command='rm -rf ~/Documents'", "BLOCK", "BLOCK_OUTSIDE_WORKSPACE"],
  ["fish --command runs the next word", "fish --command 'rm -rf ~/Documents'", "BLOCK", "BLOCK_OUTSIDE_WORKSPACE"],
  ["fish -C runs its init command", "fish -C 'rm -rf ~/Documents'", "BLOCK", "BLOCK_OUTSIDE_WORKSPACE"],
  ["fish --init-command= runs its text", "fish --init-command='rm -rf ~/Documents'", "BLOCK", "BLOCK_OUTSIDE_WORKSPACE"],
  ["fish -c with a computed text is undeterminable", "fish -c \"$X\"", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["bash running a harmless here-string is allowed", "bash /dev/stdin <<< 'echo hi'", "ALLOW", "ALLOW_NO_EFFECT"],
  ["bash running a script file is allowed", "bash ./build.sh", "ALLOW", "ALLOW_NO_EFFECT"],
  ["fish printing is allowed", "fish -c 'echo hi'", "ALLOW", "ALLOW_NO_EFFECT"],
];

describe("red team: scripts read from stdin paths and shell option orders", () => {
  for (const [name, command, decision, reason] of STDIN_SCRIPTS) {
    test(`${name}: ${decision} ${reason}`, () => {
      const r = check(command);
      expect([r.decision, r.reason]).toEqual([decision, reason]);
    });
  }
});

// Red-team finding C11: bash arithmetic evaluates the values of the variables it names, and a
// subscript there is expanded, so `a[$(cmd)]` inside a value runs cmd.
const ARITHMETIC: Array<[string, string, Decision, ReasonCode]> = [
  ["$((x)) runs the substitution in x's subscript", "x='a[$(rm -rf ~/Documents)]'; echo $((x))", "BLOCK", "BLOCK_OUTSIDE_WORKSPACE"],
  ["$(( $x )) runs it too", "x='a[$(rm -rf ~/Documents)]'; echo $(( $x ))", "BLOCK", "BLOCK_OUTSIDE_WORKSPACE"],
  ["(( x )) runs it", "x='a[$(rm -rf ~/Documents)]'; (( x ))", "BLOCK", "BLOCK_OUTSIDE_WORKSPACE"],
  ["[[ $x -eq 0 ]] runs it", "x='a[$(rm -rf ~/Documents)]'; [[ $x -eq 0 ]]", "BLOCK", "BLOCK_OUTSIDE_WORKSPACE"],
  ["[[ x -lt 1 ]] with a bare name runs it", "x='a[$(rm -rf ~/Documents)]'; [[ x -lt 1 ]]", "BLOCK", "BLOCK_OUTSIDE_WORKSPACE"],
  ["let x runs it", "x='a[$(rm -rf ~/Documents)]'; let x", "BLOCK", "BLOCK_OUTSIDE_WORKSPACE"],
  ["let with a quoted subscript runs it", "let 'a[$(rm -rf ~/Documents)]'", "BLOCK", "BLOCK_OUTSIDE_WORKSPACE"],
  ["assigning to a declare -i variable runs it", "declare -i n; n='a[$(rm -rf ~/Documents)]'", "BLOCK", "BLOCK_OUTSIDE_WORKSPACE"],
  ["declare -i with a value runs it", "declare -i n='a[$(rm -rf ~/Documents)]'", "BLOCK", "BLOCK_OUTSIDE_WORKSPACE"],
  ["a backtick in a subscript reached through another name runs", "x='a[`rm -rf ~/Documents`]'; y=x; echo $((y+1))", "BLOCK", "BLOCK_OUTSIDE_WORKSPACE"],
  ["an array subscript outside $(( )) is arithmetic too", "x='a[$(rm -rf ~/Documents)]'; echo ${arr[x]}", "BLOCK", "BLOCK_OUTSIDE_WORKSPACE"],
  ["a substring offset is arithmetic too", "x='a[$(rm -rf ~/Documents)]'; echo ${s:x:1}", "BLOCK", "BLOCK_OUTSIDE_WORKSPACE"],
  ["a variable with an unknown value in arithmetic is undeterminable", "x=$(cat f); echo $((x))", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["a value naming itself stops at the bound", "x='$((x))'; echo $((x))", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["a harmless subscript substitution is analysed and allowed", "x='a[$(echo hi)]'; echo $((x))", "ALLOW", "ALLOW_NO_EFFECT"],
  ["plain arithmetic on numbers is allowed", "echo $((1 + 2 * 3))", "ALLOW", "ALLOW_NO_EFFECT"],
  ["arithmetic on a known number is allowed", "i=3; (( i++ )); echo $((i * 2))", "ALLOW", "ALLOW_NO_EFFECT"],
  ["arithmetic on an unset variable is allowed", "echo $((n + 1)); [[ $m -eq 0 ]]", "ALLOW", "ALLOW_NO_EFFECT"],
  ["an arithmetic for loop is allowed", "for ((i = 0; i < 3; i++)); do echo $i; done", "ALLOW", "ALLOW_NO_EFFECT"],
  ["a string comparison in [[ ]] is not arithmetic", "x='a[$(rm -rf ~/Documents)]'; [[ $x == y ]]", "ALLOW", "ALLOW_NO_EFFECT"],
];

describe("red team: variable values evaluated by arithmetic", () => {
  for (const [name, command, decision, reason] of ARITHMETIC) {
    test(`${name}: ${decision} ${reason}`, () => {
      const r = check(command);
      expect([r.decision, r.reason]).toEqual([decision, reason]);
    });
  }
});
