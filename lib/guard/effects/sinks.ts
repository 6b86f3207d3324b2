import { op, type Op } from "../ops.ts";
import type { Word } from "../syntax.ts";

/** Device files a write to loses nothing: writing there is output, not a change to a file. */
const SINKS = new Set(["/dev/null", "/dev/stdout", "/dev/stderr", "/dev/tty"]);

/** Whether a literal target is one of the output sinks (`tee /dev/null`, `script -q /dev/null`). */
export function isSink(path: string): boolean {
  return SINKS.has(path);
}

/** A written file that is a device or stdout replaces nothing. */
export const realOutput = (w: Word) => !/^\/(dev|proc\/(self|thread-self|\d+))\/fd\/|^\/dev\/std/.test(w.value) && (w.dynamic || (w.value !== "-" && !isSink(w.value)));

/**
 * Each real output (realOutput) a program creates or replaces: an overwrite of a file that may land
 * new; `inPlace` when an existing one is edited rather than replaced (gpg's keyrings, `ar r`).
 */
export const createdFiles = (verb: string, files: Word[], inPlace?: true): Op[] => files.filter(realOutput).map((f) => ({ ...op("overwrite", verb, [f]), ...(inPlace && { inPlace }), lands: "created" as const }));

/**
 * A folder a program fills with files whose names it chooses (an archive extracted, a site built,
 * a download saved under its own name): any file already there may be replaced.
 */
export const filledFolder = (verb: string, dirs: Word[]): Op => ({ ...op("write-into", verb, dirs), lands: "spread", replaces: true });
