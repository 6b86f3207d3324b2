import { readFileSync, readdirSync, realpathSync, statSync } from "node:fs";
import { join } from "node:path";
import type { TriggerEvidence } from "./agent-runner.ts";

/** Rollout files bigger than this are not scanned (the trace is then the only evidence). */
const MAX_ROLLOUT_BYTES = 32 * 1024 * 1024;
const SKILL_MESSAGE = /^<skill>\n<name>([^<\n]*)<\/name>\n<path>([^<\n]*)<\/path>\n/;

/**
 * Explicit invocation (`$skill` in the prompt): Codex injects the SKILL.md body as a user
 * message `<skill><name>…</name><path>…</path>…</skill>` and runs no command, so the only
 * evidence is the session rollout Codex writes under `<CODEX_HOME>/sessions/`. A message counts
 * when its path is the mounted SKILL.md (by realpath), never by name alone.
 */
export function explicitSkillEvidence(codexHome: string, skillMdPath: string): TriggerEvidence[] {
  let target: string;
  try {
    target = realpathSync(skillMdPath);
  } catch {
    return [];
  }
  const evidence: TriggerEvidence[] = [];
  for (const file of _rollouts(join(codexHome, "sessions"))) {
    if (statSync(file).size > MAX_ROLLOUT_BYTES) continue;
    for (const line of readFileSync(file, "utf8").split("\n")) {
      if (!line.includes("<skill>")) continue;
      const hit = _skillMessage(line);
      if (!hit) continue;
      let path: string;
      try {
        path = realpathSync(hit.path);
      } catch {
        continue;
      }
      if (path === target) evidence.push({ kind: "explicit", tier: "confirmed", itemId: hit.id, command: `<skill> message for ${hit.name}` });
    }
  }
  return evidence;
}

function _skillMessage(line: string): { id: string; name: string; path: string } | undefined {
  let record: { type?: unknown; payload?: { type?: unknown; role?: unknown; id?: unknown; content?: unknown } };
  try {
    record = JSON.parse(line);
  } catch {
    return undefined;
  }
  const p = record.payload;
  if (record.type !== "response_item" || p?.type !== "message" || p.role !== "user" || !Array.isArray(p.content)) return undefined;
  for (const part of p.content as Array<{ text?: unknown }>) {
    const m = typeof part?.text === "string" ? SKILL_MESSAGE.exec(part.text) : null;
    if (m) return { id: typeof p.id === "string" ? p.id : "", name: m[1]!, path: m[2]! };
  }
  return undefined;
}

function _rollouts(dir: string): string[] {
  const out: string[] = [];
  let names: string[];
  try {
    names = readdirSync(dir).sort();
  } catch {
    return out;
  }
  for (const name of names) {
    const full = join(dir, name);
    const st = statSync(full);
    if (st.isDirectory()) out.push(..._rollouts(full));
    else if (st.isFile() && name.startsWith("rollout-") && name.endsWith(".jsonl")) out.push(full);
  }
  return out;
}
