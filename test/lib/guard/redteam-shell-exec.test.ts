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
