import { describe, expect, test } from "bun:test";
import { classify } from "../../../lib/guard/classify.ts";
import type { Decision } from "../../../lib/guard/decision.ts";
import type { ReasonCode } from "../../../lib/guard/reasons.ts";
import { useGuardFixture } from "../../fixtures/check/workspace.ts";

const fx = useGuardFixture();
const check = (command: string) => classify({ command, cwd: fx.ws, env: fx.env });

// Every pipeline stage runs in a subshell (bash: `P=safe; printf rm | read P; echo $P` prints
// safe), the last one too unless `shopt -s lastpipe` is on: then it runs in the shell itself.
const ROWS: Array<[string, string, Decision, ReasonCode]> = [
  ["read in the last stage does not assign in the shell", `P=safe; printf rm | read P; rm -rf "$P"`, "ALLOW", "ALLOW_NOOP"],
  ["read in the last stage leaves a known program name", "P=echo; printf rm | read P; $P -rf /", "ALLOW", "ALLOW_NO_EFFECT"],
  ["cd in the last stage does not move the shell", "echo | cd ~; rm -rf Documents", "ALLOW", "ALLOW_NOOP"],
  ["lastpipe set after the pipeline changes nothing for it", `P=/tmp/x; echo ~ | read P; shopt -s lastpipe; rm -rf "$P"`, "ALLOW", "ALLOW_TEMP_PATH"],
  // Hostile variants.
  ["a here-string read assigns in the shell", "read P <<< rm; $P -rf /", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["a variable never assigned in the line is unknown", "printf rm | read P; $P -rf /", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["with lastpipe the last stage's read assigns", `shopt -s lastpipe; P=/tmp/x; echo ~ | read P; rm -rf "$P"`, "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["with lastpipe the last stage's assignment stays", "shopt -s lastpipe; P=echo; printf rm | P=rm; $P -rf ~", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["with lastpipe the last stage's cd moves the shell", "shopt -s lastpipe; echo | cd ~; rm -rf Documents", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["a quoted lastpipe is lastpipe", `shopt -s last'pipe'; P=/tmp/x; echo ~ | read P; rm -rf "$P"`, "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["lastpipe through a variable", `o=lastpipe; shopt -s $o; P=/tmp/x; echo ~ | read P; rm -rf "$P"`, "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["shopt with an unknown option may set lastpipe", `shopt -s $O; P=/tmp/x; echo ~ | read P; rm -rf "$P"`, "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["lastpipe set through eval", `eval 'shopt -s lastpipe'; P=/tmp/x; echo ~ | read P; rm -rf "$P"`, "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["lastpipe set in a function called first", `f(){ shopt -s lastpipe; }; f; P=/tmp/x; echo ~ | read P; rm -rf "$P"`, "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["lastpipe given to a nested bash with -O", `bash -O lastpipe -c 'P=/tmp/x; echo ~ | read P; rm -rf "$P"'`, "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["lastpipe set inside bash -c", `bash -c 'shopt -s lastpipe; P=/tmp/x; echo ~ | read P; rm -rf "$P"'`, "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["lastpipe set through builtin", `builtin shopt -s lastpipe; P=/tmp/x; echo ~ | read P; rm -rf "$P"`, "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
];

describe("pipeline stages and lastpipe", () => {
  test("BASHOPTS holding lastpipe in the environment turns it on", () => {
    const r = classify({ command: `P=/tmp/x; echo ~ | read P; rm -rf "$P"`, cwd: fx.ws, env: { ...fx.env, BASHOPTS: "checkwinsize:lastpipe" } });
    expect([r.decision, r.reason]).toEqual(["BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"]);
  });
  for (const [name, command, decision, reason] of ROWS) {
    test(`${name}: ${decision} ${reason}`, () => {
      const r = check(command);
      expect([r.decision, r.reason]).toEqual([decision, reason]);
    });
  }
});
