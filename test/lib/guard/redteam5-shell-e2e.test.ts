import { documentsTable } from "../../support/documents-table.ts";
import { documentsScene } from "../../support/home-scene.ts";
import { useTempDirs } from "../../support/temp-dir.ts";

const tempDir = useTempDirs("leogriel-rt5-shell-e2e-");

const RM = "rm -rf ~/Documents";

// Fifth red-team pass, C2, C7, H1, H2, H3: each command deletes ~/Documents when bash runs it
// (checked first in a scene of its own); the guard refuses it, and HOME is unchanged.
const HOSTILE: Array<[string, string]> = [
  ["test -v runs a subscript", `test -v 'a[$(${RM})]'`],
  ["[ -v ] runs a subscript", `[ -v 'a[$(${RM})]' ]`],
  ["printf -v runs a subscript", `printf -v 'a[$(${RM})]' x`],
  ["read runs a subscript", `read 'a[$(${RM})]' <<< x`],
  ["declare runs a subscript", `declare 'a[$(${RM})]=1'`],
  ["unshare bash runs its stdin", `echo '${RM}' | unshare bash`],
  ["setpriv bash runs its stdin", `echo '${RM}' | setpriv bash`],
  ["prlimit bash runs its stdin", `echo '${RM}' | prlimit bash`],
  ["env -S bash runs its stdin", `echo '${RM}' | /usr/bin/env -S bash`],
  ["sh -c 'exec bash' runs its stdin", `echo '${RM}' | sh -c 'exec bash'`],
  ["sh -c 'cat | sh' runs its stdin", `echo '${RM}' | sh -c 'cat | sh'`],
  ["BASH_ENV runs a written script", `echo '${RM}' > s.sh; BASH_ENV=s.sh bash -c :`],
  ["ENV runs a written script", `echo '${RM}' > s.sh; ENV=s.sh sh -i </dev/null`],
  ["exec 0<<< feeds a later bash", `exec 0<<<'${RM}'; bash`],
  ["PS4 runs under set -x", `export PS4='$(${RM})'; set -x; true`],
];

// Lookalikes that run and lose nothing.
const HARMLESS: string[] = ["read x <<< y", "test -v name", "declare -a arr", "printf -v out '%s' x", "export PATH=/usr/bin:$PATH", "echo ls | unshare bash", "exec 0<<<'ls'; bash"];

documentsTable("red team 5 end to end: shell builtins and stdin", () => documentsScene(tempDir), HOSTILE, HARMLESS);
