import { spyOn } from "bun:test";

/**
 * Runs `fn` in this process with everything written to stdout and stderr captured instead of
 * printed, and `process.exitCode` reset afterwards (in-process command tests).
 */
export async function captureStdio<T>(fn: () => Promise<T>): Promise<{ result: T; stdout: string; stderr: string }> {
  let stdout = "";
  let stderr = "";
  const out = spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => ((stdout += String(chunk)), true));
  const err = spyOn(process.stderr, "write").mockImplementation((chunk: string | Uint8Array) => ((stderr += String(chunk)), true));
  try {
    const result = await fn();
    return { result, stdout, stderr };
  } finally {
    out.mockRestore();
    err.mockRestore();
    process.exitCode = 0;
  }
}
