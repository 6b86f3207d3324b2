/**
 * Fault injection for the crash and full-disk tests, read once from `LEOGRIEL_RECOVERY_FAULT`:
 *
 * - `crash-at:N`: SIGKILL this process right after its N-th durable step (a journal record or a
 *   file system move), so a test can stop a real child between any two steps;
 * - `enospc-journal:N`: the N-th journal append fails with ENOSPC before writing anything;
 * - `enospc-copy`: a cross-device copy fails with ENOSPC after its first file.
 *
 * Unset (always, outside tests) every hook is a no-op.
 */
interface Faults {
  crashAt?: number;
  enospcJournal?: number;
  enospcCopy: boolean;
}

let steps = 0;
let appends = 0;
const faults = _parse(process.env.LEOGRIEL_RECOVERY_FAULT ?? "");

/** Marks one durable step done; the crash hook fires here. */
export function checkpoint(): void {
  steps++;
  if (faults.crashAt === steps) process.kill(process.pid, "SIGKILL");
}

/** Called before a journal append; throws the injected ENOSPC when it is this append's turn. */
export function beforeJournalAppend(): void {
  appends++;
  if (faults.enospcJournal === appends) throw _enospc("write");
}

/** Called after each file a cross-device copy writes. */
export function afterCopiedFile(): void {
  if (faults.enospcCopy) throw _enospc("copyfile");
}

function _enospc(syscall: string): Error {
  return Object.assign(new Error(`ENOSPC: no space left on device, ${syscall}`), { code: "ENOSPC", syscall });
}

function _parse(spec: string): Faults {
  const [name, arg] = spec.split(":");
  const n = Number(arg);
  if (name === "crash-at" && n > 0) return { crashAt: n, enospcCopy: false };
  if (name === "enospc-journal" && n > 0) return { enospcJournal: n, enospcCopy: false };
  return { enospcCopy: name === "enospc-copy" };
}
