import { readFileSync, statSync } from "node:fs";
import { literalWord, unknownWord, type Word } from "../syntax.ts";
import type { Invocation } from "./context.ts";
import { absolutePath, landedSince } from "./program-path.ts";
import { mayBeRewritten } from "./unseen-writes.ts";

const MAX_SCRIPT = 65_536;

/**
 * The text of a `sed -f FILE` script, read so it is analysed like an inline one. A file that does
 * not exist makes sed fail before it runs anything: no script (null). A file the line itself
 * filled or may have rewritten, stdin, one that cannot be read or is over 64 KiB: unknown.
 */
export function sedFileScript(word: Word | undefined, inv: Invocation): Word | null {
  // In a container or on another host (`docker exec`, ssh) the file is not the local one.
  if (!word || word.dynamic || word.value === "-" || inv.ctx.state.remote) return unknownWord();
  const file = absolutePath(word.value, inv.ctx.state.cwd);
  if (file === null || file.startsWith("/dev/") || file.startsWith("/proc/")) return unknownWord();
  if (landedSince(file, inv.ctx, 0) || mayBeRewritten(inv.ctx, inv.cmd)) return unknownWord();
  try {
    const stat = statSync(file, { throwIfNoEntry: false });
    if (stat === undefined) return null;
    if (!stat.isFile() || stat.size > MAX_SCRIPT) return unknownWord();
    return literalWord(readFileSync(file, "utf8"));
  } catch {
    return unknownWord();
  }
}
