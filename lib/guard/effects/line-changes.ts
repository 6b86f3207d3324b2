import { basename, isAbsolute, join, normalize } from "node:path";
import { lstatOrUndefined } from "../fs-probe.ts";
import { withoutTrailingSlash } from "../paths.ts";
import type { Op } from "../ops.ts";
import { archiveSources, type ArchiveSources } from "./archive-sources.ts";
import { literalWord, type SimpleCommand, unknownWord, type Word } from "../syntax.ts";
import { tarArgs } from "./tar-args.ts";
import { tarSources } from "./tar-sent.ts";
import { copyOut, copyOutSources } from "./copy-out.ts";
import { programName } from "./names.ts";
import { stdinRedirect } from "./stdin.ts";
import type { AnalyzeContext } from "./context.ts";
import { isSecretFile } from "./secrets.ts";
import { COMPRESSING, COMPRESSOR_NAMES } from "./registry-names.ts";
import { LOADED } from "./loaded-analysers.ts";

// Loaded when a line runs one (lazy-handler.ts says why), as flows.ts loads it.
const compressors = (): typeof import("./compressors.ts") => (LOADED.compressors ??= require("./compressors.ts"));

/**
 * A change an earlier part of the line made to the file system, for what later senders read
 * (sent-tree.ts): a named `file` written (a secret when its name or its bytes are one), a `tree`
 * of entries of unknown names (copies of folders, moves, links, extractions), or a path `removed`
 * for sure. `path` is absolute, or null when it cannot be known.
 */
export interface LineChange {
  kind: "file" | "tree" | "removed";
  path: string | null;
  secret?: boolean;
  /** A removal that takes everything below the path too. */
  recursive?: boolean;
  /**
   * An archive or compressed file made of these sources, as they were when it was written: the
   * changes before index `at` applied (sent-tree.ts walks them when the file is sent).
   */
  from?: ArchiveSources & { at: number };
}

// Programs whose written targets are files they name: the written entry is the target itself.
const FILE_WRITERS = new Set(["redirect", "tee", "curl", "wget", "http", "https", "xh", "dd", "truncate", "touch", "mkdir", "mkfifo", "mknod", "shred", "sort", "sed"]);
const COPIES = new Set(["cp", "install"]);
const _seen = new WeakSet<Op>();

/**
 * Records the changes of one command's ops (`ops` from index `from` on), each op once (a nested
 * script's ops reach the outer loop again). A removal counts only when it surely ran before what
 * follows: a top-level command in no branch, loop, function, subshell, pipeline or background
 * job; any other removal may not have happened, so the files stay counted.
 */
export function recordChanges(ops: Op[], from: number, cmd: SimpleCommand, ctx: AnalyzeContext): void {
  const sure = ctx.depth === 0 && cmd.frame === undefined && cmd.concurrent === undefined;
  // Only a nested script's ops (depth > 0) reach this loop again: top-level ones need no entry
  // (a WeakSet insertion costs about half a microsecond).
  const nested = ctx.depth > 0;
  for (let i = from; i < ops.length; i++) {
    const o = ops[i]!;
    if (_seen.has(o)) continue;
    if (nested) _seen.add(o);
    const changes = (ctx.state.changes ??= []);
    if ((o.kind === "delete" || o.kind === "move") && !o.find && !o.subtree) {
      if (!sure) continue;
      for (const t of o.targets) {
        const path = _path(t, o.cwd);
        if (path !== null && !t.glob) changes.push({ kind: "removed", path, recursive: o.recursive || o.kind === "move" });
      }
    } else if (o.kind === "overwrite" || o.kind === "write-into") {
      for (const t of o.targets) changes.push(..._written(o, t, ctx, cmd));
    }
  }
}

/** What an op writing `target` leaves there. */
function _written(o: Op, target: Word, ctx: AnalyzeContext, cmd: SimpleCommand): LineChange[] {
  const path = target.glob ? null : _path(target, o.cwd);
  if (path === null) return [{ kind: "tree", path: null }];
  const secret = (p: string) => isSecretFile(literalWord(p)) || ctx.state.derived?.has(p) === true;
  if (!o.lands || o.lands === "created") {
    // An archive or compressed copy of known sources (red team 4: `tar -czf d.tgz dist && scp d.tgz`; zip, which updates in place).
    const sources = archiveSources(o) ?? (o.verb === "redirect" ? _stdoutArchive(target, cmd, ctx) : _copiedStdin(o.verb, cmd.argv.slice(1), false) ? _stdinArchive(cmd, ctx) : undefined);
    if (sources) return [{ kind: "file", path, secret: secret(path), from: { ...sources, at: ctx.state.changes?.length ?? 0 } }];
    if (FILE_WRITERS.has(o.verb) || o.inPlace) return [{ kind: "file", path, secret: secret(path) }];
    // A copy of plain files: entries named like the sources, in the destination or as it.
    const copied = COPIES.has(o.verb) ? o.sources : undefined;
    if (copied?.every((s) => !s.dynamic && !s.glob && o.cwd !== null && !_isDir(_path(s, o.cwd)))) {
      const from = copied.some((s) => secret(_path(s, o.cwd)!));
      return [path, ...copied.map((s) => join(path, basename(s.value)))].map((p) => ({ kind: "file", path: p, secret: from || secret(p) }));
    }
  }
  return [{ kind: "tree", path }];
}

// The programs whose stdout may carry an archive (_printedArchive), tested on the name first.
const ARCHIVE_PRINTERS = new RegExp(`(^|/)(cpio|pax|tar|cat|tee|dd|pv|${COMPRESSOR_NAMES.join("|")})$`);

/**
 * The sources of the archive a command prints into a redirection of its stdout (`find certs |
 * cpio -o > b.cpio`, `tar cz . > a.tgz`, `tar c . | gzip > a.tgz`); names it cannot read make
 * the archive unknown data.
 */
function _stdoutArchive(target: Word, cmd: SimpleCommand, ctx: AnalyzeContext): ArchiveSources | undefined {
  const head = cmd.argv[0];
  if (!head || head.dynamic || !ARCHIVE_PRINTERS.test(head.value)) return undefined;
  const r = cmd.redirects.find((x) => x.target === target);
  // Appended (`>>`, `&>>`) the archive is in the file all the same.
  if (!r || !(r.op === "&>" || r.op === "&>>" || ((r.op === ">" || r.op === ">|" || r.op === ">>") && (r.fd === "" || r.fd === "1")))) return undefined;
  return _printedArchive(cmd, ctx);
}

/**
 * The sources of the archive a command prints: `tar -c` to stdout, `cpio -o` and `pax -w` as
 * copy-out.ts reads them for a sender, a compressor of the stage before it when that prints one.
 */
function _printedArchive(cmd: SimpleCommand, ctx: AnalyzeContext): ArchiveSources | undefined {
  const head = cmd.argv[0];
  if (!head || head.dynamic) return undefined;
  const name = programName(head);
  const args = cmd.argv.slice(1);
  if (name === "tar") return _tarToStdout(args, ctx);
  if (COMPRESSING.has(name)) return compressors().compressesStdin(name, args) ? _stdinArchive(cmd, ctx) : undefined;
  if (_copiedStdin(name, args, true)) return _stdinArchive(cmd, ctx);
  const archived = copyOut(name, args, cmd, ctx);
  return archived?.stdout ? copyOutSources(archived) : undefined;
}

/**
 * Whether the program copies its stdin unchanged to its stdout (`toStdout`) or to the files it
 * writes: `cat` with no file but `-`, `tee`, `dd` with no `if=` (and, to stdout, no `of=`), `pv`
 * with no file.
 */
function _copiedStdin(name: string, args: Word[], toStdout: boolean): boolean {
  if (name === "tee") return true;
  if (name === "dd") return !args.some((a) => a.dynamic || a.value.startsWith("if=") || (toStdout && a.value.startsWith("of=")));
  if (name === "cat" || name === "pv") return toStdout && args.every((a) => !a.dynamic && a.value.startsWith("-"));
  return false;
}

/**
 * The sources of the archive a command reads on stdin: what the stage before it prints, or the
 * last command of a process substitution read with `<` (`gzip -c < <(tar c .) > a.gz`).
 */
function _stdinArchive(cmd: SimpleCommand, ctx: AnalyzeContext): ArchiveSources | undefined {
  const r = stdinRedirect(cmd);
  if (!r) return cmd.pipeFrom && _printedArchive(cmd.pipeFrom, ctx);
  const inner = r.op === "<" ? r.target.readsOutputOf : undefined;
  if (!inner) return undefined;
  // The commands that print into the substitution's stdout: no later stage reads them.
  const fed = new Set(inner.map((c) => c.pipeFrom));
  for (const c of inner) {
    const sources = fed.has(c) ? undefined : _printedArchive(c, ctx);
    if (sources) return sources;
  }
  return undefined;
}

/**
 * `tar -c` with no archive or `-f -` prints the archive (`tar cz . > a.tgz`): its sources as
 * tar-sent.ts reads them (red team, session 17); sources it cannot walk are unknown data.
 */
function _tarToStdout(args: Word[], ctx: AnalyzeContext): ArchiveSources | undefined {
  const t = tarArgs(args);
  if (t.mode !== "create" || (t.archive !== undefined && (t.archive.dynamic || t.archive.value !== "-"))) return undefined;
  return tarSources(args, ctx) ?? { roots: [{ word: unknownWord(), recursive: false }], follow: false };
}

/** A folder, or nothing the guard can tell is not one (missing, unexaminable, unnamed). */
function _isDir(path: string | null): boolean {
  return path === null || lstatOrUndefined(path)?.isDirectory() !== false;
}

function _path(word: Word, cwd: string | null): string | null {
  if (word.dynamic || (!isAbsolute(word.value) && cwd === null)) return null;
  return withoutTrailingSlash(normalize(isAbsolute(word.value) ? word.value : join(cwd!, word.value)));
}
