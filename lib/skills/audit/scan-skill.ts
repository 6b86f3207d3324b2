import { basename, relative } from "node:path";
import { type DirEntry, hashDirectory, integrityOf } from "../dir-integrity.ts";
import { readSkill } from "../skill-md.ts";
import { readBundle } from "./bundle.ts";
import { atLeast, type Finding, type RawFinding } from "./finding.ts";
import { fingerprintAll } from "./fingerprint.ts";
import { INDICATOR_RULE, indicatorFindings, RiskIndicator, tierOf } from "./indicators.ts";
import { makeFinding, runLineRules } from "./rules/line-rule.ts";
import { COMMAND_RULES } from "./rules/command-rules.ts";
import { fileFindings } from "./rules/file-rules.ts";
import { harvestFindings } from "./rules/harvest-rule.ts";
import { PROSE_RULES } from "./rules/prose-rules.ts";
import { secretFindings } from "./rules/secret-rules.ts";
import { allowedToolsFindings } from "./rules/permission-rules.ts";
import { skillFindings } from "./rules/skill-rules.ts";
import { unicodeFindings } from "./rules/unicode-rules.ts";
import { ruleInfo } from "./rule-catalog.ts";
import { ScanFile } from "./scan-file.ts";
import type { LifecycleRecommendation, SkillAudit } from "./report.ts";

type Placed = RawFinding & { rel: string };

// Rules that fire an indicator besides its own rule: a climb to a credential file is a path
// traversal, a pre-approved shell is a shell invocation.
const ALSO_FIRES: Record<string, RiskIndicator> = { "path/sensitive-target": "path_traversal", "permissions/broad-shell": "shell_invocation" };

export interface SkillScan {
  skill: SkillAudit;
  findings: Finding[];
  /** Folders inside this skill that hold their own SKILL.md. */
  subSkills: string[];
  files: number;
  bytes: number;
}

/**
 * Audits one skill folder: the SKILL.md contract, every bundled file against the rules, the
 * seed 004 indicators and tier, and the skill-level consistency checks. Reads only; nothing in
 * the folder is executed or imported.
 */
export function scanSkill(dir: string, options: { root: string; strict: boolean }): SkillScan {
  const placed: Placed[] = [];
  let name = basename(dir);
  let description = "";
  let allowedTools: unknown;
  try {
    const doc = readSkill(dir, { strict: options.strict });
    name = typeof doc.parsed.raw?.name === "string" && doc.parsed.raw.name.length > 0 ? doc.parsed.raw.name : name;
    description = typeof doc.parsed.raw?.description === "string" ? doc.parsed.raw.description : "";
    allowedTools = doc.parsed.raw?.["allowed-tools"];
    const lines = doc.text.split(/\r?\n/);
    for (const issue of doc.parsed.issues) {
      const line = { no: issue.line, raw: lines[issue.line - 1] ?? "", text: lines[issue.line - 1] ?? "", lower: "", region: "prose" as const };
      placed.push({ ...makeFinding(issue.code, line, Math.max(0, issue.column - 1), issue.message, { severity: issue.severity }), column: issue.column, rel: "SKILL.md" });
    }
  } catch (err) {
    placed.push({ ..._structural("bundle/unreadable", `Cannot read SKILL.md: ${(err as Error).message}`), rel: "SKILL.md" });
  }
  const bundle = readBundle(dir);
  placed.push(...bundle.findings);
  let bytes = 0;
  for (const file of bundle.files) {
    if (file.text === undefined) continue;
    bytes += file.text.length;
    const scan = new ScanFile(file.rel, file.text);
    const found = [
      ...runLineRules(COMMAND_RULES, scan),
      ...(scan.markdown ? [...runLineRules(PROSE_RULES, scan), ...harvestFindings(scan)] : []),
      ...unicodeFindings(scan),
      ...indicatorFindings(scan),
      ...secretFindings(file.text, file.type === "script"),
      ...fileFindings(scan, file.type === "script"),
    ];
    placed.push(...found.map((f) => ({ ...f, rel: file.rel })));
  }
  const scripts = bundle.resources.filter((r) => r.type === "script");
  if (scripts.length > 0) {
    placed.push({ ..._structural("indicator/script-resource", `${scripts.length} bundled script${scripts.length === 1 ? "" : "s"}: ${scripts.slice(0, 5).map((s) => s.path).join(", ")}`), rel: scripts[0]!.path, evidence: scripts[0]!.path });
  }
  const skillMd = bundle.files.find((f) => f.rel === "SKILL.md")?.text ?? "";
  placed.push(...skillFindings({ skillMd, description, files: bundle.files, findings: placed }));
  placed.push(...allowedToolsFindings(allowedTools, skillMd));
  const merged = _dedupe(placed);
  const prints = fingerprintAll(name, merged);
  const skillPath = relative(options.root, dir).split("\\").join("/") || ".";
  const findings: Finding[] = merged.map((f, i) => ({
    rule: f.rule,
    severity: f.severity,
    skill: name,
    message: f.message,
    path: skillPath === "." ? f.rel : `${skillPath}/${f.rel}`,
    location: { line: Math.max(1, f.line), column: Math.max(1, f.column) },
    fingerprint: prints[i]!,
    category: f.category,
    remediation: f.remediation,
    confidence: f.confidence,
    evidence: f.evidence,
  }));
  const indicators = RiskIndicator.options.filter((i) => merged.some((f) => f.rule === INDICATOR_RULE[i] || ALSO_FIRES[f.rule] === i));
  const tier = tierOf(indicators);
  const counts = { error: 0, warning: 0, info: 0 };
  for (const f of findings) counts[f.severity]++;
  return {
    skill: { name, path: skillPath, checksum: _checksum(dir, bundle.entries), tier, indicators, lifecycle: _lifecycle(tier, counts), resources: bundle.resources, counts },
    findings,
    subSkills: bundle.subSkills,
    files: bundle.files.length,
    bytes,
  };
}

// Approval needs no high-tier indicator without review (seed 004): errors reject, a high tier
// or any warning sends the skill to a reviewer, the rest may be approved.
function _lifecycle(tier: string, counts: { error: number; warning: number }): LifecycleRecommendation {
  if (counts.error > 0) return "reject";
  if (tier === "high" || counts.warning > 0) return "review";
  return "approve";
}

// One finding per rule, file and line: the most severe wins.
function _dedupe(findings: readonly Placed[]): Placed[] {
  const byKey = new Map<string, Placed>();
  for (const f of findings) {
    const key = `${f.rule}\u0000${f.rel}\u0000${f.line}`;
    const prior = byKey.get(key);
    if (!prior || (f.severity !== prior.severity && atLeast(f.severity, prior.severity))) byKey.set(key, f);
  }
  return [...byKey.values()].sort((a, b) => (a.rel === b.rel ? a.line - b.line || a.column - b.column : a.rel < b.rel ? -1 : 1));
}

// The install integrity (skilldirhash-1) of the bytes just audited; the integrity walk itself
// only when the audit's walk left something out.
function _checksum(dir: string, entries: readonly DirEntry[] | null): string | null {
  try {
    return entries ? integrityOf(entries) : hashDirectory(dir).integrity;
  } catch {
    return null;
  }
}

function _structural(rule: string, message: string): RawFinding {
  const info = ruleInfo(rule);
  return { rule, severity: info.severity, message, line: 1, column: 1, category: info.category, remediation: info.remediation, confidence: info.confidence, evidence: "" };
}
