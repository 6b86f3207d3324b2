import { afterEach, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { checkArgs, main } from "../../cmd/check/main.ts";
import { runCli } from "../../lib/core/cli.ts";
import { useGuardFixture } from "../fixtures/check/workspace.ts";
import { captureStdio } from "../support/capture-stdio.ts";
import { quarantinedSources } from "../support/quarantined.ts";
import { runEntry } from "../support/run-cli.ts";

const fx = useGuardFixture();

afterEach(() => {
  process.exitCode = 0;
});

/** Runs `leogriel-check <args>` in-process with the fixture's HOME, capturing stdout and stderr. */
async function run(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const home = process.env.HOME;
  process.env.HOME = fx.home;
  try {
    const { result: code, stdout, stderr } = await captureStdio(() => runCli(main, { rawArgs: checkArgs(args), internalExitCode: 1 }));
    return { code, stdout, stderr };
  } finally {
    process.env.HOME = home;
  }
}

describe("leogriel-check (in-process)", () => {
  const rows: Array<[string[], number, string]> = [
    [["--json", "--", "ls -la"], 0, "ALLOW"],
    [["--json", "--", "rm -rf /"], 2, "BLOCK"],
    [["--json", "--", "git reflog expire --all"], 3, "ASK"],
    [["--json", "--", "rm -rf build"], 3, "RELOCATE"],
    [["--json", "--", "git reset --hard"], 3, "SNAPSHOT"],
    [["--json", "--dialect", "klingon", "--", "ls"], 2, "BLOCK"],
    [["--json", "--dialect", "powershell", "--", "Remove-Item -Recurse /"], 2, "BLOCK"],
    [["--json", "--", "echo 'unterminated"], 2, "BLOCK"],
    [["--json", "ls", "-la"], 0, "ALLOW"],
  ];
  for (const [args, code, decision] of rows) {
    test(`${JSON.stringify(args)} exits ${code} with ${decision}`, async () => {
      const res = await run(["--cwd", fx.ws, ...args]);
      expect(res.code).toBe(code);
      const json = JSON.parse(res.stdout);
      expect(json).toMatchObject({ schema_version: 1, decision, command: "<redacted>" });
      expect(json.check_id).toMatch(/^chk_[0-9a-f]{16}$/);
      expect(res.stdout).not.toContain("rm -rf");
    });
  }

  test("the JSON answer has every field of the decision contract", async () => {
    const res = await run(["--json", "--cwd", fx.ws, "--", "rm -rf build; echo hi > README.md; true"]);
    const json = JSON.parse(res.stdout);
    expect(Object.keys(json).sort()).toEqual(["check_id", "command", "compensation", "decision", "dialect", "explanation", "ops", "reason", "reasons", "schema_version"]);
    expect(json.reasons).toEqual([{ code: "RELOCATE_TREE", decision: "RELOCATE", explanation: json.explanation }]);
    expect(json.compensation).toMatchObject({ kind: "relocate", workspace: fx.ws, target_count: 2 });
  });

  test("human output is one verdict line on stderr and nothing on stdout", async () => {
    const res = await run(["--cwd", fx.ws, "--", "rm -rf /"]);
    expect(res.code).toBe(2);
    expect(res.stdout).toBe("");
    expect(res.stderr).toBe("BLOCK BLOCK_PROTECTED_ANCESTOR: The target is a filesystem root or an ancestor of a protected path.\n");
  });

  test("--apply puts a workspace delete's targets in the quarantine and exits 0", async () => {
    const res = await run(["--json", "--apply", "--cwd", fx.ws, "--", "rm -rf node_modules"]);
    expect(res.code).toBe(0);
    const txid = JSON.parse(res.stdout).compensation.applied.txid;
    expect(txid).toMatch(/^tx-/);
    expect(quarantinedSources(fx.ws, txid)).toEqual(["node_modules"]);
  });

  test("no command is a usage error", async () => {
    const res = await run(["--cwd", fx.ws]);
    expect(res.code).toBe(2);
    expect(res.stderr).toContain("no command given");
  });
});

describe("leogriel-check (real process)", () => {
  test("bun cmd/check.ts -- 'rm -rf ~' prints a BLOCK JSON and exits 2", () => {
    const res = runEntry("check", ["--json", "--", "rm -rf ~"], { cwd: fx.ws, env: { HOME: fx.home } });
    expect(res.exitCode).toBe(2);
    expect(JSON.parse(res.stdout)).toMatchObject({ decision: "BLOCK", reason: "BLOCK_PROTECTED_ANCESTOR", command: "<redacted>" });
    expect(res.stderr).toBe("");
  });

  test("--hook claude answers deny on stdout for a destructive command", () => {
    const payload = JSON.stringify({ tool_name: "Bash", cwd: fx.ws, tool_input: { command: "rm -rf /" } });
    const res = runEntry("check", ["--hook", "claude"], { cwd: fx.ws, env: { HOME: fx.home }, stdin: payload });
    expect(res.exitCode).toBe(0);
    expect(JSON.parse(res.stdout).hookSpecificOutput.permissionDecision).toBe("deny");
    expect(res.stderr).toBe("");
  });

  test("--hook claude with garbage on stdin denies with exit 2 and a reason on stderr", () => {
    const res = runEntry("check", ["--hook", "claude"], { cwd: fx.ws, env: { HOME: fx.home }, stdin: "garbage" });
    expect(res.exitCode).toBe(2);
    expect(res.stderr).toContain("not valid UTF-8 JSON");
  });
});
