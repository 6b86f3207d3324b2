import type { Redactor } from "../redact.ts";
import { detectSecrets } from "./detect.ts";
import { redactFindings } from "./redact-findings.ts";

/** The project-wide redactor: every secret the detector finds becomes `[REDACTED:<rule>]`. */
export const secretRedactor: Redactor = (text) => {
  if (text.length < 8) return { text, counts: {} };
  return redactFindings(text, detectSecrets(text));
};
