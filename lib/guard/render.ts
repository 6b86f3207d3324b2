import type { DecisionJson } from "./decision-json.ts";

/**
 * The human verdict on stderr: one line with class, code and explanation, then the compensation
 * that ran or would run. Written directly (not through consola): this path runs on every agent
 * command, and nothing in it can hold a secret — the command itself is never printed.
 */
export function renderVerdict(json: DecisionJson): void {
  const lines = [`${json.decision} ${json.reason}: ${json.explanation}`];
  for (const r of json.reasons.slice(1)) lines.push(`  also ${r.decision} ${r.code}: ${r.explanation}`);
  const c = json.compensation;
  if (c?.applied) lines.push(`  compensated (${c.kind}); undo with: ${c.applied.restore}`);
  else if (c) lines.push(`  compensation needed: ${c.kind} of ${c.target_count} target(s); run with --apply to perform it`);
  process.stderr.write(`${lines.join("\n")}\n`);
}
