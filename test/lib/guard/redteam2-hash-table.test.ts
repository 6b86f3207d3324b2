import { describe, expect, test } from "bun:test";
import { classify } from "../../../lib/guard/classify.ts";
import type { Decision } from "../../../lib/guard/decision.ts";
import { useGuardFixture } from "../../fixtures/check/workspace.ts";

// Second red-team pass: ways to give an inert name another program that the hash-table rules
// (hash -p vs builtins, PATH assignments emptying the table) did not see. Each row was checked
// with bash: ~/Documents was deleted.
const fx = useGuardFixture();
const RM = "-rf ~/Documents";

const ROWS: Array<[string, string, Decision]> = [
  ["BASH_CMDS is the hash table", `BASH_CMDS[ls]=/bin/rm; ls ${RM}`, "BLOCK"],
  ["read into BASH_CMDS", `read -r 'BASH_CMDS[ls]' <<< /bin/rm; ls ${RM}`, "BLOCK"],
  ["printf -v into BASH_CMDS", `printf -v 'BASH_CMDS[ls]' /bin/rm; ls ${RM}`, "BLOCK"],
  ["eval assigning BASH_CMDS", `eval 'BASH_CMDS[ls]=/bin/rm'; ls ${RM}`, "BLOCK"],
  ["a name reference to BASH_CMDS", `x=BASH_CMDS; declare -n r=$x; r[ls]=/bin/rm; ls ${RM}`, "BLOCK"],
  ["hash -rp empties the table, then adds", `hash -rp /bin/rm ls; ls ${RM}`, "BLOCK"],
  ["a hashed cd once the builtin is disabled", `hash -p /bin/rm cd; enable -n cd; cd ${RM}`, "BLOCK"],
  ["the builtin disabled first", `enable -n cd; hash -p /bin/rm cd; cd ${RM}`, "BLOCK"],
  ["local outside a function assigns nothing", `hash -p /bin/rm ls; local PATH=$PATH 2>/dev/null; ls ${RM}`, "BLOCK"],
  // What the table rules keep allowing.
  ["a PATH assignment still empties the table", `hash -p /bin/rm ls; PATH=$PATH; ls ${RM}`, "ALLOW"],
  ["declare PATH still empties the table", `hash -p /bin/rm ls; declare PATH=$PATH; ls ${RM}`, "ALLOW"],
  ["a hashed builtin name still runs the builtin", `hash -p /bin/rm kill; kill ${RM}`, "ALLOW"],
  ["a plain cd", "cd src && ls", "ALLOW"],
];

describe("red-team 2: the hash table", () => {
  for (const [name, command, decision] of ROWS) {
    test(name, () => {
      expect(classify({ command, cwd: fx.ws, env: fx.env }).decision).toBe(decision);
    });
  }
});
