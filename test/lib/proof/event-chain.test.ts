import { describe, expect, test } from "bun:test";
import { chainHead, EventRecorder, eventLogIntact } from "../../../lib/proof/event-chain.ts";
import { standardLimits } from "../../../lib/proof/limits.ts";

const enc = (s: string) => new TextEncoder().encode(s);
const LINES = ['{"type":"thread.started","thread_id":"x"}', '{"type":"future.event","novel":{"field":[1,2]}}', '{"type":"turn.completed"}'];

function recorded(lines: string[], limits = standardLimits()) {
  const recorder = new EventRecorder(limits);
  for (const line of lines) recorder.add(enc(line));
  return recorder.log();
}

describe("the event chain", () => {
  test("starts from 32 zero bytes and links each line to the one before", () => {
    const zero = new Uint8Array(32);
    const first = new Bun.CryptoHasher("sha256").update(zero).update(enc("a")).digest();
    const second = new Bun.CryptoHasher("sha256").update(first).update(enc("b")).digest("hex");
    expect(chainHead([])).toBe("0".repeat(64));
    expect(chainHead(["a", "b"])).toBe(second);
  });

  test("keeps unknown event types and fields byte for byte", () => {
    const log = recorded(LINES);
    expect(log.lines).toEqual(LINES);
    expect(log.count).toBe(3);
    expect(eventLogIntact(log)).toBe(true);
  });

  test.each([
    ["an event removed", (l: string[]) => l.slice(1)],
    ["two events swapped", (l: string[]) => [l[1]!, l[0]!, l[2]!]],
    ["an event added", (l: string[]) => [...l, "{}"]],
    ["one character changed", (l: string[]) => [l[0]!.replace("x", "y"), l[1]!, l[2]!]],
  ])("detects %s", (_name, tamper) => {
    const log = recorded(LINES);
    expect(eventLogIntact({ ...log, lines: tamper(log.lines) })).toBe(false);
    expect(eventLogIntact({ ...log, lines: tamper(log.lines), count: tamper(log.lines).length })).toBe(false);
  });

  test("redacts credentials before chaining and counts them", () => {
    const log = recorded(['{"type":"item.completed","item":{"aggregated_output":"token ghp_8f3kQ2mZx9Lp4Vb7Nc1Rt6Yw0Hs5Jd2Ge4Ua"}}']);
    expect(log.lines[0]).toMatch(/\[REDACTED:[a-z-]+\]/);
    expect(log.lines[0]).not.toContain("ghp_");
    expect(log.redactions).toBe(1);
    expect(eventLogIntact(log)).toBe(true);
  });

  test("keeps a line that is not UTF-8 with replacement characters and counts it", () => {
    const recorder = new EventRecorder(standardLimits());
    recorder.add(new Uint8Array([0x7b, 0xff, 0x7d]));
    const log = recorder.log();
    expect(log.lines).toEqual(["{\uFFFD}"]);
    expect(log.invalid_utf8_lines).toBe(1);
    expect(eventLogIntact(log)).toBe(true);
  });

  test.each([
    ["one event over event_max_bytes", { event_max_bytes: 4 }, ["12345"]],
    ["more than events_max_count events", { events_max_count: 2 }, ["a", "b", "c"]],
    ["more than events_max_bytes in all", { events_max_bytes: 5 }, ["abc", "def"]],
  ])("stops at %s", (_name, override, lines) => {
    expect(() => recorded(lines, { ...standardLimits(), ...override })).toThrow(expect.objectContaining({ code: "codex_output_too_large" }));
  });
});
