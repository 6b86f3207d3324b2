import { sha256Hex } from "../core/hash.ts";

/**
 * Prompts shorter than this many UTF-8 bytes are left alone: a short prompt ("fix it") is too
 * likely to occur by chance in events to be cut out without mangling them, and its commitment is
 * guessable from `prompt_sha256` anyway.
 */
export const PROMPT_REDACTION_MIN_BYTES = 16;

/** What replaces the prompt in an event line: its commitment, never its text. */
export function promptMarker(prompt: string): string {
  return `[PROMPT sha256:${sha256Hex(prompt)}]`;
}

export interface PromptRedaction {
  text: string;
  /** How many occurrences were replaced. */
  count: number;
}

/**
 * A function that replaces every exact occurrence of `prompt` in an event line with its marker,
 * so a receipt never holds the prompt (seed 003) even when Codex echoes it. Codex writes JSON, so
 * the prompt is searched as written and as a JSON string spells it (escaped quotes, backslashes
 * and control characters; non-ASCII as is or as `\uXXXX`). Paraphrases, partial quotes and other
 * encodings are not found. The marker holds no quote or backslash, so a JSON line stays JSON.
 */
export function promptRedactor(prompt: string): (line: string) => PromptRedaction {
  if (new TextEncoder().encode(prompt).length < PROMPT_REDACTION_MIN_BYTES) return (text) => ({ text, count: 0 });
  const marker = promptMarker(prompt);
  const escaped = JSON.stringify(prompt).slice(1, -1);
  const asciiEscaped = escaped.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
  // Longest first, so a form that contains another is replaced whole.
  const forms = [...new Set([prompt, escaped, asciiEscaped])].sort((a, b) => b.length - a.length);
  return (line) => {
    let text = line;
    let count = 0;
    for (const form of forms) {
      const parts = text.split(form);
      count += parts.length - 1;
      text = parts.join(marker);
    }
    return { text, count };
  };
}
