import { literalWord, unknownWord, type SimpleCommand, type Word } from "../syntax.ts";
import type { ArchiveSources } from "./archive-sources.ts";
import type { AnalyzeContext } from "./context.ts";
import { clusterValue, longValue, optionWalk } from "./getopt.ts";
import { programName } from "./names.ts";
import type { SentRoot } from "./sent-tree.ts";
import { stdinOf, stdinRedirect } from "./stdin.ts";

// GNU cpio 2.13's options (argp: clusters, `--name VALUE`, `--name=VALUE`, unambiguous prefixes).
// Split on first use: this module loads with every check (network.ts's senders read it).
let longs: readonly string[] | undefined;
export const cpioLongs = (): readonly string[] =>
  (longs ??= "create extract pass-through list directory force-local format block-size dot io-size quiet verbose debug warning owner file message rsh-command nonmatching numeric-uid-gid pattern-file only-verify-crc rename rename-batch-file swap swap-bytes swap-halfwords to-stdout append renumber-inodes ignore-devno device-independent reproducible link absolute-filenames no-absolute-filenames null dereference reset-access-time preserve-modification-time make-directories no-preserve-owner unconditional sparse help usage version".split(" "));
const VALUED_LONGS = ["directory", "format", "block-size", "io-size", "warning", "owner", "file", "message", "rsh-command", "pattern-file", "rename-batch-file"];
const CPIO_VALUED = "DHCWRFMEIO";
const CPIO_VALUED_LONG = { has: (name: string) => VALUED_LONGS.includes(name) };
// Long options that stand for a short letter.
const CPIO_LETTER: Record<string, string> = { create: "o", extract: "i", "pass-through": "p", list: "t", directory: "D", file: "F", rename: "r", append: "A", dereference: "L" };
// pax (POSIX.1-2017; BSD and libarchive's bsdpax add B, D, E, G, T, U): the options that take a value.
const PAX_VALUED = "bfopsxBDEGTU";

/** A copy-out archiver's archive: on stdout or not, and the files it reads (null: unknown), links followed or not. */
export interface CopyOut {
  stdout: boolean;
  follow: boolean;
  roots: () => SentRoot[] | null;
}

/**
 * What a copy-out archiver reads into the archive it writes: `cpio -o` (`--create`) the files
 * named on its stdin, one a line (cpio(1): copy-out "reads a list of file names from the standard
 * input"), `pax -w` its operands (trees, unless `-d`) or, with none, the names on its stdin.
 * `stdout` says whether the archive goes to stdout (no `-O`/`-F`/`-f FILE`). Undefined for any
 * other mode. The names are judged like tar's members (sent-tree.ts), as far as the line shows
 * them: a here-string or heredoc, or a `find`, `ls`, `echo` or `printf` before it in the pipeline;
 * any other list (a file, another program's output) is unknown, as tar's `-T` (red team session
 * 11, finding 8: `find ~/.ssh | cpio -o | nc …` was ALLOW while `tar -T -` asked).
 */
export function copyOut(name: string, args: Word[], cmd: SimpleCommand | undefined, ctx: AnalyzeContext): CopyOut | undefined {
  if (name === "cpio") return cpioOut(cpioArgs(args), cmd, ctx);
  if (name === "pax") return paxOut(paxArgs(args), cmd, ctx);
  return undefined;
}

/**
 * The sources of the archive a copy-out writes to a file (`cpio -o -F b.cpio`, `pax -w certs >
 * b.pax`): a later sender of that file is judged by them (archive-sources.ts); names the guard
 * cannot read make it unknown data.
 */
export function copyOutSources(out: CopyOut): ArchiveSources {
  return { roots: out.roots() ?? [{ word: unknownWord(), recursive: false }], follow: out.follow };
}

/** cpio's words, read once for cpio.ts and for copy-out: the mode letters, option values and operands. */
export interface CpioArgs {
  /** Short letters, and long options that stand for one (`--create`: o). */
  letters: Set<string>;
  /** Option values by letter, or by long name where there is no letter (`rsh-command`). */
  values: Map<string, Word>;
  /** The archive `-O`/`-F`/`--file` names (the last one given). */
  archive: Word | undefined;
  operands: Word[];
  /** Members keep absolute names (unless `--no-absolute-filenames`). */
  absolute: boolean;
  /** `--help`, `--version`, `--to-stdout`, `--only-verify-crc`: no file is written. */
  quiet: boolean;
  /** An option word holds an expansion (`-D"$D"`): it may be any option. */
  unread: boolean;
}

export function cpioArgs(args: Word[]): CpioArgs {
  const letters = new Set<string>();
  const values = new Map<string, Word>();
  let archive: Word | undefined;
  let absolute = true;
  let quiet = false;
  const operands = optionWalk(
    args,
    (a, i) => {
      if (a.value.startsWith("--")) {
        const { name, value, i: last } = longValue(args, i, cpioLongs(), CPIO_VALUED_LONG);
        if (name === undefined) return i;
        if (name === "absolute-filenames" || name === "no-absolute-filenames") absolute = name === "absolute-filenames";
        else if (/^(help|usage|version|to-stdout|only-verify-crc)$/.test(name)) quiet = true;
        const letter = CPIO_LETTER[name];
        if (value && CPIO_VALUED_LONG.has(name)) values.set(letter ?? name, value);
        else if (letter) letters.add(letter);
        if (name === "file" && value) archive = value;
        return last;
      }
      const got = clusterValue(args, i, CPIO_VALUED);
      for (const c of a.value.slice(1, got ? got.at : undefined)) letters.add(c);
      if (got?.value) values.set(got.letter, got.value);
      if (got?.value && (got.letter === "O" || got.letter === "F")) archive = got.value;
      return got?.i ?? i;
    },
    true,
  );
  return { letters, values, archive, operands, absolute, quiet, unread: args.some((a) => a.dynamic && a.value.startsWith("-")) };
}

/** What `cpio -o` reads into its archive (undefined in another mode). */
export function cpioOut({ letters, archive, unread }: CpioArgs, cmd: SimpleCommand | undefined, ctx: AnalyzeContext): CopyOut | undefined {
  if (!letters.has("o") && !unread) return undefined;
  const stdout = archive === undefined || (!archive.dynamic && /^(-|\/dev\/stdout|\/dev\/fd\/1)$/.test(archive.value));
  return { stdout, follow: letters.has("L"), roots: () => (unread ? null : stdinNames(cmd, ctx)) };
}

export interface PaxArgs {
  letters: Set<string>;
  operands: Word[];
  archive: Word | undefined;
  unread: boolean;
}

/** pax's words (getopt: clusters, stopping at the first operand): its letters, operands, `-f` archive; `unread` for a computed option word. */
export function paxArgs(args: Word[]): PaxArgs {
  const letters = new Set<string>();
  const operands: Word[] = [];
  let archive: Word | undefined;
  let unread = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (!a.value.startsWith("-") || a.value === "-" || operands.length > 0) {
      operands.push(a);
      continue;
    }
    if (a.value === "--") {
      operands.push(...args.slice(i + 1));
      break;
    }
    if (a.dynamic) unread = true;
    const got = clusterValue(args, i, PAX_VALUED);
    for (const c of a.value.slice(1, got ? got.at : undefined)) letters.add(c);
    if (got?.letter === "f") archive = got.value;
    i = got?.i ?? i;
  }
  return { letters, operands, archive, unread };
}

/** What `pax -w` reads into its archive (undefined in another mode). */
export function paxOut({ letters, operands, archive, unread }: PaxArgs, cmd: SimpleCommand | undefined, ctx: AnalyzeContext): CopyOut | undefined {
  if (!(letters.has("w") && !letters.has("r")) && !unread) return undefined;
  const stdout = archive === undefined || (!archive.dynamic && archive.value === "-");
  const roots = (): SentRoot[] | null => {
    if (unread || operands.some((w) => w.dynamic)) return null;
    if (operands.length === 0) return stdinNames(cmd, ctx);
    return operands.map((word): SentRoot => ({ word, recursive: !letters.has("d") }));
  };
  return { stdout, follow: letters.has("L") || letters.has("H"), roots };
}

/**
 * The files named on a command's stdin, one a line (null: unknown): the text stdin.ts reads there
 * (`stdinOf`: a heredoc or here-string, what echo and printf print, the last redirection of
 * descriptor 0), /dev/null's nothing, or what find and ls list before it in the pipeline.
 */
function stdinNames(cmd: SimpleCommand | undefined, ctx: AnalyzeContext): SentRoot[] | null {
  if (!cmd) return null;
  const r = stdinRedirect(cmd);
  if (r?.op === "<") return !r.target.dynamic && r.target.value === "/dev/null" ? [] : null;
  const from = r ? undefined : cmd.pipeFrom;
  const [head, ...args] = from?.argv ?? [];
  const listing = from && !from.group && head && !head.dynamic ? _listed(programName(head), args) : undefined;
  let roots: SentRoot[] | null;
  if (listing !== undefined) roots = listing;
  else {
    const stdin = stdinOf(cmd);
    roots = stdin.kind === "text" ? (stdin.dynamic ? null : _lines(stdin.text)) : stdin.kind === "none" ? [] : null;
  }
  // A FIFO's writer ran in its own directory: its relative names are from there.
  const dir = from?.cwd;
  return roots && dir !== undefined && dir !== ctx.state.cwd ? roots.map((r) => ({ ...r, dir })) : roots;
}

/** Names given in the line's text, one a line. */
function _lines(text: string): SentRoot[] {
  return text
    .split("\n")
    .filter((l) => l !== "")
    .map((n): SentRoot => ({ word: literalWord(n), recursive: false }));
}

// find's options before its starting points, and the expression's first words.
const FIND_LEADING = /^-([HLP]+|O\d*|D)$/;

/** What a listing program prints: find's trees, ls's operands (null: unknown); undefined for any other program. */
function _listed(name: string, args: Word[]): SentRoot[] | null | undefined {
  if (name !== "find" && name !== "ls") return undefined;
  if (args.some((a) => a.dynamic)) return null;
  if (name === "find") {
    let i = 0;
    for (; i < args.length && FIND_LEADING.test(args[i]!.value); i++) if (args[i]!.value === "-D") i++;
    const roots: Word[] = [];
    for (; i < args.length && !/^[-(!]/.test(args[i]!.value); i++) roots.push(args[i]!);
    return (roots.length ? roots : [literalWord(".")]).map((word): SentRoot => ({ word, recursive: true }));
  }
  const operands = args.filter((a) => !a.value.startsWith("-") || a.value === "-");
  return (operands.length ? operands : [literalWord(".")]).map((word): SentRoot => ({ word, recursive: true }));
}
