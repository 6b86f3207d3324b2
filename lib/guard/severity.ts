import type { ReasonCode } from "./reasons.ts";

// Path verdicts from least to most severe; among BLOCKs the more specific refusal wins.
const ORDER: ReasonCode[] = [
  "ALLOW_NO_EFFECT",
  "ALLOW_NOOP",
  "ALLOW_TEMP_PATH",
  "RELOCATE_TREE",
  "COMPOUND_CWD_DELETE",
  "ASK_OUTSIDE_WORKSPACE",
  "ASK_PERSISTENT_CODE",
  "BLOCK_WILDCARD",
  "BLOCK_UNDETERMINABLE_EFFECT",
  "BLOCK_OUTSIDE_WORKSPACE",
  "BLOCK_PROTECTED_PATH",
  "BLOCK_PROTECTED_ANCESTOR",
];

/** The most severe of several path codes (more specific refusals win among BLOCKs). */
export function worstPathCode(codes: ReasonCode[]): ReasonCode {
  if (codes.length === 0) return "ALLOW_NOOP";
  return codes.reduce((a, b) => (ORDER.indexOf(b) > ORDER.indexOf(a) ? b : a));
}
