import { copyFileSync, existsSync, mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { writeFileAtomic } from "../../core/atomic-write.ts";
import { LeogrielError } from "../../core/errors.ts";
import { parseJsonText, readTextFile } from "../../core/json-file.ts";
import type { HookAgent } from "../hooks/run-hook.ts";
import { type HookTarget, hookTarget, isOurCommand, type Scope } from "./hook-targets.ts";

export interface InstallReport {
  agent: HookAgent;
  scope: Scope;
  path: string;
  changed: boolean;
  /** The copy of the previous file, when there was one and it changed. */
  backup?: string;
  command: string;
  /** The agent's own step before it runs the entry written (Codex: trust it in `/hooks`); only when changed. */
  trust?: string;
}

/**
 * Merges leogriel-check's hook entries (pre-tool, and post-tool where the agent has one) into the
 * agent's settings file: every other key and hook is kept, a backup of the previous file is
 * written first, and a second run changes nothing.
 * An existing entry of ours with a different command line is replaced in place.
 */
export function installHook(agent: HookAgent, scope: Scope, workspace: string, command: string, env = process.env): InstallReport {
  const target = hookTarget(agent, scope, workspace, env);
  if (!target) throw new LeogrielError("invalid_usage", `Cannot install the ${agent} hook: ${agent} has no ${scope} hook settings`);
  const before = existsSync(target.path) ? readTextFile(target.path, { label: target.path }) : undefined;
  const doc = before === undefined ? {} : parseJsonText(before, target.path);
  if (doc === null || typeof doc !== "object" || Array.isArray(doc)) {
    throw new LeogrielError("invalid_document", `Cannot install the ${agent} hook: ${target.path} is not a JSON object`);
  }
  let next = mergeEntry(doc as Record<string, unknown>, target, target.event, target.entry(command));
  if (target.post) next = mergeEntry(next, target, target.post.event, target.post.entry(command));
  const text = `${JSON.stringify(next, null, 2)}\n`;
  const report: InstallReport = { agent, scope, path: target.path, changed: text !== before, command };
  if (!report.changed) return report;
  if (target.trust) report.trust = target.trust;
  mkdirSync(dirname(target.path), { recursive: true });
  if (before !== undefined) {
    report.backup = `${target.path}.leogriel-backup-${new Date().toISOString().replace(/[:.]/g, "")}`;
    copyFileSync(target.path, report.backup);
  }
  writeFileAtomic(target.path, text);
  return report;
}

/** The settings object with our entry present exactly once under `hooks[event]`. */
export function mergeEntry(doc: Record<string, unknown>, target: HookTarget, event: string, entry: Record<string, unknown>): Record<string, unknown> {
  const hooks = doc.hooks === undefined ? {} : doc.hooks;
  if (hooks === null || typeof hooks !== "object" || Array.isArray(hooks)) {
    throw new LeogrielError("invalid_document", `Cannot install the ${target.agent} hook: "hooks" in ${target.path} is not an object`);
  }
  const list = (hooks as Record<string, unknown>)[event] ?? [];
  if (!Array.isArray(list)) throw new LeogrielError("invalid_document", `Cannot install the ${target.agent} hook: hooks.${event} in ${target.path} is not a list`);
  const ours = list.findIndex((e) => target.commandOf(e).some((c) => isOurCommand(c, target.agent)));
  const nextList = ours < 0 ? [...list, entry] : list.map((e, i) => (i === ours ? entry : e));
  return { ...target.header, ...doc, hooks: { ...(hooks as object), [event]: nextList } };
}
