import type { Word } from "../syntax.ts";

// Names already worked out (a string function; each command asks for its name several times;
// short words only, so the memory it holds stays small).
const _names = new Map<string, string>();

// Other names of the shells: restricted `rbash` (Debian's link to bash), versioned `bash5.2`,
// `ksh93`, `zsh-5.9`, Debian's `sh.distrib`, and posh (a POSIX sh): red team 6, C6.
const SHELL_ALIAS = /^(?:r(bash|ksh|zsh)|(bash|zsh|ksh|dash|mksh|yash)-?[0-9][0-9.]*|(sh)\.distrib|posh|mksh-static)$/;

// POSIX shells under names of their own (session 7: `lksh -c 'rm -rf ~'` was ALLOW_NO_EFFECT):
// the ksh clones (loksh: Debian's portable OpenBSD ksh), Oils' bash-compatible osh, the
// Bourne-compatible bosh, busybox's hush, sash.
const SHELL_KIN = new Map([["lksh", "ksh"], ["loksh", "ksh"], ["pdksh", "ksh"], ["oksh", "ksh"], ["osh", "bash"], ["bosh", "sh"], ["hush", "sh"], ["sash", "sh"]]);

// GNU's tools under the `g` prefix Homebrew installs them with on macOS (`grm`, `gfind`, `gxargs`,
// `gsed`, `gtar`: session 7, `grm -rf ~` was ALLOW_NO_EFFECT). `gdu` is left alone: another
// program, an interactive disk-usage browser that deletes, has that name.
const GNU_PREFIXED = new Set([
  "rm", "rmdir", "unlink", "cp", "mv", "ln", "link", "dd", "shred", "truncate", "install", "chmod", "chown", "chgrp", "chcon",
  "mkdir", "mkfifo", "mknod", "touch", "tee", "split", "csplit", "mktemp", "find", "xargs", "locate", "updatedb", "sed", "tar",
  "grep", "egrep", "fgrep", "awk", "patch", "make", "timeout", "nice", "nohup", "env", "stdbuf", "chroot", "kill", "sort", "uniq",
  "cat", "tac", "head", "tail", "ls", "dir", "vdir", "stat", "readlink", "realpath", "wc", "echo", "printf", "od", "base32",
  "base64", "basename", "dirname", "cut", "paste", "join", "tr", "date", "df", "sync", "sleep", "seq", "shuf", "yes", "true",
  "false", "test", "expr", "pwd", "printenv", "id", "whoami", "nproc", "numfmt", "md5sum", "sha1sum", "sha256sum", "sha512sum",
  "b2sum", "cksum", "sum", "fmt", "fold", "pr", "nl", "expand", "unexpand", "comm",
]);

function _shell(all: string, restricted?: string, versioned?: string, distrib?: string): string {
  return restricted ?? versioned ?? (all === "mksh-static" ? "mksh" : (distrib ?? "sh"));
}

/**
 * The program a command word names: `/bin/rm`, `\rm`, `RM` and `rm.exe` are all `rm`
 * (quote removal already happened in the lexer; case folds because macOS and Windows file
 * systems resolve names case-insensitively).
 */
export function programName(word: Word): string {
  let name = _names.get(word.value);
  if (name === undefined) {
    const base = word.value.slice(word.value.lastIndexOf("/") + 1).toLowerCase();
    // perl6 is Raku's old name, another language than perl's.
    name = base.replace(/\.exe$/, "").replace(/^perl6$/, "raku").replace(/^(python|pypy)[0-9.]*$/, "python").replace(/^(perl|ruby|php|node)[0-9.]+$/, "$1").replace(SHELL_ALIAS, _shell);
    name = SHELL_KIN.get(name) ?? (name.startsWith("g") && GNU_PREFIXED.has(name.slice(1)) ? name.slice(1) : name);
    if (_names.size >= 1024) _names.clear();
    if (word.value.length <= 64) _names.set(word.value, name);
  }
  return name;
}

const NO_VALUES: ReadonlySet<string> = new Set();

/** Splits `args` into options and operands, honouring `--` (everything after it is an operand). */
export function operands(args: Word[], takesValue: ReadonlySet<string> = NO_VALUES): { flags: string[]; files: Word[] } {
  const flags: string[] = [];
  const files: Word[] = [];
  let done = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (done || a.dynamic || !a.value.startsWith("-") || a.value === "-") files.push(a);
    else if (a.value === "--") done = true;
    else {
      flags.push(a.value);
      if (takesValue.has(a.value)) i++;
    }
  }
  return { flags, files };
}

const NO_LONG: readonly string[] = [];

/**
 * Whether a short-option cluster or long option in `flags` sets one of `short` / `long` (`--l`
 * or `--l=value`). Plain loops: rm's and other handlers ask it for every command, and the letters
 * of a cluster are read in place, not split into a new list.
 */
export function hasFlag(flags: string[], short: string, long: readonly string[] = NO_LONG): boolean {
  for (const f of flags) {
    if (f.startsWith("--")) {
      for (const l of long) if (f.startsWith(l) && (f.length === l.length || f[l.length] === "=")) return true;
    } else {
      for (let i = 1; i < f.length; i++) if (short.includes(f[i]!)) return true;
    }
  }
  return false;
}
