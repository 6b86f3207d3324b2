import type { FailureContext } from "../core/cli.ts";
import { LeogrielError } from "../core/errors.ts";
import { sha256Hex } from "../core/hash.ts";
import { redactValue } from "../core/redact.ts";
import type { Limits } from "./limits.ts";
import type { ErrorResult } from "./results.ts";

/**
 * The seed 003 error contract: a failure becomes one ERROR object. An unexpected exception is
 * reduced to `unexpected_runtime_error`, its type name and the SHA-256 of its traceback; its
 * message and traceback never leave the process (they may hold paths, prompts or secrets).
 */
export function errorResult(err: LeogrielError, action: ErrorResult["action"], limits: Limits): ErrorResult {
  if (err.code === "internal_error") {
    const cause = err.cause;
    const type = cause instanceof Error ? cause.name : typeof cause;
    const traceback = cause instanceof Error ? (cause.stack ?? `${cause.name}: ${cause.message}`) : String(cause);
    return {
      result: "ERROR",
      action,
      error: "unexpected_runtime_error",
      message: `${action} stopped on an unexpected ${type}`,
      exception_type: type,
      traceback_sha256: sha256Hex(traceback),
      limits,
    };
  }
  const details = Object.keys(err.details).length > 0 ? { details: err.details } : {};
  return { result: "ERROR", action, error: err.code, message: err.message, ...details, limits };
}

/** A `runCli` onError that writes the ERROR object as one line of JSON on stderr. */
export function writeErrorResult(action: ErrorResult["action"], limits: () => Limits) {
  return (err: LeogrielError, _ctx: FailureContext): void => {
    process.stderr.write(`${JSON.stringify(redactValue(errorResult(err, action, limits())))}\n`);
  };
}

/**
 * Seed 003 exits 1 on every expected failure; shared core errors default to 2. Usage errors
 * (bad flags) keep exit 2.
 */
export function asSeedFailure(err: unknown): unknown {
  if (!(err instanceof LeogrielError) || err.code === "invalid_usage" || err.exitCode === 1) return err;
  return new LeogrielError(err.code, err.message, { exitCode: 1, details: err.details, cause: err.cause });
}
