import type { SimpleCommand } from "../syntax.ts";

/**
 * The shell options that change what a pattern word names, as far as the line may turn them on
 * (red team 3). Each flag means "may be on": pathname expansion (paths.ts expandGlob) then
 * matches the larger set, so every name the shell could match is judged (a `*` that may match
 * dotfiles is judged with them; one that may keep its spelling is judged as that path too).
 *
 * Flow-insensitive on purpose: a command anywhere in the line (a later one may run first in a
 * loop or a function) that may turn an option on turns it on for every pattern of the line.
 * "May": a word that spells the option (quotes and escapes are gone by now: `shopt -s
 * dot"glob"`, `bash -O dotglob`, `env BASHOPTS=dotglob`, `set -o noglob`), `shopt` or `set`
 * with a computed or pattern argument, and code the parser does not see here (`eval`, `source`,
 * `.`, `alias`, a computed command name, `BASH_ENV`): those may turn on any of them.
 */
export interface GlobOptions {
  /** dotglob, or GLOBIGNORE set (which implies it): `*`, `?` and `[…]` match a leading `.`. */
  dot: boolean;
  /** nocaseglob; also globasciiranges turned off (ranges then follow the locale's collation). */
  nocase: boolean;
  /** globstar: `**` alone in a segment matches any depth of folders. */
  globstar: boolean;
  /** noglob (`set -f`): a pattern word is passed as it is spelled. */
  noglob: boolean;
  /** globskipdots off, as in bash before 5.2 (assumed, see NONE): `.*` matches `.` and `..`. */
  dots: boolean;
  /** `set -P` (`set -o physical`): `cd` follows symlinks, so `cd link/..` leaves the link's real parent. */
  physical: boolean;
}

// The options a line starts with. `dots` is on: bash before 5.2 (Ubuntu 22.04 ships 5.1) has no
// globskipdots and matches `.` and `..` with `.*`, and the guard cannot see which bash runs the line.
const NONE: GlobOptions = Object.freeze({ dot: false, nocase: false, globstar: false, noglob: false, dots: true, physical: false });
const ALL: GlobOptions = Object.freeze({ dot: true, nocase: true, globstar: true, noglob: true, dots: true, physical: true });

let _current: GlobOptions = NONE;
// Commands parsed but not yet read: most checks expand no pattern and enter no directory, so
// the words are read only when a pattern or a `cd` asks (every command parsed by then counts).
let _pending: SimpleCommand[] = [];

/** The options patterns of the current check are expanded under. */
export function globOptions(): GlobOptions {
  if (_pending.length > 0) {
    for (const cmd of _pending) _read(cmd);
    _pending = [];
  }
  return _current;
}

/**
 * Starts a check: the options bash imports from its environment (BASHOPTS, SHELLOPTS,
 * GLOBIGNORE). PowerShell's and cmd's wildcards have no dot rule (a dotfile is a hidden item,
 * which `-Force` takes) and ignore case where the file system does: both are on for them.
 */
export function startGlobOptions(env: Record<string, string | undefined>, dialect = "posix"): void {
  _current = dialect === "posix" ? NONE : { ...NONE, dot: true, nocase: true };
  _pending = [];
  const { BASHOPTS, SHELLOPTS, GLOBIGNORE } = env;
  if (BASHOPTS) _spelled(BASHOPTS);
  if (SHELLOPTS) _spelled(SHELLOPTS);
  if (GLOBIGNORE) _set("dot");
}

// Builtins that assign a variable named by an argument (`declare "$n=x"`, `printf -v "$n"`):
// a computed name may be GLOBIGNORE.
const ASSIGNERS = new Set(["declare", "typeset", "export", "local", "readonly", "read", "mapfile", "readarray", "let"]);
const UNSEEN = new Set(["eval", "source", ".", "alias"]);
const SHELL = /^(?:.*\/)?(?:ba|da|k|mk|z|a)?sh$/;

/** After a parsed command (read when the options are first asked for). */
export function noteGlobOptions(cmd: SimpleCommand): void {
  if (_current !== ALL) _pending.push(cmd);
}

/** What one command may turn on. */
function _read(cmd: SimpleCommand): void {
  if (_current === ALL) return;
  for (const a of cmd.assigns) {
    if (a.name === "GLOBIGNORE") _set("dot");
    else if (a.name === "BASH_ENV" || ((a.name === "BASHOPTS" || a.name === "SHELLOPTS") && a.value.dynamic)) _set("all");
  }
  if (cmd.arith !== undefined && cmd.arith.includes("GLOB")) _set("dot");
  const argv = cmd.argv;
  const head = argv[0];
  if (!head) return;
  const name = head.value;
  if (head.dynamic || UNSEEN.has(name)) return _set("all");
  const builtin = name === "shopt" || name === "set";
  const assigner = ASSIGNERS.has(name) || (name === "printf" && argv[1]?.value.startsWith("-v") === true);
  let shell = builtin;
  let flagF = false;
  for (let i = 0; i < argv.length; i++) {
    const w = argv[i]!;
    const v = w.value;
    if (i > 0 && (builtin || assigner) && (w.dynamic || w.glob)) _set(builtin ? "all" : "dot");
    if (v.length >= 6 && SPELLED.test(v)) _spelled(v);
    // A computed option list (`env BASHOPTS=$x bash`, `bash -O "$o"`) may hold any of them.
    if (w.dynamic && (shell || v.includes("OPTS"))) _set("all");
    const c = v.charCodeAt(0);
    if (c === 45 || c === 43) {
      if (v.length > 32 || !(v.includes("f") || v.includes("P")) || !FLAGS.test(v)) continue;
      if (v.includes("f")) flagF = true;
      if (v.includes("P") && builtin) _set("physical");
    } else if (!shell && v.endsWith("sh") && SHELL.test(v)) shell = true;
  }
  if (shell && flagF) _set("noglob");
}

const FLAGS = /^[-+][A-Za-z]+$/;
const SPELLED = /glob|GLOB|BASH_ENV|physical/;

/** Options spelled in a word (`dotglob`, `BASHOPTS=dotglob:nocaseglob`, `GLOBIGNORE=x`). */
function _spelled(text: string): void {
  if (text.includes("BASH_ENV")) _set("all");
  if (text.includes("dotglob") || text.includes("GLOBIGNORE")) _set("dot");
  if (text.includes("nocaseglob") || text.includes("globasciiranges")) _set("nocase");
  if (text.includes("globstar")) _set("globstar");
  if (text.includes("noglob")) _set("noglob");
  if (text.includes("globskipdots")) _set("dots");
  if (text.includes("physical")) _set("physical");
}

function _set(flag: keyof GlobOptions | "all"): void {
  if (flag === "all") _current = ALL;
  else if (!_current[flag]) _current = { ..._current, [flag]: true };
}
