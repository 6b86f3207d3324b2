import { describe, expect, test } from "bun:test";
import { chmodSync, mkdirSync, realpathSync, symlinkSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { treeHashes } from "../fixtures/check-recovery/tree.ts";
import { gitWorkspace, type GitWorkspace } from "../support/guard-e2e.ts";
import { runEntry } from "../support/run-cli.ts";
import { useTempDirs } from "../support/temp-dir.ts";

// Issue 4 "Done when": the real entry in hook mode, the real command afterwards, the real
// restore, and every byte back. The workspace sits inside $HOME so that its deletes are not
// temporary-path ALLOWs.
const tempDir = useTempDirs("leogriel-check-hook-undo-");

type Repo = GitWorkspace;

const repo = (): Repo => gitWorkspace(realpathSync(tempDir()));

function write(ws: string, files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(ws, path)), { recursive: true });
    writeFileSync(join(ws, path), text);
  }
}

/** A tree with hostile names, a symlink (moved, never followed), an empty folder, modes. */
function hostileTree(r: Repo): void {
  write(r.ws, {
    "README.md": "readme\n",
    "src/main.ts": "export const x = 1;\n",
    "src/with space/ünïcødé.txt": "unicode\n",
    "src/new\nline.txt": "newline in the name\n",
    "src/deep/a/b/c.bin": "\u0000\u0001\u0002binary",
    "outside.txt": "the symlink points here; it must not move\n",
  });
  mkdirSync(join(r.ws, "src", "empty"));
  symlinkSync("../outside.txt", join(r.ws, "src", "link"));
  chmodSync(join(r.ws, "src", "main.ts"), 0o444);
  chmodSync(join(r.ws, "src", "deep", "a", "b", "c.bin"), 0o755);
  r.git("add", "README.md", "outside.txt");
  r.git("commit", "-qm", "one");
}

/** Two commits, a staged edit, an unstaged edit and an untracked file: what a reset loses. */
function historyTree(r: Repo): void {
  write(r.ws, { "a.txt": "one\n", "src/b.txt": "b\n" });
  r.git("add", ".");
  r.git("commit", "-qm", "one");
  write(r.ws, { "a.txt": "two\n", "c.txt": "added in two\n" });
  r.git("add", ".");
  r.git("commit", "-qm", "two");
  write(r.ws, { "src/b.txt": "staged edit\n", "a.txt": "unstaged edit\n", "notes.txt": "untracked\n" });
  r.git("add", "src/b.txt");
}

const claudePayload = (ws: string, command: string) =>
  JSON.stringify({ session_id: "s", transcript_path: "/dev/null", cwd: ws, hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command, description: "d" }, tool_use_id: "toolu_1" });

/** Everything a user would call "the tree": every file's type, mode and hash, HEAD, the index and the status. */
function state(r: Repo) {
  return { files: treeHashes(r.ws), head: r.git("rev-parse", "HEAD"), index: r.git("ls-files", "-s"), status: r.git("status", "--porcelain=v1", "-z") };
}

const rows: { name: string; setup: (r: Repo) => void; command: string; kind: "quarantine" | "Git snapshot" }[] = [
  { name: "rm -rf src", setup: hostileTree, command: "rm -rf src", kind: "quarantine" },
  { name: "rm -rf on several hostile names at once", setup: hostileTree, command: "rm -rf 'src/with space' src/link src/empty README.md", kind: "quarantine" },
  { name: "git reset --hard HEAD~1", setup: historyTree, command: "git reset --hard HEAD~1", kind: "Git snapshot" },
  { name: "git reset --hard HEAD~1 after a cd into a subfolder", setup: historyTree, command: "cd src && git reset --hard HEAD~1", kind: "Git snapshot" },
];

describe("leogriel-check --hook claude, then the command, then restore (real processes)", () => {
  for (const row of rows) {
    test(`${row.name}: the hook allows naming the txid and the restore command, and restore brings every byte back`, () => {
      const r = repo();
      row.setup(r);
      const before = state(r);

      const hook = runEntry("check", ["--hook", "claude"], { cwd: r.ws, env: r.env, stdin: claudePayload(r.ws, row.command) });
      expect(hook.exitCode).toBe(0);
      const answer = JSON.parse(hook.stdout);
      expect(answer.hookSpecificOutput.permissionDecision).toBeUndefined();
      const txid = /leogriel-check restore (tx-\d{8}T\d{6}Z-[0-9a-f]{12})/.exec(answer.systemMessage)?.[1];
      expect(txid).toBeDefined();
      expect(answer.systemMessage).toContain(row.kind);
      expect(answer.hookSpecificOutput.additionalContext).toContain(`leogriel-check restore ${txid}`);
      expect(hook.stdout).not.toContain(row.command);

      const ran = Bun.spawnSync(["sh", "-c", row.command], { cwd: r.ws, env: r.env });
      expect(ran.exitCode).toBe(0);
      expect(state(r)).not.toEqual(before);

      const restore = runEntry("check", ["restore", txid!, "--json"], { cwd: r.ws, env: r.env });
      expect(restore.exitCode).toBe(0);
      expect(JSON.parse(restore.stdout).data).toMatchObject({ txid, conflict_count: 0, error_count: 0 });
      expect(state(r)).toEqual(before);
    });
  }

  const denied: { name: string; command: string; code: string }[] = [
    { name: "a delete of the workspace root", command: "rm -rf .", code: "BLOCK_PROTECTED_ANCESTOR" },
    { name: "a delete and a reset in one line (one command, one compensation)", command: "rm -rf src; git reset --hard HEAD~1", code: "BLOCK_UNDETERMINABLE_EFFECT" },
    { name: "a delete of the quarantine itself", command: "rm -rf .agent-guard", code: "BLOCK_PROTECTED_PATH" },
  ];
  for (const row of denied) {
    test(`${row.name} is denied with ${row.code} and nothing moves`, () => {
      const r = repo();
      historyTree(r);
      const before = state(r);
      const hook = runEntry("check", ["--hook", "claude"], { cwd: r.ws, env: r.env, stdin: claudePayload(r.ws, row.command) });
      expect(hook.exitCode).toBe(0);
      const answer = JSON.parse(hook.stdout).hookSpecificOutput;
      expect(answer.permissionDecision).toBe("deny");
      expect(answer.permissionDecisionReason).toContain(row.code);
      expect(hook.stdout).not.toContain("restore tx-");
      expect(state(r)).toEqual(before);
    });
  }
});
