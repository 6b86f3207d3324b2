import { describe, expect, test } from "bun:test";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseRequest, readRequest } from "../../../lib/proof/request.ts";
import { useTempDirs } from "../../support/temp-dir.ts";

const tempDir = useTempDirs("leogriel-request-");
const OK = { action: "capture", model: "gpt-5.6-sol", prompt: "Implement the change.", sandbox: "workspace-write" } as const;
const text = (value: unknown) => JSON.stringify(value);

describe("capture requests", () => {
  test.each([
    ["the seed's example", OK],
    ["a read-only sandbox", { ...OK, sandbox: "read-only" }],
    ["every allowed model character", { ...OK, model: "Az09._:/+-" }],
    ["a 128-character model", { ...OK, model: "m".repeat(128) }],
    ["a prompt of exactly 64 KiB", { ...OK, prompt: "p".repeat(65536) }],
    ["a multi-byte prompt under the limit", { ...OK, prompt: "é".repeat(32768) }],
  ])("accepts %s", (_name, request) => {
    expect(parseRequest(text(request), "capture") as unknown).toEqual(request);
  });

  test.each([
    ["an unknown key", text({ ...OK, extra: true }), "request_invalid"],
    ["a missing model", text({ action: "capture", prompt: "p", sandbox: "read-only" }), "request_invalid"],
    ["a missing prompt", text({ action: "capture", model: "m", sandbox: "read-only" }), "request_invalid"],
    ["a missing sandbox", text({ action: "capture", model: "m", prompt: "p" }), "request_invalid"],
    ["an empty prompt", text({ ...OK, prompt: "" }), "request_invalid"],
    ["a prompt one byte over 64 KiB", text({ ...OK, prompt: "p".repeat(65537) }), "request_invalid"],
    ["a multi-byte prompt over 64 KiB in bytes", text({ ...OK, prompt: "é".repeat(32769) }), "request_invalid"],
    ["a prompt with a lone surrogate", `{"action":"capture","model":"m","prompt":"\\ud800","sandbox":"read-only"}`, "request_invalid"],
    ["a non-string prompt", text({ ...OK, prompt: 42 }), "request_invalid"],
    ["an empty model", text({ ...OK, model: "" }), "request_invalid"],
    ["a 129-character model", text({ ...OK, model: "m".repeat(129) }), "request_invalid"],
    ["a model with a space", text({ ...OK, model: "gpt 5" }), "request_invalid"],
    ["a model with a shell metacharacter", text({ ...OK, model: "m;rm -rf /" }), "request_invalid"],
    ["a model with a non-ASCII letter", text({ ...OK, model: "modèle" }), "request_invalid"],
    ["the danger-full-access sandbox", text({ ...OK, sandbox: "danger-full-access" }), "request_invalid"],
    ["a verify action", text({ action: "verify" }), "request_action_unsupported"],
    ["a sign action (none exists)", text({ ...OK, action: "sign" }), "request_invalid"],
    ["an upper-case action", text({ ...OK, action: "CAPTURE" }), "request_invalid"],
    ["a duplicate key", '{"action":"capture","model":"m","prompt":"p","prompt":"q","sandbox":"read-only"}', "request_duplicate_key"],
    ["an array", "[]", "request_invalid"],
    ["null", "null", "request_invalid"],
    ["truncated JSON", text(OK).slice(0, -1), "request_invalid_json"],
    ["trailing garbage", `${text(OK)}x`, "request_invalid_json"],
    ["a UTF-8 byte order mark before the object", `\uFEFF${text(OK)}`, "request_invalid_json"],
    ["a __proto__ key that would smuggle a sandbox", `{"action":"capture","model":"m","prompt":"p","sandbox":"read-only","__proto__":{"sandbox":"danger-full-access"}}`, "request_invalid"],
    ["an escaped __proto__ key", `{"\\u005f_proto__":{},"action":"capture","model":"m","prompt":"p","sandbox":"read-only"}`, "request_invalid"],
    ["an action naming an inherited property", text({ ...OK, action: "constructor" }), "request_invalid"],
  ])("refuses %s", (_name, body, code) => {
    expect(() => parseRequest(body, "capture")).toThrow(expect.objectContaining({ code, exitCode: 1 }));
  });

  test("never repeats the prompt in an error", () => {
    try {
      parseRequest(text({ ...OK, prompt: "SECRET-PROMPT", model: "bad model" }), "capture");
      throw new Error("accepted");
    } catch (err) {
      expect(JSON.stringify({ message: (err as Error).message, details: (err as { details: unknown }).details })).not.toContain("SECRET-PROMPT");
    }
  });
});

describe("verify requests", () => {
  test("accepts exactly {action: verify}", () => {
    expect(parseRequest('{"action":"verify"}', "verify")).toEqual({ action: "verify" });
  });

  test.each([
    ["an extra key", text({ action: "verify", receipt: "x" }), "request_invalid"],
    ["a capture request", text(OK), "request_action_unsupported"],
    ["an anchor action (none exists)", text({ action: "anchor" }), "request_invalid"],
    ["an empty object", "{}", "request_invalid"],
  ])("refuses %s", (_name, body, code) => {
    expect(() => parseRequest(body, "verify")).toThrow(expect.objectContaining({ code }));
  });
});

describe("request files", () => {
  test.each([
    ["a missing file", null, "request_not_found"],
    ["a file over 512 KiB", "x".repeat(512 * 1024 + 1), "request_too_large"],
    ["a file that is not UTF-8", new Uint8Array([0x7b, 0xff, 0x7d]), "request_invalid_utf8"],
  ])("refuses %s", (_name, content, code) => {
    const path = join(tempDir(), "request.json");
    if (content !== null) writeFileSync(path, content);
    expect(() => readRequest(path, "verify")).toThrow(expect.objectContaining({ code }));
  });

  test("refuses a directory as not a regular file", () => {
    const path = join(tempDir(), "request.json");
    mkdirSync(path);
    expect(() => readRequest(path, "verify")).toThrow(expect.objectContaining({ code: "request_not_regular_file", exitCode: 1 }));
  });

  test("refuses a FIFO without waiting for a writer", () => {
    const path = join(tempDir(), "request.json");
    expect(Bun.spawnSync(["mkfifo", path]).exitCode).toBe(0);
    expect(() => readRequest(path, "capture")).toThrow(expect.objectContaining({ code: "request_not_regular_file", exitCode: 1 }));
  });

  test("refuses a byte order mark read from a file, naming it", () => {
    const path = join(tempDir(), "request.json");
    writeFileSync(path, new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode('{"action":"verify"}')]));
    expect(() => readRequest(path, "verify")).toThrow(expect.objectContaining({ code: "request_invalid_json", message: expect.stringContaining("byte order mark") }));
  });
});
