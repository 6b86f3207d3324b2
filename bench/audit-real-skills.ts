#!/usr/bin/env bun
// `bun bench/audit-real-skills.ts [DIR]`: the real-world scan of docs/audit.md. Downloads the
// npm packages below (the public ones found shipping SKILL.md), extracts them with the install
// tool's safe tar reader (no lifecycle script ever runs), audits the lot and prints a summary.
// Uses the network, so it is a bench, never a test; DIR (default: a temp folder) is reused as a
// cache, and nothing downloaded belongs in the repository.
import { existsSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runAuditParallel } from "../lib/skills/audit/parallel-audit.ts";
import { readTarGz } from "../lib/skills/tar-reader.ts";
import { writeTree } from "../lib/skills/tree-write.ts";

/** Exact versions, so a rerun audits the same bytes. */
export const REAL_SKILL_PACKAGES = [
  "@ant-design/x-skill@2.9.0",
  "@ckelsoe/claude-skill-prompt-architect@2.1.4",
  "@houseofwolvesllc/claude-scrum-skill@2.8.1",
  "@longtq2501/next-spring-skills@1.6.3",
  "@plaited/development-skills@0.8.1",
  "@pocketagent/paw-skills@1.4.0",
  "@tloncorp/tlon-skill@0.5.0",
  "@wednesday-solutions-eng/ai-agent-skills@1.1.0",
  "@weihaoqu/curriculum-designer-skill@1.1.1",
  "agent-reviews@0.7.0",
  "ai-labs-claude-skills@2.0.1",
  "api-gen-skill@1.0.5",
  "cc-sdd@3.0.2",
  "claude-db-mcp-query-skill@1.0.6",
  "design-clone@3.1.1",
  "ecc-universal@2.0.0",
  "mcp-excalidraw-server@2.0.0",
  "mobile-best-practices@1.10.1",
  "shopify-cc-kit@2.0.3",
  "skill-creator@1.5.2",
  "spring-boot4-skill@1.7.1",
];

const dir = process.argv[2] ?? join(tmpdir(), "leogriel-real-skills");
const tarballs = join(dir, "tarballs");
const tree = join(dir, "packages");
mkdirSync(tarballs, { recursive: true });
mkdirSync(tree, { recursive: true });
for (const spec of REAL_SKILL_PACKAGES) {
  const dest = join(tree, spec.replace("/", "__"));
  if (existsSync(dest)) continue;
  const before = new Set(readdirSync(tarballs));
  const pack = Bun.spawnSync(["npm", "pack", "--silent", "--ignore-scripts", spec], { cwd: tarballs, stdout: "pipe", stderr: "pipe" });
  const file = readdirSync(tarballs).find((f) => !before.has(f)) ?? pack.stdout.toString().trim();
  if (pack.exitCode !== 0 || !file) throw new Error(`Cannot download ${spec}: ${pack.stderr.toString().trim()}`);
  writeTree(readTarGz(readFileSync(join(tarballs, file))), dest);
}

const started = performance.now();
const report = await runAuditParallel({ root: tree, paths: [], strict: false, failOn: "error" }, { worker: new URL("../cmd/audit.ts", import.meta.url) });
const seconds = (performance.now() - started) / 1000;

const count = <T>(items: readonly T[], key: (t: T) => string) => {
  const out = new Map<string, number>();
  for (const item of items) out.set(key(item), (out.get(key(item)) ?? 0) + 1);
  return [...out].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
};
const s = report.summary;
console.log(`${REAL_SKILL_PACKAGES.length} packages, ${s.skills} skills, ${s.files} files, ${(s.bytes / 1024 / 1024).toFixed(1)} MiB in ${seconds.toFixed(2)} s`);
console.log(`findings: ${s.findings.error} error, ${s.findings.warning} warning, ${s.findings.info} info`);
console.log(`tiers: ${count(report.skills, (k) => k.tier).map(([k, n]) => `${k} ${n}`).join(", ")}`);
console.log(`lifecycle: ${count(report.skills, (k) => k.lifecycle).map(([k, n]) => `${k} ${n}`).join(", ")}`);
console.log(`indicators (skills): ${count(report.skills.flatMap((k) => k.indicators), (i) => i).map(([k, n]) => `${k} ${n}`).join(", ")}`);
console.log("\n| findings | severity | rule |\n|---:|---|---|");
for (const [key, n] of count(report.findings, (f) => `${f.severity} | ${f.rule}`)) console.log(`| ${n} | ${key} |`);
console.log("\nEvery error and warning outside the SKILL.md contract:");
for (const f of report.findings.filter((f) => f.severity !== "info" && !f.rule.startsWith("skill-md/"))) {
  console.log(`${f.severity} ${f.rule} ${f.path}:${f.location.line} ${f.message} | ${f.evidence.slice(0, 100)}`);
}
