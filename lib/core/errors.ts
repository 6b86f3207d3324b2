/**
 * A failure the user can act on: a stable `code`, a message that names the failed action, and
 * the exit code the tool documents for it. Anything else thrown is an internal error.
 */
export class LeogrielError extends Error {
  override name = "LeogrielError";
  readonly code: string;
  readonly exitCode: number;
  readonly details: Record<string, unknown>;

  constructor(
    code: string,
    message: string,
    options: { exitCode?: number; details?: Record<string, unknown>; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.code = code;
    this.exitCode = options.exitCode ?? 2;
    this.details = options.details ?? {};
  }
}

/** Bad flags or arguments on the command line (exit 2). */
export class UsageError extends LeogrielError {
  override name = "UsageError";
  constructor(message: string) {
    super("invalid_usage", message, { exitCode: 2 });
  }
}

/** True when `err` is a Node/Bun system error with the given errno code. */
export function isErrno(err: unknown, code: string): boolean {
  return typeof err === "object" && err !== null && (err as { code?: unknown }).code === code;
}
