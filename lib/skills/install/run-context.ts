import { existsSync, mkdtempSync, readdirSync, rmdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import type { EnvelopeMessage } from "../../core/envelope.ts";
import { LeogrielError } from "../../core/errors.ts";
import { acquireInstallLock } from "../install-lock.ts";
import type { Layout } from "../layout.ts";
import type { SourceContext } from "../sources/source.ts";
import { DEFAULT_TREE_LIMITS } from "../tree-write.ts";
import { journalPath, TX_PREFIX } from "../tx-journal.ts";
import { recoverInstall } from "../tx-recover.ts";
import { guardTargets } from "./target-guard.ts";

/** How long an install waits for another one in the same project before giving up. */
export const DEFAULT_LOCK_WAIT_MS = 30_000;

/**
 * Runs `fn` with a source context whose private temporary directory is removed afterwards,
 * whatever happens (fetched trees never outlive the command). With `exclusive` (every command
 * that changes skills) it first takes the install lock and recovers an interrupted install, and
 * holds the lock until `fn` is done, so the manifest and lock `fn` reads are still the ones it
 * replaces. Agent folders are checked first (target-guard.ts).
 */
export async function withRun<T>(layout: Layout, env: Record<string, string | undefined>, fn: (ctx: SourceContext) => Promise<T>, options: { exclusive?: boolean } = {}): Promise<T> {
  const warnings: EnvelopeMessage[] = [];
  // Before the lock file or anything else is created: a refused agent folder leaves nothing behind.
  if (options.exclusive !== false) guardTargets(layout);
  const made = options.exclusive === false ? undefined : _firstMissing(layout.stateDir);
  const release = options.exclusive === false ? () => {} : await acquireInstallLock(layout.stateDir, lockWaitMs(env));
  try {
    if (options.exclusive !== false) recoverInstall(layout, warnings);
    const tmpDir = mkdtempSync(join(tmpdir(), "leogriel-install-"));
    try {
      return await fn({ manifestDir: layout.manifestDir, projectDir: layout.rootDir, env, tmpDir, limits: DEFAULT_TREE_LIMITS, memo: new Map(), warnings });
    } finally {
      rmSync(tmpDir, { recursive: true, force: true });
    }
  } finally {
    release();
    if (made) _removeEmpty(layout.stateDir, made);
  }
}

// The topmost folder of `dir` that does not exist yet, if any.
function _firstMissing(dir: string): string | undefined {
  let missing: string | undefined;
  for (let d = dir; !existsSync(d); d = dirname(d)) missing = d;
  return missing;
}

// Removes the state folders this run created when they are empty again (no journal left by a
// failed rollback, no other run's lock), so a refused install leaves no trace in the project.
function _removeEmpty(dir: string, top: string): void {
  for (let d = dir; ; d = dirname(d)) {
    try {
      rmdirSync(d);
    } catch {
      return;
    }
    if (d === top) return;
  }
}

/**
 * For read-only commands (verify, list): recovers an interrupted install first, taking the lock
 * only when there is something to recover, so a clean tree is never written to.
 */
export async function recoverIfInterrupted(layout: Layout, env: Record<string, string | undefined>, warnings: EnvelopeMessage[]): Promise<void> {
  const pending = existsSync(journalPath(layout.stateDir)) || layout.targets.some((t) => _hasTx(dirname(t.dir)));
  if (!pending) return;
  const release = await acquireInstallLock(layout.stateDir, lockWaitMs(env));
  try {
    recoverInstall(layout, warnings);
  } finally {
    release();
  }
}

/**
 * `LEOGRIEL_INSTALL_LOCK_WAIT_MS` (milliseconds, default 30 s).
 * @throws {LeogrielError} `invalid_usage` (exit 2) for a value that is not a whole number
 */
export function lockWaitMs(env: Record<string, string | undefined>): number {
  const raw = env.LEOGRIEL_INSTALL_LOCK_WAIT_MS;
  if (raw === undefined || raw === "") return DEFAULT_LOCK_WAIT_MS;
  if (!/^\d{1,9}$/.test(raw)) throw new LeogrielError("invalid_usage", `Cannot use LEOGRIEL_INSTALL_LOCK_WAIT_MS=${JSON.stringify(raw)}: expected a whole number of milliseconds`);
  return Number(raw);
}

function _hasTx(dir: string): boolean {
  try {
    return readdirSync(dir).some((n) => n.startsWith(TX_PREFIX));
  } catch {
    return false;
  }
}
