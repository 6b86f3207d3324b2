import { existsSync, mkdirSync, unlinkSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { fsyncDirSync, writeFileAtomic } from "../core/atomic-write.ts";
import { isErrno } from "../core/errors.ts";
import { readJsonFile } from "../core/json-file.ts";

/** One folder swap of a transaction: a new copy put at `<target>/<name>`, or a copy taken away. */
export const TxMove = z.strictObject({
  kind: z.enum(["place", "remove"]),
  /** The agent skills folder (absolute). */
  target: z.string().min(1),
  name: z.string().min(1),
  /** The transaction folder beside `target`: `new/<name>` holds the staged copy, `old/<name>` the previous one. */
  tx: z.string().min(1),
});
export type TxMove = z.infer<typeof TxMove>;

/** A file (lock, manifest) the transaction replaces, written in order, the last one being the commit point. */
export const TxFile = z.strictObject({
  path: z.string().min(1),
  /** The previous bytes, base64, or null when the file did not exist. */
  before: z.string().nullable(),
  /** sha256 hex of the new bytes. */
  after: z.string().regex(/^[0-9a-f]{64}$/),
});
export type TxFile = z.infer<typeof TxFile>;

/**
 * The install transaction journal, written atomically once every copy is staged and verified and
 * before the first folder is moved; removed when the transaction is finished. A journal found on
 * the next run means the process died in between, and says how to roll back or forward.
 */
export const TxJournal = z
  .strictObject({
    version: z.literal(1),
    txid: z.string().min(1),
    pid: z.number().int(),
    createdAt: z.string(),
    /** Every transaction folder, removed when the transaction is finished. */
    txDirs: z.array(z.string().min(1)),
    moves: z.array(TxMove),
    files: z.array(TxFile),
  })
  .meta({ id: "install-journal", title: "leogriel-install transaction journal", description: "State of an install that was interrupted: .leogriel/install/journal.json." });
export type TxJournal = z.infer<typeof TxJournal>;

const JOURNAL = "journal.json";

/** The prefix of transaction folders; the creating process id follows, so a live one is never touched. */
export const TX_PREFIX = ".leogriel-tx-";

export function journalPath(stateDir: string): string {
  return join(stateDir, JOURNAL);
}

/**
 * The pending journal in `stateDir`, or undefined when no transaction was interrupted.
 * @throws {LeogrielError} `invalid_json` / `invalid_document` (exit 2) for a damaged journal
 */
export function readJournal(stateDir: string): TxJournal | undefined {
  const path = journalPath(stateDir);
  if (!existsSync(path)) return undefined;
  return readJsonFile(path, TxJournal, { label: path, maxBytes: 64 * 1024 * 1024 });
}

export function writeJournal(stateDir: string, journal: TxJournal): void {
  mkdirSync(stateDir, { recursive: true });
  writeFileAtomic(journalPath(stateDir), `${JSON.stringify(journal, null, 2)}\n`);
}

/** Removes the journal: the transaction is finished (committed or undone). */
export function clearJournal(stateDir: string): void {
  try {
    unlinkSync(journalPath(stateDir));
  } catch (err) {
    if (isErrno(err, "ENOENT")) return;
    throw err;
  }
  fsyncDirSync(stateDir);
}
