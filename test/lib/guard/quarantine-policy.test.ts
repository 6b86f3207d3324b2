import { describe, expect, test } from "bun:test";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { classify } from "../../../lib/guard/classify.ts";
import type { Decision } from "../../../lib/guard/decision.ts";
import type { ReasonCode } from "../../../lib/guard/reasons.ts";
import { useGuardFixture } from "../../fixtures/check/workspace.ts";

// The quarantine's control paths (seed 001 0.2.5-rc1, F26): transaction folders, journals,
// locks, the audit log and the exfil exemption file live in `.agent-guard/` at the workspace
// root. Every command that would change them is BLOCK_PROTECTED_PATH; a wildcard that reaches
// into them is BLOCK_WILDCARD. Here `.agent-guard/` is untracked and not ignored.
const fx = useGuardFixture();
for (const path of [".agent-guard/quarantine/tx_1/payload/a.txt", ".agent-guard/quarantine/tx_1/journal", ".agent-guard/audit.log", ".agent-guard/exfil-allow.toml", ".agent-guard/lock"]) {
  mkdirSync(join(fx.ws, path, ".."), { recursive: true });
  writeFileSync(join(fx.ws, path), "x\n");
}
const check = (command: string, cwd = fx.ws) => classify({ command, cwd, env: fx.env });

const ROWS: Array<[string, Decision, ReasonCode]> = [
  // deletes, moves and overwrites
  ["rm -rf .agent-guard", "BLOCK", "BLOCK_PROTECTED_PATH"],
  ["rm .agent-guard/audit.log", "BLOCK", "BLOCK_PROTECTED_PATH"],
  ["mv .agent-guard/quarantine /tmp/elsewhere", "BLOCK", "BLOCK_PROTECTED_PATH"],
  ["mv scratch.txt .agent-guard/quarantine/tx_1/payload/a.txt", "BLOCK", "BLOCK_PROTECTED_PATH"],
  ["cp README.md .agent-guard/exfil-allow.toml", "BLOCK", "BLOCK_PROTECTED_PATH"],
  ["truncate -s 0 .agent-guard/quarantine/tx_1/journal", "BLOCK", "BLOCK_PROTECTED_PATH"],
  ["shred -u .agent-guard/lock", "BLOCK", "BLOCK_PROTECTED_PATH"],
  // writes and redirections into it
  ["echo '[allow]' > .agent-guard/exfil-allow.toml", "BLOCK", "BLOCK_PROTECTED_PATH"],
  ["echo forged >> .agent-guard/audit.log", "BLOCK", "BLOCK_PROTECTED_PATH"],
  ["date | tee -a .agent-guard/audit.log", "BLOCK", "BLOCK_PROTECTED_PATH"],
  ["touch .agent-guard/lock", "BLOCK", "BLOCK_PROTECTED_PATH"],
  ["mkdir -p .agent-guard/quarantine/tx_2", "BLOCK", "BLOCK_PROTECTED_PATH"],
  ["ln -s /etc .agent-guard/quarantine/tx_3", "BLOCK", "BLOCK_PROTECTED_PATH"],
  ["sed -i s/x/y/ .agent-guard/quarantine/tx_1/journal", "BLOCK", "BLOCK_PROTECTED_PATH"],
  ["sed -e s/x/y/ --in-place=.bak .agent-guard/audit.log", "BLOCK", "BLOCK_PROTECTED_PATH"],
  ["tar xf payload.tar -C .agent-guard/quarantine", "BLOCK", "BLOCK_PROTECTED_PATH"],
  ["unzip -o payload.zip -d .agent-guard", "BLOCK", "BLOCK_PROTECTED_PATH"],
  ["rsync -a src/ .agent-guard/", "BLOCK", "BLOCK_PROTECTED_PATH"],
  // permissions
  ["chmod 000 .agent-guard", "BLOCK", "BLOCK_PROTECTED_PATH"],
  ["chmod -R a-w .agent-guard/quarantine", "BLOCK", "BLOCK_PROTECTED_PATH"],
  ["chown nobody .agent-guard/lock", "BLOCK", "BLOCK_PROTECTED_PATH"],
  // git sweeping untracked or ignored files takes the quarantine with it
  ["git clean -fd", "BLOCK", "BLOCK_PROTECTED_PATH"],
  ["git clean -fdx", "BLOCK", "BLOCK_PROTECTED_PATH"],
  ["git stash -u", "BLOCK", "BLOCK_PROTECTED_PATH"],
  ["git stash push --all", "BLOCK", "BLOCK_PROTECTED_PATH"],
  // wildcards that reach into it
  ["rm -rf .agent-guard/*", "BLOCK", "BLOCK_WILDCARD"],
  ["rm -rf .agent-guard/quarantine/tx_*", "BLOCK", "BLOCK_WILDCARD"],
  ["rm -rf .agent-*/quarantine/*", "BLOCK", "BLOCK_WILDCARD"],
  ["chmod 644 .agent-*/*", "BLOCK", "BLOCK_WILDCARD"],
  ["rm -rf .agent-g*", "BLOCK", "BLOCK_PROTECTED_PATH"],
  // hostile spellings keep the verdict
  ["rm -rf ./src/../.agent-guard", "BLOCK", "BLOCK_PROTECTED_PATH"],
  ["rm -rf '.agent-guard'/quarantine", "BLOCK", "BLOCK_PROTECTED_PATH"],
  ["sudo -- rm -rf .agent-guard/quarantine/tx_1", "BLOCK", "BLOCK_PROTECTED_PATH"],
  ["bash -c 'echo x > .agent-guard/lock'", "BLOCK", "BLOCK_PROTECTED_PATH"],
  ["x=.agent-guard; rm -rf \"$x\"/quarantine", "BLOCK", "BLOCK_PROTECTED_PATH"],
  ["cd src && rm -rf ../.agent-guard", "BLOCK", "BLOCK_PROTECTED_PATH"],
  ["find . -path './.agent-guard/*' -delete", "BLOCK", "BLOCK_PROTECTED_PATH"],
  // reading it, and writes elsewhere, are not refused
  ["cat .agent-guard/audit.log", "ALLOW", "ALLOW_NO_EFFECT"],
  ["ls -la .agent-guard/quarantine", "ALLOW", "ALLOW_NO_EFFECT"],
  // archiving the store reads its payloads, which may be credentials (red team 6 H4)
  ["tar -czf /tmp/q.tgz -C .agent-guard .", "ASK", "ASK_SECRET_ACCESS"],
  ["touch src/new.ts", "ALLOW", "ALLOW_NO_EFFECT"],
  ["git stash", "ALLOW", "ALLOW_NO_EFFECT"],
];

describe("the quarantine's control paths", () => {
  for (const [command, decision, reason] of ROWS) {
    test(`${JSON.stringify(command)} is ${decision} ${reason}`, () => {
      const r = check(command);
      expect([r.decision, r.reason]).toEqual([decision, reason]);
    });
  }

  test("a clean run from a subfolder does not reach the quarantine at the root", () => {
    expect(check("git clean -fdx", join(fx.ws, "src")).reason).toBe("ALLOW_NOOP");
  });
});
