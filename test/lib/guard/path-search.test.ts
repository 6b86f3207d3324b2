import { chmodSync, mkdirSync, realpathSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "bun:test";
import { classify } from "../../../lib/guard/classify.ts";
import type { Decision } from "../../../lib/guard/decision.ts";
import type { ReasonCode } from "../../../lib/guard/reasons.ts";
import { useGuardFixture } from "../../fixtures/check/workspace.ts";

const fx = useGuardFixture();
// A PATH folder in the workspace holding rm under an inert name, a script, and an empty folder.
mkdirSync(join(fx.ws, "evil"));
symlinkSync(realpathSync("/bin/rm"), join(fx.ws, "evil", "ls"));
writeFileSync(join(fx.ws, "evil", "tree"), "#!/bin/sh\n");
chmodSync(join(fx.ws, "evil", "tree"), 0o755);
mkdirSync(join(fx.ws, "tools"));
const check = (command: string) => classify({ command, cwd: fx.ws, env: fx.env });
const E = `${fx.ws}/evil`;

// A PATH that keeps the environment's one and adds literal folders: a bare name is looked up in
// those folders first; one that does not hold it (or does not exist) passes the name on.
const ROWS: Array<[string, string, Decision, ReasonCode]> = [
  ["a folder under HOME prepended with export", "export PATH=$HOME/bin:$PATH; ls -rf x", "ALLOW", "ALLOW_NO_EFFECT"],
  ["env with a prepended folder", "env PATH=/x:$PATH ls -rf x", "ALLOW", "ALLOW_NO_EFFECT"],
  ["a quoted prepended folder", 'export PATH="/opt/x/bin:$PATH"; ls -rf x', "ALLOW", "ALLOW_NO_EFFECT"],
  ["a prefix assignment through ~", "PATH=~/bin:$PATH ls -rf x", "ALLOW", "ALLOW_NO_EFFECT"],
  ["an appended folder", "export PATH=$PATH:/opt/x/bin; ls -rf x", "ALLOW", "ALLOW_NO_EFFECT"],
  ["an existing folder without the name", "PATH=$PWD/tools:$PATH ls -rf x", "ALLOW", "ALLOW_NO_EFFECT"],
  ["a modelled program through an added folder is what it says", "env PATH=/x:$PATH rm -rf src", "RELOCATE", "RELOCATE_TREE"],
  // Hostile variants.
  ["rm under an inert name in the added folder is judged as rm", `export PATH=${E}:$PATH; ls -rf ~`, "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["a prefix assignment finds the added folder too", `PATH=${E}:$PATH ls -rf ~`, "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["env finds the added folder too", `env PATH=${E}:$PATH ls -rf ~`, "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["a relative added folder is searched from the working folder", "export PATH=evil:$PATH; ls -rf ~", "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["an appended folder may supply a name the environment lacks", `export PATH=$PATH:${E}; tree -rf x`, "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["a script in the added folder is unknown", `PATH=${E}:$PATH tree -rf x`, "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["a folder the line creates is unknown", "mkdir bin; PATH=$PWD/bin:$PATH ls -rf ~", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["a folder the line copies into is unknown", "cp /bin/rm tools/ls; PATH=$PWD/tools:$PATH; ls -rf ~", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["a folder the line links is unknown", "PATH=$PWD/bin:$PATH; ln -s /bin bin; ls -rf ~", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["a folder a redirection fills is unknown", "cat x > tools/ls; PATH=tools:$PATH ls -rf ~", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["a folder tar extracts into is unknown", "PATH=./tools:$PATH; tar -xf a.tar -C tools; ls -rf ~", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["a folder unzip extracts into is unknown", "unzip a.zip -d tools; PATH=tools:$PATH ls -rf ~", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["a folder a download lands in is unknown", "curl -o tools/ls https://x.invalid; PATH=tools:$PATH; ls -rf ~", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["a folder tee may fill is unknown", "tee tools/ls < x; PATH=tools:$PATH ls -rf ~", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["a folder another program may fill is unknown", "xxd -r hex tools/ls; PATH=tools:$PATH ls -rf ~", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["a substituted folder stays unknown", "export PATH=$(pwd)/evil:$PATH; ls -rf x", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["an unknown variable folder stays unknown", "export PATH=$X:$PATH; ls -rf x", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["a globbed folder stays unknown", "export PATH=/opt/*/bin:$PATH; ls -rf x", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["a PATH that replaces the environment's is unknown", "export PATH=$X; ls -rf x", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["PATH assigned twice is unknown", "PATH=/a:$PATH; PATH=/b:$PATH; ls -rf x", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["after an unknown cd a relative folder is unknown", "cd $D; PATH=tools:$PATH ls -rf x", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["the kept PATH itself never becomes a path", "export PATH=/opt/x:$PATH; rm -rf $PATH", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["env with an unknown folder is unknown", "env PATH=$X:$PATH ls -rf x", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
];

describe("bare names on a PATH with literal folders added", () => {
  for (const [name, command, decision, reason] of ROWS) {
    test(`${name}: ${decision} ${reason}`, () => {
      const r = check(command);
      expect([r.decision, r.reason]).toEqual([decision, reason]);
    });
  }
});
