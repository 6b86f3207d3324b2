import { describe, expect, test } from "bun:test";
import { classify } from "../../../lib/guard/classify.ts";
import type { Decision } from "../../../lib/guard/decision.ts";
import type { ReasonCode } from "../../../lib/guard/reasons.ts";
import { useGuardFixture } from "../../fixtures/check/workspace.ts";

const fx = useGuardFixture();
const check = (command: string) => classify({ command, cwd: fx.ws, env: fx.env });

// bash finds builtins before its hash table, and assigning PATH empties the table.
const ROWS: Array<[string, string, Decision, ReasonCode]> = [
  ["hashing a builtin's name changes nothing", "hash -p /bin/rm echo; echo -rf /", "ALLOW", "ALLOW_NO_EFFECT"],
  ["hashing printf changes nothing", "hash -p /bin/rm printf; printf -rf /", "ALLOW", "ALLOW_NO_EFFECT"],
  ["assigning PATH empties the table", "hash -p /bin/rm frob; PATH=/bin; frob -rf /", "ALLOW", "ALLOW_NO_EFFECT"],
  ["export PATH=… empties the table", "hash -p /bin/rm frob; export PATH=/bin; frob -rf /", "ALLOW", "ALLOW_NO_EFFECT"],
  ["hash -r empties the table", "hash -p /bin/rm frob; hash -r; frob -rf /", "ALLOW", "ALLOW_NO_EFFECT"],
  // The emptied table leaves wipe the wipe program, whose -r removes the tree (red team 16).
  ["the program a name then runs is judged", "hash -p /bin/rm wipe; PATH=/bin; wipe -rf /", "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  // Hostile variants.
  ["a program's name is renamed", "hash -p /bin/rm ls; ls -rf /", "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["a new name is renamed", "hash -p /bin/rm wipe; wipe -rf /", "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["names are case-sensitive: Echo is no builtin", "hash -p /bin/rm Echo; Echo -rf /", "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["enable -n after hash makes the builtin name hashed", "hash -p /bin/rm echo; enable -n echo; echo -rf /", "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["enable -n before hash makes the builtin name hashed", "enable -n echo; hash -p /bin/rm echo; echo -rf /", "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["enable -f loads unknown code", "enable -f /tmp/evil.so echo; echo -rf /", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["enable through builtin still counts", "hash -p /bin/rm echo; builtin enable -n echo; echo -rf /", "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["a PATH assignment that may not run keeps the table", "hash -p /bin/rm wipe; true || PATH=/bin; wipe -rf /", "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["a PATH assignment in a subshell keeps the table", "hash -p /bin/rm wipe; (PATH=/bin); wipe -rf /", "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["a PATH assignment in another shell keeps the table", "hash -p /bin/rm wipe; bash -c 'PATH=/bin'; wipe -rf /", "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["a PATH assignment in a function body keeps the table", "hash -p /bin/rm wipe; f() { PATH=/bin; }; wipe -rf /", "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["a PATH assignment in the background keeps the table", "hash -p /bin/rm wipe; PATH=/bin & wipe -rf /", "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["a PATH assignment in a pipeline keeps the table", "hash -p /bin/rm wipe; PATH=/bin | true; wipe -rf /", "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["hashing again after the reset renames again", "hash -p /bin/rm wipe; PATH=/bin; hash -p /bin/rm wipe; wipe -rf /", "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["a hashed mv over system trees is still judged", "hash -p /bin/mv wipe; wipe /* /tmp", "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
];

describe("bash's hash table", () => {
  for (const [name, command, decision, reason] of ROWS) {
    test(`${name}: ${decision} ${reason}`, () => {
      const r = check(command);
      expect([r.decision, r.reason]).toEqual([decision, reason]);
    });
  }
});
