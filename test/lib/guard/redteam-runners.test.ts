import { describe, expect, test } from "bun:test";
import { symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { classify } from "../../../lib/guard/classify.ts";
import type { Decision } from "../../../lib/guard/decision.ts";
import type { ReasonCode } from "../../../lib/guard/reasons.ts";
import { useGuardFixture } from "../../fixtures/check/workspace.ts";

const fx = useGuardFixture();
const check = (command: string) => classify({ command, cwd: fx.ws, env: fx.env });

// Red-team finding C14: script, runuser and make run command text the way `su -c` does.
const RUNNERS: Array<[string, string, Decision, ReasonCode]> = [
  ["script -qc runs its text through a shell", "script -qc 'rm -rf ~/Documents' /dev/null", "BLOCK", "BLOCK_OUTSIDE_WORKSPACE"],
  ["script -c without a typescript file runs its text", "script -c 'rm -rf ~/Documents'", "BLOCK", "BLOCK_OUTSIDE_WORKSPACE"],
  ["script --command= runs its text", "script --command='rm -rf ~/Documents' /dev/null", "BLOCK", "BLOCK_OUTSIDE_WORKSPACE"],
  ["script accepts an abbreviated --command", "script --comm 'rm -rf ~/Documents' /dev/null", "BLOCK", "BLOCK_OUTSIDE_WORKSPACE"],
  ["script reads -c after its file operand (getopt permutes)", "script /dev/null -qc 'rm -rf ~/Documents'", "BLOCK", "BLOCK_OUTSIDE_WORKSPACE"],
  ["script -c with the text attached runs it", "script -qc'rm -rf ~/Documents' /dev/null", "BLOCK", "BLOCK_OUTSIDE_WORKSPACE"],
  ["BSD script FILE COMMAND runs the command with its own options", "script -q /dev/null rm -rf ~/Documents", "BLOCK", "BLOCK_OUTSIDE_WORKSPACE"],
  ["script without -c runs a shell reading the here-string", "script -q /dev/null <<< 'rm -rf ~/Documents'", "BLOCK", "BLOCK_OUTSIDE_WORKSPACE"],
  ["script -c with computed text is unknown", 'script -qc "$X" /dev/null', "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["script with a computed option is unknown", 'script "$OPT" /dev/null', "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["script -c under another SHELL is unknown", "SHELL=/usr/bin/python3 script -qc 'print(1)' /dev/null", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["script truncates a typescript file outside the workspace", "script -q ~/.bashrc", "ASK", "ASK_OUTSIDE_WORKSPACE"],
  ["script -qc with a harmless command and /dev/null stays allowed", "script -qc 'git status' /dev/null", "ALLOW", "ALLOW_NO_EFFECT"],
  ["runuser USER -c runs its text", "runuser root -c 'rm -rf ~/Documents'", "BLOCK", "BLOCK_OUTSIDE_WORKSPACE"],
  ["runuser - USER -c runs its text", "runuser - root -c 'rm -rf ~/Documents'", "BLOCK", "BLOCK_OUTSIDE_WORKSPACE"],
  ["runuser -lc clusters the text option", "runuser root -lc 'rm -rf ~/Documents'", "BLOCK", "BLOCK_OUTSIDE_WORKSPACE"],
  ["runuser --session-command= runs its text", "runuser root --session-command='rm -rf ~/Documents'", "BLOCK", "BLOCK_OUTSIDE_WORKSPACE"],
  ["runuser -u USER -- runs the command", "runuser -u root -- rm -rf ~/Documents", "BLOCK", "BLOCK_OUTSIDE_WORKSPACE"],
  ["runuser -u USER without -- runs the command with its options", "runuser -u root rm -rf ~/Documents", "BLOCK", "BLOCK_OUTSIDE_WORKSPACE"],
  ["runuser USER -- -c hands -c to the user's shell", "runuser root -- -c 'rm -rf ~/Documents'", "BLOCK", "BLOCK_OUTSIDE_WORKSPACE"],
  ["runuser USER reads a here-string as shell input", "runuser root <<< 'rm -rf ~/Documents'", "BLOCK", "BLOCK_OUTSIDE_WORKSPACE"],
  ["runuser -c with computed text is unknown", 'runuser root -c "$CMD"', "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["runuser -u with a computed command is unknown", "runuser -u root -- $CMD", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["runuser -s with a non-shell program is unknown", "runuser -s /usr/bin/python3 root -c 'print(1)'", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["runuser -u with a harmless command stays allowed", "runuser -u nobody -- ls -la", "ALLOW", "ALLOW_NO_EFFECT"],
  ["make -f /dev/stdin with a recipe is unknown", "make -f /dev/stdin <<< 'all:; rm -rf ~/Documents'", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["make -f - with a heredoc recipe is unknown", "make -f - <<'EOF'\nall:\n\trm -rf ~/Documents\nEOF", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["make -sf- clusters the stdin makefile", "make -sf- <<< 'all:; true'", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["make --file=/proc/self/fd/0 with $(shell) is unknown", "make --file=/proc/self/fd/0 <<< 'x := $(shell rm -rf ~)'", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["make reading a makefile from another descriptor is unknown", "make -f /dev/fd/3 3<<< 'all:; rm -rf ~'", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["make -f - fed by a download is remote code, as curl | sh is", "curl -s http://127.0.0.1:8766/mk | make -f -", "ASK", "ASK_REMOTE_CODE"],
  ["make --eval text is unknown", "make --eval='x := $(shell rm -rf ~)'", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["make -f /dev/stdin with an empty here-string stays allowed", "make -f /dev/stdin <<< ''", "ALLOW", "ALLOW_NO_EFFECT"],
  ["plain make with a target stays allowed", "make test", "ALLOW", "ALLOW_NO_EFFECT"],
];

describe("red team: script, runuser and make run command text", () => {
  for (const [name, command, decision, reason] of RUNNERS) {
    test(`${name}: ${decision} ${reason}`, () => {
      const r = check(command);
      expect([r.decision, r.reason]).toEqual([decision, reason]);
    });
  }
});

// Red-team finding M1: a path the file system refuses to look up threw (ENAMETOOLONG), and the
// error text carried the path. Now it is an unknown target, and nothing echoes it.
const DEEP = `${"a/".repeat(2500)}x`;
const WIDE = "b".repeat(300);
const PATHS: Array<[string, () => string, string, Decision, ReasonCode]> = [
  ["a recursive delete of a 5000-byte path is unknown", () => `rm -rf ${DEEP}`, DEEP, "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["an absolute 5000-byte delete target is unknown", () => `rm -f /tmp/${DEEP}`, DEEP, "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["a glob in a 5000-byte path is unknown", () => `rm -rf ${DEEP}*`, DEEP, "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["listing a 5000-byte path has no effect", () => `ls ${DEEP}`, DEEP, "ALLOW", "ALLOW_NO_EFFECT"],
  ["a delete of a 300-byte file name is unknown", () => `rm -f ${WIDE}`, WIDE, "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["a delete under a symlink loop is unknown", () => "rm -rf loop/x", "loop/x", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["a glob under a symlink loop is unknown", () => "rm -rf loop/*", "loop/", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["a delete under a regular file is unknown", () => "rm -rf README.md/x", "README.md/x", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
];

describe("red team: paths the file system refuses", () => {
  symlinkSync("loop", join(fx.ws, "loop"));
  writeFileSync(join(fx.ws, "README.md"), "readme\n");
  for (const [name, command, path, decision, reason] of PATHS) {
    test(`${name}: ${decision} ${reason}, without echoing the path`, () => {
      const r = check(command());
      expect([r.decision, r.reason]).toEqual([decision, reason]);
      expect(JSON.stringify(r)).not.toContain(path);
    });
  }
});
