import { readdirSync, rmSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import type { EnvelopeMessage } from "../core/envelope.ts";
import { pidAlive } from "./install-lock.ts";
import type { Layout } from "./layout.ts";
import { readJournal, TX_PREFIX } from "./tx-journal.ts";
import { committed, finish, moveForward, rollBack } from "./tx-steps.ts";

/**
 * Finishes an install a crash interrupted, consistently with the lock on disk: when the lock
 * already holds the new bytes the transaction had committed and its remaining folder moves are
 * completed; otherwise every file and folder goes back to its previous copy. Then removes what
 * a run that died before writing its journal left (staged copies only; the previous copies were
 * never moved then). Call it holding the install lock.
 * @throws {LeogrielError} `tx_conflict` (exit 2) when the lock or manifest was edited since the crash
 */
export function recoverInstall(layout: Layout, warnings: EnvelopeMessage[]): void {
  const journal = readJournal(layout.stateDir);
  if (journal) {
    const forward = committed(journal);
    if (forward) for (const m of journal.moves) moveForward(m, () => {});
    else rollBack(journal);
    finish(journal, layout.stateDir);
    warnings.push({
      code: "install_recovered",
      message: forward
        ? `Completed the install interrupted by process ${journal.pid}: the lock on disk already named its skills`
        : `Rolled back the install interrupted by process ${journal.pid} to the previous skill folders, lock and manifest`,
    });
  }
  for (const dir of new Set(layout.targets.map((t) => dirname(t.dir)))) _orphans(dir, warnings);
  _tempFiles(layout.manifestDir);
}

function _orphans(parent: string, warnings: EnvelopeMessage[]): void {
  for (const name of _list(parent)) {
    if (!name.startsWith(TX_PREFIX)) continue;
    const pid = Number(/^(\d+)-/.exec(name.slice(TX_PREFIX.length))?.[1]);
    if (Number.isInteger(pid) && pid !== process.pid && pidAlive(pid)) continue;
    const tx = join(parent, name);
    if (_list(join(tx, "old")).length > 0) {
      // Previous copies without a journal (a crash under a release before journals): never deleted.
      warnings.push({ code: "tx_orphaned", message: `Kept ${tx}: it holds previous skill copies from an interrupted install; move back what you need and delete it`, path: tx });
      continue;
    }
    rmSync(tx, { recursive: true, force: true });
  }
}

// writeFileAtomic's temp files (`.<name>.<hex>.tmp`) of a lock or manifest write that died.
function _tempFiles(manifestDir: string): void {
  for (const name of _list(manifestDir)) {
    if (/^\.agent-skills\.(?:json|lock)\.[0-9a-f]{12}\.tmp$/.test(name)) rmSync(join(manifestDir, basename(name)), { force: true });
  }
}

function _list(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}
