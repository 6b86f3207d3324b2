import { op, type Op } from "../ops.ts";
import type { Word } from "../syntax.ts";
import { realOutput } from "./sinks.ts";

/**
 * The archive `zip ARCHIVE …`, `7z a ARCHIVE …` or `rar a ARCHIVE …` creates or updates: the name
 * with the program's suffix when its last component has no dot (`zip -r ~/.bashrc src` writes
 * ~/.bashrc itself), judged as a file edited in place (session 8: each was ALLOW_NO_EFFECT).
 * Apart from output-options.ts: extractors.ts is loaded at start-up (package-installs.ts), and
 * output-options.ts sits in the import cycle around programs.ts.
 */
export function archiveWrite(verb: string, archive: Word | undefined, suffix: string): Op[] {
  if (!archive || !realOutput(archive)) return [];
  const named = archive.dynamic || /\.[^/]*$/.test(archive.value) ? archive : { ...archive, value: archive.value + suffix, pattern: archive.pattern + suffix };
  return [{ ...op("overwrite", verb, [named]), inPlace: true }];
}
