import type { ScanFile, ScanLine } from "../scan-file.ts";
import type { Verdict } from "./line-rule.ts";
import { negatedBefore, NETWORK_CALL, READ_VERB, UPLOAD, USER_CREDENTIAL_SOURCE } from "./patterns.ts";

const SENDS = /\b(?:send|upload|post|forward|transmit|exfiltrat\w*)\b/i;
// Files that list paths to keep out (.gitignore, .dockerignore, .npmignore): protection, not access.
const IGNORE_FILE = /(?:^|\/)\.\w*ignore$/;

/**
 * How much a credential store named on a line matters. User credential stores (SSH and cloud
 * keys, .netrc, keychains) read by a script are an error and named anywhere a warning. A
 * project's `.env` is named in most setup guides (real-world scan, docs/audit.md), so it is
 * info unless a script reads it or the line also sends something out.
 */
export function credentialAccess(m: RegExpExecArray, line: ScanLine, file: ScanFile): Verdict {
  if (negatedBefore(line.lower, m.index)) return { severity: "info", confidence: 0.3, message: "Mentions a credential store in a warning not to use it" };
  if (IGNORE_FILE.test(file.rel)) return null;
  const script = line.region === "code" && !file.markdown;
  const reads = READ_VERB.test(line.text);
  if (!USER_CREDENTIAL_SOURCE.test(line.text)) {
    if ((script && reads) || SENDS.test(line.text) || UPLOAD.test(line.text) || NETWORK_CALL.test(line.text)) return {};
    return { severity: "info", confidence: 0.3, message: "Names a project .env file" };
  }
  return script && reads ? { severity: "error", confidence: 0.9 } : {};
}
