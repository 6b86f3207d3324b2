import { detectSecrets, locateFindings, type SecretFinding } from "../../core/secrets/detect.ts";

/**
 * Terminal escapes (CSI such as colours, OSC such as hyperlinks and titles, two-character ESC
 * sequences), invisible format characters (soft hyphen, zero-width spaces and joiners, word
 * joiner, BOM, bidi controls), and the JSON escapes `\uXXXX` and `\/`. A terminal or a JSON
 * reader shows the text without them, so a token they break up is still a token to the model.
 */
const HIDDEN =
  /\x1b(?:\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(?:\x07|\x1b\\)?|[@-Z\\-_])|[\u00ad\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]|\\u([0-9a-fA-F]{4})|\\(\/)/g;
/** Standard base64 characters (the alphabet `base64` and `openssl base64` wrap). */
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
/** Line widths of wrapped base64: PEM and `openssl` use 64, GNU `base64` 76. */
const MIN_WRAP = 60;
const MAX_WRAP = 128;

/** The text as a reader sees it, and for each of its characters (plus the end) the offset in the original. */
export interface ReadableView {
  text: string;
  offsets: number[];
}

/**
 * The findings in `text` and in its readable view ({@link readableView}), in original offsets:
 * sorted, disjoint (overlaps merge, named by the most confident; a counted finding wins over an
 * exempted one), with lines and columns of `text`.
 */
export function spanFindings(text: string, exemptSha256?: ReadonlySet<string>): SecretFinding[] {
  const found = detectSecrets(text, { exemptSha256 });
  const view = readableView(text);
  if (view === undefined) return found;
  const seen = detectSecrets(view.text, { exemptSha256 });
  if (seen.length === 0) return found;
  const mapped = seen.map((f) => ({ ...f, start: view.offsets[f.start]!, end: view.offsets[f.end]! }));
  const merged = _merge([...found, ...mapped]);
  locateFindings(text, merged);
  return merged;
}

/**
 * `text` without what hides a token from the detector but not from a reader: terminal escapes,
 * invisible characters, JSON `\uXXXX`/`\/` escapes (decoded), and the line breaks inside a block
 * of wrapped base64 (joined, so the block decodes as one run). Undefined when there is none.
 */
export function readableView(text: string): ReadableView | undefined {
  const edits: [start: number, end: number, put: string][] = [];
  for (const m of text.matchAll(HIDDEN)) {
    const put = m[1] !== undefined ? String.fromCharCode(Number.parseInt(m[1], 16)) : (m[2] ?? "");
    edits.push([m.index, m.index + m[0].length, put]);
  }
  const breaks = _wrappedBase64Breaks(text);
  if (edits.length === 0 && breaks.length === 0) return undefined;
  // Escapes never hold a line break, so the two sorted lists never overlap.
  const all = edits.concat(breaks).sort((a, b) => a[0] - b[0]);
  let out = "";
  const offsets: number[] = [];
  let at = 0;
  for (const [start, end, put] of all) {
    for (let i = at; i < start; i++) offsets.push(i);
    out += text.slice(at, start) + put;
    for (let i = 0; i < put.length; i++) offsets.push(start);
    at = end;
  }
  for (let i = at; i < text.length; i++) offsets.push(i);
  offsets.push(text.length);
  return { text: out + text.slice(at), offsets };
}

/**
 * Whether the line break before `at` (a line start) lies inside a block of wrapped base64, which
 * the view joins: the line before is a full-width base64 line and the line at `at` continues it.
 */
export function insideWrappedBase64(text: string, at: number): boolean {
  if (at < 2 || text.charCodeAt(at - 1) !== 10) return false;
  const prevStart = text.lastIndexOf("\n", at - 2) + 1;
  const prev = _content(text, prevStart, at - 1);
  if (prev.length < MIN_WRAP || prev.length > MAX_WRAP || prev.length % 4 !== 0 || prev.endsWith("=") || !BASE64.test(prev)) return false;
  const nl = text.indexOf("\n", at);
  const next = _content(text, at, nl < 0 ? text.length : nl);
  return next.length > 0 && next.length <= prev.length && BASE64.test(next);
}

function _content(text: string, start: number, end: number): string {
  return text.slice(start, end > start && text.charCodeAt(end - 1) === 13 ? end - 1 : end);
}

/** The line breaks inside blocks of base64 lines of one width (the last line may be shorter). */
function _wrappedBase64Breaks(text: string): [number, number, string][] {
  const breaks: [number, number, string][] = [];
  let width = 0; // the open block's line width, 0 when none is open
  let prevEnd = -1; // where the previous line's content ended
  for (let start = 0; start < text.length; ) {
    const nl = text.indexOf("\n", start);
    const end = nl < 0 ? text.length : nl;
    const contentEnd = end > start && text.charCodeAt(end - 1) === 13 ? end - 1 : end;
    const len = contentEnd - start;
    const candidate = width > 0 ? len > 0 && len <= width : len >= MIN_WRAP && len <= MAX_WRAP && len % 4 === 0;
    if (candidate && BASE64.test(text.slice(start, contentEnd))) {
      if (width > 0) breaks.push([prevEnd, start, ""]);
      const full = width === 0 || len === width;
      width = full && text.charCodeAt(contentEnd - 1) !== 61 ? len : 0;
    } else {
      width = 0;
    }
    prevEnd = contentEnd;
    start = end + 1;
  }
  return breaks;
}

function _merge(findings: SecretFinding[]): SecretFinding[] {
  const out: SecretFinding[] = [];
  for (const f of findings.sort((a, b) => a.start - b.start || b.end - a.end)) {
    const last = out[out.length - 1];
    if (!last || f.start >= last.end) {
      out.push(f);
      continue;
    }
    const best = Boolean(last.exempted) !== Boolean(f.exempted) ? (last.exempted ? f : last) : f.confidence > last.confidence ? f : last;
    out[out.length - 1] = { ...best, start: last.start, end: Math.max(last.end, f.end) };
  }
  return out;
}
