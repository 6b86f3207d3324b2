import { describe, expect, test } from "bun:test";
import { chmodSync, mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { doctor } from "../../../lib/guard/install/doctor.ts";
import { installHook } from "../../../lib/guard/install/install-hook.ts";
import { useTempDirs } from "../../support/temp-dir.ts";

// Red team 9 H4: a guard whose program lives inside the workspace can be rewritten or deleted by
// the agent it guards (`rm -rf node_modules`, an edit of the script), and the agent then runs
// its tools unguarded. doctor names such files and reports the hook unhealthy.
const tempDir = useTempDirs("leogriel-doctor-exposed-");
const ENTRY = join(import.meta.dir, "..", "..", "..", "cmd", "check.ts");
const CHECK_CMD = join(import.meta.dir, "..", "..", "..", "cmd", "check.ts");

function setup() {
  const root = tempDir();
  const ws = join(root, "ws");
  mkdirSync(join(ws, "node_modules", ".bin"), { recursive: true });
  mkdirSync(join(root, "tools"));
  // A wrapper that runs the real guard, placed where the test puts it.
  const wrapper = (path: string) => {
    writeFileSync(path, `#!/bin/sh\nexec '${process.execPath}' '${ENTRY}' "$@"\n`);
    chmodSync(path, 0o755);
  };
  return { root, ws, wrapper, env: { HOME: join(root, "home"), PATH: `${join(root, "tools")}:${process.env.PATH}` } };
}

const inside = (ws: string, env: Record<string, string | undefined>) => doctor(ws, { checkDrift: false, env }).find((r) => r.installed)!;

describe("doctor: the hook's program inside the workspace", () => {
  test("a program path inside the workspace is named", () => {
    const { ws, env, wrapper } = setup();
    wrapper(join(ws, "node_modules", ".bin", "leogriel-check"));
    installHook("claude", "project", ws, `${ws}/node_modules/.bin/leogriel-check --hook claude`, env);
    const row = inside(ws, env);
    expect(row.runs).toBe(true);
    expect(row.inside_workspace).toEqual([`${ws}/node_modules/.bin/leogriel-check`]);
  });

  test("npx NAME runs the project's node_modules/.bin/NAME: named", () => {
    const { ws, env, wrapper } = setup();
    wrapper(join(ws, "node_modules", ".bin", "leogriel-check"));
    installHook("claude", "project", ws, "npx leogriel-check --hook claude", env);
    expect(inside(ws, env).inside_workspace).toEqual([join(ws, "node_modules", ".bin", "leogriel-check")]);
  });

  test("a relative path and a link out of the workspace are the workspace's files", () => {
    const { root, ws, env, wrapper } = setup();
    wrapper(join(root, "tools", "real-check"));
    symlinkSync(join(root, "tools", "real-check"), join(ws, "check-link"));
    installHook("claude", "project", ws, "./check-link --hook claude", env);
    expect(inside(ws, env).inside_workspace).toEqual([join(ws, "check-link")]);
  });

  test("a script handed to a runtime from inside the workspace is named", () => {
    const { ws, env } = setup();
    mkdirSync(join(ws, "tools"));
    writeFileSync(join(ws, "tools", "check.ts"), `import "${CHECK_CMD}";\n`);
    installHook("claude", "project", ws, `'${process.execPath}' ${ws}/tools/check.ts --hook claude`, env);
    expect(inside(ws, env).inside_workspace).toEqual([`${ws}/tools/check.ts`]);
  });

  test("a program outside the workspace, by path or found on PATH, is not", () => {
    const { root, ws, env, wrapper } = setup();
    wrapper(join(root, "tools", "leogriel-check"));
    installHook("claude", "project", ws, "leogriel-check --hook claude", env);
    expect(inside(ws, env).inside_workspace).toBeUndefined();
    installHook("claude", "project", ws, `'${process.execPath}' '${ENTRY}' --hook claude`, env);
    expect(inside(ws, env).inside_workspace).toBeUndefined();
  });

  test("the command line: doctor exits 1 and says why", () => {
    const { ws, env, wrapper } = setup();
    wrapper(join(ws, "node_modules", ".bin", "leogriel-check"));
    installHook("claude", "project", ws, `${ws}/node_modules/.bin/leogriel-check --hook claude`, env);
    const run = Bun.spawnSync([process.execPath, ENTRY, "doctor", "--cwd", ws, "--json"], { env: { ...process.env, ...env }, stdout: "pipe", stderr: "pipe" });
    expect(run.exitCode).toBe(1);
    const row = JSON.parse(run.stdout.toString()).data.hooks.find((r: { installed: boolean }) => r.installed);
    expect(row.inside_workspace).toEqual([`${ws}/node_modules/.bin/leogriel-check`]);
    const human = Bun.spawnSync([process.execPath, ENTRY, "doctor", "--cwd", ws], { env: { ...process.env, ...env }, stdout: "pipe", stderr: "pipe" });
    expect(human.stderr.toString()).toContain("the hook's program is inside the workspace");
  });
});
