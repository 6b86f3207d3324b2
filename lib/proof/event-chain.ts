import { z } from "zod";
import { LeogrielError } from "../core/errors.ts";
import { redactWithCounts } from "../core/redact.ts";
import type { Limits } from "./limits.ts";
import { promptRedactor, type PromptRedaction } from "./prompt-redaction.ts";

/**
 * The Codex event log as a hash chain: every JSONL line Codex wrote, in order and unparsed (so
 * unknown event types and fields are kept byte for byte), each link committing to the one
 * before: link_0 = 32 zero bytes, link_i = SHA-256(link_(i-1) || UTF-8(line_i)), head = link_n.
 */
export const EVENT_CHAIN_ALGORITHM = "sha256-chain-v1";

export const EventLog = z.strictObject({
  chain: z.literal(EVENT_CHAIN_ALGORITHM),
  count: z.number().int().nonnegative(),
  head: z.string().regex(/^[0-9a-f]{64}$/),
  /** Each stdout line as Codex wrote it, after prompt and credential redaction. */
  lines: z.array(z.string()),
  /** Prompt occurrences replaced by `[PROMPT sha256:<hex>]` and credentials replaced by `[REDACTED:<type>]` before chaining. */
  redactions: z.number().int().nonnegative(),
  /** Lines that were not valid UTF-8 (kept with U+FFFD replacements). */
  invalid_utf8_lines: z.number().int().nonnegative(),
});
export type EventLog = z.infer<typeof EventLog>;

const encoder = new TextEncoder();
const utf8 = new TextDecoder("utf-8", { fatal: true });
const lossy = new TextDecoder("utf-8");

/** The chain head over `lines`. */
export function chainHead(lines: readonly string[]): string {
  let link: Uint8Array = new Uint8Array(32);
  for (const line of lines) {
    link = new Bun.CryptoHasher("sha256").update(link).update(encoder.encode(line)).digest() as Uint8Array;
  }
  return Buffer.from(link).toString("hex");
}

/** Whether an event log's count and head agree with its lines. */
export function eventLogIntact(log: EventLog): boolean {
  return log.count === log.lines.length && chainHead(log.lines) === log.head;
}

/** Collects Codex stdout lines into an event log, enforcing the event limits as they arrive. */
export class EventRecorder {
  readonly #lines: string[] = [];
  #link: Uint8Array = new Uint8Array(32);
  #bytes = 0;
  #redactions = 0;
  #invalid = 0;
  readonly #redactPrompt: (line: string) => PromptRedaction;

  /** @param prompt the session's prompt, cut out of every line (see `promptRedactor`) */
  constructor(
    private readonly limits: Pick<Limits, "event_max_bytes" | "events_max_count" | "events_max_bytes">,
    prompt = "",
  ) {
    this.#redactPrompt = promptRedactor(prompt);
  }

  /**
   * Records one raw line.
   * @throws {LeogrielError} `codex_output_too_large` past a limit
   */
  add(raw: Uint8Array): void {
    if (raw.length > this.limits.event_max_bytes) this.#tooLarge(`an event is over ${this.limits.event_max_bytes} bytes`);
    this.#bytes += raw.length;
    if (this.#bytes > this.limits.events_max_bytes) this.#tooLarge(`events are over ${this.limits.events_max_bytes} bytes`);
    if (this.#lines.length >= this.limits.events_max_count) this.#tooLarge(`over ${this.limits.events_max_count} events`);
    let text: string;
    try {
      text = utf8.decode(raw);
    } catch {
      this.#invalid++;
      text = lossy.decode(raw);
    }
    // The prompt first: a credential inside it would otherwise be redacted and the prompt's
    // remaining text no longer match.
    const withoutPrompt = this.#redactPrompt(text);
    this.#redactions += withoutPrompt.count;
    const redacted = redactWithCounts(withoutPrompt.text);
    for (const n of Object.values(redacted.counts)) this.#redactions += n;
    this.#lines.push(redacted.text);
    this.#link = new Bun.CryptoHasher("sha256").update(this.#link).update(encoder.encode(redacted.text)).digest() as Uint8Array;
  }

  /** The log so far. */
  log(): EventLog {
    return {
      chain: EVENT_CHAIN_ALGORITHM,
      count: this.#lines.length,
      head: Buffer.from(this.#link).toString("hex"),
      lines: [...this.#lines],
      redactions: this.#redactions,
      invalid_utf8_lines: this.#invalid,
    };
  }

  #tooLarge(why: string): never {
    throw new LeogrielError("codex_output_too_large", `Cannot record Codex events: ${why}`, { exitCode: 1 });
  }
}
