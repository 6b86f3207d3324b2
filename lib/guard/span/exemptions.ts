import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { isErrno } from "../../core/errors.ts";

/** Where the exemption file lives, relative to the workspace root (seed 001). */
export const EXEMPTION_FILE = join(".agent-guard", "exfil-allow.toml");
const MAX_BYTES = 64 * 1024;

/** A problem in the exemption file. It never changes a verdict and never quotes the file. */
export interface ExemptionDiagnostic {
  code:
    | "EXEMPTION_UNREADABLE"
    | "EXEMPTION_TOO_LARGE"
    | "EXEMPTION_SYNTAX"
    | "EXEMPTION_UNKNOWN_KEY"
    | "EXEMPTION_UNKNOWN_TABLE"
    | "EXEMPTION_BARE_LINE"
    | "EXEMPTION_INVALID_VALUE"
    | "EXEMPTION_UNSUPPORTED_VERSION";
  line?: number;
  message: string;
}

export interface Exemptions {
  /** The file read, relative to the workspace, or null when there is none. */
  file: string | null;
  sha256: Set<string>;
  diagnostics: ExemptionDiagnostic[];
}

/** Reads `<workspace>/.agent-guard/exfil-allow.toml`; a missing file is no exemptions, quietly. */
export function loadExemptions(workspace: string): Exemptions {
  const path = join(workspace, EXEMPTION_FILE);
  let bytes: Buffer;
  try {
    if (statSync(path).size > MAX_BYTES) return _unusable("EXEMPTION_TOO_LARGE", `the file is larger than ${MAX_BYTES} bytes; it is ignored`);
    bytes = readFileSync(path);
  } catch (err) {
    if (isErrno(err, "ENOENT") || isErrno(err, "ENOTDIR")) return { file: null, sha256: new Set(), diagnostics: [] };
    return _unusable("EXEMPTION_UNREADABLE", "the file cannot be read; it is ignored");
  }
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return _unusable("EXEMPTION_SYNTAX", "the file is not UTF-8 text; it is ignored");
  }
  return { file: EXEMPTION_FILE, ...parseExemptions(text) };
}

/**
 * Parses the exemption file's TOML subset: comments, `version = 1`, and `values = [...]` (one
 * line or several) holding `"sha256:<64 hex>"` strings. Anything else is reported and ignored.
 */
export function parseExemptions(text: string): { sha256: Set<string>; diagnostics: ExemptionDiagnostic[] } {
  const sha256 = new Set<string>();
  const diagnostics: ExemptionDiagnostic[] = [];
  const note = (code: ExemptionDiagnostic["code"], line: number, message: string) => diagnostics.push({ code, line, message });
  const lines = text.split(/\r?\n/);
  let inArray = 0; // line where an open `values = [` started
  let inTable = false;
  lines.forEach((raw, index) => {
    const n = index + 1;
    const line = _stripComment(raw).trim();
    if (line === "") return;
    if (inArray > 0) {
      inArray = _readItems(line, n, sha256, note) ? 0 : inArray;
      return;
    }
    if (/^\[.*\]$/.test(line)) {
      inTable = true;
      return note("EXEMPTION_UNKNOWN_TABLE", n, `line ${n}: tables are not part of this file; the entries below it are ignored`);
    }
    const kv = /^([A-Za-z0-9_-]+)\s*=\s*(.*)$/.exec(line);
    if (!kv) return note("EXEMPTION_BARE_LINE", n, `line ${n}: not a key = value line; ignored`);
    if (inTable) return;
    const [, key, value] = kv as unknown as [string, string, string];
    if (key === "version") {
      if (value !== "1") note("EXEMPTION_UNSUPPORTED_VERSION", n, `line ${n}: only version = 1 is known; the values still apply`);
    } else if (key === "values") {
      if (!value.startsWith("[")) return note("EXEMPTION_SYNTAX", n, `line ${n}: values must be an array of "sha256:<hex>" strings`);
      inArray = _readItems(value.slice(1), n, sha256, note) ? 0 : n;
    } else {
      note("EXEMPTION_UNKNOWN_KEY", n, `line ${n}: unknown key ignored (known: version, values)`);
    }
  });
  if (inArray > 0) note("EXEMPTION_SYNTAX", inArray, `line ${inArray}: the values array is not closed; the entries read so far apply`);
  return { sha256, diagnostics };
}

/** Reads the array items on one line; true when the line closes the array. */
function _readItems(
  line: string,
  n: number,
  into: Set<string>,
  note: (code: ExemptionDiagnostic["code"], line: number, message: string) => void,
): boolean {
  const closed = line.endsWith("]");
  const body = closed ? line.slice(0, -1) : line;
  for (const item of body.split(",").map((s) => s.trim()).filter((s) => s !== "")) {
    const m = /^["']sha256:([0-9a-fA-F]{64})["']$/.exec(item);
    if (m) into.add(m[1]!.toLowerCase());
    else note("EXEMPTION_INVALID_VALUE", n, `line ${n}: an entry is not "sha256:<64 hex>"; values are exempted by digest only, so it is ignored`);
  }
  return closed;
}

function _stripComment(line: string): string {
  // `#` never occurs inside a valid entry, so the first one starts the comment.
  const hash = line.indexOf("#");
  return hash < 0 ? line : line.slice(0, hash);
}

function _unusable(code: ExemptionDiagnostic["code"], message: string): Exemptions {
  return { file: EXEMPTION_FILE, sha256: new Set(), diagnostics: [{ code, message }] };
}
