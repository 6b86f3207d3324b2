import { existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, unlinkSync } from "node:fs";
import { dirname, join } from "node:path";
import { writeFileAtomic } from "../core/atomic-write.ts";
import { LeogrielError } from "../core/errors.ts";
import { copyTree } from "./copy-tree.ts";
import { hashDirectory } from "./dir-integrity.ts";

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
  /** Files (lock, manifest) written after the folders, atomically each. */
  files: Array<{ path: string; text: string }>;
}

/**
 * Applies a plan as one transaction. Every copy is staged beside its target folder (same file
 * system, so the final step is a rename), re-hashed against the integrity it must have, then
 * swapped in; previous copies are moved aside, not deleted, until the lock and manifest are
 * written. Any failure puts every folder and file back as it was.
 * @throws {LeogrielError} `integrity_mismatch` when a staged copy differs; file system errors
 */
export function applyPlan(plan: Plan): void {
  const txDirs = new Map<string, string>();
  const txFor = (target: string) => {
    let tx = txDirs.get(target);
    if (!tx) {
      mkdirSync(target, { recursive: true });
      // A hidden sibling of the skills folder: same file system, never scanned as a skill.
      tx = mkdtempSync(join(dirname(target), ".leogriel-tx-"));
      mkdirSync(join(tx, "new"));
      mkdirSync(join(tx, "old"));
      txDirs.set(target, tx);
    }
    return tx;
  };
  const undo: Array<() => void> = [];
  try {
    for (const p of plan.place) {
      const staged = join(txFor(p.target), "new", p.name);
      copyTree(p.from, staged);
      const { integrity } = hashDirectory(staged);
      if (integrity !== p.integrity) {
        throw new LeogrielError("integrity_mismatch", `Cannot install ${p.name}: the staged copy hashes to ${integrity}, not ${p.integrity}`);
      }
    }
    for (const r of plan.remove) _moveAside(r.target, r.name, txFor(r.target), undo);
    for (const p of plan.place) {
      const tx = txFor(p.target);
      _moveAside(p.target, p.name, tx, undo);
      const dest = join(p.target, p.name);
      renameSync(join(tx, "new", p.name), dest);
      undo.push(() => renameSync(dest, join(tx, "new", p.name)));
    }
    for (const f of plan.files) {
      const previous = existsSync(f.path) ? readFileSync(f.path) : undefined;
      mkdirSync(dirname(f.path), { recursive: true });
      writeFileAtomic(f.path, f.text);
      undo.push(() => (previous === undefined ? unlinkSync(f.path) : writeFileAtomic(f.path, previous)));
    }
  } catch (err) {
    let stuck = false;
    for (const step of undo.reverse()) {
      try {
        step();
      } catch {
        stuck = true;
      }
    }
    if (!stuck) {
      _cleanup(txDirs);
      throw err;
    }
    // Never delete what could not be moved back: the previous copies stay in the tx folders.
    throw new LeogrielError("rollback_incomplete", `Cannot finish the install and could not undo every step; previous copies are kept in ${[...txDirs.values()].join(", ")}: ${(err as Error).message}`);
  }
  _cleanup(txDirs);
}

function _moveAside(target: string, name: string, tx: string, undo: Array<() => void>): void {
  const dest = join(target, name);
  if (!_exists(dest)) return;
  const aside = join(tx, "old", name);
  renameSync(dest, aside);
  undo.push(() => renameSync(aside, dest));
}

function _exists(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
}

function _cleanup(txDirs: Map<string, string>): void {
  for (const tx of txDirs.values()) rmSync(tx, { recursive: true, force: true });
}
