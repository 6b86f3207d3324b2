import { z } from "zod";
import { LeogrielError } from "../core/errors.ts";
import { formatIssuePath } from "../core/json-file.ts";
import { standardLimits } from "./limits.ts";
import { readRegularFile } from "./read-regular-file.ts";
import { parseStrictJson } from "./strict-json.ts";

const LIMITS = standardLimits();
const encoder = new TextEncoder();

/** A capture request (docs/contracts/agentproof-request-v1.md, frozen): exact keys only. */
export const CaptureRequest = z
  .strictObject({
    action: z.literal("capture"),
    model: z
      .string()
      .min(1)
      .max(LIMITS.model_max_chars)
      .regex(/^[A-Za-z0-9._:/+-]+$/, "model may hold only letters, digits and . _ : / + -"),
    prompt: z
      .string()
      .min(1, "prompt must not be empty")
      .refine((p) => p.isWellFormed(), "prompt must be valid UTF-8 (no lone surrogates)")
      .refine((p) => encoder.encode(p).length <= LIMITS.prompt_max_bytes, `prompt must be at most ${LIMITS.prompt_max_bytes} bytes of UTF-8`),
    sandbox: z.enum(["read-only", "workspace-write"]),
  })
  .meta({ id: "agentproof-capture-request", title: "agentproof capture request" });
export type CaptureRequest = z.infer<typeof CaptureRequest>;

/** A verify request: `{"action":"verify"}` and nothing else. */
export const VerifyRequest = z
  .strictObject({ action: z.literal("verify") })
  .meta({ id: "agentproof-verify-request", title: "agentproof verify request" });
export type VerifyRequest = z.infer<typeof VerifyRequest>;

const SCHEMAS = { capture: CaptureRequest, verify: VerifyRequest } as const;
type Action = keyof typeof SCHEMAS;

const READ_ERRORS: Record<string, string> = {
  file_not_found: "request_not_found",
  not_regular_file: "request_not_regular_file",
  file_too_large: "request_too_large",
  invalid_utf8: "request_invalid_utf8",
  file_unreadable: "request_unreadable",
};

const BOM = "\uFEFF";

/**
 * Reads and validates a request file for one tool: capture accepts only `capture`, verify only
 * `verify`. No message ever repeats the prompt.
 * @throws {LeogrielError} (exit 1) `request_not_found`, `request_not_regular_file` (a FIFO,
 *   socket, device or directory, refused without blocking), `request_unreadable`,
 *   `request_too_large`, `request_invalid_utf8`, `request_invalid_json`, `request_duplicate_key`,
 *   `request_action_unsupported`, `request_invalid` (with `details.issues`)
 */
export function readRequest<A extends Action>(path: string, action: A): z.infer<(typeof SCHEMAS)[A]> {
  let text: string;
  try {
    text = readRegularFile(path, { maxBytes: LIMITS.request_max_bytes, label: "request" });
  } catch (err) {
    if (err instanceof LeogrielError && READ_ERRORS[err.code]) throw _fail(READ_ERRORS[err.code]!, err.message);
    // An I/O error after the open (EIO and the like): the message could name system details.
    throw _fail("request_unreadable", "Cannot read request: not a readable file");
  }
  return parseRequest(text, action);
}

/**
 * Validates request text (see `readRequest`). A leading byte order mark is refused: the keys
 * are exact, and a BOM is not JSON (RFC 8259 §8.1 forbids adding one), so the file is not the
 * plain JSON object the contract names.
 */
export function parseRequest<A extends Action>(text: string, action: A): z.infer<(typeof SCHEMAS)[A]> {
  if (text.startsWith(BOM)) throw _fail("request_invalid_json", "Cannot parse request: it starts with a byte order mark (write UTF-8 without a BOM)");
  let value: unknown;
  try {
    value = parseStrictJson(text, "request");
  } catch (err) {
    if (!(err instanceof LeogrielError)) throw err;
    // `__proto__` is a key the exact-keys contract does not name, reported as such.
    if (err.code === "reserved_key") throw _fail("request_invalid", err.message, { issues: [{ path: "$", message: err.message }] });
    throw _fail(`request_${err.code}`, err.message);
  }
  const given = typeof value === "object" && value !== null && !Array.isArray(value) ? (value as { action?: unknown }).action : undefined;
  if (typeof given === "string" && given !== action && Object.hasOwn(SCHEMAS, given)) {
    throw _fail("request_action_unsupported", `Cannot use request: action ${JSON.stringify(given)} is not accepted here (only ${JSON.stringify(action)})`);
  }
  const parsed = SCHEMAS[action].safeParse(value);
  if (parsed.success) return parsed.data as z.infer<(typeof SCHEMAS)[A]>;
  const issues = parsed.error.issues.map((i) => ({ path: formatIssuePath(i.path), message: i.message }));
  throw _fail("request_invalid", `Cannot use request: ${issues.map((i) => `${i.path}: ${i.message}`).join("; ")}`, { issues });
}

function _fail(code: string, message: string, details?: Record<string, unknown>): LeogrielError {
  return new LeogrielError(code, message, { exitCode: 1, details });
}
