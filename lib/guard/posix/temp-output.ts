import { type Frame, literalWord, repeats, type SimpleCommand, type Word } from "../syntax.ts";
import type { Lexer } from "./lexer.ts";
import { lineMentions, substitutedCommands } from "./numeric-output.ts";
import { relyOnOutput } from "./relied-output.ts";
import type { RawWords } from "./raw-words.ts";
import { assigned, freshFolder, freshOrEmpty, noteFreshOrEmpty, UNSET, type Vars } from "./vars.ts";

/**
 * `d=$(mktemp -d)` alone as a command (one assignment, no redirection) exits with mktemp's
 * status, so what runs after its `&&` sees d holding the path of a file or folder mktemp just
 * made: `DIR/tmp.` and ten random letters or digits (eight on BSD), DIR being TMPDIR, else
 * /tmp. The parser gives d that path with `XXXXXXXXXX` for the random part
 * (`vars.settle`) in that frame only: after `;` or `||` a failed mktemp leaves d empty
 * (`rm -rf "$d"/*` is then `rm -rf /*`) and d stays unknown. Null for anything else: an
 * uppercase name the shell reads (`SHELL_READ`; any uppercase name where the line sets TMPDIR),
 * options and templates `_made` does not read (a template alone may name any folder or a `..`,
 * `-u` makes no file, `-p ~/.ssh`), a relative TMPDIR or one the line made unknown, a program the
 * line may redefine, a line that names a DEBUG trap or extdebug, or a command in a loop or
 * function body (TMPDIR may differ when it runs again). `folder`: `-d` made a folder. Whatever
 * follows, d holds that path or nothing until it is assigned again (freshRedirect).
 */
export function freshTemp(lx: Lexer, cmd: SimpleCommand, raw: string | undefined): { name: string; path: string; folder: boolean } | null {
  // One assignment whose value is the output of one command (`d=$(mktemp -d)$(x)` is two), to
  // a name the shell does not read for more than a path.
  if (cmd.argv.length > 0 || cmd.assigns.length !== 1 || cmd.assigns[0]!.value.outputOf?.length !== 1 || cmd.redirects.length > 0 || repeats(lx.flow.frame)) return null;
  // The body starts with the program: `$(! mktemp -d)` inverts its status, `$(mktemp -d &)` exits 0.
  if (raw === undefined || !/^\w+="?\$\(\s*mktemp[\s)]/.test(raw)) return null;
  const name = cmd.assigns[0]!.name;
  if (!/[a-z]/.test(name) && (SHELL_READ.test(name) || assigned(lx.vars, "TMPDIR"))) return null;
  const commands = substitutedCommands(lx, raw);
  const [mktemp] = commands ?? [];
  // A DEBUG trap under extdebug skips mktemp and the substitution still succeeds, empty.
  if (commands?.length !== 1 || !mktemp || mktemp.assigns.length > 0 || mktemp.redirects.length > 0 || mktemp.group || mktemp.concurrent || lineMentions(lx.vars, /debug/i)) return null;
  const [head, ...args] = mktemp.argv;
  if (!head || head.quoted || head.value !== "mktemp" || args.some((w) => w.dynamic || w.glob)) return null;
  const made = _made(lx, args.map((w) => w.value));
  if (made === null) return null;
  relyOnOutput(cmd.assigns[0]!.value.outputOf?.[0]);
  const path = `${made.dir.replace(/\/+$/, "")}/tmp.XXXXXXXXXX`;
  noteFreshOrEmpty(lx.vars, name, path);
  _noteMade(lx, name, made.folder);
  return { name, path, folder: made.folder };
}

/**
 * The folder mktemp makes its new entry in, for the options read: `-d`, `-q` and `--tmpdir` (in
 * TMPDIR, /tmp when unset); `-t NAME` or `--tmpdir NAME` (NAME a template of one plain name: GNU
 * reads it in TMPDIR, BSD's `-t` makes `NAME.XXXXXXXX` there); `-p DIR`, `--tmpdir=DIR` (a
 * temporary folder: /tmp, /var/tmp, /private/tmp or TMPDIR; only when TMPDIR is unset or DIR
 * itself, as BSD mktemp lets a set TMPDIR override it), with a template too. The entry's name
 * stays the stand-in `tmp.XXXXXXXXXX`: it is new, whatever the template, and only its folder is
 * judged. A template
 * alone (made in the working directory), `-u`, `-t` with `-p`, or the new forms with a TMPDIR the
 * line sets are null.
 */
function _made(lx: Lexer, args: string[]): { dir: string; folder: boolean } | null {
  let folder = false;
  let t = false;
  let tmpdir = false;
  let dir: string | undefined;
  let template: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const v = args[i]!;
    if (v === "--directory") folder = true;
    else if (v === "--quiet") continue;
    else if (v === "--tmpdir") tmpdir = true;
    else if (v.startsWith("--tmpdir=")) dir = v.slice(9);
    else if (/^-[dqtp]/.test(v)) {
      const letters = /^-([dqt]*)(p?)(.*)$/s.exec(v);
      if (!letters || (letters[3] && !letters[2])) return null;
      if (letters[1]!.includes("d")) folder = true;
      if (letters[1]!.includes("t")) {
        // GNU's -t is a flag and BSD's takes the prefix: either way the next word, so t ends its cluster.
        if (!letters[1]!.endsWith("t") || letters[2] || template !== undefined || i + 1 >= args.length) return null;
        t = true;
        template = args[++i]!;
      }
      if (letters[2]) dir = letters[3] || args[++i];
      if (dir === undefined && letters[2]) return null;
    } else if (!v.startsWith("-") && template === undefined) template = v;
    else return null;
  }
  if (template !== undefined && !/^[\w.+-]+$/.test(template)) return null;
  const plain = !t && dir === undefined && template === undefined;
  // The new forms keep today's reading where the line sets TMPDIR.
  if (!plain && assigned(lx.vars, "TMPDIR")) return null;
  if (dir !== undefined) {
    const at = dir.replace(/(.)\/+$/, "$1");
    if (t || !at.startsWith("/") || /(^|\/)\.\.?(\/|$)/.test(at)) return null;
    const set = lx.vars.get("TMPDIR");
    const unset = set === UNSET || set === "" || set === null || set === undefined;
    // Only a temporary folder: elsewhere (`-p ~/.ssh`, `-p .git`) the line keeps today's reading.
    if (!unset && set!.replace(/(.)\/+$/, "$1") !== at) return null;
    return TEMP_DIRS.has(at) || !unset ? { dir: at, folder } : null;
  }
  // A template alone names an entry in the working directory.
  if (template !== undefined && !t && !tmpdir) return null;
  const at = _tmpdir(lx);
  return at === null ? null : { dir: at, folder };
}

/** The system's temporary folders a `-p DIR` may name (TMPDIR too, when set to DIR). */
const TEMP_DIRS = new Set(["/tmp", "/var/tmp", "/private/tmp"]);

/**
 * Uppercase names whose value the shell (or the guard, as the shell would) reads as more than a
 * path, or that steer where later names lead: `IFS=$(mktemp -d)` splits words on its random
 * letters, GLOBIGNORE and the option lists match them, prompts run them, PATH, CDPATH, HOME and
 * TMPDIR move later lookups. Programs read others from the environment (`GIT_DIR`), as they would
 * a literal path there (`GIT_DIR=/tmp/x` is known already). Lowercase names are the line's own.
 */
const SHELL_READ = /^(?:IFS|PATH|CDPATH|HOME|TMPDIR|PWD|OLDPWD|ENV|BASHOPTS|SHELLOPTS|GLOBIGNORE|GLOBSORT|PS[0-4]|PROMPT_\w*|TIMEFORMAT|HIST\w*|FIGNORE|EXECIGNORE|HOSTFILE|INPUTRC|MAIL\w*|POSIXLY_CORRECT|SHELL|TERM|TMOUT|LANG|LANGUAGE|ZDOTDIR|(?:BASH|LC|LD|DYLD)_?\w*)$/;

/**
 * `cd "$d"` (one operand spelled `$d`, `"$d"`, `${d}` or `"${d}"`, no assignment or redirection)
 * outside any loop or function body, where d holds the folder `d=$(mktemp -d) && …` made: that
 * folder (the parser notes the frame its `&&` opens, cwd-flow.ts). Anything else about d (a
 * suffix, a trim, a value assigned since) is read as today: null.
 */
export function freshCd(lx: Lexer, cmd: SimpleCommand, raws: RawWords): string | null {
  const [head, word] = cmd.argv;
  if (!head || !word || cmd.argv.length !== 2 || head.quoted || head.value !== "cd") return null;
  if (cmd.assigns.length > 0 || cmd.redirects.length > 0 || repeats(lx.flow.frame)) return null;
  return _namesFreshFolder(lx, word, raws) ? word.value : null;
}

// The arguments noteFreshOperands found naming the entry `d=$(mktemp …)` made, with its path.
const _freshOperands = new WeakMap<Word, string>();

/**
 * Notes the arguments of `cmd` that are all of `$d` (spelled as for `freshCd`), outside any loop
 * or function body, where d holds the folder `d=$(mktemp -d) && …` made: the folder itself, not
 * a literal path spelled like its stand-in (an existing `/tmp/tmp.XXXXXXXXXX`). Also, read in this
 * shell in the order it runs (not in a function body, nor in text parsed later), where d holds
 * that entry or nothing (`d=$(mktemp -d); …`: _freshOrEmptyEntry; `folder`: only a folder
 * mktemp made). Read by `git worktree remove --force "$d"` (effects/git-fresh-worktree.ts) and
 * `rm -rf "$d"` (effects/files.ts: an empty d removes nothing).
 */
export function noteFreshOperands(lx: Lexer, cmd: SimpleCommand, raws: RawWords, folder: boolean): void {
  if (cmd.assigns.length > 0 || repeats(lx.flow.frame)) return;
  for (const word of cmd.argv.slice(1)) {
    const path = _namesFreshFolder(lx, word, raws) ? word.value : _freshOrEmptyEntry(lx, word, raws, folder);
    if (path !== undefined) _freshOperands.set(word, path);
  }
}

/**
 * The folder noteFreshOperands found `word` naming; when `word` is dynamic, d may also be empty
 * (mktemp failed), and the word then names nothing (quoted) or vanishes (unquoted).
 */
export function freshOperand(word: Word): string | undefined {
  return _freshOperands.get(word);
}

// The names freshTemp last noted holding an entry mktemp made: whether it is a folder, and the
// frame the assignment ran in.
const _entries = new WeakMap<Vars, Map<string, { folder: boolean; frame: Frame | undefined }>>();

function _noteMade(lx: Lexer, name: string, folder: boolean): void {
  let names = _entries.get(lx.vars);
  if (!names) _entries.set(lx.vars, (names = new Map()));
  names.set(name, { folder, frame: lx.flow.frame });
}

/**
 * The path of the entry `d=$(mktemp …)` made when d, unknown, holds that path or nothing
 * (vars.freshOrEmpty: no assignment since, none undone) and the assignment surely ran before
 * what is read now: in this frame or one around it. After code that may not have run
 * (`d=$(cat f); false && d=$(mktemp)`, `d=$(cat f) || d=$(mktemp)`, an `if` body) d may hold
 * what it held before, and the note, kept where that value was unknown too, is not read.
 * `folder`: only a folder mktemp made.
 */
function _freshOrEmpty(lx: Lexer, name: string, folder: boolean): string | undefined {
  const made = _entries.get(lx.vars)?.get(name);
  if (!made || (folder && !made.folder) || lx.vars.get(name) !== null) return undefined;
  let f = lx.flow.frame;
  while (f !== made.frame && f !== undefined) f = f.parent;
  return f === made.frame ? freshOrEmpty(lx.vars, name) : undefined;
}

/**
 * The path of the entry `d=$(mktemp …)` made (a folder only, with `folder`) when `word` is all of
 * `$d` and d holds that entry or nothing (_freshOrEmpty), read in this shell where it runs: not
 * in a function body (d may be assigned before a call) nor in text parsed later. Undefined
 * otherwise.
 */
function _freshOrEmptyEntry(lx: Lexer, word: Word, raws: RawWords, folder: boolean): string | undefined {
  if (!word.dynamic || word.glob || lx.depth > 0 || lx.flow.fnDepth > 0) return undefined;
  const n = _wholeVariable(lx, raws.get(word) ?? "");
  return n === undefined ? undefined : _freshOrEmpty(lx, n, folder);
}

/** Whether `word` is all of `$d`, `"$d"`, `${d}` or `"${d}"`, d holding the folder mktemp made (vars.freshFolder). */
function _namesFreshFolder(lx: Lexer, word: Word, raws: RawWords): boolean {
  if (word.dynamic || word.glob) return false;
  const n = _wholeVariable(lx, raws.get(word) ?? "");
  return n !== undefined && freshFolder(lx.vars, n) && lx.vars.get(n) === word.value;
}

/**
 * The name `raw` spells whole as `$d`, `"$d"`, `${d}` or `"${d}"`, when its value stays one word:
 * quoted, or unquoted under the default IFS (which holds none of a temporary path's characters).
 */
function _wholeVariable(lx: Lexer, raw: string): string | undefined {
  const m = /^(?:\$(\w+)|\$\{(\w+)\}|"\$(\w+)"|"\$\{(\w+)\}")$/.exec(raw);
  if (!m || (m[3] === undefined && m[4] === undefined && assigned(lx.vars, "IFS"))) return undefined;
  return m[1] ?? m[2] ?? m[3] ?? m[4];
}

// Redirections that open the file their word names (`<<<` is text; `>&`, `<&` may duplicate a descriptor).
const FILE_REDIRECTS: ReadonlySet<string> = new Set([">", ">>", ">|", "<", "<>", "&>", "&>>"]);

/**
 * A redirection's word that is all of `$d` (`"$d"`, `${d}`, `"${d}"`), read in this shell in the
 * order it runs (not in a loop or function body, nor in text parsed later), where `d=$(mktemp)`
 * surely ran and nothing assigned d since (_freshOrEmpty): d holds the new entry's path, or
 * nothing when mktemp failed (after `;`). A redirection to an empty name fails before the command
 * runs (bash: "No such file or directory", unquoted "ambiguous redirect"; dash cannot create ""),
 * writing nothing, so the word is that path (`tmp=$(mktemp); npm test > "$tmp"`). Any other use
 * of d stays unknown: a path built from it names the root when d is empty (`rm -rf "$d/"`).
 * `start`: where the word begins in the source.
 */
export function freshRedirect(lx: Lexer, op: string, target: Word, start: number): Word {
  if (!target.dynamic || !FILE_REDIRECTS.has(op) || lx.depth > 0 || lx.flow.fnDepth > 0 || repeats(lx.flow.frame)) return target;
  const n = _wholeVariable(lx, lx.src.slice(start, lx.pos));
  const path = n === undefined ? undefined : _freshOrEmpty(lx, n, false);
  return path === undefined ? target : literalWord(path, true);
}

/** TMPDIR as mktemp reads it: unset or empty is /tmp; a relative or unknown value is null. */
function _tmpdir(lx: Lexer): string | null {
  const value = lx.vars.get("TMPDIR");
  // Unknown and never assigned in the line: the environment does not set it (classify.ts).
  if (value === UNSET || value === "" || (value === null && !assigned(lx.vars, "TMPDIR"))) return "/tmp";
  return typeof value === "string" && value.startsWith("/") ? value : null;
}
