import { linkSync, readFileSync, renameSync, unlinkSync } from "node:fs";
import { hostname } from "node:os";
import { join } from "node:path";
import { fsyncDirSync, tempPathFor, writeNewFileSync } from "../../core/atomic-write.ts";
import { randomHex } from "../../core/random-hex.ts";
import { isErrno } from "../../core/errors.ts";
import type { QuarantineLayout } from "./layout.ts";

/**
 * A transaction's lock, `locks/<txid>.lock`, names the process working on it. It is taken before
 * the first journal record and released after the last, so a lock whose process is gone marks a
 * transaction that crashed and needs the recovery pass. A lock from another host is never broken.
 */
export function lockPath(layout: QuarantineLayout, txid: string): string {
  return join(layout.locks, `${txid}.lock`);
}

/** Takes the lock, breaking it when its owner is dead. False when a live process holds it. */
export function acquireLock(layout: QuarantineLayout, txid: string): boolean {
  const path = lockPath(layout, txid);
  for (let attempt = 0; attempt < 2; attempt++) {
    // The owner is written before the lock appears (hard link of a finished file), so a reader
    // never sees an empty lock and mistakes a live owner for a dead one.
    const temp = tempPathFor(path);
    writeNewFileSync(temp, JSON.stringify({ pid: process.pid, host: hostname() }), 0o600);
    try {
      linkSync(temp, path);
      fsyncDirSync(layout.locks);
      return true;
    } catch (err) {
      if (!isErrno(err, "EEXIST")) throw err;
      if (lockOwnerAlive(layout, txid)) return false;
      // Rename first so that of two processes breaking the same stale lock only one succeeds.
      const aside = `${path}.${randomHex(4)}.stale`;
      try {
        renameSync(path, aside);
        unlinkSync(aside);
      } catch (e) {
        if (!isErrno(e, "ENOENT")) throw e;
      }
    } finally {
      unlinkSync(temp);
    }
  }
  return false;
}

/** Releases a lock this process holds. */
export function releaseLock(layout: QuarantineLayout, txid: string): void {
  try {
    unlinkSync(lockPath(layout, txid));
  } catch (err) {
    if (!isErrno(err, "ENOENT")) throw err;
  }
  fsyncDirSync(layout.locks);
}

/** Whether the lock exists and its owner may still be running (unknowable owners count as alive). */
export function lockOwnerAlive(layout: QuarantineLayout, txid: string): boolean {
  let owner: { pid?: unknown; host?: unknown };
  try {
    owner = JSON.parse(readFileSync(lockPath(layout, txid), "utf8"));
  } catch {
    // Absent, or unreadable garbage no live owner of ours could have written.
    return false;
  }
  if (owner.host !== hostname() || typeof owner.pid !== "number") return owner.host !== hostname();
  if (owner.pid === process.pid) return true;
  try {
    process.kill(owner.pid, 0);
    return true;
  } catch (err) {
    return isErrno(err, "EPERM");
  }
}

/** Whether a lock file exists for the transaction (held by anyone, alive or not). */
export function isLocked(layout: QuarantineLayout, txid: string): boolean {
  try {
    readFileSync(lockPath(layout, txid));
    return true;
  } catch {
    return false;
  }
}
