import { describe, expect, spyOn, test } from "bun:test";
import { LeogrielError } from "../../../lib/core/errors.ts";
import { sha256Hex } from "../../../lib/core/hash.ts";
import { asSeedFailure, errorResult, writeErrorResult } from "../../../lib/proof/error-result.ts";
import { standardLimits } from "../../../lib/proof/limits.ts";
import { ErrorResult } from "../../../lib/proof/results.ts";

const LIMITS = standardLimits();
const CTX = { json: false, verbose: false, command: "capture" };

describe("the seed 003 error contract", () => {
  test("carries a typed error, its details and the standard limits", () => {
    const err = new LeogrielError("codex_failed", "Codex exited 1", { exitCode: 1, details: { exit_code: 1 } });
    expect(ErrorResult.parse(errorResult(err, "capture", LIMITS))).toEqual({
      result: "ERROR",
      action: "capture",
      error: "codex_failed",
      message: "Codex exited 1",
      details: { exit_code: 1 },
      limits: LIMITS,
    });
  });

  test("reduces an unexpected exception to its type and a traceback commitment, never its message", () => {
    const cause = new TypeError("secret path /home/alice/prompt-text");
    const err = new LeogrielError("internal_error", `Internal error: TypeError: ${cause.message}`, { cause });
    const result = errorResult(err, "verify", LIMITS);
    expect(result).toMatchObject({ error: "unexpected_runtime_error", exception_type: "TypeError", traceback_sha256: sha256Hex(cause.stack!) });
    expect(JSON.stringify(result)).not.toContain("alice");
  });

  test("writes exactly one redacted JSON line on stderr", () => {
    let written = "";
    const spy = spyOn(process.stderr, "write").mockImplementation((chunk: string | Uint8Array) => ((written += String(chunk)), true));
    try {
      writeErrorResult("capture", () => LIMITS)(new LeogrielError("git_failed", "Cannot run git: token ghp_8f3kQ2mZx9Lp4Vb7Nc1Rt6Yw0Hs5Jd2Ge4Ua"), CTX);
    } finally {
      spy.mockRestore();
    }
    expect(written.endsWith("\n") && written.trim().split("\n").length === 1).toBe(true);
    expect(written).not.toContain("ghp_8f3k");
    expect(ErrorResult.parse(JSON.parse(written)).error).toBe("git_failed");
  });

  test.each([
    ["a core error with exit 2", new LeogrielError("signing_key_invalid", "bad key"), 1],
    ["a usage error", new LeogrielError("invalid_usage", "bad flag", { exitCode: 2 }), 2],
    ["an error already at exit 1", new LeogrielError("x", "y", { exitCode: 1 }), 1],
  ])("maps %s to its seed exit code", (_name, err, exitCode) => {
    expect((asSeedFailure(err) as LeogrielError).exitCode).toBe(exitCode);
  });
});
