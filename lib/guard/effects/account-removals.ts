import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { op, type Op } from "../ops.ts";
import { literalWord, type Word } from "../syntax.ts";
import type { Handler } from "./context.ts";
import { clusterValue, longWord, mayBeOption, optionWalk } from "./getopt.ts";

/**
 * Account tools that remove files (red team 16): `userdel -r NAME` and `deluser --remove-home
 * NAME` delete the user's home folder with everything in it, judged like `rm -rf` of it (the home
 * /etc/passwd names, else /home/NAME, useradd's default); `deluser --remove-all-files` removes
 * every file the user owns anywhere, judged like `rm -rf /`. `passwd -d` (and its locking and
 * expiring modes) rewrites /etc/shadow, a system file. A name the guard cannot see is unknown.
 */
const unknown = (name: string): Op[] => [op("unknown", name)];

/**
 * The home folder /etc/passwd gives NAME (under `root` for `-R`/`--prefix`, a relative one read
 * from `cwd`), else `/home/NAME`.
 */
function _home(user: string, root: string, cwd: string): string {
  let passwd = "";
  try {
    passwd = readFileSync(resolve(cwd, `${root}/etc/passwd`), "utf8");
  } catch {
    // No passwd file to read: useradd's default.
  }
  for (const line of passwd.split("\n")) {
    const fields = line.split(":");
    if (fields[0] === user && fields[5]) return `${root}${fields[5]}`;
  }
  return `${root}/home/${user}`;
}

// The long options (getopt_long and Getopt::Long take unique abbreviations: `userdel --rem`).
const USERDEL_LONG = ["force", "help", "remove", "root", "prefix", "selinux-user"];
const PASSWD_LONG = ["all", "delete", "expire", "help", "keep-tokens", "inactive", "lock", "mindays", "quiet", "repository", "root", "prefix", "status", "unlock", "warndays", "maxdays", "stdin"];
const DELUSER_LONG = ["remove-home", "remove-all-files", "backup", "backup-to", "system", "quiet", "conf", "group", "only-if-empty", "debug", "help", "version", "no-preserve-root", "verbose"];

/**
 * Walks an account tool's options: each long option's name (abbreviations read) and each short
 * letter of a cluster up to and with the one that takes a value goes to `seen`; `-R CHROOT`,
 * `--root`, `-P PREFIX` and `--prefix` give the root (unknown when computed or missing), the
 * `valued` long options and `shortValued` letters take a value. Returns the operands and the root.
 */
function _walk(args: Word[], longs: readonly string[], valued: RegExp, shortValued: string, seen: (option: string) => void): { operands: Word[]; root: string; rootUnknown: boolean } {
  let root = "";
  let rootUnknown = false;
  const setRoot = (value: Word | undefined) => {
    rootUnknown ||= !value || value.dynamic;
    root = value?.value ?? "";
  };
  const operands = optionWalk(args, (a, i) => {
    if (a.value.startsWith("--")) {
      const { name, value } = longWord(a, longs);
      if (name === undefined) return i;
      seen(name);
      if (name === "root" || name === "prefix") setRoot(value ?? args[i + 1]);
      return value === undefined && (name === "root" || name === "prefix" || valued.test(name)) ? i + 1 : i;
    }
    const got = clusterValue(args, i, shortValued);
    for (const c of a.value.slice(1, got?.at)) seen(c);
    if (got) seen(got.letter);
    if (got?.letter === "R" || got?.letter === "P") setRoot(got.value);
    return got?.i ?? i;
  });
  return { operands, root, rootUnknown };
}

/** userdel [-r] [-R CHROOT] [-P PREFIX] NAME. A computed word that may be an option (getopt.ts mayBeOption) may be `-r` and `-R`: unknown. */
export const userdel: Handler = ({ name, args, ctx }) => {
  let removes = false;
  const { operands, root, rootUnknown } = _walk(args, USERDEL_LONG, /^$/, "RP", (o) => (removes ||= o === "remove" || o === "r"));
  const computed = operands.some(mayBeOption);
  if (!removes && !computed) return [];
  const user = operands.filter((w) => !mayBeOption(w)).at(-1);
  const cwd = ctx.state.cwd;
  if (!user || user.dynamic || computed || rootUnknown || (root !== "" && !root.startsWith("/") && cwd === null)) return unknown(name);
  return [op("delete", name, [literalWord(_home(user.value, root.replace(/\/+$/, ""), cwd ?? "/"))], true)];
};

/**
 * deluser (Debian): `--remove-home` deletes the home, `--remove-all-files` every file the user
 * owns; a computed word that may be an option (getopt.ts mayBeOption) is read as the latter.
 */
export const deluser: Handler = ({ name, args }) => {
  // Getopt::Long takes a unique abbreviation (`--remove-h`).
  const longs = args.filter((a) => a.value.startsWith("--")).map((a) => longWord(a, DELUSER_LONG).name);
  const all = longs.includes("remove-all-files") || args.some(mayBeOption);
  if (!all && !longs.includes("remove-home")) return [];
  const operands = args.filter((a) => !mayBeOption(a) && (a.dynamic || !a.value.startsWith("-")));
  const user = operands[0];
  if (!user || user.dynamic) return unknown(name);
  return [op("delete", name, [literalWord(all ? "/" : _home(user.value, "", "/"))], true)];
};

/**
 * passwd: `-d` (no password), `-l`/`-u` (lock, unlock), `-e` (expire), `-n`/`-x`/`-w`/`-i`
 * (ages) and `--stdin` rewrite /etc/shadow (under `-R CHROOT` or `-P PREFIX`); `-S` shows the
 * status. A plain `passwd` asks for the new password at the terminal. A computed word that may be
 * an option (getopt.ts mayBeOption) may be `-d` and `-R`: unknown.
 */
export const passwd: Handler = ({ name, args }) => {
  let changes = false;
  const { operands, root, rootUnknown } = _walk(args, PASSWD_LONG, /^(mindays|maxdays|warndays|inactive|repository)$/, "nxwiRP", (o) => {
    changes ||= /^([dluenxwi]|delete|lock|unlock|expire|mindays|maxdays|warndays|inactive|stdin)$/.test(o);
  });
  if (operands.some(mayBeOption)) return unknown(name);
  if (!changes) return [];
  if (rootUnknown) return unknown(name);
  const shadow: Word = literalWord(`${root.replace(/\/+$/, "")}/etc/shadow`);
  return [op("overwrite", name, [shadow])];
};
