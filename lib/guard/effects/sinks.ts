/** Device files a write to loses nothing: writing there is output, not a change to a file. */
const SINKS = new Set(["/dev/null", "/dev/stdout", "/dev/stderr", "/dev/tty"]);

/** Whether a literal target is one of the output sinks (`tee /dev/null`, `script -q /dev/null`). */
export function isSink(path: string): boolean {
  return SINKS.has(path);
}
