import { isAbsolute, normalize } from "node:path";
import { op, type Op } from "../ops.ts";

/**
 * A Git setting that makes later git commands run code (`core.hooksPath`, `core.fsmonitor`,
 * `core.sshCommand`, `core.pager`, `core.editor`, `credential.helper`, `alias.x=!…`, filters,
 * drivers, …) stored with `git config`: every later `git status` or `git commit`, the agent's and
 * the user's own, runs it, and no check sees those runs. Like a line appended to a startup file
 * (startup-files.ts), storing one asks (ASK_PERSISTENT_CODE) whatever the scope: the repository's
 * `.git/config` is as hidden from review as `~/.gitconfig`. A value that is also dangerous now
 * (`rm -rf ~`) is judged as that command besides (git-config.ts).
 *
 * Values that run nothing new pass: booleans and empty values, well-known pagers and editors
 * with options only (`less -R`, `code --wait`), Git's own credential helpers (`store`, `cache`,
 * `osxkeychain`, `manager`, …), and, in the repository's own configuration, a hooks folder inside
 * the working tree (`.githooks`, `.husky`): those hooks are workspace files like any script the
 * agent may run.
 */
export type ConfigScope = "local" | "global" | "file";

/** The scope an option of `git config` selects (`--global`, `--system`, `--file`, …). */
export function configScope(option: string, scope: ConfigScope): ConfigScope {
  if (option === "--global" || option === "--system") return "global";
  if (option === "-f" || option === "--file" || option.startsWith("--file=") || option === "--blob" || option.startsWith("--blob=")) return "file";
  if (option === "--local" || option === "--worktree") return "local";
  return scope;
}

// Pagers and editors by their bare name, followed by options only.
const VIEWERS = /^(less|more|most|cat|delta|bat|vim?|nvim|nano|emacs|emacsclient|code|code-insiders|codium|cursor|subl|mate|micro|hx|kak|gedit|kate|zed|true)(\s+-[-\w=.,]*)*$/;
// Git's own and the common platform credential helpers (`git credential-<name>`).
const HELPERS = /^(store|cache|osxkeychain|manager|manager-core|libsecret|wincred|gnome-keyring|netrc)(\s+--[-\w]+(=[-\w.]+)?)*$/;

/** A well-known pager or editor by its bare name, with options only (`less -R`, `code --wait`). */
export function plainViewer(value: string): boolean {
  return VIEWERS.test(value.trim());
}

/** Git's own or a common platform credential helper by its name, with long options only. */
export function knownHelper(value: string): boolean {
  return HELPERS.test(value);
}

/** A relative folder that stays inside the working tree (git does not expand `$`; `~` and `%(prefix)` it does). */
export function inWorkTree(path: string): boolean {
  if (path === "" || isAbsolute(path) || /^[~%]/.test(path)) return false;
  const n = normalize(path);
  return n !== ".." && !n.startsWith("../");
}

/** The op that asks for a stored setting later commands run as code. */
export function persistentCode(verb: string): Op {
  return { ...op("unknown", verb), refusal: "ASK_PERSISTENT_CODE" };
}
