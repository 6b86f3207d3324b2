import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { op, type Op } from "../ops.ts";
import { literalWord, unknownWord, type Word } from "../syntax.ts";
import type { Handler } from "./context.ts";
import { clusterValue, longWord, mayBeOption, openOption, optionWalk } from "./getopt.ts";

/**
 * Account tools that remove files (red team 16): `userdel -r NAME` and `deluser --remove-home
 * NAME` delete the user's home folder with everything in it, judged like `rm -rf` of it (the home
 * /etc/passwd names, else /home/NAME, useradd's default); `deluser --remove-all-files` removes
 * every file the user owns anywhere, judged like `rm -rf /`. `passwd -d` (and its locking and
 * expiring modes) rewrites /etc/shadow, a system file. A name the guard cannot see is unknown.
 * Removing an account or a group, with or without its home (`userdel NAME`, `deluser NAME`,
 * `groupdel`, `delgroup`), rewrites /etc/passwd and /etc/shadow or /etc/group as `passwd -d`
 * rewrites /etc/shadow, and loses what a new account would not have again (the password hash,
 * the uid its files keep): an overwrite of that system file (red team 16's review; it was
 * ALLOW_NO_EFFECT). Adding one (useradd, groupadd) loses nothing and is not judged.
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
  let open = false;
  const operands = optionWalk(
    args,
    (a, i) => {
      open ||= openOption(a, shortValued);
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
    },
    true,
  );
  // A computed option word whose rest may be any (getopt.ts openOption: `-f$X`, `--r$X`) stands
  // among the operands as a word that may be any option (mayBeOption): `-r`, `-d`, `-R ROOT`.
  if (open) operands.push(unknownWord());
  return { operands, root, rootUnknown };
}

/** The account file `file` (`/etc/passwd`, …) under `root`, rewritten. */
const _rewrite = (name: string, root: string, file: string): Op => op("overwrite", name, [literalWord(`${root.replace(/\/+$/, "")}${file}`)]);

/**
 * userdel [-r] [-R CHROOT] [-P PREFIX] NAME: rewrites /etc/passwd (and /etc/shadow, /etc/group)
 * under the root; `-r` also deletes the home. A computed word that may be an option (getopt.ts
 * mayBeOption) may be `-r` and `-R`: unknown.
 */
export const userdel: Handler = ({ name, args, ctx }) => {
  let removes = false;
  let help = false;
  const { operands, root, rootUnknown } = _walk(args, USERDEL_LONG, /^$/, "RP", (o) => {
    removes ||= o === "remove" || o === "r";
    help ||= o === "help" || o === "h";
  });
  if (help) return [];
  const computed = operands.some(mayBeOption);
  const user = operands.filter((w) => !mayBeOption(w)).at(-1);
  if (!user) return computed ? unknown(name) : [];
  if (!removes && !computed) return rootUnknown ? unknown(name) : [_rewrite(name, root, "/etc/passwd")];
  const cwd = ctx.state.cwd;
  if (user.dynamic || computed || rootUnknown || (root !== "" && !root.startsWith("/") && cwd === null)) return unknown(name);
  return [op("delete", name, [literalWord(_home(user.value, root.replace(/\/+$/, ""), cwd ?? "/"))], true), _rewrite(name, root, "/etc/passwd")];
};

// groupdel's long options.
const GROUPDEL_LONG = ["force", "help", "root", "prefix", "extrausers"];

/** groupdel [-f] [-R CHROOT] [-P PREFIX] GROUP: rewrites /etc/group (and /etc/gshadow) under the root. */
export const groupdel: Handler = ({ name, args }) => {
  let help = false;
  const { operands, rootUnknown, root } = _walk(args, GROUPDEL_LONG, /^$/, "RP", (o) => (help ||= o === "help" || o === "h"));
  if (help || operands.length === 0) return [];
  return rootUnknown || operands.some(mayBeOption) ? unknown(name) : [_rewrite(name, root, "/etc/group")];
};

/**
 * deluser and delgroup (Debian): `deluser USER` rewrites /etc/passwd, `deluser USER GROUP`,
 * `deluser --group GROUP` and `delgroup GROUP` rewrite /etc/group; `--remove-home` also deletes
 * the home, `--remove-all-files` every file the user owns; a computed word that may be an option
 * (getopt.ts mayBeOption) is read as the latter.
 */
export const deluser: Handler = ({ name, args }) => {
  // Getopt::Long takes a unique abbreviation (`--remove-h`); `--backup-to DIR` and `--conf FILE` take a value.
  const longs: (string | undefined)[] = [];
  const operands: Word[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (mayBeOption(a) || a.dynamic || !a.value.startsWith("-")) {
      if (!mayBeOption(a)) operands.push(a);
      continue;
    }
    const { name: long, value } = a.value.startsWith("--") ? longWord(a, DELUSER_LONG) : { name: a.value === "-c" ? "conf" : a.value === "-h" ? "help" : undefined, value: undefined };
    longs.push(long);
    if (value === undefined && (long === "backup-to" || long === "conf")) i++;
  }
  if (longs.includes("help") || longs.includes("version")) return [];
  const all = longs.includes("remove-all-files") || args.some(mayBeOption);
  const user = operands[0];
  if (!user) return all ? unknown(name) : [];
  const group = name === "delgroup" || longs.includes("group") || operands.length > 1;
  const file = _rewrite(name, "", group ? "/etc/group" : "/etc/passwd");
  if (!all && !longs.includes("remove-home")) return [file];
  if (user.dynamic) return unknown(name);
  return [op("delete", name, [literalWord(all ? "/" : _home(user.value, "", "/"))], true), file];
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
  return rootUnknown ? unknown(name) : [_rewrite(name, root, "/etc/shadow")];
};

// usermod's long options, and those that take a value.
const USERMOD_LONG = [
  "append", "badname", "comment", "home", "expiredate", "inactive", "gid", "groups", "help", "login", "lock", "move-home", "non-unique",
  "password", "prefix", "remove", "root", "shell", "uid", "unlock", "add-subuids", "del-subuids", "add-subgids", "del-subgids", "selinux-user", "selinux-range",
];
const USERMOD_VALUED = /^(comment|home|expiredate|inactive|gid|groups|login|password|shell|uid|add-subuids|del-subuids|add-subgids|del-subgids|selinux-user|selinux-range)$/;

/**
 * usermod's modes that passwd has (`-p` a new hash, `-L`/`-U` lock and unlock, `-e` expire,
 * `-f` inactive days) rewrite /etc/shadow as passwd's do (red team 16's review: they were
 * ALLOW_NO_EFFECT); its other changes (groups, shell, home, name) pass, as useradd does.
 */
export const usermod: Handler = ({ name, args }) => {
  let changes = false;
  let help = false;
  const { operands, root, rootUnknown } = _walk(args, USERMOD_LONG, USERMOD_VALUED, "cdefgGlpPRsuvVwWZ", (o) => {
    changes ||= /^([pLUef]|password|lock|unlock|expiredate|inactive)$/.test(o);
    help ||= o === "h" || o === "help";
  });
  if (help) return [];
  if (operands.some(mayBeOption)) return unknown(name);
  if (!changes) return [];
  return rootUnknown ? unknown(name) : [_rewrite(name, root, "/etc/shadow")];
};

// chpasswd's long options.
const CHPASSWD_LONG = ["crypt-method", "encrypted", "help", "md5", "root", "prefix", "sha-rounds"];

/** chpasswd sets the passwords of the `user:password` lines it reads: it rewrites /etc/shadow as `passwd --stdin` does. */
export const chpasswd: Handler = ({ name, args }) => {
  let help = false;
  const { operands, root, rootUnknown } = _walk(args, CHPASSWD_LONG, /^(crypt-method|sha-rounds)$/, "csRP", (o) => (help ||= o === "h" || o === "help"));
  if (help) return [];
  return rootUnknown || operands.some(mayBeOption) ? unknown(name) : [_rewrite(name, root, "/etc/shadow")];
};
