import { describe, expect, test } from "bun:test";
import { sha256Hex } from "../../../lib/core/hash.ts";
import { EventRecorder, eventLogIntact } from "../../../lib/proof/event-chain.ts";
import { standardLimits } from "../../../lib/proof/limits.ts";
import { promptMarker, promptRedactor } from "../../../lib/proof/prompt-redaction.ts";

const PROMPT = "Refactor the parser. SENTINEL-91c2";
const MARK = `[PROMPT sha256:${sha256Hex(PROMPT)}]`;
const json = (value: unknown) => JSON.stringify(value);

describe("prompt redaction", () => {
  test("marks the prompt by its sha256 commitment", () => {
    expect(promptMarker(PROMPT)).toBe(MARK);
  });

  test.each<[string, string, string, string, number]>([
    ["an echoed user message", PROMPT, json({ type: "item", text: PROMPT }), json({ type: "item", text: MARK }), 1],
    ["two echoes in one line", PROMPT, json({ a: PROMPT, b: `>> ${PROMPT} <<` }), json({ a: MARK, b: `>> ${MARK} <<` }), 2],
    ["a prompt with quotes, a backslash and a newline, JSON-escaped", 'Say "hi" \\ then\nstop. SENTINEL', json({ text: 'Say "hi" \\ then\nstop. SENTINEL' }), "", 1],
    ["a non-ASCII prompt escaped as \\u", "Écris le fichier — SENTINEL ✓", '{"text":"\\u00c9cris le fichier \\u2014 SENTINEL \\u2713"}', "", 1],
    ["a non-ASCII prompt written as is", "Écris le fichier — SENTINEL ✓", json({ text: "Écris le fichier — SENTINEL ✓" }), "", 1],
    ["the prompt as raw text outside JSON", PROMPT, `stdout: ${PROMPT}`, `stdout: ${MARK}`, 1],
    ["only part of the prompt (not replaced)", PROMPT, json({ text: PROMPT.slice(0, -1) }), json({ text: PROMPT.slice(0, -1) }), 0],
    ["the prompt in another letter case (not replaced)", PROMPT, json({ text: PROMPT.toUpperCase() }), json({ text: PROMPT.toUpperCase() }), 0],
    ["a prompt under 16 bytes (left alone)", "fix the tests", json({ text: "fix the tests" }), json({ text: "fix the tests" }), 0],
  ])("handles %s", (_name, prompt, line, expected, count) => {
    const result = promptRedactor(prompt)(line);
    expect(result.count).toBe(count);
    if (expected) expect(result.text).toBe(expected);
    if (count > 0) {
      expect(result.text).not.toContain("SENTINEL");
      expect(result.text).toContain(promptMarker(prompt));
    }
    if (line.startsWith("{")) expect(() => JSON.parse(result.text)).not.toThrow();
  });

  test("cuts the prompt out before chaining, counts it, and keeps the chain intact", () => {
    const recorder = new EventRecorder(standardLimits(), PROMPT);
    recorder.add(new TextEncoder().encode(json({ type: "item.completed", item: { type: "user_message", text: PROMPT } })));
    recorder.add(new TextEncoder().encode(json({ type: "turn.completed" })));
    const log = recorder.log();
    expect(log.lines[0]).toBe(json({ type: "item.completed", item: { type: "user_message", text: MARK } }));
    expect(log.redactions).toBe(1);
    expect(eventLogIntact(log)).toBe(true);
  });

  test("removes a prompt that holds a credential whole, before credential redaction could split it", () => {
    const prompt = "Use token ghp_8f3kQ2mZx9Lp4Vb7Nc1Rt6Yw0Hs5Jd2Ge4Ua to push";
    const recorder = new EventRecorder(standardLimits(), prompt);
    recorder.add(new TextEncoder().encode(json({ text: prompt })));
    const line = recorder.log().lines[0]!;
    expect(line).toBe(json({ text: promptMarker(prompt) }));
    expect(line).not.toContain("to push");
  });
});
