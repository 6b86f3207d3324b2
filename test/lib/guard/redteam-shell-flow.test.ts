import { realpathSync } from "node:fs";
import { describe, expect, test } from "bun:test";
import { classify } from "../../../lib/guard/classify.ts";
import type { Decision } from "../../../lib/guard/decision.ts";
import type { ReasonCode } from "../../../lib/guard/reasons.ts";
import { useGuardFixture } from "../../fixtures/check/workspace.ts";
import { fileTempDir } from "../../support/temp-dir.ts";

const fx = useGuardFixture();
/** An existing, empty temp folder: a delete there is harmless, so a wrong `cd` into it would hide a workspace delete. */
const T = realpathSync(fileTempDir("leogriel-flow-"));
const check = (command: string) => classify({ command, cwd: fx.ws, env: fx.env });

// Red-team findings C3, C4, C8, C17: a `cd` or assignment that did not (or may not) reach the
// later commands must not be applied to them.
const ROWS: Array<[string, string, Decision, ReasonCode]> = [
  ["a cd inside a subshell does not move the commands after it", `(cd ${T}); rm -rf *`, "RELOCATE", "RELOCATE_TREE"],
  ["a cd in a pipeline stage runs in that stage's subshell", `cd ${T} | true; rm -rf *`, "RELOCATE", "RELOCATE_TREE"],
  ["a cd in a command substitution runs in a subshell", `echo $(cd ${T}); rm -rf *`, "RELOCATE", "RELOCATE_TREE"],
  ["a cd in backticks runs in a subshell", `echo \`cd ${T}\`; rm -rf *`, "RELOCATE", "RELOCATE_TREE"],
  ["a cd sent to the background runs in a subshell", `cd ${T} & rm -rf *`, "RELOCATE", "RELOCATE_TREE"],
  ["a cd inside bash -c is another process", `bash -c 'cd ${T}'; rm -rf *`, "RELOCATE", "RELOCATE_TREE"],
  ["a cd in an untaken branch leaves the directory unknown", `if false; then cd ${T}; fi; rm -rf *`, "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["a cd after || may not have run", `true || cd ${T}; rm -rf *`, "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["a cd after && may not have run for the next list", `true && cd ${T}; rm -rf *`, "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["a cd in a case item may not have run", `case $1 in a) cd ${T};; esac; rm -rf *`, "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["a cd in a function body may run whenever it is called", `f(){ cd ${T}; }; rm -rf *`, "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["a cd in a loop body may run any number of times", `while read d; do cd ${T}; done; rm -rf *`, "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["a loop that changes directory deletes from an unknown one", `for d in a b; do rm -rf *; cd ${T}; done`, "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["a function body runs in the caller's directory at call time", `cd ${T}; f(){ rm -rf *; }; cd ~; f`, "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["a function without a cd on the line keeps the workspace directory", "f(){ rm -rf build; }; f", "RELOCATE", "RELOCATE_TREE"],
  ["a cd to a missing folder fails and the delete runs here", "cd no-such-dir; rm -rf *", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["a cd to a missing absolute folder fails the same way", `cd ${T}/missing; rm -rf src`, "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["after && the delete runs only where the cd succeeded", `cd ${T} && rm -rf *`, "ALLOW", "ALLOW_TEMP_PATH"],
  ["command cd is the builtin", "command cd ~; rm -rf *", "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["CDPATH may send a relative cd anywhere", "CDPATH=$HOME; cd .ssh; rm -f id_rsa", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["cd ./name ignores CDPATH", "CDPATH=$HOME; cd ./src && rm -rf main.ts", "ASK", "COMPOUND_CWD_DELETE"],
  ["env --chdir= moves the inner command", "env --chdir=$HOME rm -rf .ssh", "BLOCK", "BLOCK_OUTSIDE_WORKSPACE"],
  ["env -C with an unknown folder is unknown", "env -C $X rm -rf src", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["env -CDIR moves the inner command", "env -C$HOME rm -rf .ssh", "BLOCK", "BLOCK_OUTSIDE_WORKSPACE"],
  ["HOME set in a subshell does not reach a later tilde", `(HOME=${T}); rm -rf ~/Documents`, "BLOCK", "BLOCK_OUTSIDE_WORKSPACE"],
  ["HOME set after || may not have run", `true || HOME=${T}; rm -rf ~`, "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["HOME set in a function body may not have run", `f(){ HOME=${T}; }; rm -rf ~`, "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["a default value hides a possibly skipped assignment", `true || x=${T}; rm -rf "\${x:-$HOME}/.ssh"`, "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["an assignment in a subshell leaves the variable as it was (unknown from the environment)", `(x=${T}); rm -rf "\${x-$HOME}"`, "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["a function body reads variables of its call time", `f(){ rm -rf $x; }; x=~; f`, "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["an assignment in a pipeline stage does not reach the next list", `x=${T} | true; rm -rf "\${x:-$HOME}"`, "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["an assignment before && is in force after it", `x=${T} && rm -rf "$x"/*`, "ALLOW", "ALLOW_TEMP_PATH"],
];

describe("red team: cd and assignments follow the shell's control flow", () => {
  for (const [name, command, decision, reason] of ROWS) {
    test(`${name}: ${decision} ${reason}`, () => {
      const r = check(command);
      expect([r.decision, r.reason]).toEqual([decision, reason]);
    });
  }
});
