import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { documentsTable } from "../../support/documents-table.ts";
import { documentsScene } from "../../support/home-scene.ts";
import { useTempDirs } from "../../support/temp-dir.ts";

const tempDir = useTempDirs("leogriel-rt6-shell-e2e-");

const RM = "rm -rf ~/Documents";

/** The Documents scene with a.txt in the workspace (mapfile reads it). */
function scene(): { ws: string; home: string } {
  const s = documentsScene(tempDir);
  writeFileSync(join(s.ws, "a.txt"), "a\n");
  return s;
}
const RBASH = Bun.which("rbash");

// Sixth red-team pass, C3, C5, C6, H10: each command deletes ~/Documents when bash runs it
// (checked first in a scene of its own); the guard refuses it, and HOME is unchanged.
const HOSTILE: Array<[string, string]> = [
  ["a single-quoted subscript", `echo \${a['$(${RM})']}`],
  ["a quoted subscript with :-x", `echo "\${a['$(${RM})']:-x}"`],
  ["backticks in a subscript", `: \${a['\`${RM}\`']}`],
  ["an ANSI-C subscript", `x=\${a[$'\\x24(${RM})']}`],
  ["mapfile -C", `mapfile -C '${RM} #' -c 1 arr <<< x`],
  ["readarray -t -C", `readarray -t -C '${RM} #' -c1 arr < a.txt`],
  ["an environment function", `env 'BASH_FUNC_f%%=() { ${RM}; }' bash -c f`],
  ["an environment function named ls", `env 'BASH_FUNC_ls%%=() { ${RM}; }' bash -c ls`],
  ["PS4+=", `PS4+='$(${RM})'; set -x; :`],
  ["mapfile -t PS4", `mapfile -t PS4 <<< '$(${RM})'; set -x; :`],
  ["read PS4 from a process substitution", `IFS= read -r PS4 < <(echo '$(${RM})'); set -x; :`],
  ["printf -v PS4", `printf -v PS4 '%s' '$(${RM})'; set -x; true`],
  ["a nameref to PS4", `declare -n r=PS4; r='$(${RM})'; set -x; :`],
  ...(RBASH ? ([["rbash runs its stdin", `echo '${RM}' | rbash`], ["rbash -c", `rbash -c '${RM}'`]] as Array<[string, string]>) : []),
];

// Lookalikes that run and lose nothing.
const HARMLESS: string[] = [
  'arr=(1 2 3); echo "${arr[1]}"',
  "declare -a arr; arr+=(x); echo ${#arr[@]}",
  'files=(*.txt); echo "${files[0]}"',
  'arr=(a b); for i in "${!arr[@]}"; do echo "${arr[$i]}"; done',
  'f() { local -a xs=("$@"); echo "${xs[0]}"; }; f a b',
  'for v in PATH HOME; do echo "${!v}"; done',
  "echo ${#a['$(rm -rf ~/Documents)']}",
  "mapfile -t lines < a.txt",
  "PS4='+ '; set -x; true",
  ...(RBASH ? ["echo ls | rbash"] : []),
];

documentsTable("red team 6 end to end: subscripts, callbacks, environment functions, rbash, PS4", scene, HOSTILE, HARMLESS);
