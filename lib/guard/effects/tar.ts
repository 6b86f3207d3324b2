import { isAbsolute, normalize } from "node:path";
import { op, type Op } from "../ops.ts";
import { physicalPath } from "../paths.ts";
import { programName } from "./names.ts";
import { literalWord, unknownWord, type SimpleCommand, type Word } from "../syntax.ts";
import { analyzeText } from "./analyze.ts";
import type { Handler, Invocation, LineState } from "./context.ts";
import { GIT_GLOBAL_VALUED } from "./git-options.ts";
import { gitArchiveOptions } from "./archive-git-options.ts";
import { sentOps } from "./network.ts";
import { analyzeFedText } from "./nested-stdin.ts";
import { isSecretFile } from "./secrets.ts";
import { tarSent, tarSources } from "./tar-sent.ts";
import { setArchiveSources } from "./archive-sources.ts";
import { remoteArchive, tarArgs, tarMembers, tarToStdout, type TarArgs } from "./tar-args.ts";
import { tarFileOps } from "./tar-files.ts";
import { renamedWrites } from "./tar-renames.ts";
import { envValue } from "./implicit-inputs.ts";
import { mayBeOption } from "./word-counts.ts";

// Options whose value is a command tar runs (`checkpoint-action` only as `exec=CMD`).
const RUNS = new Set(["use-compress-program", "to-command", "info-script", "new-volume-script", "rsh-command", "checkpoint-action"]);
// Of those, the ones fed bytes the guard does not see: each member (`to-command`), the archive or
// the stream written into it (`use-compress-program`). A shell or interpreter reading its code
// from that stdin runs it (red team 8, C12: `tar --to-command=sh -xf x.tar`, `-I 'sh -s --'`).
const FED = new Set(["use-compress-program", "to-command"]);
// The operations that send no local file to a remote archive (tar-args.ts modes).
const REMOTE_READS = new Set(["extract", "list", "diff", "delete"]);

/**
 * tar: options that run a program, archives written to a remote host (`-f host:path`), and
 * extraction into a directory. GNU tar also reads options from TAR_OPTIONS and its default
 * archive from TAPE, so both are read from the command's environment: an unknown value there is
 * an unknown effect.
 */
export const tar: Handler = (inv) => {
  const options = envValue(inv, "TAR_OPTIONS", false);
  const tape = envValue(inv, "TAPE", false);
  if (options === null || tape === null) return [op("unknown", "tar")];
  const args = [...(options ? options.split(/\s+/).filter(Boolean).map((v) => literalWord(v)) : []), ...inv.args];
  const parsed = tarArgs(args);
  // An operand that may be split into options of any name (`tar $ARGS`: `--remove-files`,
  // `--to-command=…`; red team 14), or a computed option word whose rest may be any (`-c$X`).
  const ops: Op[] = parsed.unread || parsed.operands.some((w) => mayBeOption(w, inv.ctx)) ? [op("unknown", "tar")] : [];
  // Extracting, as tar's own parser reads it (tar-args.ts: `-x`, `xf` first, `--ext`, `--get`; not
  // `-fx`, whose x is the archive's name), or an option word it cannot read whose letters say so (`-x"$F"`).
  const extracts = parsed.short.has("x") || parsed.long.has("extract") || parsed.long.has("get") || args.some((a) => a.dynamic && /^-[a-zA-Z]*x/.test(a.value));
  // Options that run a program, however spelled (`--to-command CMD`, `--to-com=CMD`, `-ICMD`, `cIf CMD …`).
  for (const [name, value] of parsed.values) {
    if (!RUNS.has(name)) continue;
    // Each member goes to the command only when it is extracted: a listing, a diff or a new
    // archive runs none (red team 12: `tar --to-command=sh -tf a.tar` lists).
    if (name === "to-command" && !extracts && parsed.mode !== undefined) continue;
    if (name === "checkpoint-action" && !value.dynamic && !value.value.startsWith("exec=")) continue;
    const text = name === "checkpoint-action" ? value.value.slice(5) : value.value;
    ops.push(...(value.dynamic ? [op("unknown", "tar")] : FED.has(name) ? analyzeFedText(text, "posix", inv.ctx, _unseenInput()) : analyzeText(text, "posix", inv.ctx)));
  }
  let archive = parsed.archive && !parsed.archive.dynamic ? parsed.archive.value : undefined;
  archive ??= tape;
  // `host:path` is an archive on another machine (rmt); what goes into it leaves this one. A
  // listing, an extraction, a diff or a delete only reads it (or rewrites it there): tar runs the
  // remote shell (rsh, or ssh as GNU tar is usually built; `--rsh-command` is read above) and sends
  // rmt's requests, no local file (session 12: `tar -xf host:x` asked ASK_DATA_EGRESS).
  if (archive && remoteArchive(archive, parsed) && (parsed.mode === undefined || !REMOTE_READS.has(parsed.mode))) {
    const sent = tarSent(args, inv.ctx);
    ops.push(...(sent === "secret" && args.some((a) => !a.value.startsWith("-") && isSecretFile(a)) ? [op("secret", "tar")] : sentOps("tar", sent)));
  }
  // Extracting writes into -C DIR or the working directory, replacing what is there (outside the
  // workspace that asks: policy-replaces.ts), and later parts of the line meet the extracted entries.
  const archiveWord = parsed.archive ?? (tape ? literalWord(tape) : undefined);
  if (extracts) {
    const toStdout = tarToStdout(parsed);
    // The members named first: the extraction's entries land after them (policy-lineflow.ts).
    if (!toStdout && parsed.operands.length) ops.push(..._memberWrites(parsed));
    // What renames show of the names the members are written under (tar-renames.ts).
    if (!toStdout) ops.push(...renamedWrites(parsed, args, _stripped(parsed), inv.ctx));
    ops.push(_extraction(parsed.directories, args, toStdout));
    // `git archive TREE | tar -x` in the work tree puts back the tracked files (red team s11, 9).
    // `git archive -o F TREE && tar -xf F` too (gitArchiveFile).
    const stdin = parsed.archive ? parsed.archive.value === "-" && !parsed.archive.dynamic : tape === undefined;
    const discard = toStdout ? null : stdin ? (inv.cmd?.pipeFrom ? _archiveDiscard(parsed, inv) : null) : _fileDiscard(parsed, archiveWord, inv);
    if (discard) ops.push(discard);
  }
  if (parsed.invalid) return ops;
  const written = tarFileOps(parsed, archiveWord);
  // A created archive is made of its operands: sent later, it is judged by them (archive-sources.ts).
  const created = parsed.mode === "create" ? written.find((o) => o.lands === "created") : undefined;
  const sources = created && tarSources(args, inv.ctx);
  if (created && sources) setArchiveSources(created, sources);
  return [...ops, ...written];
};

/** A command whose stdin comes from a program the guard cannot read (analyze.ts stdinOf: unknown). */
function _unseenInput(): SimpleCommand {
  return { argv: [], assigns: [], redirects: [], pipeFrom: { argv: [unknownWord()], assigns: [], redirects: [] } };
}

/**
 * Where an extraction writes: the `-C DIR` as tar's own parser reads it (`-C DIR`, `-CDIR`, `-xC
 * DIR`, `--dir DIR`, `--directory=DIR`: session 4, only the first two were read), or the working
 * directory. Each `-C` changes directory from the one before, so a relative one after the first,
 * or an option word the guard cannot read (`-C"$D"`), leaves the folder unknown.
 */
function _extraction(dirs: Word[], args: Word[], toStdout: boolean): Op {
  const unread = args.some((a) => a.dynamic && a.value.startsWith("-"));
  if (unread || dirs.slice(1).some((d) => d.dynamic || !d.value.startsWith("/"))) return op("unknown", "tar");
  return { ...op("write-into", "tar", dirs.length ? dirs : [literalWord(".")]), lands: "spread", ...(!toStdout && { replaces: true }) };
}

/**
 * The members an extraction names, each written where tar puts it (session 13): `tar -xf a.tar
 * .git/hooks/pre-commit` writes that hook, `tar -xf a.tar -C ~ .bashrc` the startup file, and
 * `tar -xf a.tar id_rsa` writes `./id_rsa` (no key is read: secrets.ts leaves members unread).
 * Each is judged as an extraction into that path (a member may be a folder): replacing what is
 * there outside the workspace asks, in protected storage or the system it blocks, in the workspace
 * it passes as the extraction does. `-C DIR` changes folder where it stands: a member is written
under the `-C`s before it, each read from the one before (`tar -xf a.tar m -C d` writes `./m`,
checked in the sandbox with GNU tar 1.34). GNU tar drops a member's leading `/` unless `-P` keeps it, and
 * without `-P` refuses a member with a `..` component ("Member name contains '..'", as bsdtar
 * does): it writes nothing. `--strip-components=N` drops the member's first N components (`tar -xf
 * a.tar --strip-components=1 pkg/.mcp.json` writes `./.mcp.json`); a member with no more is a
 * folder whose entries the extraction's own op judges. A computed member or folder, and a member
 * renamed by a pattern (`--transform`) or into a folder named after the archive
 * (`--one-top-level`), is one of the unlisted entries the extraction's own op judges, as every
 * entry of `tar -xf a.tar` is; a glob is read as its text (tar matches the names as given).
 * bsdtar's (and macOS tar's) `-s PATTERN` is read as GNU tar reads `-s` (`--same-order`): the
 * pattern is taken for one more member, and a member it renames is judged under its own name.
 */
function _memberWrites(parsed: TarArgs): Op[] {
  const members = tarMembers(parsed);
  const dirs = parsed.directories;
  if (!members.length || dirs.some((d) => d.dynamic) || RENAMES.some((k) => parsed.long.has(k))) return [];
  const strip = _stripped(parsed);
  if (strip === undefined) return [];
  const absolute = parsed.short.has("P") || parsed.long.has("absolute-names");
  const targets: Word[] = [];
  for (const [k, m] of members.entries()) {
    if (m.dynamic || (!absolute && /(?:^|\/)\.\.(?:\/|$)/.test(m.value))) continue;
    const kept = absolute ? m.value : m.value.replace(/^\/+/, "");
    const name = strip ? kept.split("/").filter((c) => c !== "").slice(strip).join("/") : kept;
    if (name === "") continue;
    // The folder the `-C`s before the member lead to, each from the one before.
    const dir = dirs.slice(0, parsed.operandDirs[k]).reduce((at, d) => (isAbsolute(d.value) || at === "" ? d.value : `${at}/${d.value}`), "");
    targets.push(literalWord(dir === "" || isAbsolute(name) ? name : `${dir}/${name}`, true));
  }
  return targets.length ? [{ ...op("write-into", "tar", targets), replaces: true }] : [];
}

/** The number of leading components `--strip-components` drops (the last one given): 0 without it, undefined when computed. */
function _stripped(parsed: TarArgs): number | undefined {
  const given = parsed.values.findLast(([k]) => k === "strip-components")?.[1];
  if (!given) return 0;
  return given.dynamic || !/^\d+$/.test(given.value) ? undefined : Number(given.value);
}

// Extraction options that put members under other names: the extraction's own op judges them.
const RENAMES = ["transform", "xform", "one-top-level"];

// Extraction options that leave existing files alone or put members elsewhere.
const KEEPS = ["keep-old-files", "skip-old-files", "keep-newer-files", "strip-components", "transform", "xform", "one-top-level"];
// git's options before the subcommand that point it at another repository, work tree or program
// folder (`-C` alone is followed: _gitArchiveAt).
const GIT_ELSEWHERE = /^(-C|--git-dir|--work-tree|--namespace|--bare|--exec-path|--config-env|--super-prefix)(=|$)/;

/**
 * `git archive TREE [PATH…] | tar -x` (`-xf -`, `-C` the same folder): the archive holds the
 * tracked files of TREE under the folder git ran in (from a subfolder, that subfolder's), and
 * extracting it there overwrites their uncommitted changes, as `git checkout TREE -- .` does
 * (red team session 11, finding 9: ALLOW while the checkout snapshots). The same discard op
 * (SNAPSHOT_GIT_WORKTREE). Not for an archive put elsewhere (`--prefix`, `--remote`, `-o`), nor
 * an extraction that keeps existing files (`-k`, `--skip-old-files`, `--keep-newer-files`) or
 * renames members (`--strip-components`, `--transform`).
 */
function _archiveDiscard(parsed: TarArgs, inv: Invocation): Op | null {
  const cwd = inv.ctx.state.cwd;
  const ran = cwd === null ? undefined : _pipedWorkTree(inv.cmd!.pipeFrom!, cwd);
  // Where git ran, and where tar writes: the same folder.
  return ran === undefined ? null : _discardInto(parsed, ran, cwd!);
}

/** The folder a `git archive` of the work tree feeding this command ran in (`from`: the command before the pipe), if it is one. */
function _pipedWorkTree(from: SimpleCommand, cwd: string): string | undefined {
  const [head, ...rest] = from.argv;
  if (from.group || !head || head.dynamic || programName(head) !== "git") return undefined;
  const ran = _gitArchiveAt(rest, from.cwd ?? cwd);
  return ran && _workTreeArchive(rest.slice(ran.at + 1), false) ? ran.dir : undefined;
}

/**
 * Where `git [GLOBAL…] archive` stands among git's arguments and the folder git runs it in, or
 * null: git's global options as git.c reads them (git-options.ts GIT_GLOBAL_VALUED: `-c K=V` and
 * the other valued ones take the next word), `-C DIR` changing folder from the one before (an
 * empty one ignored), anything pointing git at another repository or work tree (`--git-dir`,
 * `--work-tree`, `--namespace`, `--bare`, `--config-env`, `--super-prefix`, `--exec-path`) or a
 * computed word before `archive` not read.
 */
function _gitArchiveAt(args: Word[], cwd: string): { at: number; dir: string } | null {
  let dir: string | null = cwd;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a.dynamic) return null;
    const v = a.value;
    if (!v.startsWith("-")) return v === "archive" && dir !== null ? { at: i, dir } : null;
    if (GIT_ELSEWHERE.test(v)) {
      if (v !== "-C") return null;
      const to = args[++i];
      if (!to || to.dynamic || dir === null) return null;
      if (to.value !== "") dir = physicalPath(isAbsolute(to.value) ? to.value : `${dir}/${to.value}`, dir);
      continue;
    }
    if (GIT_GLOBAL_VALUED.has(v)) i++;
  }
  return null;
}

/**
 * Whether `git archive ARGS` writes the tracked files as they lie in the folder git runs in, and
 * where (archive-git-options.ts reads the options as git does: `--form=zip`, `--pre=`, the last of
 * each): a tar, tgz or zip archive (the last `--format`, or the format git infers from the output's
 * name, all three; bsdtar, macOS's and Windows' tar, extracts a zip as it does a tar), no prefix but
 * an empty or `./` one, nothing computed, no `--remote` or `--list`. On stdout (`output` false) no
 * `-o` either. Null when it does not; otherwise the `-o` file, if any.
 */
function _workTreeArchive(archiveArgs: Word[], output: boolean): { file: Word | undefined } | null {
  const read = gitArchiveOptions(archiveArgs);
  if (read === null || (!output && read.output) || !/^(\.\/?)?$/.test(read.prefix)) return null;
  return /^(tar|tgz|tar\.gz|zip)$/.test(read.format ?? "tar") ? { file: read.output } : null;
}

/** The discard when an extraction (tar's `-C` or the working folder `cwd`) writes into `ran`, where git made the archive. */
function _discardInto(parsed: TarArgs, ran: string, cwd: string): Op | null {
  if (parsed.short.has("k") || KEEPS.some((k) => parsed.long.has(k))) return null;
  if (parsed.directories.length > 1) return null;
  const dir = parsed.directories[0];
  if (dir?.dynamic) return null;
  const into = dir ? physicalPath(isAbsolute(dir.value) ? dir.value : `${cwd}/${dir.value}`, cwd) : cwd;
  if (into !== physicalPath(ran, ran)) return null;
  return { ...op("git-discard", "tar"), git: { args: [], dir: ran } };
}

// `git archive -o FILE` of the work tree earlier in the line, by the line's state: FILE's absolute
// path → the folder git ran in, the number of line changes before it (line-changes.ts) and FILE as
// git's own change names it (normalised, links not followed).
const _archived = new WeakMap<LineState, Map<string, { dir: string; at: number; spelled: string }>>();

/**
 * `git archive -o FILE TREE`, or `git archive TREE > FILE` (registered beside git's handler,
 * programs.ts): no op of its own (git.ts or the redirection judge FILE as written), but FILE is
 * remembered as an archive of the tracked files where git ran (`_workTreeArchive`), so a later
 * `tar -xf FILE` there is the discard the piped form is (red team session 11, left by finding 9). git's global options before `archive` are
 * read by _gitArchiveAt (`git -C DIR -c K=V archive -o F`: session 12); `--git-dir`,
 * `--work-tree` and the like are not.
 */
const STDOUT_TO_FILE = new Set([">", ">|", "&>", ">&", ">>", "&>>"]);

export const gitArchiveFile: Handler = (inv) => {
  const here = inv.ctx.state.cwd;
  const ran = here === null ? null : _gitArchiveAt(inv.args, here);
  if (!ran) return [];
  // git's `-C` is where it runs, and `-o FILE` is read from there (OPT_FILENAME); a redirection
  // from the shell's folder.
  const cwd = ran.dir;
  const rest = inv.args.slice(ran.at + 1);
  const read = _workTreeArchive(rest, true);
  if (!read) return [];
  // Without `-o`, the archive goes to stdout: a file when the last redirection of stdout names one
  // (`> F`; `>> F` too: a new F is the archive, and onto an existing one the snapshot is one taken
  // for nothing, session 13).
  const file = read.file ?? (inv.cmd && _stdoutFile(inv.cmd));
  if (file) _remember(inv.ctx.state, file, read.file ? cwd : here!, cwd);
  return [];
};

/** The file the last redirection of a command's stdout names (`> F`, `>| F`, `&> F`, `>& F`, `>> F`, `&>> F`). */
function _stdoutFile(cmd: SimpleCommand): Word | undefined {
  return cmd.redirects.findLast((r) => (r.fd === "" || r.fd === "1") && STDOUT_TO_FILE.has(r.op) && !(r.op === ">&" && /^\d+$|^-$/.test(r.target.value)))?.target;
}

/** Remembers `file` (relative to `base`) as an archive of the tracked files of `dir`, written from here on in the line. */
function _remember(state: LineState, file: Word, base: string, dir: string): void {
  if (file.dynamic || file.value === "-" || file.value.startsWith("/dev/")) return;
  const spelled = isAbsolute(file.value) ? file.value : `${base}/${file.value}`;
  const path = physicalPath(spelled, base);
  if (path === null) return;
  let files = _archived.get(state);
  if (!files) _archived.set(state, (files = new Map()));
  files.set(path, { dir, at: state.changes?.length ?? 0, spelled: normalize(spelled) });
}

/**
 * `tar -xf FILE` (or `TAPE=FILE tar -x`) of a FILE `git archive -o` wrote earlier in the line
 * (gitArchiveFile), unchanged since (no later change of the line names it, a folder above it, or a
 * path it cannot know), into the folder git ran in: the discard `git archive | tar -x` is.
 */
function _fileDiscard(parsed: TarArgs, archive: Word | undefined, inv: Invocation): Op | null {
  const cwd = inv.ctx.state.cwd;
  // `host:F` is read from that host (rmt), not the local file git wrote, unless `--force-local`.
  if (cwd === null || !archive || !_archived.has(inv.ctx.state) || remoteArchive(archive.value, parsed)) return null;
  const made = _archiveFile(archive, cwd, inv.ctx.state);
  return made ? _discardInto(parsed, made.dir, cwd) : null;
}

/**
 * The git archive file `word` names (gitArchiveFile, or a compressor's copy of one), unchanged
 * since it was written: no later change of the line names it, a folder above it or a path it
 * cannot know (line-changes.ts). Undefined otherwise.
 */
function _archiveFile(word: Word, cwd: string, state: LineState): { dir: string } | undefined {
  const files = _archived.get(state);
  if (!files || word.dynamic) return undefined;
  const spelled = isAbsolute(word.value) ? word.value : `${cwd}/${word.value}`;
  const path = physicalPath(spelled, cwd);
  const made = path === null ? undefined : files.get(path);
  if (!made || path === null) return undefined;
  // The line's changes name paths as written (normalised, links not followed): both spellings count.
  const logical = normalize(spelled);
  const changes = state.changes ?? [];
  // git's own writing of the file is the first change from `at` on that names it: the command's
  // other redirections may come before it (`git archive -v -o F HEAD 2> list`).
  const since = changes.slice(made.at);
  const own = since.findIndex((c) => c.path === path || c.path === made.spelled);
  const later = own < 0 ? since : since.filter((_, k) => k !== own);
  if (later.some((c) => c.path === null || [path, logical].some((p) => p === c.path || p.startsWith(`${c.path}/`)))) return undefined;
  return made;
}

/**
 * A compressor's copies (compressors.ts: `gzip F.tar` writes F.tar.gz, `gunzip F.tgz` F.tar, `xz
 * -k`, `zstd F -o G`) of a git archive file still as git wrote it: each holds the same members
 * (GNU tar and bsdtar read a compressed archive by its content, `-z` or not), so a later `tar -xf
 * COPY` into the folder git ran in is the same discard (session 13). The compressor's own writing
 * of the copy is the copy's first change, as git's is the file's.
 */
export function archiveCopies(copies: ReadonlyArray<{ input: Word; copy: Word }>, state: LineState): void {
  const files = _archived.get(state);
  const cwd = state.cwd;
  if (!files || cwd === null) return;
  for (const { input, copy } of copies) {
    const made = copy.dynamic ? undefined : _archiveFile(input, cwd, state);
    if (made) _remember(state, copy, cwd, made.dir);
  }
}

/**
 * A compressor writing to stdout, redirected into a file (compressors.ts): `gzip -c F.tar > F.tgz`
 * of a git archive file (`input`) still as git wrote it, or `git archive HEAD | gzip > F.tgz` (no
 * input: stdin from a piped git archive of the work tree). The file holds the same members, and a
 * later `tar -xf` of it into the folder git ran in is the discard (session 13).
 */
export function streamedArchive(input: Word | undefined, cmd: SimpleCommand, state: LineState): void {
  const cwd = state.cwd;
  const file = cwd === null ? undefined : _stdoutFile(cmd);
  if (!file) return;
  const dir = input ? (_archived.has(state) ? _archiveFile(input, cwd!, state)?.dir : undefined) : cmd.pipeFrom && _pipedWorkTree(cmd.pipeFrom, cwd!);
  if (dir) _remember(state, file, cwd!, dir);
}
