import { describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { LeogrielError } from "../../../lib/core/errors.ts";
import type { HookAgent } from "../../../lib/guard/hooks/run-hook.ts";
import { doctor } from "../../../lib/guard/install/doctor.ts";
import { hookTarget } from "../../../lib/guard/install/hook-targets.ts";
import { installHook } from "../../../lib/guard/install/install-hook.ts";
import { useTempDirs } from "../../support/temp-dir.ts";

const tempDir = useTempDirs("leogriel-install-hook-");
const ENTRY = join(import.meta.dir, "..", "..", "..", "cmd", "check.ts");
const command = (agent: HookAgent) => `'${process.execPath}' '${ENTRY}' --hook ${agent}`;
const AGENTS: HookAgent[] = ["claude", "codex", "cursor", "gemini", "copilot"];

function setup() {
  const root = tempDir();
  const ws = join(root, "ws");
  mkdirSync(ws);
  return { ws, env: { HOME: join(root, "home"), PATH: process.env.PATH } };
}

describe("install-hook", () => {
  for (const agent of AGENTS) {
    test(`${agent}: writes the hook entry, and a second run changes nothing`, () => {
      const { ws, env } = setup();
      const first = installHook(agent, "project", ws, command(agent), env);
      expect(first.changed).toBe(true);
      expect(first.backup).toBeUndefined();
      const text = readFileSync(first.path, "utf8");
      expect(text).toContain(`--hook ${agent}`);
      const second = installHook(agent, "project", ws, command(agent), env);
      expect(second.changed).toBe(false);
      expect(readFileSync(first.path, "utf8")).toBe(text);
    });
  }

  test("claude: merging keeps every other key and hook, and backs up the previous file", () => {
    const { ws, env } = setup();
    const path = hookTarget("claude", "project", ws, env)!.path;
    mkdirSync(dirname(path), { recursive: true });
    const before = { model: "x", permissions: { allow: ["Bash(ls)"] }, hooks: { PreToolUse: [{ matcher: "Edit", hooks: [{ type: "command", command: "other" }] }], Stop: [] } };
    writeFileSync(path, JSON.stringify(before));
    const report = installHook("claude", "project", ws, command("claude"), env);
    const after = JSON.parse(readFileSync(path, "utf8"));
    expect(after.model).toBe("x");
    expect(after.permissions).toEqual(before.permissions);
    expect(after.hooks.Stop).toEqual([]);
    expect(after.hooks.PreToolUse).toHaveLength(2);
    expect(after.hooks.PreToolUse[0]).toEqual(before.hooks.PreToolUse[0]);
    expect(after.hooks.PreToolUse[1].matcher).toBe("Bash|PowerShell|Write|Edit|MultiEdit|NotebookEdit");
    expect(JSON.parse(readFileSync(report.backup!, "utf8"))).toEqual(before);
  });

  test("a changed command line replaces our entry instead of adding a second one", () => {
    const { ws, env } = setup();
    installHook("gemini", "project", ws, "old/leogriel-check --hook gemini", env);
    const report = installHook("gemini", "project", ws, command("gemini"), env);
    const doc = JSON.parse(readFileSync(report.path, "utf8"));
    expect(doc.hooks.BeforeTool).toHaveLength(1);
    expect(doc.hooks.BeforeTool[0].hooks[0].command).toBe(command("gemini"));
  });

  const hostile: Array<[string, string]> = [
    ["malformed JSON", "{"],
    ["a JSON array", "[]"],
    ["hooks that are not an object", '{"hooks": []}'],
    ["an event that is not a list", '{"hooks": {"PreToolUse": {}}}'],
  ];
  for (const [name, text] of hostile) {
    test(`a settings file with ${name} is refused and left untouched`, () => {
      const { ws, env } = setup();
      const path = hookTarget("claude", "project", ws, env)!.path;
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, text);
      expect(() => installHook("claude", "project", ws, command("claude"), env)).toThrow(LeogrielError);
      expect(readFileSync(path, "utf8")).toBe(text);
      expect(readdirSync(dirname(path))).toEqual(["settings.json"]);
    });
  }

  // Codex 0.171 skips an untrusted hook without a word, also in `codex exec` (test/cmd/check-hook-codex-e2e.test.ts).
  test("codex: a written entry comes with the trust step, an unchanged one and the other agents without", () => {
    const { ws, env } = setup();
    const first = installHook("codex", "project", ws, command("codex"), env);
    expect(first.trust).toContain("type /hooks and trust the leogriel-check entries");
    expect(first.trust).toContain("until this folder is a trusted project");
    const user = installHook("codex", "user", ws, command("codex"), { ...env, CODEX_HOME: join(env.HOME, "codex-home") });
    expect(user.trust).toContain("type /hooks");
    expect(user.trust).not.toContain("trusted project");
    expect(installHook("codex", "project", ws, command("codex"), env).trust).toBeUndefined();
    expect(installHook("codex", "project", ws, "other/leogriel-check --hook codex", env).trust).toBeDefined();
    expect(installHook("claude", "project", ws, command("claude"), env).trust).toBeUndefined();
  });

  test("user scope writes under the configured home folders", () => {
    const { ws, env } = setup();
    const report = installHook("codex", "user", ws, command("codex"), { ...env, CODEX_HOME: join(env.HOME, "codex-home") });
    expect(report.path).toBe(join(env.HOME, "codex-home", "hooks.json"));
    expect(() => installHook("copilot", "user", ws, command("copilot"), env)).toThrow(LeogrielError);
  });
});

/**
 * The agents whose pre-tool matcher grew, with the older matcher an install may still carry:
 * Claude's file tools (red team 6 C1); every tool name the Codex adapter judges, apply_patch
 * included; Gemini's write_file and replace.
 */
const UPGRADES: Array<{ agent: HookAgent; old: string; current: string }> = [
  { agent: "claude", old: "Bash|PowerShell", current: "Bash|PowerShell|Write|Edit|MultiEdit|NotebookEdit" },
  { agent: "codex", old: "Bash", current: "^(Bash|shell|local_shell|exec_command|write_stdin|apply_patch)$" },
  { agent: "gemini", old: "run_shell_command", current: "^(run_shell_command|write_file|replace)$" },
];

describe("install-hook: an older pre-tool matcher is DRIFTED and upgraded in place", () => {
  for (const { agent, old, current } of UPGRADES) {
    for (const scope of ["project", "user"] as const) {
      test(`${agent} ${scope}: an entry of ours with ${old} is DRIFTED before and CURRENT after`, () => {
        const { ws, env } = setup();
        const target = hookTarget(agent, scope, ws, env)!;
        mkdirSync(dirname(target.path), { recursive: true });
        const other = { matcher: "Write", hooks: [{ type: "command", command: "formatter --fix" }] };
        const ours = { ...target.entry(command(agent)), matcher: old };
        const post = target.post!.entry(command(agent));
        const before = { env: { X: "1" }, permissions: { deny: ["Read(./.env)"] }, hooks: { [target.event]: [other, ours], [target.post!.event]: [post], Stop: [{ hooks: [] }] } };
        writeFileSync(target.path, JSON.stringify(before));
        const drifted = doctor(ws, { checkDrift: true, env }).find((r) => r.installed && r.agent === agent && r.scope === scope)!;
        expect(drifted).toMatchObject({ drift: "DRIFTED" });
        expect(drifted.detail).toContain(JSON.stringify(current).slice(1, -1));
        const report = installHook(agent, scope, ws, command(agent), env);
        expect(report.changed).toBe(true);
        const after = JSON.parse(readFileSync(target.path, "utf8"));
        expect(after.env).toEqual(before.env);
        expect(after.permissions).toEqual(before.permissions);
        expect(after.hooks.Stop).toEqual(before.hooks.Stop);
        expect(after.hooks[target.post!.event]).toEqual([post]);
        expect(after.hooks[target.event]).toEqual([other, { ...ours, matcher: current }]);
        expect(JSON.parse(readFileSync(report.backup!, "utf8"))).toEqual(before);
        expect(installHook(agent, scope, ws, command(agent), env).changed).toBe(false);
        const fresh = doctor(ws, { checkDrift: true, env }).find((r) => r.installed && r.agent === agent && r.scope === scope)!;
        expect(fresh).toMatchObject({ runs: true, drift: "CURRENT", post_installed: true });
      });
    }

    test(`${agent}: a fresh install writes ${current} once`, () => {
      const { ws, env } = setup();
      const report = installHook(agent, "project", ws, command(agent), env);
      installHook(agent, "project", ws, command(agent), env);
      const pre = JSON.parse(readFileSync(report.path, "utf8")).hooks[hookTarget(agent, "project", ws, env)!.event];
      expect(pre).toHaveLength(1);
      expect(pre[0].matcher).toBe(current);
    });
  }
});

describe("doctor", () => {
  test("reports nothing installed in a fresh workspace", () => {
    const { ws, env } = setup();
    const rows = doctor(ws, { checkDrift: true, env });
    expect(rows.every((r) => !r.installed && r.drift === "UNVERIFIED")).toBe(true);
  });

  test("an installed hook runs, answers the sentinel with deny, and matches its profile", () => {
    const { ws, env } = setup();
    installHook("claude", "project", ws, command("claude"), env);
    installHook("copilot", "project", ws, command("copilot"), env);
    const rows = doctor(ws, { checkDrift: true, env }).filter((r) => r.installed);
    expect(rows.map((r) => [r.agent, r.runs, r.drift])).toEqual([
      ["claude", true, "CURRENT"],
      ["copilot", true, "CURRENT"],
    ]);
  });

  test("an edited entry is DRIFTED and a broken command does not run", () => {
    const { ws, env } = setup();
    const report = installHook("claude", "project", ws, "/nonexistent/leogriel-check --hook claude", env);
    const doc = JSON.parse(readFileSync(report.path, "utf8"));
    doc.hooks.PreToolUse[0].matcher = "Bash";
    writeFileSync(report.path, JSON.stringify(doc));
    const [row] = doctor(ws, { checkDrift: true, env }).filter((r) => r.installed);
    expect(row).toMatchObject({ agent: "claude", runs: false, drift: "DRIFTED" });
    expect(existsSync(report.path)).toBe(true);
  });
});
