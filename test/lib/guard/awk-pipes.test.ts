import { describe, expect, test } from "bun:test";
import { classify } from "../../../lib/guard/classify.ts";
import type { Decision } from "../../../lib/guard/decision.ts";
import type { ReasonCode } from "../../../lib/guard/reasons.ts";
import { useGuardFixture } from "../../fixtures/check/workspace.ts";

const fx = useGuardFixture();
const check = (command: string) => classify({ command, cwd: fx.ws, env: fx.env });

// A command awk pipes to reads what awk prints into that pipe: a shell fed a literal runs that
// literal; a shell fed anything else (a field, a whole input line, awk's own stdin through
// getline) runs text the guard cannot see.
const ROWS: Array<[string, string, Decision, ReasonCode]> = [
  ["a literal printed into sh runs as a shell line", `awk 'BEGIN{print "rm -rf /" | "sh"}'`, "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["print(...) with parentheses feeds the same literal", `awk 'BEGIN{print("rm -rf ~") | "bash"}'`, "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["printf of a literal without directives feeds it as is", `awk 'BEGIN{printf "rm -rf /\\n" | "sh"}'`, "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["input lines printed into sh are unknown code", `awk '{print | "sh"}' README.md`, "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["a field printed into sh is unknown code", `awk '{print $2 | "sh"}' README.md`, "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["printf with directives into sh is unknown code", `awk 'BEGIN{printf "%s\\n", x | "sh"}'`, "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["getline from sh reads awk's stdin, unseen", `awk 'BEGIN{"sh" | getline line}'`, "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["a second pipe after a harmless one is still judged", `awk 'BEGIN{print "ls" | "sh"; print "rm -rf /" | "sh"}'`, "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["quotes inside the literal stay inside it", `awk 'BEGIN{print "echo '"'"'a'"'"'; rm -rf /" | "sh"}'`, "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["an unbalanced quote fed to sh is not analysable", `awk 'BEGIN{print "echo it'"'"'s; rm -rf /" | "sh"}'`, "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  // What stays harmless.
  ["a harmless literal into sh", `awk 'BEGIN{print "ls -la" | "sh"}'`, "ALLOW", "ALLOW_NO_EFFECT"],
  ["a dangerous-looking literal into cat is data", `awk 'BEGIN{print "rm -rf /" | "cat"}'`, "ALLOW", "ALLOW_NO_EFFECT"],
  ["fields into sort", `awk '{print $1 | "sort -u"}' README.md`, "ALLOW", "ALLOW_NO_EFFECT"],
  ["getline from date", `awk 'BEGIN{"date +%s" | getline t; print t}'`, "ALLOW", "ALLOW_NO_EFFECT"],
];

describe("awk pipes feed the command they start", () => {
  test.each(ROWS)("%s", (_label, command, decision, reason) => {
    const r = check(command);
    expect([r.decision, r.reason]).toEqual([decision, reason]);
  });
});
