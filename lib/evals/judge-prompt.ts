import type { JudgeVerdict } from "./agent-runner.ts";

/** Longest evidence kept from a judge's answer. */
const MAX_EVIDENCE_CHARS = 500;
const MAX_PARSE_ATTEMPTS = 500;

/** The instruction a judge model gets: inspect, change nothing, answer with one JSON object. */
export function judgePrompt(rubric: string, finalMessage: string): string {
  return [
    "You are grading the work another coding agent just did in this repository. Do not change any file.",
    "Inspect the repository as needed and decide whether the work meets this rubric:",
    "<rubric>",
    rubric,
    "</rubric>",
    "The agent's final message was:",
    "<final_message>",
    finalMessage,
    "</final_message>",
    'Answer with exactly one JSON object and nothing else: {"pass": true or false, "evidence": "a short quote or observation that justifies the verdict"}',
  ].join("\n");
}

/**
 * The verdict in a judge's final message: the last `{…}` that parses as
 * `{pass: boolean, evidence: string}`; anything else is no verdict (`pass: null`).
 */
export function parseJudgeAnswer(answer: string): JudgeVerdict {
  // The verdict ends the answer; looking only at its tail keeps the search small.
  const text = answer.slice(-4096);
  // lastIndexOf clamps a negative start to 0, so each loop stops by hand after index 0; the
  // attempts are capped so a hostile answer full of braces cannot make this quadratic.
  let attempts = 0;
  for (let end = text.lastIndexOf("}"); end >= 0; end = end === 0 ? -1 : text.lastIndexOf("}", end - 1)) {
    for (let start = text.lastIndexOf("{", end); start >= 0; start = start === 0 ? -1 : text.lastIndexOf("{", start - 1)) {
      if (++attempts > MAX_PARSE_ATTEMPTS) return _noVerdict();
      let value: unknown;
      try {
        value = JSON.parse(text.slice(start, end + 1));
      } catch {
        continue;
      }
      const v = value as { pass?: unknown; evidence?: unknown };
      if (typeof v.pass === "boolean" && typeof v.evidence === "string") {
        return { pass: v.pass, evidence: v.evidence.slice(0, MAX_EVIDENCE_CHARS) };
      }
    }
  }
  return _noVerdict();
}

function _noVerdict(): JudgeVerdict {
  return { pass: null, evidence: "the judge's answer held no {\"pass\": …, \"evidence\": …} object" };
}
