import { linkSync, mkdirSync, readFileSync, renameSync, unlinkSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import { dirname, join } from "node:path";
import { writeNewFileSync } from "../core/atomic-write.ts";
import { LeogrielError, isErrno } from "../core/errors.ts";

const LOCK = "install.lock";
const POLL_MS = 100;

/** True while a process with this id exists (EPERM: it exists but belongs to another user). */
export function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return !isErrno(err, "ESRCH");
  }
}

/**
 * Takes the install lock of one state folder so two installs of one project (or of the user's
 * global skills) never interleave. The lock file appears atomically with its content (written
 * aside, then hard-linked into place, which fails when it exists) and names its owner:
 * `{pid, host, nonce, createdAt}`. A lock whose owner died on this host (kill -9, power cut) is
 * stale and taken over; a live one is waited for up to `waitMs`.
 * @returns the release function (removes the lock only while it is still this process's)
 * @throws {LeogrielError} `install_locked` (exit 2) when another install still holds it after `waitMs`
 */
export async function acquireInstallLock(stateDir: string, waitMs: number): Promise<() => void> {
  mkdirSync(stateDir, { recursive: true });
  const path = join(stateDir, LOCK);
  const text = `${JSON.stringify({ pid: process.pid, host: hostname(), nonce: randomBytes(8).toString("hex"), createdAt: new Date().toISOString() })}\n`;
  const deadline = Date.now() + waitMs;
  for (;;) {
    if (_tryCreate(path, text)) return () => _release(path, text);
    const holder = _read(path);
    if (holder !== undefined && _stale(holder)) {
      _breakStale(path, holder);
      continue;
    }
    if (Date.now() >= deadline) {
      const who = holder === undefined ? "another install" : `process ${_owner(holder)?.pid ?? "?"}`;
      throw new LeogrielError("install_locked", `Cannot start the install: ${who} is installing here (${path}); wait for it, or delete the file if that process is gone`, { details: { path } });
    }
    await Bun.sleep(POLL_MS);
  }
}

function _tryCreate(path: string, text: string): boolean {
  const temp = `${path}.${randomBytes(6).toString("hex")}.tmp`;
  try {
    writeNewFileSync(temp, text);
  } catch (err) {
    // The state folder was removed by a run that created it and found it empty (run-context.ts): make it again, retry.
    if (!isErrno(err, "ENOENT")) throw err;
    mkdirSync(dirname(path), { recursive: true });
    return false;
  }
  try {
    linkSync(temp, path);
    return true;
  } catch (err) {
    if (isErrno(err, "EEXIST")) return false;
    throw err;
  } finally {
    unlinkSync(temp);
  }
}

function _owner(text: string): { pid: number; host: string } | undefined {
  try {
    const v = JSON.parse(text) as { pid?: unknown; host?: unknown };
    return typeof v.pid === "number" && typeof v.host === "string" ? { pid: v.pid, host: v.host } : undefined;
  } catch {
    return undefined;
  }
}

// Only a lock of this host can be judged; an unreadable one was never created by this code
// (the file appears with its content), so it is left for a person.
function _stale(text: string): boolean {
  const owner = _owner(text);
  return owner !== undefined && owner.host === hostname() && owner.pid !== process.pid && !pidAlive(owner.pid);
}

// Moves the stale lock aside under a unique name first, so two processes breaking it at once
// cannot remove a fresh lock: whoever finds other content aside puts it back (link: no clobber).
function _breakStale(path: string, seen: string): void {
  const aside = `${path}.${randomBytes(6).toString("hex")}.stale`;
  try {
    renameSync(path, aside);
  } catch (err) {
    if (isErrno(err, "ENOENT")) return;
    throw err;
  }
  if (_read(aside) !== seen) {
    try {
      linkSync(aside, path);
    } catch (err) {
      if (!isErrno(err, "EEXIST")) throw err;
    }
  }
  unlinkSync(aside);
}

function _release(path: string, text: string): void {
  if (_read(path) === text) unlinkSync(path);
}

function _read(path: string): string | undefined {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return undefined;
  }
}
