import { afterAll, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { classify } from "../../../lib/guard/classify.ts";
import { findWorkspace } from "../../../lib/guard/paths.ts";

// The workspace of the working directory is looked up once per check (paths.ts findWorkspace,
// shared with git.ts and the repository discovery) and never kept from one check to the next.
const root = realpathSync(mkdtempSync(join(tmpdir(), "leogriel-workspace-memo-")));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function git(cwd: string, ...args: string[]): void {
  const run = Bun.spawnSync(["git", "-c", "user.name=t", "-c", "user.email=t@host.invalid", ...args], { cwd, env: { PATH: process.env.PATH ?? "", HOME: root } });
  if (run.exitCode !== 0) throw new Error(`git ${args.join(" ")} failed`);
}

describe("the workspace of a check", () => {
  test("a repository made between two checks is the next check's workspace", () => {
    const repo = join(root, "repo");
    const sub = join(repo, "sub");
    mkdirSync(sub, { recursive: true });
    git(repo, "init", "-q");
    git(repo, "commit", "-q", "--allow-empty", "-m", "one");
    const env = { HOME: join(root, "home"), PATH: process.env.PATH };
    const first = classify({ command: "git reset --hard", cwd: sub, env });
    expect(first.plan).toMatchObject({ kind: "snapshot", workspace: repo, repo });
    expect(findWorkspace(sub)).toBe(repo);
    git(sub, "init", "-q");
    // Outside a check nothing is remembered; the next check finds the new repository.
    expect(findWorkspace(sub)).toBe(sub);
    const second = classify({ command: "git reset --hard", cwd: sub, env });
    expect(second.plan).toMatchObject({ kind: "snapshot", workspace: sub, repo: sub });
  });
});

// Nothing the file system answered is kept from one check to the next (a per-check memo of probes
// would be opened and closed with the check, as the workspace memo is).
describe("the file probes of a check", () => {
  test("a file made or removed between two checks is seen by the next", () => {
    const ws = join(root, "probes");
    mkdirSync(join(ws, ".git"), { recursive: true });
    const env = { HOME: join(root, "home"), PATH: process.env.PATH };
    const rm = () => classify({ command: "rm notes.txt", cwd: ws, env }).reason;
    expect(rm()).toBe("ALLOW_NOOP");
    writeFileSync(join(ws, "notes.txt"), "n\n");
    expect(rm()).toBe("RELOCATE_TREE");
    rmSync(join(ws, "notes.txt"));
    expect(rm()).toBe("ALLOW_NOOP");
  });
});
