import { statSync } from "node:fs";
import { literalWord, unknownWord, type Word } from "../syntax.ts";
import type { Invocation } from "./context.ts";
import { absolutePath, landedSince } from "./program-path.ts";
import { readSmallFile } from "./readable-file.ts";
import { mayBeRewritten } from "./unseen-writes.ts";
import { racingWrite, scriptText } from "./written-scripts.ts";

const MAX_SCRIPT = 65_536;

/**
 * The text of a program file (`sed -f FILE`, `awk -f FILE`), read so it is analysed like an
 * inline program. A file that does not exist makes the program fail before it runs anything: no
 * script (null). With `written`, a file the line wrote with text the guard knows
 * (written-scripts.ts scriptText: `printf '…' > p.awk`) is that text (awk's program files). Any
 * other file the line filled or may have rewritten, stdin or any other device or /proc path
 * (`/dev/stdin`, `/dev/fd/0` would be the guard's own stdin), anything but a regular file
 * (reading a named pipe would block the check until the hook times out), one that cannot be read
 * or is over 64 KiB: unknown.
 */
export function programFileText(word: Word | undefined, inv: Pick<Invocation, "cmd" | "ctx">, written = false): Word | null {
  // In a container or on another host (`docker exec`, ssh) the file is not the local one.
  if (!word || word.dynamic || word.value === "-" || inv.ctx.state.remote) return unknownWord();
  const file = absolutePath(word.value, inv.ctx.state.cwd);
  if (file === null || file.startsWith("/dev/") || file.startsWith("/proc/")) return unknownWord();
  if (mayBeRewritten(inv.ctx, inv.cmd)) return unknownWord();
  const known = !written || inv.ctx.state.scripts === undefined ? undefined : scriptText(word.value, inv.ctx.state);
  // Written by a command running alongside (another pipeline stage, a job sent back): awk may read part of it, or the old file.
  if (known !== undefined) return known === null || known.length > MAX_SCRIPT || racingWrite(word.value, inv.ctx.state, inv.cmd) ? unknownWord() : literalWord(known);
  if (landedSince(file, inv.ctx, 0)) return unknownWord();
  let exists: boolean;
  try {
    exists = statSync(file, { throwIfNoEntry: false }) !== undefined;
  } catch {
    return unknownWord();
  }
  if (!exists) return null;
  // Through a symlink into /proc or /sys a "regular" file may block the read (readable-file.ts).
  const text = readSmallFile(file, MAX_SCRIPT);
  return text === null ? unknownWord() : literalWord(text);
}
