import { closeSync, existsSync, fsyncSync, openSync, readFileSync, truncateSync, writeSync } from "node:fs";
import { dirname } from "node:path";
import { fsyncDirSync } from "../../core/atomic-write.ts";
import { LeogrielError } from "../../core/errors.ts";
import { beforeJournalAppend, checkpoint } from "./fault.ts";
import { asJournalRecord } from "./journal-guard.ts";
import type { JournalRecord } from "./journal-records.ts";

/**
 * Appends one record to a journal and makes it durable (write, fsync, and an fsync of the folder
 * when the file is new) before returning: the step it announces may only start afterwards.
 * @throws {Error} the file system error (ENOSPC, EACCES, ...) when the record cannot persist
 */
export function appendRecord(path: string, record: JournalRecord): void {
  appendDurableLine(path, JSON.stringify(record));
}

/** Appends one line (no newline inside) durably; the journal and the audit log share it. */
export function appendDurableLine(path: string, line: string): void {
  beforeJournalAppend();
  const created = !existsSync(path);
  const fd = openSync(path, "a", 0o600);
  try {
    const bytes = Buffer.from(`${line}\n`, "utf8");
    let off = 0;
    while (off < bytes.length) off += writeSync(fd, bytes, off, bytes.length - off);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  if (created) fsyncDirSync(dirname(path));
  checkpoint();
}

/** A journal as read back: its valid records, and whether a torn final line was dropped. */
export interface JournalText {
  records: JournalRecord[];
  torn: boolean;
}

/**
 * Reads a journal. A crash during an append can leave one incomplete last line; it is dropped
 * (the step it announced never started). Any other bad line makes the journal invalid.
 * @throws {LeogrielError} `journal_invalid` (exit 2)
 */
export function readJournal(path: string, label: string): JournalText {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (err) {
    throw new LeogrielError("journal_invalid", `Cannot read the journal of ${label}: ${(err as Error).message}`, {
      exitCode: 2,
    });
  }
  const lines = text.split("\n");
  const last = lines.pop() ?? "";
  const records: JournalRecord[] = [];
  for (const [i, line] of lines.entries()) {
    const record = _parse(line);
    if (!record) {
      throw new LeogrielError("journal_invalid", `Cannot read the journal of ${label}: line ${i + 1} is not a journal record`, {
        exitCode: 2,
      });
    }
    records.push(record);
  }
  const tail = last === "" ? undefined : _parse(last);
  if (tail) records.push(tail);
  return { records, torn: last !== "" && !tail };
}

/** Cuts a torn final line off so the next append starts on a fresh line. */
export function repairTornTail(path: string): void {
  const text = readFileSync(path);
  if (text.length === 0 || text[text.length - 1] === 0x0a) return;
  truncateSync(path, text.lastIndexOf(0x0a) + 1);
  const fd = openSync(path, "r+");
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

function _parse(line: string): JournalRecord | undefined {
  try {
    return asJournalRecord(JSON.parse(line));
  } catch {
    return undefined;
  }
}
