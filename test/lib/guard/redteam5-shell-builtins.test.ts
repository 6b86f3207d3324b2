import { describe, expect, test } from "bun:test";
import { classify } from "../../../lib/guard/classify.ts";
import type { Decision } from "../../../lib/guard/decision.ts";
import { useGuardFixture } from "../../fixtures/check/workspace.ts";

// Fifth red-team pass, C2: bash evaluates the subscript of a variable NAME a builtin takes as
// arithmetic, which runs the `$(…)` there (checked with bash 5.2 for test -v, [ -v ], printf -v,
// read and declare). Also `$[ … ]`, the subscript of `b[x]=1`, `${!ref}` and namerefs.
const fx = useGuardFixture();
const RM = "$(rm -rf ~/Documents)";

const ROWS: Array<[string, string, Decision]> = [
  ["test -v", `test -v 'a[${RM}]'`, "BLOCK"],
  ["[ -v ]", `[ -v 'a[${RM}]' ]`, "BLOCK"],
  ["[[ -v ]]", `[[ -v 'a[${RM}]' ]]`, "BLOCK"],
  ["[[ -v ]] with backticks", "[[ -v 'a[`rm -rf ~/Documents`]' ]]", "BLOCK"],
  ["printf -v", `printf -v 'a[${RM}]' x`, "BLOCK"],
  ["printf -v attached", `printf '-va[${RM}]' x`, "BLOCK"],
  ["read", `read 'a[${RM}]' <<< x`, "BLOCK"],
  ["read -r after other names", `read -r x 'a[${RM}]' <<< 'p q'`, "BLOCK"],
  ["read -a", `read -a 'a[${RM}]' <<< x`, "BLOCK"],
  ["read -ra cluster", `read -ra 'a[${RM}]' <<< x`, "BLOCK"],
  ["read inside bash -c text", `bash -c "read 'a[\\${RM}]' <<< x"`, "BLOCK"],
  ["declare", `declare 'a[${RM}]=1'`, "BLOCK"],
  ["declare without a value", `declare 'a[${RM}]'`, "BLOCK"],
  ["typeset", `typeset 'a[${RM}]=1'`, "BLOCK"],
  ["export", `export 'a[${RM}]=1'`, "BLOCK"],
  ["readonly", `readonly 'a[${RM}]=1'`, "BLOCK"],
  ["local in a function", `f(){ local 'a[${RM}]=1'; }; f`, "BLOCK"],
  ["getopts", `getopts x 'a[${RM}]'`, "BLOCK"],
  ["wait -p", `wait -p 'a[${RM}]'`, "BLOCK"],
  ["wait -n -p", `wait -n -p 'a[${RM}]'`, "BLOCK"],
  ["unset", `unset 'a[${RM}]'`, "BLOCK"],
  ["mapfile", `mapfile -t 'a[${RM}]' < /dev/null`, "BLOCK"],
  ["readarray", `readarray 'a[${RM}]' < /dev/null`, "BLOCK"],
  ["a name held in a variable", `v='a[${RM}]'; read "$v" <<< x`, "BLOCK"],
  ["a subscript naming a variable", `i='${RM}'; test -v 'a[i]'`, "BLOCK"],
  ["a name read from a file is unknown", 'v=$(cat name.txt); read "$v" <<< x', "BLOCK"],
  ["$[ ] arithmetic", `x='a[${RM}]'; echo $[x]`, "BLOCK"],
  ["$[ ] arithmetic in quotes", `x='a[${RM}]'; echo "$[x + 1]"`, "BLOCK"],
  ["an assignment's subscript", `x='a[${RM}]'; b[x]=1`, "BLOCK"],
  ["${!ref}", `ref='a[${RM}]'; echo \${!ref}`, "BLOCK"],
  ["${!ref:-w}", `ref='a[${RM}]'; echo \${!ref:-w}`, "BLOCK"],
  ["a nameref", `declare -n r='a[${RM}]'; echo $r`, "BLOCK"],
  // Lookalikes that name plain variables.
  ["read x", "read x", "ALLOW"],
  ["read -r -p prompt", "read -r -p 'Name: ' name", "ALLOW"],
  ["read in a loop", "while read -r line; do echo \"$line\"; done < README.md", "ALLOW"],
  ["test -v name", "test -v name", "ALLOW"],
  ["[[ -v a[1] ]]", "[[ -v a[1] ]]", "ALLOW"],
  ["declare -a arr", "declare -a arr", "ALLOW"],
  ["declare -n to a name", "declare -n ref=HOME", "ALLOW"],
  ["printf -v out", "printf -v out '%s' x", "ALLOW"],
  ["printf -v into an element", "i=3; printf -v 'arr[i]' '%s' x", "ALLOW"],
  ["export PATH", "export PATH=/usr/local/bin:$PATH", "ALLOW"],
  ["export in a loop", 'for k in A B; do export "$k=1"; done', "ALLOW"],
  ["mapfile", "mapfile -t lines < README.md", "ALLOW"],
  ["getopts", "getopts 'ab:' opt", "ALLOW"],
  ["unset -f", "unset -f foo", "ALLOW"],
  ["$[ ] with numbers", "echo $[1 + 2]", "ALLOW"],
  ["${!ref} of a plain name", "ref=HOME; echo ${!ref}", "ALLOW"],
];

describe("red-team 5: NAME operands of builtins", () => {
  for (const [name, command, decision] of ROWS) {
    test(name, () => {
      expect(classify({ command, cwd: fx.ws, env: fx.env }).decision).toBe(decision);
    });
  }
});
