import { afterEach, describe, expect, test } from "bun:test";
import { defineCommand } from "citty";
import { commonArgs } from "../../../lib/core/args.ts";
import { findUnknownFlags, resolveCommand, runCli, type Outcome } from "../../../lib/core/cli.ts";
import { LeogrielError } from "../../../lib/core/errors.ts";
import { captureStdio } from "../../support/capture-stdio.ts";

const add = defineCommand({
  meta: { name: "add", description: "add a thing" },
  args: { ...commonArgs, dev: { type: "boolean", description: "dev" }, name: { type: "string", description: "name" }, spec: { type: "positional", description: "spec" } },
  run: ({ args }): Outcome => ({ exitCode: 0, data: { spec: args.spec, dev: args.dev === true, name: args.name } }),
});
const root = defineCommand({
  meta: { name: "install", version: "9.9.9", description: "root" },
  args: { ...commonArgs, frozen: { type: "boolean", description: "frozen" } },
  subCommands: { add },
  run: ({ args }): Outcome => {
    if (args.frozen) throw new LeogrielError("lock_mismatch", "Cannot install: the lock differs", { exitCode: 2 });
    return { exitCode: 1, ok: true, data: { updates: 2 }, warnings: [{ code: "outdated", message: "2 updates" }] };
  },
});

afterEach(() => {
  process.exitCode = 0;
});

describe("runCli", () => {
  test("writes the envelope with the command path of a subcommand", async () => {
    const io = await captureStdio(() => runCli(root, { rawArgs: ["add", "github:o/r", "--dev", "--json"] }));
    const code = io.result;
    expect(code).toBe(0);
    expect(JSON.parse(io.stdout)).toEqual({
      schemaVersion: 1,
      ok: true,
      command: "install add",
      data: { spec: "github:o/r", dev: true },
      warnings: [],
      errors: [],
    });
  });

  test("reports a domain result with exit 1 and ok true", async () => {
    // The runner's exit code as the process would see it, read before captureStdio resets it.
    const io = await captureStdio(async () => [await runCli(root, { rawArgs: ["--json"] }), process.exitCode] as const);
    const [code, exitCode] = io.result;
    expect(code).toBe(1);
    expect(exitCode).toBe(1);
    expect(JSON.parse(io.stdout)).toMatchObject({ ok: true, command: "install", data: { updates: 2 } });
  });

  test("maps a typed error to its exit code and an error envelope", async () => {
    const io = await captureStdio(() => runCli(root, { rawArgs: ["--frozen", "--json"] }));
    const code = io.result;
    expect(code).toBe(2);
    expect(JSON.parse(io.stdout)).toMatchObject({ ok: false, errors: [{ code: "lock_mismatch" }] });
  });

  test("rejects an unknown flag as a usage error (exit 2) with one JSON document", async () => {
    const io = await captureStdio(() => runCli(root, { rawArgs: ["add", "x", "--devv", "--json"] }));
    const code = io.result;
    expect(code).toBe(2);
    const doc = JSON.parse(io.stdout);
    expect(doc.errors[0]).toEqual({ code: "invalid_usage", message: "Cannot parse arguments: unknown option --devv" });
  });

  test("prints usage on stderr for a usage error in human mode", async () => {
    const io = await captureStdio(() => runCli(root, { rawArgs: ["--bogus"] }));
    const code = io.result;
    expect(code).toBe(2);
    expect(io.stdout).toBe("");
    expect(io.stderr).toContain("USAGE");
    expect(io.stderr).toContain("unknown option --bogus");
  });

  test("the usage line names the binary a user types, the envelope keeps the command path", async () => {
    const help = await captureStdio(() => runCli(root, { rawArgs: ["add", "--help"] }));
    expect(help.stdout).toMatch(/USAGE leogriel-install add /);
    const io = await captureStdio(() => runCli(root, { rawArgs: ["add", "x", "--devv", "--json"] }));
    expect(JSON.parse(io.stdout).command).toBe("install add");
  });

  test("prints the version", async () => {
    const io = await captureStdio(() => runCli(root, { rawArgs: ["--version"] }));
    expect(io.stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
  });

  test("reports contracts and deprecations in --version --json", async () => {
    const io = await captureStdio(() => runCli(root, { rawArgs: ["--version", "--json"] }));
    const doc = JSON.parse(io.stdout);
    expect(doc.data.deprecations).toEqual([]);
    expect(doc.data.contracts.length).toBeGreaterThan(0);
  });

  test("prints help for a subcommand and exits 0", async () => {
    const io = await captureStdio(() => runCli(root, { rawArgs: ["add", "--help"] }));
    const code = io.result;
    expect(code).toBe(0);
    expect(io.stdout).toContain("add a thing");
    expect(io.stdout).not.toContain("\u001b[");
  });

  test("turns an unexpected exception into the internal exit code without a stack", async () => {
    const boom = defineCommand({ meta: { name: "boom" }, args: { ...commonArgs }, run: () => { throw new TypeError("x is undefined"); } });
    const io = await captureStdio(() => runCli(boom, { rawArgs: [], internalExitCode: 1 }));
    const code = io.result;
    expect(code).toBe(1);
    expect(io.stderr).toContain("Internal error: TypeError");
    expect(io.stderr).not.toContain("    at ");
  });

  test("redacts credentials in envelopes", async () => {
    const token = `ghp_${"A1b2C3d4".repeat(5)}`;
    const leaky = defineCommand({ meta: { name: "leaky" }, args: { ...commonArgs }, run: (): Outcome => ({ exitCode: 0, data: { note: `token ${token}` } }) });
    const io = await captureStdio(() => runCli(leaky, { rawArgs: ["--json"] }));
    expect(io.stdout).not.toContain(token);
    expect(io.stdout).toMatch(/\[REDACTED:[a-z0-9-]+\]/);
  });
});

describe("findUnknownFlags", () => {
  const args = { ...commonArgs, dryRun: { type: "boolean", description: "d" }, out: { type: "string", alias: "o", description: "o" } } as const;
  test.each([
    [["--json", "--dry-run", "--no-dry-run", "-o", "file", "--out=x"], []],
    [["--out", "--bogus"], []],
    [["--jsonn"], ["--jsonn"]],
    [["-x", "--", "--anything"], ["-x"]],
    [["--no-out"], ["--no-out"]],
  ])("flags %j as %j", (raw, unknown) => {
    expect(findUnknownFlags(args, raw)).toEqual(unknown);
  });
});

describe("resolveCommand", () => {
  test("ignores words after -- when selecting a subcommand", async () => {
    const resolved = await resolveCommand(root, ["--", "add"]);
    expect(resolved.path).toEqual(["install"]);
  });
});
