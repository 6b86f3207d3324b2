#!/usr/bin/env bun
// `bun run bench audit`: (1) detection per category on shared/corpora/skill-risks.jsonl, side
// by side with a naive grep baseline; (2) throughput of a full audit over 1,000 generated skills,
// in one thread and on worker threads as the CLI runs it, and the shared secret detector's share.
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { detectSecrets } from "../lib/core/secrets/detect.ts";
import { runAuditParallel } from "../lib/skills/audit/parallel-audit.ts";
import { runAudit } from "../lib/skills/audit/run-audit.ts";
import { scanSkill } from "../lib/skills/audit/scan-skill.ts";
import { materialiseCorpus } from "./_skill-corpus.ts";
import { writeSkillTree } from "./audit-tree.ts";

const CORPUS = join(import.meta.dir, "..", "..", "shared", "corpora", "skill-risks.jsonl");
const LOUD = new Set(["warning", "error"]);

// What a reviewer with grep would try: one keyword list per category, every hit a warning.
const GREP: Record<string, RegExp> = {
  "prompt-injection": /ignore (all )?previous instructions|system prompt|jailbreak/i,
  "hidden-unicode": /[\u200B-\u200D\u202A-\u202E\u2066-\u2069]|[\u{E0000}-\u{E007F}]/u,
  homoglyph: /[\u0400-\u04FF]/,
  obfuscation: /base64|b64decode|\\x[0-9a-f]{2}/i,
  "remote-code-exec": /\|\s*(ba)?sh\b|exec\(|eval\(/,
  "command-exec": /subprocess|os\.system|exec\(|eval\(|child_process/,
  "network-egress": /curl|wget|requests\.|fetch\(|https?:\/\//,
  "data-exfiltration": /curl .*-d|requests\.post|upload|webhook/i,
  "credential-access": /\.ssh|\.aws|\.env|id_rsa|password|secret/i,
  "hardcoded-secret": /sk-|ghp_|AKIA|api_key\s*=/i,
  "path-traversal": /\.\.\/|\/etc\//,
  persistence: /crontab|bashrc|launchctl/,
  "privilege-escalation": /sudo|chmod/,
  "social-engineering": /approve all|do not read/i,
  "resource-abuse": /while True/,
  "mcp-tool-reference": /mcp/i,
};

function corpusFigures(): void {
  if (!existsSync(CORPUS)) {
    console.log(`(skipped: ${CORPUS} not found)`);
    return;
  }
  const root = mkdtempSync(join(tmpdir(), "audit-bench-corpus-"));
  try {
    const perCategory = new Map<string, { total: number; ours: number; grep: number }>();
    let risky = 0, oursAll = 0, grepAll = 0, clean = 0, oursFp = 0, grepFp = 0;
    for (const skill of materialiseCorpus(readFileSync(CORPUS, "utf8"), root)) {
      const scan = scanSkill(skill.dir, { root, strict: false });
      for (const entry of skill.entries) {
        const mine = scan.findings.filter((f) => f.path === `${scan.skill.path}/${entry.file}` && f.category !== "skill-contract");
        const found = new Set(mine.map((f) => f.category));
        const grepped = new Set(Object.entries(GREP).filter(([, re]) => re.test(entry.content)).map(([c]) => c));
        if (entry.expected_categories.length > 0) {
          risky++;
          if (entry.expected_categories.every((c) => found.has(c))) oursAll++;
          if (entry.expected_categories.every((c) => grepped.has(c))) grepAll++;
          for (const c of entry.expected_categories) {
            const row = perCategory.get(c) ?? { total: 0, ours: 0, grep: 0 };
            row.total++;
            if (found.has(c)) row.ours++;
            if (grepped.has(c)) row.grep++;
            perCategory.set(c, row);
          }
        } else {
          clean++;
          const skillLevel = new Set(entry.skill_level_categories ?? []);
          if (mine.some((f) => LOUD.has(f.severity) && !skillLevel.has(f.category))) oursFp++;
          if (grepped.size > 0) grepFp++;
        }
      }
    }
    const pct = (n: number, d: number) => `${((100 * n) / Math.max(1, d)).toFixed(1)}%`;
    console.log("Detection on skill-risks.jsonl (category found on the entry's file; grep = naive keyword baseline)\n");
    console.log("| category | entries | leogriel-audit | grep |\n|---|---|---|---|");
    for (const [c, r] of [...perCategory].sort((a, b) => b[1].total - a[1].total)) console.log(`| ${c} | ${r.total} | ${pct(r.ours, r.total)} | ${pct(r.grep, r.total)} |`);
    console.log(`\nrisky entries with every expected category: leogriel-audit ${oursAll}/${risky} (${pct(oursAll, risky)}), grep ${grepAll}/${risky} (${pct(grepAll, risky)})`);
    console.log(`clean entries with a warning-or-above risk finding: leogriel-audit ${oursFp}/${clean} (${pct(oursFp, clean)}), grep ${grepFp}/${clean} (${pct(grepFp, clean)})`);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

const ROUNDS = 3;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function throughputFigures(): Promise<void> {
  const root = mkdtempSync(join(tmpdir(), "audit-bench-tree-"));
  try {
    writeSkillTree(root, 1000);
    const options = { root, paths: [], strict: false, failOn: "error" } as const;
    const worker = new URL("../cmd/audit.ts", import.meta.url);
    const serial: number[] = [];
    const serialCpu: number[] = [];
    const parallel: number[] = [];
    let mib = 0;
    for (let round = 0; round < ROUNDS; round++) {
      let started = performance.now();
      const cpu = process.cpuUsage();
      const report = runAudit(options);
      serial.push((performance.now() - started) / 1000);
      const used = process.cpuUsage(cpu);
      serialCpu.push((used.user + used.system) / 1e6);
      mib = report.summary.bytes / 1024 / 1024;
      started = performance.now();
      await runAuditParallel(options, { worker });
      parallel.push((performance.now() - started) / 1000);
    }
    const secrets = secretDetectorSeconds(root);
    const rate = (s: number) => `${(mib / s).toFixed(1)} MiB/s`;
    console.log(`\nThroughput over 1,000 generated skills (${mib.toFixed(1)} MiB), median of ${ROUNDS} (target >= 40 MiB/s):`);
    console.log(`- one thread: ${median(serial).toFixed(2)} s = ${rate(median(serial))} (runs: ${serial.map(rate).join(", ")}); CPU time ${median(serialCpu).toFixed(2)} s = ${rate(median(serialCpu))} per CPU second, which other load on the machine does not skew`);
    console.log(`- ${availableParallelism()} worker threads (what leogriel-audit runs): ${median(parallel).toFixed(2)} s = ${rate(median(parallel))} (runs: ${parallel.map(rate).join(", ")})`);
    console.log(`- of which the shared secret detector (lib/core/secrets) alone: ${secrets.toFixed(2)} s = ${rate(secrets)}, ${((100 * secrets) / median(serial)).toFixed(0)}% of the one-thread audit`);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

// The detector on every file's text, as scanSkill calls it, timed alone in this thread.
function secretDetectorSeconds(root: string): number {
  const texts = [...new Bun.Glob("skills/*/**").scanSync({ cwd: root })].map((f) => readFileSync(join(root, f), "utf8"));
  const started = performance.now();
  for (const text of texts) detectSecrets(text);
  return (performance.now() - started) / 1000;
}

corpusFigures();
await throughputFigures();
