import type { RawFinding } from "../finding.ts";
import type { ScanFile, ScanLine } from "../scan-file.ts";
import { makeFinding } from "./line-rule.ts";
import { CREDENTIAL_SOURCE, NETWORK_CALL } from "./patterns.ts";

const DECODE_ASSIGN = /\b([A-Za-z_]\w*)\s*=\s*(?:base64\.)?(?:b64decode|decodebytes|a85decode|b32decode|urlsafe_b64decode|zlib\.decompress|codecs\.decode|bytes\.fromhex|binascii\.unhexlify|atob|Buffer\.from)\s*\(/;
const ENV_WALK = /\bos\.environ\.(?:items|keys|values)\s*\(|\bfor\s+\w+(?:\s*,\s*\w+)?\s+in\s+os\.environ\b|\bdict\s*\(\s*os\.environ\s*\)|\bObject\.(?:entries|keys|values)\s*\(\s*process\.env\s*\)|\bprintenv\b\s*(?:\||$|>)|\benv\s*\|\s*grep|\bGet-ChildItem\s+env:/i;
const SECRET_NAMES = /["'](?:[A-Z_]*(?:API_?KEY|SECRET|TOKEN|PASSWORD|PASSWD|CREDENTIAL|PRIVATE)[A-Z_]*)["']/i;
const LOOP = /^\s*while\s*\(?\s*(?:True|true|1)\s*\)?\s*(?::|\{|do\b|;)/;
const LOOP_EXIT = /\b(?:break|return|exit|sys\.exit|raise|throw|sleep|time\.sleep|await)\b/;
const LIFECYCLE = /"(?:preinstall|install|postinstall|prepare|preuninstall|postuninstall)"\s*:/;

/**
 * Rules that need more than one line of a code file: a decoded value executed later, the whole
 * environment walked for secret names, a credential source and a network call in one script,
 * loops without an exit, package.json lifecycle scripts, and hook scripts that run by themselves.
 */
export function fileFindings(file: ScanFile, isScript: boolean): RawFinding[] {
  const out: RawFinding[] = [];
  const code = file.lines.filter((l) => l.region === "code" && !l.decoded);
  if (!file.markdown) {
    _decodeThenExecute(code, out);
    const walk = code.find((l) => ENV_WALK.test(l.text));
    const harvest = walk && SECRET_NAMES.test(file.lines.map((l) => l.text).join("\n")) ? walk : undefined;
    if (harvest) out.push(makeFinding("credential/env-harvest", harvest, 0, "Collects every environment variable named like a key, token or password"));
    const source = harvest ?? code.find((l) => CREDENTIAL_SOURCE.test(l.text));
    const sink = code.find((l) => NETWORK_CALL.test(l.text));
    if (source && sink && source.no !== sink.no) out.push(makeFinding("exfil/credential-to-network", sink, 0, `Reads credentials (line ${source.no}) and sends data over the network in the same script`));
    _unboundedLoops(code, out);
  }
  if (/(?:^|\/)package\.json$/.test(file.rel)) {
    const hook = file.lines.find((l) => LIFECYCLE.test(l.text));
    if (hook) out.push(makeFinding("bundle/lifecycle-script", hook, 0, "package.json runs a script on install"));
  }
  if (isScript && /(?:^|\/)hooks\//.test(file.rel) && file.lines[0]) {
    out.push(makeFinding("persistence/auto-hook", file.lines[0], 0, "A hook script runs on agent events without being asked"));
  }
  return out;
}

function _decodeThenExecute(code: readonly ScanLine[], out: RawFinding[]): void {
  const decoded = new Set<string>();
  for (const line of code) {
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

function _unboundedLoops(code: readonly ScanLine[], out: RawFinding[]): void {
  for (let i = 0; i < code.length; i++) {
    if (!LOOP.test(code[i]!.text)) continue;
    const body = code.slice(i + 1, i + 16).filter((l) => l.no - code[i]!.no <= 15);
    if (!body.some((l) => LOOP_EXIT.test(l.text))) out.push(makeFinding("resource/unbounded-loop", code[i]!, 0, "Loops forever with no exit in sight"));
  }
}
