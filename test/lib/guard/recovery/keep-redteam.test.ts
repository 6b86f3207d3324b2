import { describe, expect, test } from "bun:test";
import { chmodSync, chownSync, existsSync, mkdirSync, realpathSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { runEntry } from "../../../support/run-cli.ts";
import { useTempDirs } from "../../../support/temp-dir.ts";

// Session 18 red team (helper `rt`) of the kept folder (journal method `keep`): folders a line
// deletes that the copy cannot take faithfully. Each was moved at baf4fec; the keep must fall back
// to that move, never BLOCK a line the move let through nor leave the line a way out of the
// workspace. Driven through the real `--hook claude` and the real shell.
const tempDir = useTempDirs("leogriel-keep-redteam-");
const ROOT = process.getuid?.() === 0;
// Permission bits stop only an unprivileged reader: as root, the hook runs as `nobody`.
const NOBODY = 65534;
const canDrop = !ROOT || Bun.which("setpriv") !== null;

function project(): string {
  const ws = realpathSync(tempDir());
  chmodSync(ws, 0o755);
  mkdirSync(join(ws, "src", "sub"), { recursive: true });
  writeFileSync(join(ws, "src", "a.txt"), "a\n");
  writeFileSync(join(ws, "src", "sub", "b.txt"), "b\n");
  return ws;
}

const payload = (ws: string, command: string) =>
  JSON.stringify({ session_id: "s", transcript_path: "/dev/null", cwd: ws, hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command }, tool_use_id: "toolu_1" });

/** The hook's answer, as the workspace's owner (`nobody` when this runs as root), and the txid it names. */
function hook(ws: string, command: string, asOwner = false): { denied: string | undefined; txid: string | undefined } {
  const home = join(ws, ".home");
  mkdirSync(home, { recursive: true });
  let out: string;
  if (asOwner && ROOT) {
    Bun.spawnSync(["chown", "-R", `${NOBODY}:${NOBODY}`, ws]);
    chownSync(home, NOBODY, NOBODY);
    const check = join(import.meta.dir, "../../../../cmd/check.ts");
    const p = Bun.spawnSync(["setpriv", `--reuid=${NOBODY}`, `--regid=${NOBODY}`, "--clear-groups", process.execPath, check, "--hook", "claude"], {
      cwd: ws,
      env: { PATH: process.env.PATH, HOME: home, NO_COLOR: "1" },
      stdin: Buffer.from(payload(ws, command)),
    });
    out = p.stdout.toString();
  } else {
    out = runEntry("check", ["--hook", "claude"], { cwd: ws, env: { HOME: home }, stdin: payload(ws, command) }).stdout;
  }
  const answer = JSON.parse(out);
  const txid = /leogriel-check restore (tx-\d{8}T\d{6}Z-[0-9a-f]{12})/.exec(answer.systemMessage ?? "")?.[1];
  return { denied: answer.hookSpecificOutput?.permissionDecisionReason, txid };
}

describe("a deleted folder the user cannot read in full is moved as before, not refused", () => {
  const rows: Array<[string, (ws: string) => void]> = [
    ["a subfolder of mode 000", (ws) => chmodSync(join(ws, "src", "sub"), 0)],
    ["a file of mode 000", (ws) => chmodSync(join(ws, "src", "a.txt"), 0)],
    ["a write-only file", (ws) => chmodSync(join(ws, "src", "a.txt"), 0o200)],
  ];
  for (const [name, lock] of rows) {
    test.skipIf(!canDrop)(`${name}: rm -rf src is RELOCATE, the folder is in the quarantine`, () => {
      const ws = project();
      lock(ws);
      const { denied, txid } = hook(ws, "rm -rf src", true);
      expect(denied).toBeUndefined();
      expect(txid).toBeDefined();
      expect(existsSync(join(ws, "src"))).toBe(false);
      expect(existsSync(join(ws, ".agent-guard", "quarantine", "tx", txid!, "payload", "0", "sub"))).toBe(true);
    });
  }
});
