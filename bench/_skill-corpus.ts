import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";

/** One labelled entry of shared/corpora/skill-risks.jsonl (research/audit.md §4). */
export interface CorpusEntry {
  file: string;
  content: string;
  expected_categories: string[];
  expected_level?: string;
  skill?: string;
  skill_level_categories?: string[];
  hard?: boolean;
}

export interface CorpusSkill {
  dir: string;
  entries: CorpusEntry[];
}

const NEUTRAL_SKILL_MD = "---\nname: corpus-entry\ndescription: A folder assembled around one corpus file.\n---\n\n# Corpus entry\n";

/** Writes each corpus skill (entries sharing a `skill` id) as a folder under `root`. */
export function materialiseCorpus(text: string, root: string): CorpusSkill[] {
  const groups = new Map<string, CorpusEntry[]>();
  text.split("\n").filter(Boolean).forEach((line, i) => {
    const entry = JSON.parse(line) as CorpusEntry;
    const key = entry.skill ?? `entry-${i}`;
    groups.set(key, [...(groups.get(key) ?? []), entry]);
  });
  const out: CorpusSkill[] = [];
  for (const [key, entries] of groups) {
    const dir = join(root, key);
    for (const e of entries) {
      mkdirSync(dirname(join(dir, e.file)), { recursive: true });
      writeFileSync(join(dir, e.file), e.content);
    }
    if (!entries.some((e) => e.file === "SKILL.md")) writeFileSync(join(dir, "SKILL.md"), NEUTRAL_SKILL_MD);
    out.push({ dir, entries });
  }
  return out;
}
