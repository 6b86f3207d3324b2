#!/usr/bin/env bun
// `bun run bench audit`: (1) detection per category on shared/corpora/skill-risks.jsonl, side
// by side with a naive grep baseline; (2) throughput of a full audit over 1,000 generated skills.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runAudit } from "../lib/skills/audit/run-audit.ts";
import { scanSkill } from "../lib/skills/audit/scan-skill.ts";
import { materialiseCorpus } from "./_skill-corpus.ts";

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

// Deterministic text of about `bytes` bytes from a line pool (seeded, so every run is the same).
function filler(seed: number, bytes: number, pool: readonly string[]): string {
  let s = seed;
  const out: string[] = [];
  let size = 0;
  while (size < bytes) {
    s = (s * 1103515245 + 12345) >>> 0;
    const line = pool[s % pool.length]!;
    out.push(line);
    size += line.length + 1;
  }
  return `${out.join("\n")}\n`;
}

const PROSE = ["Use this skill when the user asks for a quarterly report.", "## Workflow", "1. Read the input file and validate its columns.", "See [the reference](references/guide.md) for the field list.", "```bash", "python3 scripts/tool.py --input data.csv --out report.md", "```", "Keep answers short and cite the source rows.", "| column | meaning |", "|---|---|", "| amount | the invoice total in cents |"];
const PYTHON = ["import json", "import sys", "def load(path):", "    with open(path, encoding='utf-8') as fh:", "        return json.load(fh)", "for row in rows:", "    total += row['amount']", "print(json.dumps({'total': total}))", "# normalise the header names", "    return [h.strip().lower() for h in headers]"];

function throughputFigures(): void {
  const root = mkdtempSync(join(tmpdir(), "audit-bench-tree-"));
  try {
    for (let i = 0; i < 1000; i++) {
      const dir = join(root, "skills", `skill-${i}`);
      mkdirSync(join(dir, "references"), { recursive: true });
      mkdirSync(join(dir, "scripts"));
      writeFileSync(join(dir, "SKILL.md"), `---\nname: skill-${i}\ndescription: Builds reports from CSV files. Use for quarterly reporting.\n---\n\n${filler(i, 4_000, PROSE)}`);
      writeFileSync(join(dir, "references", "guide.md"), filler(i + 7, 140_000, PROSE));
      writeFileSync(join(dir, "scripts", "tool.py"), filler(i + 13, 60_000, PYTHON));
    }
    const started = performance.now();
    const report = runAudit({ root, paths: [], strict: false, failOn: "error" });
    const seconds = (performance.now() - started) / 1000;
    const mib = report.summary.bytes / 1024 / 1024;
    console.log(`\nThroughput: ${report.summary.skills} skills, ${report.summary.files} files, ${mib.toFixed(1)} MiB in ${seconds.toFixed(2)} s = ${(mib / seconds).toFixed(1)} MiB/s, ${(report.summary.skills / seconds).toFixed(0)} skills/s (target >= 40 MiB/s)`);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

corpusFigures();
throughputFigures();
