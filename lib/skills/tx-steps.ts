import { existsSync, lstatSync, mkdirSync, readFileSync, renameSync, rmSync, unlinkSync } from "node:fs";
import { dirname, join } from "node:path";
import { writeFileAtomic } from "../core/atomic-write.ts";
import { LeogrielError } from "../core/errors.ts";
import { sha256Hex } from "../core/hash.ts";
import { clearJournal, type TxFile, type TxJournal, type TxMove } from "./tx-journal.ts";

/**
 * The steps of an install transaction, written so that each one can be repeated after a crash:
 * every step looks at what is on disk and does only what is left. A `step` callback runs before
 * each durable change (the crash hook counts them).
 */
type Step = () => void;

const _paths = (m: TxMove) => ({ dest: join(m.target, m.name), staged: join(m.tx, "new", m.name), aside: join(m.tx, "old", m.name) });

/** Moves the previous copy aside and the staged one into place (or only aside, for a removal). */
export function moveForward(m: TxMove, step: Step): void {
  const { dest, staged, aside } = _paths(m);
  if (_exists(dest) && !_exists(aside) && (m.kind === "remove" || _exists(staged))) {
    step();
    renameSync(dest, aside);
  }
  if (m.kind === "place" && _exists(staged)) {
    if (_exists(dest)) throw new LeogrielError("tx_conflict", `Cannot move ${m.name} into ${m.target}: something else appeared there during the install`);
    step();
    mkdirSync(m.target, { recursive: true });
    renameSync(staged, dest);
  }
}

/** Undoes moveForward: the placed copy goes back to the transaction folder, the previous one returns. */
export function moveBack(m: TxMove, step: Step): void {
  const { dest, staged, aside } = _paths(m);
  if (m.kind === "place" && !_exists(staged) && _exists(dest)) {
    step();
    renameSync(dest, staged);
  }
  if (_exists(aside) && !_exists(dest)) {
    step();
    renameSync(aside, dest);
  }
}

/** Writes a file of the transaction unless it already holds the new bytes. */
export function writeForward(f: TxFile, text: string, step: Step): void {
  if (_sha(f.path) === f.after) return;
  step();
  mkdirSync(dirname(f.path), { recursive: true });
  writeFileAtomic(f.path, text);
}

/** Puts a file's previous bytes back (or removes it when it did not exist). */
export function writeBack(f: TxFile, step: Step): void {
  if (_sha(f.path) !== f.after) return;
  step();
  if (f.before === null) unlinkSync(f.path);
  else writeFileAtomic(f.path, Buffer.from(f.before, "base64"));
}

/**
 * Whether the transaction had committed: its last file (the lock, written last) holds the new
 * bytes, or it writes no file at all (its copies already match the lock on disk).
 * @throws {LeogrielError} `tx_conflict` (exit 2) when a file holds neither its old nor its new bytes
 */
export function committed(j: TxJournal): boolean {
  const last = j.files.at(-1);
  const forward = last === undefined || _sha(last.path) === last.after;
  for (const f of j.files) {
    const now = _sha(f.path);
    const before = f.before === null ? null : sha256Hex(Buffer.from(f.before, "base64"));
    if (now !== f.after && (forward || now !== before)) {
      throw new LeogrielError("tx_conflict", `Cannot recover the interrupted install ${j.txid}: ${f.path} was changed since; its previous copies are kept in ${j.txDirs.join(", ")}`);
    }
  }
  return forward;
}

/** Undoes a transaction that did not commit: files first (newest first), then folders. */
export function rollBack(j: TxJournal, step: Step = () => {}): void {
  for (const f of [...j.files].reverse()) writeBack(f, step);
  for (const m of [...j.moves].reverse()) moveBack(m, step);
}

/** Ends a transaction: its folders (staged leftovers, superseded copies) and then its journal go. */
export function finish(j: TxJournal, stateDir: string, step: Step = () => {}): void {
  for (const tx of j.txDirs) {
    if (!existsSync(tx)) continue;
    step();
    rmSync(tx, { recursive: true, force: true });
  }
  step();
  clearJournal(stateDir);
}

function _sha(path: string): string | null {
  try {
    return sha256Hex(readFileSync(path));
  } catch {
    return null;
  }
}

function _exists(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
}
