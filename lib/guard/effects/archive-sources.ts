import type { Op } from "../ops.ts";
import type { SentRoot } from "./sent-tree.ts";

/** The local files an archive or compressed file is made of: the trees walked when it is sent. */
export interface ArchiveSources {
  roots: SentRoot[];
  /** The archiver follows symlinks (tar -h). */
  follow: boolean;
}

const _sources = new WeakMap<Op, ArchiveSources>();

/**
 * Marks the op that writes an archive (`tar -cf FILE`) or a compressed copy (`gzip -k FILE`) with
 * what goes into it: a later sender of that file is judged by these sources (line-changes.ts,
 * sent-tree.ts) instead of as a file of unknown content.
 */
export function setArchiveSources(o: Op, sources: ArchiveSources): void {
  _sources.set(o, sources);
}

export function archiveSources(o: Op): ArchiveSources | undefined {
  return _sources.get(o);
}
