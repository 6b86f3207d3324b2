import { isAbsolute, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { VERSION } from "../../core/version.ts";
import type { Severity } from "./finding.ts";
import type { AuditReport } from "./report.ts";
import { ruleInfo } from "./rule-catalog.ts";

const LEVEL: Record<Severity, "note" | "warning" | "error"> = { info: "note", warning: "warning", error: "error" };
// GitHub buckets security-severity: >= 9 critical, 7-8.9 high, 4-6.9 medium, < 4 low.
const SECURITY_SEVERITY: Record<Severity, number> = { info: 2, warning: 5.5, error: 8 };

/**
 * The report as SARIF 2.1.0 for GitHub code scanning: one run, rules with descriptions, help,
 * security-severity and precision, results with repo-relative URIs and `partialFingerprints`.
 * Evidence goes in result properties, already redacted; no snippet carries file text.
 */
export function toSarif(report: AuditReport): object {
  const ids = [...new Set(report.findings.map((f) => f.rule))].sort();
  const index = new Map(ids.map((id, i) => [id, i]));
  const rules = ids.map((id) => {
    const info = ruleInfo(id);
    const securitySeverity = SECURITY_SEVERITY[info.severity] + (info.severity === "error" && info.confidence >= 0.95 ? 1 : 0);
    return {
      id,
      name: info.title.replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : "")),
      shortDescription: { text: info.title },
      fullDescription: { text: info.description },
      help: { text: info.remediation, markdown: `**${info.title}**\n\n${info.description}\n\n**Remediation:** ${info.remediation}` },
      defaultConfiguration: { level: LEVEL[info.severity] },
      properties: { tags: ["security", info.category], precision: _precision(info.confidence), "security-severity": securitySeverity.toFixed(1) },
    };
  });
  const results = report.findings.map((f) => ({
    ruleId: f.rule,
    ruleIndex: index.get(f.rule)!,
    level: LEVEL[f.severity],
    message: { text: `${f.message} (skill: ${f.skill})` },
    locations: [{ physicalLocation: { artifactLocation: _artifact(report.root, f.path), region: { startLine: f.location.line, startColumn: f.location.column } } }],
    partialFingerprints: { "leogrielAudit/v1": f.fingerprint },
    properties: { skill: f.skill, category: f.category, confidence: f.confidence, evidence: f.evidence },
  }));
  return {
    $schema: "https://json.schemastore.org/sarif-2.1.0.json",
    version: "2.1.0",
    runs: [
      {
        tool: { driver: { name: "leogriel-audit", semanticVersion: VERSION, informationUri: "https://github.com/leogriel/leogriel", rules } },
        automationDetails: { id: "leogriel-audit/" },
        columnKind: "utf16CodeUnits",
        results,
      },
    ],
  };
}

// Repo-relative when the file is below the audit root; a file URI otherwise (never `..`).
function _artifact(root: string, path: string): { uri: string; uriBaseId?: string } {
  if (!path.startsWith("../") && !isAbsolute(path)) return { uri: path.split("/").map(encodeURIComponent).join("/"), uriBaseId: "%SRCROOT%" };
  return { uri: pathToFileURL(resolve(root, path)).href };
}

function _precision(confidence: number): string {
  return confidence >= 0.9 ? "very-high" : confidence >= 0.8 ? "high" : confidence >= 0.6 ? "medium" : "low";
}
