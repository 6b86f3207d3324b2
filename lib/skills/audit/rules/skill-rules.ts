import { atLeast, type RawFinding } from "../finding.ts";
import type { BundleFile } from "../bundle.ts";
import { evidenceOf } from "./line-rule.ts";
import { ruleInfo } from "../rule-catalog.ts";

// A claim that the skill works without the network; "test locally first" is not one.
const LOCAL_CLAIM = /\b(?:(?:runs?|works?|operates?|process(?:es|ed)?|summari[sz]es|analy[sz]es|happens?|executes?|computes?|done|performed|entirely|fully|completely|purely|only|100%)\s+(?:\w+\s+){0,2}(?:locally|offline)|without\s+(?:any\s+)?(?:network|internet)|no\s+(?:data|network|internet)\b|never\s+(?:leaves|sends|connects|uploads)|no\s+external|does\s+not\s+(?:connect|send|upload))/i;
const DECLARES_DATA_FLOW = /\b(?:credential|secret|token|api[ _-]?key|password|aws|ssh|upload|send|network|remote|http|server|endpoint|webhook|telemetry|analytics|sync|download|fetch|cloud|api)\w*/i;
const SHOWN_SOURCE = /\b(?:full|complete|entire|whole)\s+(?:source|contents?|script)|\b(?:source|contents?)\s+of\b|\breviewed\b|\bverbatim\b/i;

export interface SkillLevelInput {
  /** SKILL.md text. */
  skillMd: string;
  description: string;
  files: readonly BundleFile[];
  /** Findings so far, with the file each concerns. */
  findings: ReadonlyArray<RawFinding & { rel: string }>;
}

/**
 * Description-versus-behaviour checks (heuristic, warning at most, seed 000): network use in a
 * skill that says it works locally, credential or upload behaviour SKILL.md never mentions, and
 * the deterministic one, a "full source" of a bundled file in SKILL.md that differs from it.
 */
export function skillFindings(input: SkillLevelInput): Array<RawFinding & { rel: string }> {
  const out: Array<RawFinding & { rel: string }> = [];
  const lines = input.skillMd.split(/\r?\n/);
  const descLine = Math.max(1, lines.findIndex((l) => /^description\s*:/.test(l)) + 1);
  const inCode = input.findings.filter((f) => f.rel !== "SKILL.md" && !/\.(?:md|mdx|markdown)$/i.test(f.rel));
  const network = inCode.find((f) => f.rule === "indicator/network-call");
  const claim = LOCAL_CLAIM.exec(input.description) ?? LOCAL_CLAIM.exec(input.skillMd);
  if (network && claim) {
    out.push(_finding("consistency/undeclared-network", descLine, `SKILL.md says "${claim[0]}" but ${network.rel} makes network calls`, claim[0]));
  }
  const hidden = inCode.find((f) => (f.category === "credential-access" || f.category === "data-exfiltration") && atLeast(f.severity, "warning"));
  if (hidden && !DECLARES_DATA_FLOW.test(input.skillMd.replace(/^name\s*:.*$/m, ""))) {
    out.push(_finding("consistency/undeclared-behaviour", descLine, `${hidden.rel} ${hidden.category === "credential-access" ? "reads credentials" : "sends data out"}, which SKILL.md never mentions`, input.description));
  }
  out.push(..._shownSources(lines, input.files));
  return out;
}

function _shownSources(lines: readonly string[], files: readonly BundleFile[]): Array<RawFinding & { rel: string }> {
  const out: Array<RawFinding & { rel: string }> = [];
  const byName = new Map(files.filter((f) => f.rel !== "SKILL.md" && f.text !== undefined).map((f) => [f.rel.split("/").at(-1)!, f]));
  for (let i = 0; i < lines.length; i++) {
    const open = /^\s*(`{3,}|~{3,})/.exec(lines[i]!);
    if (!open) continue;
    let close = i + 1;
    while (close < lines.length && !lines[close]!.trimStart().startsWith(open[1]!)) close++;
    if (close >= lines.length) break;
    const context = lines.slice(Math.max(0, i - 3), i).join("\n");
    const file = [...byName.entries()].find(([name]) => context.includes(name))?.[1];
    if (file && SHOWN_SOURCE.test(context) && _squash(lines.slice(i + 1, close).join("\n")) !== _squash(file.text!)) {
      out.push(_finding("consistency/shown-source-differs", i + 1, `SKILL.md shows a source of ${file.rel} that differs from the shipped file`, context));
    }
    i = close;
  }
  return out;
}

const _squash = (text: string) => text.replace(/\s+/g, " ").trim();

function _finding(rule: string, line: number, message: string, evidence: string): RawFinding & { rel: string } {
  const info = ruleInfo(rule);
  return { rel: "SKILL.md", rule, severity: info.severity, confidence: info.confidence, message, line, column: 1, category: info.category, remediation: info.remediation, evidence: evidenceOf(evidence) };
}
