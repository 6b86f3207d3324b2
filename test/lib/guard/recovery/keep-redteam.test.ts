import { describe, expect, test } from "bun:test";
import { chmodSync, chownSync, existsSync, mkdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
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

describe("a deleted folder a program keeps writing into is moved as before, not refused", () => {
  // A watcher rebuilding the folder while the agent deletes it: the copy cannot match the original.
  test("rm -rf src while a loop rewrites its files: RELOCATE, the folder is in the quarantine", () => {
    const ws = project();
    for (let i = 0; i < 200; i++) writeFileSync(join(ws, "src", `f${i}.txt`), `${i}\n`);
    const writer = Bun.spawn(["sh", "-c", "while :; do for i in 1 2 3 4 5 6 7 8 9; do echo $$-$i-$(date +%N) > src/f$i.txt 2>/dev/null; done; done"], { cwd: ws, stdout: "ignore", stderr: "ignore" });
    try {
      const { denied, txid } = hook(ws, "rm -rf src");
      expect(denied).toBeUndefined();
      expect(txid).toBeDefined();
    } finally {
      writer.kill();
    }
  });
});

// A mount needs privileges: these rows run where `mount` works (root in a container) and are skipped elsewhere.
function mounts(): boolean {
  if (!ROOT) return false;
  const probe = tempDir();
  const ok = Bun.spawnSync(["mount", "-t", "tmpfs", "none", probe]).exitCode === 0;
  if (ok) Bun.spawnSync(["umount", probe]);
  return ok;
}
const canMount = mounts();

describe("a deleted folder that spans another file system is not kept", () => {
  test.skipIf(!canMount)("a bind mount inside it: moved, so rm -rf cannot reach the files outside the workspace", () => {
    const ws = project();
    const outside = tempDir();
    writeFileSync(join(outside, "keep-me.txt"), "outside\n");
    expect(Bun.spawnSync(["mount", "--bind", outside, join(ws, "src", "sub")]).exitCode).toBe(0);
    try {
      const { denied, txid } = hook(ws, "rm -rf src");
      expect(denied).toBeUndefined();
      Bun.spawnSync(["sh", "-c", "rm -rf src"], { cwd: ws });
      expect(readFileSync(join(outside, "keep-me.txt"), "utf8")).toBe("outside\n");
      expect(txid).toBeDefined();
    } finally {
      Bun.spawnSync(["sh", "-c", `umount ${JSON.stringify(join(ws, "src", "sub"))} || umount -l ${JSON.stringify(ws)}/.agent-guard/quarantine/tx/*/payload/0/sub`]);
    }
  });

  test.skipIf(!canMount)("a folder that is a mount point: not kept (a restore could not put it back), refused as before", () => {
    const ws = project();
    rmSync(join(ws, "src"), { recursive: true });
    mkdirSync(join(ws, "src"));
    expect(Bun.spawnSync(["mount", "-t", "tmpfs", "none", join(ws, "src")]).exitCode).toBe(0);
    try {
      writeFileSync(join(ws, "src", "m.txt"), "m\n");
      const { denied } = hook(ws, "rm -rf src");
      expect(denied).toContain("COMPENSATION_FAILED");
      expect(readFileSync(join(ws, "src", "m.txt"), "utf8")).toBe("m\n");
    } finally {
      Bun.spawnSync(["umount", join(ws, "src")]);
    }
  });
});
