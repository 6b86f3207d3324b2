import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "bun:test";
import { classify } from "../../../lib/guard/classify.ts";
import type { Decision } from "../../../lib/guard/decision.ts";
import type { ReasonCode } from "../../../lib/guard/reasons.ts";
import { useGuardFixture } from "../../fixtures/check/workspace.ts";

const fx = useGuardFixture();
writeFileSync(join(fx.ws, "file.txt"), "a\n");
writeFileSync(join(fx.ws, "script.sed"), "s/a/b/\n");
writeFileSync(join(fx.ws, "runs.sed"), "s/a/b/\n1e rm -rf ~\n");
writeFileSync(join(fx.ws, "writes.sed"), "w .git/HEAD\n");
writeFileSync(join(fx.ws, "big.sed"), `${"s/a/b/\n".repeat(10_000)}`);
const check = (command: string) => classify({ command, cwd: fx.ws, env: fx.env });

// `sed -f FILE` reads the script file like an inline script; a missing one makes sed fail first.
const ROWS: Array<[string, string, Decision, ReasonCode]> = [
  ["a harmless script file is read", "sed -f script.sed file.txt", "ALLOW", "ALLOW_NO_EFFECT"],
  ["--file= is read the same", "sed --file=script.sed file.txt", "ALLOW", "ALLOW_NO_EFFECT"],
  ["--file FILE is read the same", "sed --file script.sed file.txt", "ALLOW", "ALLOW_NO_EFFECT"],
  ["a missing script file runs nothing", "sed -f missing.sed file.txt", "ALLOW", "ALLOW_NO_EFFECT"],
  // Hostile variants.
  ["an e command in the file runs", "sed -f runs.sed file.txt", "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["a clustered -nf reads the file", "sed -nf runs.sed file.txt", "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["an attached -fFILE reads the file", "sed -n -fruns.sed file.txt", "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["--file=FILE with an e command runs", "sed --file=runs.sed file.txt", "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["a w command in the file writes", "sed -f writes.sed file.txt", "BLOCK", "BLOCK_PROTECTED_PATH"],
  ["a script file read in a container is not the local file", "docker exec c sed -f script.sed file.txt", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["-e beside a dangerous file still sees the file", "sed -e s/a/b/ -f runs.sed file.txt", "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["a quoted file name is the same file", "sed -f 'runs.sed' file.txt", "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["through sudo the file is read", "sudo sed -f runs.sed file.txt", "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["a script written earlier in the line is unknown", "echo '1e rm -rf ~' > x.sed; sed -f x.sed file.txt", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["an existing script overwritten earlier is unknown", "echo '1e rm -rf ~' > script.sed; sed -f script.sed file.txt", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["a script tee wrote earlier is unknown", "echo '1e rm -rf ~' | tee x.sed; sed -f x.sed file.txt", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["a script another program may write earlier is unknown", "xxd -r hex x.sed; sed -f x.sed file.txt", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["a script copied earlier is unknown", "cp runs.sed x.sed; sed -f x.sed file.txt", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["a script linked earlier is unknown", "ln -sf runs.sed y.sed; sed -f y.sed file.txt", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["a script read in a loop that writes is unknown", "for i in 1 2; do sed -f script.sed file.txt; tee script.sed; done", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["stdin as the script file is unknown", "sed -f - file.txt", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["/dev/stdin as the script file is unknown", "sed -f /dev/stdin file.txt <<< '1e rm -rf ~'", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["a variable script file is unknown", "sed -f $S file.txt", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["a folder as the script file is unknown", "sed -f . file.txt", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["a script file over 64 KiB is unknown", "sed -f big.sed file.txt", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["after an unknown cd a relative file is unknown", "cd $D; sed -f script.sed file.txt", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  // GNU sed reads `-if` as -i with the suffix f: "runs.sed" is then the script (`r uns.sed`).
  ["-if is -i with suffix f, not -f", "sed -if runs.sed file.txt", "ALLOW", "ALLOW_NO_EFFECT"],
];

describe("sed script files", () => {
  for (const [name, command, decision, reason] of ROWS) {
    test(`${name}: ${decision} ${reason}`, () => {
      const r = check(command);
      expect([r.decision, r.reason]).toEqual([decision, reason]);
    });
  }
});
