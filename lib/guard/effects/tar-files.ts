import { isAbsolute } from "node:path";
import { op, type Op } from "../ops.ts";
import type { Word } from "../syntax.ts";
import { HARMLESS_DEVICES } from "./analyze.ts";
import { isSink } from "./sinks.ts";
import { remoteArchive, tarToStdout, type TarArgs } from "./tar-args.ts";

// An open descriptor (`/dev/fd/3`, `/proc/self/fd/$n`): a stream, no file to replace.
const DESCRIPTOR = /^\/(dev|proc\/(self|thread-self|\d+))\/fd\//;
// Operations that write the archive: create replaces it, the others change it in place.
const IN_PLACE = new Set(["append", "update", "catenate", "delete"]);

/**
 * The files tar itself writes or removes (red team 3): the archive `-f FILE` that `-c` replaces
 * (`tar -cf ~/.bashrc src`) or `-r`/`-u`/`-A`/`--delete` change in place, the operands
 * `--remove-files` deletes once archived, and an extraction with `-P`/`--absolute-names`, whose
 * members may name any path (unknown targets: the archive is not read).
 */
export function tarFileOps(t: TarArgs, archive: Word | undefined): Op[] {
  const ops: Op[] = [];
  const mode = t.mode;
  if (archive && (mode === "create" || IN_PLACE.has(mode ?? "")) && !DESCRIPTOR.test(archive.value) && (archive.dynamic || !_elsewhere(archive.value, t))) {
    // A device other than the harmless ones is a disk (or tape) written over, as with dd.
    if (!archive.dynamic && archive.value.startsWith("/dev/")) ops.push(op("disk", "tar", [archive]));
    else ops.push(mode === "create" ? { ...op("overwrite", "tar", [archive]), lands: "created" } : { ...op("overwrite", "tar", [archive]), inPlace: true });
  }
  ops.push(..._sideFiles(t));
  if (t.long.has("remove-files") && mode !== "extract" && mode !== "list" && mode !== "diff") ops.push(..._removed(t));
  if (mode === "extract" && (t.short.has("P") || t.long.has("absolute-names")) && !tarToStdout(t)) ops.push(op("unknown", "tar"));
  return ops;
}

// Files tar writes besides the archive (red team 4): the member listing, the incremental
// snapshot it reads and rewrites, and the volume number file.
const SIDE_FILES: Record<string, "created" | "inPlace"> = { "index-file": "created", "listed-incremental": "inPlace", "volno-file": "inPlace" };

/** `--index-file=FILE` replaces FILE with the listing (`-v` output); `-g`/`--listed-incremental FILE` and `--volno-file FILE` are rewritten. */
function _sideFiles(t: TarArgs): Op[] {
  const ops: Op[] = [];
  for (const [name, w] of t.values) {
    const how = SIDE_FILES[name];
    if (!how || (!w.dynamic && (w.value === "-" || DESCRIPTOR.test(w.value) || isSink(w.value) || HARMLESS_DEVICES.test(w.value)))) continue;
    ops.push(how === "created" ? { ...op("overwrite", "tar", [w]), lands: "created" } : { ...op("overwrite", "tar", [w]), inPlace: true, lands: "created" });
  }
  return ops;
}

/** stdout (`-f -`), a device or sink, or an archive on another host: no local file is replaced. */
function _elsewhere(archive: string, t: TarArgs): boolean {
  if (archive === "-" || isSink(archive) || HARMLESS_DEVICES.test(archive)) return true;
  return remoteArchive(archive, t);
}

/**
 * `--remove-files`: every operand is deleted once archived, folders with their content. The
 * operands are relative to `-C DIR` when one is given; a list read with `-T` or a second `-C`
 * leaves them unknown.
 */
function _removed(t: TarArgs): Op[] {
  if (t.short.has("T") || t.long.has("files-from") || t.directories.length > 1) return [op("unknown", "tar")];
  const dir = t.directories[0];
  if (dir?.dynamic) return [op("unknown", "tar")];
  const targets = t.operands.map((w) => (dir && !w.dynamic && !isAbsolute(w.value) ? { ...w, value: `${dir.value}/${w.value}`, pattern: `${dir.pattern}/${w.pattern}` } : w));
  // Folders go with their content unless `--no-recursion` is given (and no later `--recursion`).
  const recursive = !t.long.has("no-recursion") || t.long.has("recursion");
  return targets.length ? [op("delete", "tar", targets, recursive)] : [];
}
