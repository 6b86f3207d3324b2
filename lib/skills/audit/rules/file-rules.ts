import type { RawFinding } from "../finding.ts";
import { KeywordSet } from "../keyword-index.ts";
import type { ScanFile, ScanLine } from "../scan-file.ts";
import { makeFinding } from "./line-rule.ts";
import { CREDENTIAL_KEYWORDS, NETWORK_CALL, NETWORK_KEYWORDS, USER_CREDENTIAL_SOURCE } from "./patterns.ts";

const DECODE_ASSIGN = /\b([A-Za-z_]\w*)\s*=\s*(?:base64\.)?(?:b64decode|decodebytes|a85decode|b32decode|urlsafe_b64decode|zlib\.decompress|codecs\.decode|bytes\.fromhex|binascii\.unhexlify|atob|Buffer\.from)\s*\(/;
const ENV_WALK = /\bos\.environ\.(?:items|keys|values)\s*\(|\bfor\s+\w+(?:\s*,\s*\w+)?\s+in\s+os\.environ\b|\bdict\s*\(\s*os\.environ\s*\)|\bObject\.(?:entries|keys|values)\s*\(\s*process\.env\s*\)|\bprintenv\b\s*(?:\||$|>)|\benv\s*\|\s*grep|\bGet-ChildItem\s+env:/i;
const SECRET_NAMES = /["'](?:[A-Z_]*(?:API_?KEY|SECRET|TOKEN|PASSWORD|PASSWD|CREDENTIAL|PRIVATE)[A-Z_]*)["']/i;
const LOOP = /^\s*while\s*\(?\s*(?:True|true|1)\s*\)?\s*(?::|\{|do\b|;)/;
const LOOP_EXIT = /\b(?:break|return|exit|sys\.exit|raise|throw|sleep|time\.sleep|await)\b/;
const LIFECYCLE = /"(?:preinstall|install|postinstall|prepare|preuninstall|postuninstall)"\s*:/;

// Keywords that every line a pattern below can match holds (see keyword-index.ts).
const DECODE_WORDS = new KeywordSet(["b64decode", "decodebytes", "a85decode", "b32decode", "decompress", "codecs.decode", "fromhex", "unhexlify", "atob", "buffer.from"]);
const EXEC_WORDS = new KeywordSet(["exec", "eval", "function"]);
const ENV_WORDS = new KeywordSet(["environ", "process.env", "printenv", "env", "get-childitem"]);
const LOOP_WORDS = new KeywordSet(["while"]);
const LIFECYCLE_WORDS = new KeywordSet(["install", "prepare"]);

/**
 * Rules that need more than one line of a code file: a decoded value executed later, the whole
 * environment walked for secret names, a credential source and a network call in one script,
 * loops without an exit, package.json lifecycle scripts, and hook scripts that run by themselves.
 */
export function fileFindings(file: ScanFile, isScript: boolean): RawFinding[] {
  const out: RawFinding[] = [];
  if (!file.markdown) {
    _decodeThenExecute(file, out);
    const walk = _firstLine(file, ENV_WORDS, ENV_WALK);
    const harvest = walk && (SECRET_NAMES.test(file.text) || file.decoded.some((l) => SECRET_NAMES.test(l.text))) ? walk : undefined;
    if (harvest) out.push(makeFinding("credential/env-harvest", harvest, 0, "Collects every environment variable named like a key, token or password"));
    // A project's .env beside an API call is how most API clients start; a user credential
    // store beside one is how credential stealers work. Data files (CSV, JSON) hold no flow.
    const source = harvest ?? _firstLine(file, CREDENTIAL_KEYWORDS, USER_CREDENTIAL_SOURCE);
    const sink = isScript ? _firstLine(file, NETWORK_KEYWORDS, NETWORK_CALL) : undefined;
    if (source && sink && source.no !== sink.no) out.push(makeFinding("exfil/credential-to-network", sink, 0, `Reads credentials (line ${source.no}) and sends data over the network in the same script`));
    _unboundedLoops(file, out);
  }
  if (/(?:^|\/)package\.json$/.test(file.rel)) {
    const hook = _firstLine(file, LIFECYCLE_WORDS, LIFECYCLE);
    if (hook) out.push(makeFinding("bundle/lifecycle-script", hook, 0, "package.json runs a script on install"));
  }
  if (isScript && /(?:^|\/)hooks\//.test(file.rel)) {
    const first = file.text.search(/[^\n]/);
    if (first >= 0) out.push(makeFinding("persistence/auto-hook", file.segments(file.lineOf(first))[0]!, 0, "A hook script runs on agent events without being asked"));
  }
  return out;
}

function _firstLine(file: ScanFile, words: KeywordSet, pattern: RegExp): ScanLine | undefined {
  for (const index of file.linesWith(words)) {
    const hit = file.segments(index).find((l) => pattern.test(l.text));
    if (hit) return hit;
  }
  return undefined;
}

function _decodeThenExecute(file: ScanFile, out: RawFinding[]): void {
  const assignments = file.linesWith(DECODE_WORDS);
  if (assignments.length === 0) return;
  const lines = [...new Set([...assignments, ...file.linesWith(EXEC_WORDS)])].sort((a, b) => a - b);
  const decoded = new Set<string>();
  for (const index of lines) {
    for (const line of file.segments(index)) {
      const assign = DECODE_ASSIGN.exec(line.text);
      if (assign) decoded.add(assign[1]!);
      for (const name of decoded) {
        if (new RegExp(`(?<![\\w.])(?:exec|eval|Function)\\s*\\(\\s*${name}\\b`).test(line.text)) {
          out.push(makeFinding("exec/decode-execute", line, 0, `Executes \`${name}\`, which holds decoded data`));
          return;
        }
      }
    }
  }
}

// A loop's body is the 15 lines after it.
function _unboundedLoops(file: ScanFile, out: RawFinding[]): void {
  for (const index of file.linesWith(LOOP_WORDS)) {
    const loop = file.segments(index)[0];
    if (!loop || !LOOP.test(loop.text)) continue;
    let exits = false;
    for (let i = index + 1; i <= index + 15 && !exits; i++) exits = file.segments(i).some((l) => LOOP_EXIT.test(l.text));
    if (!exits) out.push(makeFinding("resource/unbounded-loop", loop, 0, "Loops forever with no exit in sight"));
  }
}
