import { describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, readFileSync, realpathSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { layoutOf } from "../../lib/guard/recovery/layout.ts";
import { loadTx } from "../../lib/guard/recovery/tx-view.ts";
import { treeHashes } from "../fixtures/check-recovery/tree.ts";
import { notedTxid } from "../support/quarantined.ts";
import { gitWorkspace, type GitWorkspace } from "../support/guard-e2e.ts";
import { runEntry } from "../support/run-cli.ts";
import { useTempDirs } from "../support/temp-dir.ts";

// Lines that read or test a file or folder before replacing or deleting it, through the real
// `--hook claude` and the real shell: it is copied into the quarantine and stays in place, so the
// line does what it says, and `restore` brings the old bytes back.
const tempDir = useTempDirs("leogriel-check-hook-read-first-");

function project(): GitWorkspace {
  const r = gitWorkspace(realpathSync(tempDir()));
  writeFileSync(join(r.ws, "package.json"), '{"name":"app","version":"1"}\n');
  writeFileSync(join(r.ws, ".env"), "API_URL=http://127.0.0.1:8080\n");
  writeFileSync(join(r.ws, ".env.example"), "API_URL=http://127.0.0.1:9999\n");
  writeFileSync(join(r.ws, "words.txt"), "pear\napple\nfig\n");
  return r;
}

const claudePayload = (ws: string, command: string) =>
  JSON.stringify({ session_id: "s", transcript_path: "/dev/null", cwd: ws, hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command }, tool_use_id: "toolu_1" });

/** Runs the hook on the line, then the line itself with sh; returns the txid the hook named and the line's exit code. */
function hookThenRun(r: GitWorkspace, command: string): { txid: string; exitCode: number | null } {
  const hook = runEntry("check", ["--hook", "claude"], { cwd: r.ws, env: r.env, stdin: claudePayload(r.ws, command) });
  expect(hook.exitCode).toBe(0);
  const answer = JSON.parse(hook.stdout);
  expect(answer.hookSpecificOutput.permissionDecision).toBeUndefined();
  expect(answer.systemMessage).toContain("kept 1 path(s) in the quarantine");
  const txid = notedTxid(answer.systemMessage);
  expect(txid).toBeDefined();
  const ran = Bun.spawnSync(["sh", "-c", command], { cwd: r.ws, env: r.env });
  return { txid, exitCode: ran.exitCode };
}

const rewrites: Array<{ name: string; command: string; needs?: string }> = [
  { name: "jq into a temporary file, then mv over the original", command: `jq '.version="2"' package.json > p.tmp && mv p.tmp package.json`, needs: "jq" },
  { name: "sed into a temporary file, then mv over the original", command: `sed 's/"version":"1"/"version":"2"/' package.json > p.tmp && mv p.tmp package.json` },
  { name: "a redirection that reads the file it replaces through cat in a subshell", command: `v=$(cat package.json); echo "$v" | sed 's/"1"/"2"/' > package.json` },
];

describe("a line that reads a file, then replaces it, through --hook claude", () => {
  for (const row of rewrites) {
    test.skipIf(row.needs !== undefined && Bun.which(row.needs) === null)(`${row.name}: the line works, and restore --force brings the old file back`, () => {
      const r = project();
      const before = treeHashes(r.ws);
      const { txid, exitCode } = hookThenRun(r, row.command);
      expect(exitCode).toBe(0);
      expect(JSON.parse(readFileSync(join(r.ws, "package.json"), "utf8"))).toEqual({ name: "app", version: "2" });

      const plain = runEntry("check", ["restore", txid, "--json"], { cwd: r.ws, env: r.env });
      expect(plain.exitCode).toBe(1);
      expect(JSON.parse(plain.stdout).data).toMatchObject({ restored_count: 0, conflict_count: 1 });

      const forced = runEntry("check", ["restore", txid, "--force", "--json"], { cwd: r.ws, env: r.env });
      expect(forced.exitCode).toBe(0);
      const data = JSON.parse(forced.stdout).data;
      expect(data).toMatchObject({ txid, restored_count: 1, conflict_count: 0, error_count: 0 });
      expect(treeHashes(r.ws)).toEqual(before);
      // The version the line wrote is kept too: restoring the preservation transaction brings it back.
      expect(runEntry("check", ["restore", data.backup_txids[0], "--force"], { cwd: r.ws, env: r.env }).exitCode).toBe(0);
      expect(JSON.parse(readFileSync(join(r.ws, "package.json"), "utf8"))).toEqual({ name: "app", version: "2" });
    });
  }

  test("test -f .env || cp .env.example .env keeps the user's .env, and restore needs no --force", () => {
    const r = project();
    const before = treeHashes(r.ws);
    const { txid, exitCode } = hookThenRun(r, "test -f .env || cp .env.example .env");
    expect(exitCode).toBe(0);
    expect(treeHashes(r.ws)).toEqual(before);
    const restore = runEntry("check", ["restore", txid, "--json"], { cwd: r.ws, env: r.env });
    expect(restore.exitCode).toBe(0);
    expect(JSON.parse(restore.stdout).data).toMatchObject({ restored_count: 1, conflict_count: 0, error_count: 0 });
    expect(treeHashes(r.ws)).toEqual(before);
  });

  const readThenDelete = [
    { command: "sort words.txt > sorted.txt && rm words.txt", out: "apple\nfig\npear\n" },
    { command: "cat words.txt > sorted.txt; rm words.txt", out: "pear\napple\nfig\n" },
    { command: "cp words.txt sorted.txt && rm -f words.txt", out: "pear\napple\nfig\n" },
  ];
  for (const row of readThenDelete) {
    test(`${row.command}: the line works, and restore brings the file back`, () => {
      const r = project();
      const { txid, exitCode } = hookThenRun(r, row.command);
      expect(exitCode).toBe(0);
      expect(readFileSync(join(r.ws, "sorted.txt"), "utf8")).toBe(row.out);
      const restore = runEntry("check", ["restore", txid, "--json"], { cwd: r.ws, env: r.env });
      expect(restore.exitCode).toBe(0);
      expect(JSON.parse(restore.stdout).data).toMatchObject({ restored_count: 1, conflict_count: 0, error_count: 0 });
      expect(readFileSync(join(r.ws, "words.txt"), "utf8")).toBe("pear\napple\nfig\n");
    });
  }

  const readThenDeleteFolder = [
    { command: "tar czf src.tgz src && rm -rf src", made: "src.tgz" },
    { command: "cp -r src copy && rm -rf src", made: "copy/main.ts" },
  ];
  for (const row of readThenDeleteFolder) {
    test(`${row.command}: the folder is there for the line to read, and restore brings it back`, () => {
      const r = project();
      mkdirSync(join(r.ws, "src", "lib"), { recursive: true });
      writeFileSync(join(r.ws, "src", "main.ts"), "export {};\n");
      writeFileSync(join(r.ws, "src", "lib", "util.ts"), "export const u = 1;\n");
      const before = treeHashes(join(r.ws, "src"));
      const { txid, exitCode } = hookThenRun(r, row.command);
      expect(exitCode).toBe(0);
      expect(existsSync(join(r.ws, row.made))).toBe(true);
      expect(existsSync(join(r.ws, "src"))).toBe(false);
      const restore = runEntry("check", ["restore", txid, "--json"], { cwd: r.ws, env: r.env });
      expect(restore.exitCode).toBe(0);
      expect(JSON.parse(restore.stdout).data).toMatchObject({ restored_count: 1, conflict_count: 0, error_count: 0 });
      expect(treeHashes(join(r.ws, "src"))).toEqual(before);
    });
  }

  // Over the copy limits (1,000 entries) the files are hard-linked into the quarantine instead
  // (session 19, link-tree.ts): before, the folder was moved and tar found nothing to read.
  test("tar czf dist.tgz dist && rm -rf dist on a folder of 1,500 files: linked, the line works, restore brings it back", () => {
    const r = project();
    for (let d = 0; d < 15; d++) {
      mkdirSync(join(r.ws, "dist", `d${d}`), { recursive: true });
      for (let f = 0; f < 100; f++) writeFileSync(join(r.ws, "dist", `d${d}`, `f${f}.js`), `export const n = ${d * 100 + f};\n`);
    }
    const before = treeHashes(join(r.ws, "dist"));
    const { txid, exitCode } = hookThenRun(r, "tar czf dist.tgz dist && rm -rf dist");
    expect(exitCode).toBe(0);
    expect(loadTx(layoutOf(r.ws), txid).items.map((i) => [i.source, i.method])).toEqual([["dist", "keep"]]);
    expect(existsSync(join(r.ws, "dist"))).toBe(false);
    expect(Bun.spawnSync(["tar", "tzf", "dist.tgz"], { cwd: r.ws }).stdout.toString().split("\n").filter((l) => l.endsWith(".js"))).toHaveLength(1500);
    expect(runEntry("check", ["restore", txid], { cwd: r.ws, env: r.env }).exitCode).toBe(0);
    expect(treeHashes(join(r.ws, "dist"))).toEqual(before);
  });

  // A line that starts by deleting the folder with rm -f reads nothing of it first: the folder is
  // moved, not copied (leading-rm.ts). Without -f, rm would fail on a folder already moved: kept.
  for (const [command, method] of [
    ["rm -rf src && mkdir src", "rename"],
    ["rm -r src", "keep"],
  ] as const) {
    test(`${command}: the folder is ${method === "keep" ? "copied and left in place" : "moved"}, and the line works`, () => {
      const r = project();
      mkdirSync(join(r.ws, "src"));
      writeFileSync(join(r.ws, "src", "main.ts"), "export {};\n");
      const { txid, exitCode } = hookThenRun(r, command);
      expect(exitCode).toBe(0);
      expect(loadTx(layoutOf(r.ws), txid).items.map((i) => [i.source, i.method])).toEqual([["src", method]]);
    });
  }

  test("the same line without .env copies the example (nothing to keep: ALLOW)", () => {
    const r = project();
    Bun.spawnSync(["rm", join(r.ws, ".env")]);
    const hook = runEntry("check", ["--hook", "claude"], { cwd: r.ws, env: r.env, stdin: claudePayload(r.ws, "test -f .env || cp .env.example .env") });
    expect(hook.exitCode).toBe(0);
    expect(hook.stdout).toBe("");
  });
});
