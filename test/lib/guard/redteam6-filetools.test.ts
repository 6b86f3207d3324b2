import { describe, expect, test } from "bun:test";
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { runHook } from "../../../lib/guard/hooks/run-hook.ts";
import { hookVerdict } from "../../fixtures/check/hook-answers.ts";
import { useGuardFixture } from "../../fixtures/check/workspace.ts";

// Red team 6 C1: Claude's own file tools (Write, Edit, MultiEdit, NotebookEdit) could rewrite the
// guard's control files (`.claude/settings.json`, `.leogriel/config.json`) that shell commands
// may not touch. The claude hook now judges the file those tools write: protected storage is
// denied with BLOCK_PROTECTED_PATH; every other file gets no opinion (the empty answer).

const fx = useGuardFixture();
const bytes = (value: unknown) => new TextEncoder().encode(typeof value === "string" ? value : JSON.stringify(value));
const KEY: Record<string, string> = { Write: "file_path", Edit: "file_path", MultiEdit: "file_path", NotebookEdit: "notebook_path" };
const INPUT: Record<string, Record<string, unknown>> = {
  Write: { content: "{}" },
  Edit: { old_string: "a", new_string: "b" },
  MultiEdit: { edits: [{ old_string: "a", new_string: "b" }] },
  NotebookEdit: { new_source: "x", cell_id: "c" },
};
const payload = (tool: string, file: unknown, cwd: string = fx.ws) => ({ session_id: "s", cwd, hook_event_name: "PreToolUse", tool_name: tool, tool_input: { [KEY[tool]!]: file, ...INPUT[tool] } });
const hook = (p: unknown, env = fx.env) => runHook("claude", bytes(p), env);

// A link in the workspace into its Git metadata, one to the guard's config, and a chain of two.
mkdirSync(join(fx.ws, "docs"), { recursive: true });
symlinkSync(join(fx.ws, ".git", "config"), join(fx.ws, "docs", "git-config"));
symlinkSync("../.claude/settings.json", join(fx.ws, "docs", "settings-link"));
symlinkSync("settings-link", join(fx.ws, "docs", "link-to-link"));
symlinkSync(join(fx.ws, ".git"), join(fx.ws, "gitdir"));
symlinkSync(join(fx.ws, "README.md"), join(fx.ws, "docs", "readme-link"));
writeFileSync(join(fx.root, "outside.txt"), "x\n");

const DENIED: Array<[string, string]> = [
  ["the project's Claude settings", ".claude/settings.json"],
  ["the project's Claude local settings", ".claude/settings.local.json"],
  ["the project's guard configuration", ".leogriel/config.json"],
  ["the user's guard configuration", "~/.config/leogriel/config.json"],
  ["the user's Claude settings", "~/.claude/settings.json"],
  ["the Codex hooks", ".codex/hooks.json"],
  ["a Copilot hook file", ".github/hooks/any.json"],
  ["the workspace's Git config", ".git/config"],
  ["a Git hook", ".git/hooks/pre-commit"],
  ["the quarantine", ".agent-guard/quarantine/x"],
  ["a dotted detour into .git", "src/../.git/config"],
  ["a doubled slash", "//HOME_WS/.claude/settings.json"],
  ["a symlink in the workspace into .git", "docs/git-config"],
  ["a relative symlink to the Claude settings", "docs/settings-link"],
  ["a chain of links to the Claude settings", "docs/link-to-link"],
  ["a file under a folder link into .git", "gitdir/hooks/post-checkout"],
];

const ALLOWED: Array<[string, string]> = [
  ["a workspace file", "src/main.ts"],
  ["the README", "README.md"],
  ["a new workspace file", "src/new.ts"],
  ["a file outside the workspace", "OUTSIDE"],
  ["a startup file outside the workspace (Claude's own prompt decides)", "~/.bashrc"],
  ["a lookalike name", ".claude/settings.json.bak"],
  ["a lookalike folder", "docs/.gitkeep"],
  ["a link to the README", "docs/readme-link"],
  ["a .leogriel folder file that is not the configuration", ".leogriel/notes.md"],
];

function spell(path: string, absolute: boolean): string {
  if (path === "OUTSIDE") return join(fx.root, "outside.txt");
  if (path.startsWith("~/")) return join(fx.home, path.slice(2));
  if (path.startsWith("//HOME_WS/")) return `/${fx.ws}/${path.slice(10)}`;
  return absolute ? `${fx.ws}/${path}` : path;
}

describe("redteam6 C1: Claude's file tools cannot write the guard's control files", () => {
  for (const tool of Object.keys(KEY)) {
    for (const [name, path] of DENIED) {
      for (const absolute of [true, false]) {
        test(`${tool} of ${name} (${absolute ? "absolute" : "relative"}) is denied BLOCK_PROTECTED_PATH`, async () => {
          const a = await hook(payload(tool, spell(path, absolute)));
          expect(a.exitCode).toBe(0);
          expect(hookVerdict(a.stdout, a.exitCode)).toBe("deny");
          const out = JSON.parse(a.stdout).hookSpecificOutput;
          expect(out.hookEventName).toBe("PreToolUse");
          expect(out.permissionDecisionReason).toContain("BLOCK_PROTECTED_PATH");
        });
      }
    }
    for (const [name, path] of ALLOWED) {
      test(`${tool} of ${name} gets no opinion (empty answer)`, async () => {
        const a = await hook(payload(tool, spell(path, false)));
        expect(a).toEqual({ stdout: "", exitCode: 0 });
      });
    }
  }

  test("a file relative to a subfolder cwd is resolved against it", async () => {
    const a = await hook(payload("Edit", "../.claude/settings.json", join(fx.ws, "src")));
    expect(a.stdout).toContain("BLOCK_PROTECTED_PATH");
    const b = await hook(payload("Edit", "main.ts", join(fx.ws, "src")));
    expect(b).toEqual({ stdout: "", exitCode: 0 });
  });

  test("CLAUDE_CONFIG_DIR and XDG_CONFIG_HOME move the user control files", async () => {
    const env = { ...fx.env, CLAUDE_CONFIG_DIR: join(fx.root, "claude-home"), XDG_CONFIG_HOME: join(fx.root, "xdg") };
    expect((await hook(payload("Write", join(fx.root, "claude-home", "settings.json")), env)).stdout).toContain("BLOCK_PROTECTED_PATH");
    expect((await hook(payload("Write", join(fx.root, "xdg", "leogriel", "config.json")), env)).stdout).toContain("BLOCK_PROTECTED_PATH");
  });

  test("a configured protected path is protected from the file tools too", async () => {
    const ws = join(fx.root, "cfg-ws");
    mkdirSync(join(ws, ".leogriel"), { recursive: true });
    mkdirSync(join(ws, ".git"));
    writeFileSync(join(ws, ".leogriel", "config.json"), JSON.stringify({ schemaVersion: 1, check: { protectedPaths: ["keep.txt"] } }));
    expect((await hook(payload("Edit", join(ws, "keep.txt"), ws))).stdout).toContain("BLOCK_PROTECTED_PATH");
    expect(await hook(payload("Edit", join(ws, "other.txt"), ws))).toEqual({ stdout: "", exitCode: 0 });
  });

  for (const [name, input] of [
    ["a file_path that is not a string", { file_path: 42 }],
    ["a missing file_path", { content: "x" }],
    ["an empty file_path", { file_path: "" }],
    ["a notebook_path list", { notebook_path: ["a"] }],
  ] as const) {
    test(`${name} is the adapter's shape-error deny`, async () => {
      const tool = "notebook_path" in input ? "NotebookEdit" : "Write";
      const a = await hook({ session_id: "s", cwd: fx.ws, hook_event_name: "PreToolUse", tool_name: tool, tool_input: input });
      expect(a.exitCode).toBe(2);
      expect(hookVerdict(a.stdout, a.exitCode)).toBe("deny");
      expect(a.stderr).toContain("unexpected hook input");
    });
  }

  test("Codex's tools keep their own parse: a Write there is no file tool", async () => {
    const a = await runHook("codex", bytes(payload("Write", join(fx.ws, ".claude", "settings.json"))), fx.env);
    expect(a).toEqual({ stdout: "", exitCode: 0 });
  });

  test("Read of a control file is not judged (reading is allowed)", async () => {
    const a = await hook({ session_id: "s", cwd: fx.ws, hook_event_name: "PreToolUse", tool_name: "Read", tool_input: { file_path: join(fx.ws, ".leogriel", "config.json") } });
    expect(a).toEqual({ stdout: "", exitCode: 0 });
  });
});
