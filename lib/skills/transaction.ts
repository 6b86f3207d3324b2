import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmdirSync, rmSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { dirname, join } from "node:path";
import { LeogrielError } from "../core/errors.ts";
import { sha256Hex } from "../core/hash.ts";
import { copyTree } from "./copy-tree.ts";
import { hashDirectory } from "./dir-integrity.ts";
import { TX_PREFIX, writeJournal, type TxFile, type TxJournal, type TxMove } from "./tx-journal.ts";
import { finish, moveForward, rollBack, writeForward } from "./tx-steps.ts";

/** A skill copy to put at `<target>/<name>`. */
export interface Placement {
  target: string;
  name: string;
  /** The fetched skill to copy. */
  from: string;
  integrity: string;
}

/** Everything one command changes, applied all or nothing. */
export interface Plan {
  place: Placement[];
  /** `<target>/<name>` folders to take away. */
  remove: Array<{ target: string; name: string }>;
  /** Files written after the folders, atomically each, in this order: the last one (the lock) is the commit point. */
  files: Array<{ path: string; text: string }>;
  /** Checks the staged copies, one per skill name, before anything moves; throwing aborts the plan. */
  vet?: (staged: Array<{ name: string; dir: string }>) => void;
}

export interface TxOptions {
  /** Where the journal lives (the install state folder). */
  stateDir: string;
  /** Runs before each durable step (the crash hook). */
  step?: () => void;
}

/**
 * Applies a plan as one transaction. Every copy is staged beside its target folder (same file
 * system, so the final step is a rename), re-hashed against the integrity it must have and vetted;
 * then a journal is written, the previous copies are moved aside and the staged ones swapped in,
 * and the files written, lock last. Any failure rolls everything back; a crash leaves the journal,
 * from which the next run rolls back or forward (tx-recover.ts).
 * @throws {LeogrielError} `integrity_mismatch` when a staged copy differs; `rollback_incomplete`; what `vet` throws
 */
export function applyPlan(plan: Plan, opts: TxOptions): void {
  const step = opts.step ?? (() => {});
  const files = plan.files.filter((f) => _read(f.path)?.equals(Buffer.from(f.text)) !== true);
  if (plan.place.length === 0 && plan.remove.length === 0 && files.length === 0) return;
  const txDirs = new Map<string, string>();
  // Folders this run created (first created ancestor each), removed again if the plan fails.
  const created: string[] = [];
  const txFor = (target: string) => {
    let tx = txDirs.get(target);
    if (!tx) {
      const first = mkdirSync(dirname(target), { recursive: true });
      if (first) created.push(first);
      // A hidden sibling of the skills folder: same file system, never scanned as a skill.
      tx = mkdtempSync(join(dirname(target), `${TX_PREFIX}${process.pid}-`));
      mkdirSync(join(tx, "new"));
      mkdirSync(join(tx, "old"));
      txDirs.set(target, tx);
    }
    return tx;
  };
  let journal: TxJournal | undefined;
  try {
    const staged = new Map<string, string>();
    for (const p of plan.place) {
      const dir = join(txFor(p.target), "new", p.name);
      copyTree(p.from, dir);
      const { integrity } = hashDirectory(dir);
      if (integrity !== p.integrity) {
        throw new LeogrielError("integrity_mismatch", `Cannot install ${p.name}: the staged copy hashes to ${integrity}, not ${p.integrity}`);
      }
      if (!staged.has(p.name)) staged.set(p.name, dir);
    }
    plan.vet?.([...staged].map(([name, dir]) => ({ name, dir })));
    const moves: TxMove[] = [
      ...plan.remove.map((r) => ({ kind: "remove" as const, target: r.target, name: r.name, tx: txFor(r.target) })),
      ...plan.place.map((p) => ({ kind: "place" as const, target: p.target, name: p.name, tx: txFor(p.target) })),
    ];
    const txFiles: TxFile[] = files.map((f) => ({ path: f.path, before: _read(f.path)?.toString("base64") ?? null, after: sha256Hex(f.text) }));
    const draft: TxJournal = { version: 1, txid: randomBytes(8).toString("hex"), pid: process.pid, createdAt: new Date().toISOString(), txDirs: [...txDirs.values()], moves, files: txFiles };
    step();
    writeJournal(opts.stateDir, draft);
    journal = draft;
    for (const m of moves) moveForward(m, step);
    files.forEach((f, i) => writeForward(txFiles[i]!, f.text, step));
  } catch (err) {
    if (!journal) {
      for (const tx of txDirs.values()) rmSync(tx, { recursive: true, force: true });
    } else {
      try {
        rollBack(journal);
      } catch (undoErr) {
        // Never delete what could not be moved back: the journal and the previous copies stay for the next run.
        throw new LeogrielError("rollback_incomplete", `Cannot finish the install and could not undo every step (${(undoErr as Error).message}); previous copies are kept in ${journal.txDirs.join(", ")} and the next run recovers them: ${(err as Error).message}`);
      }
      finish(journal, opts.stateDir);
    }
    for (const dir of created.reverse()) _removeEmpty(dir);
    throw err;
  }
  finish(journal, opts.stateDir, step);
}

// Removes `dir` and the empty folders below it, keeping anything that holds a file.
function _removeEmpty(dir: string): void {
  try {
    for (const name of readdirSync(dir)) _removeEmpty(join(dir, name));
    rmdirSync(dir);
  } catch {
    // Not empty, not a folder, or already gone: kept as it is.
  }
}

function _read(path: string): Buffer | undefined {
  return existsSync(path) ? readFileSync(path) : undefined;
}
