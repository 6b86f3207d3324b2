/**
 * Encoded text that may hide a secret: base64 runs and percent-encoded runs. Each run is decoded
 * so the detector can scan it again; percent-decoding keeps a map back to the original offsets,
 * base64 does not (its findings cover the whole run).
 */
export interface EncodedRun {
  start: number;
  end: number;
  encoding: "base64" | "url";
  decoded: string;
  /** For `url`: original offset of each decoded character, plus one entry for the end. */
  offsets?: number[];
}

// 32 characters encode 24 bytes, the shortest token worth finding again.
const BASE64_RUN = /[A-Za-z0-9+/_-]{32,}={0,2}/g;
const PERCENT_RUN = /[\w.~!*'()+=&:;@/?,$-]*(?:%[0-9A-Fa-f]{2}[\w.~!*'()+=&:;@/?,$-]*)+/g;
const MAX_RUN = 64 * 1024;

/** The decodable runs of `text` (base64 only where the bytes are printable text). */
export function encodedRuns(text: string): EncodedRun[] {
  const runs: EncodedRun[] = [];
  BASE64_RUN.lastIndex = 0;
  for (let m = BASE64_RUN.exec(text); m !== null; m = BASE64_RUN.exec(text)) {
    if (m[0].length > MAX_RUN) continue;
    const decoded = _printable(Buffer.from(m[0], m[0].includes("-") || m[0].includes("_") ? "base64url" : "base64"));
    if (decoded !== undefined) runs.push({ start: m.index, end: m.index + m[0].length, encoding: "base64", decoded });
  }
  if (!text.includes("%")) return runs;
  PERCENT_RUN.lastIndex = 0;
  for (let m = PERCENT_RUN.exec(text); m !== null; m = PERCENT_RUN.exec(text)) {
    if (m[0].length < 12 || m[0].length > MAX_RUN) continue;
    runs.push({ start: m.index, end: m.index + m[0].length, encoding: "url", ..._percentDecode(m[0], m.index) });
  }
  return runs;
}

/** The bytes as text when nearly all are printable ASCII (a secret decodes to text). */
function _printable(bytes: Uint8Array): string | undefined {
  if (bytes.length < 16) return undefined;
  let bad = 0;
  for (const b of bytes) if ((b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d) || b > 0x7e) bad++;
  return bad * 20 > bytes.length ? undefined : Buffer.from(bytes).toString("latin1");
}

function _percentDecode(run: string, base: number): { decoded: string; offsets: number[] } {
  let decoded = "";
  const offsets: number[] = [];
  for (let i = 0; i < run.length; ) {
    const hex = run[i] === "%" ? run.slice(i + 1, i + 3) : "";
    offsets.push(base + i);
    if (/^[0-9A-Fa-f]{2}$/.test(hex)) {
      decoded += String.fromCharCode(Number.parseInt(hex, 16));
      i += 3;
    } else {
      decoded += run[i];
      i += 1;
    }
  }
  offsets.push(base + run.length);
  return { decoded, offsets };
}
