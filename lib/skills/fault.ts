import { LeogrielError } from "../core/errors.ts";

/**
 * The crash hook behind the crash-safety tests: `LEOGRIEL_INSTALL_FAULT=crash-at:N` kills the
 * process with SIGKILL just before the Nth durable step of an install transaction (journal
 * write, folder rename, file write, clean-up), the way a power cut or `kill -9` would: no
 * `finally`, no rollback. Unset, every step is a counter increment.
 * @throws {LeogrielError} `invalid_usage` (exit 2) for a value that is not `crash-at:<N>`
 */
export function crashHook(env: Record<string, string | undefined>): () => void {
  const value = env.LEOGRIEL_INSTALL_FAULT;
  if (value === undefined || value === "") return () => {};
  const m = /^crash-at:([1-9]\d{0,5})$/.exec(value);
  if (!m) throw new LeogrielError("invalid_usage", `Cannot use LEOGRIEL_INSTALL_FAULT=${JSON.stringify(value)}: expected crash-at:<N>`);
  const at = Number(m[1]);
  let step = 0;
  return () => {
    if (++step === at) process.kill(process.pid, "SIGKILL");
  };
}
