import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

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

/** `count` generated skills under `root/skills` (SKILL.md, a 140 kB reference, a 60 kB script each, ≈ 200 kB a skill). */
export function writeSkillTree(root: string, count: number): void {
  for (let i = 0; i < count; i++) {
    const dir = join(root, "skills", `skill-${i}`);
    mkdirSync(join(dir, "references"), { recursive: true });
    mkdirSync(join(dir, "scripts"));
    writeFileSync(join(dir, "SKILL.md"), `---\nname: skill-${i}\ndescription: Builds reports from CSV files. Use for quarterly reporting.\n---\n\n${filler(i, 4_000, PROSE)}`);
    writeFileSync(join(dir, "references", "guide.md"), filler(i + 7, 140_000, PROSE));
    writeFileSync(join(dir, "scripts", "tool.py"), filler(i + 13, 60_000, PYTHON));
  }
}
