import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseJsonText, readTextFile } from "../../core/json-file.ts";
import { HOOK_AGENTS, type HookAgent } from "../hooks/run-hook.ts";
import { hookFilesInWorkspace } from "./hook-program.ts";
import { type HookTarget, hookShell, hookTarget, isOurCommand, type Scope } from "./hook-targets.ts";
import { isAllow, isDeny, samplePayload } from "./probes.ts";

/** CURRENT: the entry matches the adapter's compatibility profile (not proof of live interception). */
export type Drift = "CURRENT" | "DRIFTED" | "UNVERIFIED";

export interface DoctorRow {
  agent: HookAgent;
  scope: Scope;
  path: string;
  installed: boolean;
  command?: string;
  /** The installed command answered a sentinel delete with deny and a harmless command with allow. */
  runs?: boolean;
  /** For agents with a post-tool hook: our entry is present under that event too. */
  post_installed?: boolean;
  drift?: Drift;
  detail?: string;
  /** Files of the installed command inside the workspace: an agent command could rewrite or delete the guard. */
  inside_workspace?: string[];
}

/** Reports every agent's installed hook: present, runnable and answering, and (optionally) drift. */
export function doctor(workspace: string, options: { checkDrift: boolean; env?: Record<string, string | undefined> }): DoctorRow[] {
  const rows: DoctorRow[] = [];
  for (const agent of HOOK_AGENTS) {
    for (const scope of ["project", "user"] as const) {
      const target = hookTarget(agent, scope, workspace, options.env);
      if (!target) continue;
      const row: DoctorRow = { agent, scope, path: target.path, installed: false };
      rows.push(row);
      const found = ourEntries(target);
      if (found === "unreadable") row.detail = "the settings file is not readable JSON";
      if (found === "unreadable" || found.entry === undefined) continue;
      const { entry, postEntry } = found;
      row.installed = true;
      row.command = target.commandOf(entry).find((c) => isOurCommand(c, agent))!;
      row.runs = _probe(agent, row.command);
      const inside = hookFilesInWorkspace(row.command, workspace, options.env ?? process.env);
      if (inside.length > 0) row.inside_workspace = inside;
      if (target.post) row.post_installed = postEntry !== undefined;
      if (options.checkDrift) {
        const expected = JSON.stringify(target.entry(row.command));
        const expectedPost = target.post ? JSON.stringify(target.post.entry(row.command)) : undefined;
        const current = JSON.stringify(entry) === expected && (!target.post || JSON.stringify(postEntry) === expectedPost);
        row.drift = current ? "CURRENT" : "DRIFTED";
        if (JSON.stringify(entry) !== expected) row.detail = `the entry differs from the ${agent} profile: ${expected}`;
        else if (!current) row.detail = `the ${target.post!.event} entry is missing or differs from the ${agent} profile: ${expectedPost}`;
      }
    }
  }
  if (options.checkDrift) for (const r of rows) r.drift ??= "UNVERIFIED";
  return rows;
}

/**
 * leogriel-check's pre-tool and post-tool entries in `target`'s settings file (undefined when
 * absent, or the file is missing), or "unreadable" when the file is not JSON.
 */
export function ourEntries(target: HookTarget): { entry?: unknown; postEntry?: unknown } | "unreadable" {
  if (!existsSync(target.path)) return {};
  try {
    const doc = parseJsonText(readTextFile(target.path, { label: target.path }), target.path) as { hooks?: Record<string, unknown> };
    const ours = (event: string) => {
      const list = doc?.hooks?.[event];
      return Array.isArray(list) ? list.find((e) => target.commandOf(e).some((c) => isOurCommand(c, target.agent))) : undefined;
    };
    return { entry: ours(target.event), postEntry: target.post ? ours(target.post.event) : undefined };
  } catch {
    return "unreadable";
  }
}

/** Runs the installed command twice in a scratch directory: a sentinel delete and `true`. */
function _probe(agent: HookAgent, command: string): boolean {
  const dir = mkdtempSync(join(tmpdir(), "leogriel-doctor-"));
  try {
    const run = (probe: string) => {
      const proc = Bun.spawnSync([...hookShell(agent), command], { cwd: dir, stdin: new TextEncoder().encode(samplePayload(agent, probe, dir)), stdout: "pipe", stderr: "ignore" });
      return { stdout: proc.stdout.toString(), exitCode: proc.exitCode ?? -1 };
    };
    const sentinel = run("rm -rf /");
    const harmless = run("true");
    return isDeny(agent, sentinel.stdout, sentinel.exitCode) && isAllow(agent, harmless.stdout, harmless.exitCode);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
