import type { SecretFinding } from "../../core/secrets/detect.ts";
import { insideHexDump } from "../../core/secrets/hex-dump.ts";
import { redactFindings } from "../../core/secrets/redact-findings.ts";
import { type SpanDecision, spanVerdict, spanVerdictFor } from "./decide.ts";
import { insideOffsetlessDump, insideWrappedBase64, spanFindings } from "./readable-view.ts";
import type { SpanMode } from "./reasons.ts";
import { Spool } from "./spool.ts";

/** Characters scanned at once; segments end at a line break so a secret is rarely split. */
const SEGMENT = 1024 * 1024;
/** Findings kept for the report; the rest are counted. */
const MAX_REPORTED = 1000;

export interface StreamVerdict extends SpanDecision {
  /** The text that may leave (ALLOW: the input, SANITIZE: redacted), to be read then closed. */
  spool?: Spool;
  /** All findings, including those beyond the reported ones. */
  total: number;
}

/**
 * Checks a byte stream in bounded memory: decodes it as strict UTF-8, refuses NUL bytes, scans
 * it segment by segment and spools the text that may leave. Offsets and lines in the findings
 * are those of the whole stream.
 */
export async function decideStream(
  input: AsyncIterable<Uint8Array>,
  options: { mode?: SpanMode; exemptSha256?: ReadonlySet<string> } = {},
): Promise<StreamVerdict> {
  const decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
  const spool = new Spool();
  const state = { offset: 0, line: 0, findings: [] as SecretFinding[], total: 0, exempted: 0, counts: {} as Record<string, number> };
  const scan = (segment: string) => _scanSegment(segment, state, spool, options.exemptSha256);
  let pending = "";
  try {
    for await (const chunk of input) {
      if (chunk.includes(0)) return _refuse("BLOCK_BINARY_INPUT", spool);
      pending += decoder.decode(chunk, { stream: true });
      while (pending.length > SEGMENT) {
        const cut = safeCut(pending, SEGMENT);
        scan(pending.slice(0, cut));
        pending = pending.slice(cut);
      }
    }
    pending += decoder.decode();
  } catch (err) {
    if (err instanceof TypeError) return _refuse("BLOCK_INVALID_UTF8", spool);
    spool.close();
    throw err;
  }
  scan(pending);
  const reason = spanVerdictFor(state.total, state.exempted, options.mode ?? "sanitize");
  const verdict: StreamVerdict = { ...spanVerdict(reason, state.findings, state.exempted, state.counts), total: state.total };
  if (verdict.decision === "ALLOW" || verdict.decision === "SANITIZE") verdict.spool = spool;
  else spool.close();
  return verdict;
}

/** Lines a segment may step back to keep a block of wrapped base64 whole (a decoded run is at most 64 KiB). */
const MAX_WRAPPED_LINES = 1100;
/** Lines a segment may step back to keep a dump whole (16 bytes a line, a dump block is read up to 64 KiB). */
const MAX_DUMP_LINES = 4100;

/**
 * Where to end a segment near `target`: after a line break, not inside a private key block
 * that has begun but not ended, not after a line continued with a backslash, and not inside a
 * block of wrapped base64 or a hex dump (also one without offsets: `od -An`, `xxd -i`).
 */
export function safeCut(text: string, target: number): number {
  let cut = text.lastIndexOf("\n", target - 1) + 1;
  for (let tries = 0; tries < 8 && cut > 1 && text[cut - 2] === "\\"; tries++) cut = text.lastIndexOf("\n", cut - 2) + 1;
  for (let tries = 0; tries < MAX_WRAPPED_LINES && insideWrappedBase64(text, cut); tries++) cut = text.lastIndexOf("\n", cut - 2) + 1;
  for (let tries = 0; tries < MAX_DUMP_LINES && (insideHexDump(text, cut) || insideOffsetlessDump(text, cut)); tries++) cut = text.lastIndexOf("\n", cut - 2) + 1;
  const begin = text.lastIndexOf("-----BEGIN", cut);
  const end = begin < 0 ? -1 : text.indexOf("-----END", begin);
  if (begin >= 0 && (end < 0 || end >= cut)) cut = text.lastIndexOf("\n", begin) + 1;
  return cut > 0 ? cut : target;
}

function _scanSegment(
  segment: string,
  state: { offset: number; line: number; findings: SecretFinding[]; total: number; exempted: number; counts: Record<string, number> },
  spool: Spool,
  exemptSha256: ReadonlySet<string> | undefined,
): void {
  const all = spanFindings(segment, exemptSha256);
  const counted = all.filter((f) => !f.exempted);
  state.exempted += all.length - counted.length;
  state.total += counted.length;
  const redacted = redactFindings(segment, counted);
  spool.write(redacted.text);
  for (const [rule, n] of Object.entries(redacted.counts)) state.counts[rule] = (state.counts[rule] ?? 0) + n;
  for (const f of counted) {
    if (state.findings.length >= MAX_REPORTED) break;
    state.findings.push({ ...f, start: f.start + state.offset, end: f.end + state.offset, line: f.line + state.line });
  }
  state.offset += segment.length;
  for (let i = segment.indexOf("\n"); i >= 0; i = segment.indexOf("\n", i + 1)) state.line++;
}

function _refuse(reason: "BLOCK_BINARY_INPUT" | "BLOCK_INVALID_UTF8", spool: Spool): StreamVerdict {
  spool.close();
  return { ...spanVerdict(reason, [], 0, {}), total: 0 };
}
