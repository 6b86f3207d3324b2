import { availableParallelism } from "node:os";
import type { AuditReport } from "./report.ts";
import { assembleReport, type AuditOptions } from "./run-audit.ts";
import { scanSkill, type SkillScan } from "./scan-skill.ts";
import type { ScanReply, ScanRequest } from "./scan-worker.ts";
import { resolveTargets } from "./targets.ts";

/** Below this many target folders, starting workers costs more than it saves. */
const MIN_PARALLEL_TARGETS = 8;
const MAX_WORKERS = 8;

export interface ParallelOptions {
  /** A module that calls serveScans() when it runs as a worker (an entry script may be its own). */
  worker: string | URL;
  /** Worker threads (default: the available cores, at most 8). */
  threads?: number;
}

/**
 * runAudit over worker threads, one skill folder per message, the report identical to a serial
 * audit's (assembleReport fixes the order). A worker that cannot start or dies leaves its folders
 * to this thread, so the audit never depends on threads being available.
 */
export async function runAuditParallel(options: AuditOptions, parallel: ParallelOptions): Promise<AuditReport> {
  const { source, dirs } = resolveTargets(options.root, options.paths);
  const threads = Math.min(parallel.threads ?? availableParallelism(), MAX_WORKERS);
  const scans = threads >= 2 && dirs.length >= MIN_PARALLEL_TARGETS ? await _scanAll(dirs, options, threads, parallel.worker) : new Map<string, SkillScan>();
  return assembleReport(options, source, dirs, (dir) => scans.get(dir) ?? scanSkill(dir, { root: options.root, strict: options.strict }));
}

// Hands out folders to idle workers, queues the sub-skills each scan finds, and settles when
// nothing is left or a worker fails (the rest is then scanned in this thread).
function _scanAll(dirs: readonly string[], options: AuditOptions, threads: number, url: string | URL): Promise<Map<string, SkillScan>> {
  return new Promise((resolve, reject) => {
    const scans = new Map<string, SkillScan>();
    const queued = new Set(dirs);
    const todo = [...dirs];
    const idle: Worker[] = [];
    const workers: Worker[] = [];
    let busy = 0;
    let settled = false;
    const settle = (error?: Error) => {
      if (settled) return;
      settled = true;
      for (const w of workers) w.terminate();
      if (error) reject(error);
      else resolve(scans);
    };
    const feed = () => {
      while (idle.length > 0 && todo.length > 0) {
        busy++;
        idle.pop()!.postMessage({ dir: todo.shift()!, root: options.root, strict: options.strict } satisfies ScanRequest);
      }
      if (busy === 0 && todo.length === 0) settle();
    };
    for (let i = 0; i < threads; i++) {
      const worker = new Worker(url);
      worker.onmessage = ({ data }: MessageEvent<ScanReply>) => {
        busy--;
        if ("error" in data) return settle(new Error(data.error));
        scans.set(data.dir, data.scan);
        for (const sub of data.scan.subSkills) if (!queued.has(sub)) queued.add(sub), todo.push(sub);
        idle.push(worker);
        feed();
      };
      worker.onerror = () => settle();
      workers.push(worker);
      idle.push(worker);
    }
    feed();
  });
}
