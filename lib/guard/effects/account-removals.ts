import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { op, type Op } from "../ops.ts";
import { literalWord, type Word } from "../syntax.ts";
import type { Handler } from "./context.ts";
import { clusterValue, longOption, optionWalk } from "./getopt.ts";

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

/** userdel [-r] [-R CHROOT] [-P PREFIX] NAME. */
export const userdel: Handler = ({ name, args, ctx }) => {
  let removes = false;
  let root = "";
  let rootUnknown = false;
  const operands = optionWalk(args, (a, i) => {
    const v = a.value;
    if (v.startsWith("--")) {
      const eq = v.indexOf("=");
      const long = longOption(v.slice(2, eq < 0 ? undefined : eq), USERDEL_LONG);
      removes ||= long === "remove";
      if (long !== "root" && long !== "prefix") return i;
      const value = eq >= 0 ? { ...a, value: v.slice(eq + 1) } : args[i + 1];
      rootUnknown ||= !value || value.dynamic;
      root = value?.value ?? "";
      return eq >= 0 ? i : i + 1;
    }
    const got = clusterValue(args, i, "RP");
    removes ||= a.value.slice(1, got ? got.at : undefined).includes("r");
    if (got) {
      rootUnknown ||= !got.value || got.value.dynamic;
      root = got.value?.value ?? "";
    }
    return got?.i ?? i;
  });
  if (!removes) return [];
  const user = operands.at(-1);
  const cwd = ctx.state.cwd;
  if (!user || user.dynamic || rootUnknown || (root !== "" && !root.startsWith("/") && cwd === null)) return unknown(name);
  return [op("delete", name, [literalWord(_home(user.value, root.replace(/\/+$/, ""), cwd ?? "/"))], true)];
};

/** deluser (Debian): `--remove-home` deletes the home, `--remove-all-files` every file the user owns. */
export const deluser: Handler = ({ name, args }) => {
  // Getopt::Long takes a unique abbreviation (`--remove-h`).
  const longs = args.filter((a) => a.value.startsWith("--")).map((a) => longOption(a.value.slice(2).replace(/=.*$/s, ""), DELUSER_LONG));
  const all = longs.includes("remove-all-files");
  if (!all && !longs.includes("remove-home")) return [];
  const operands = args.filter((a) => a.dynamic || !a.value.startsWith("-"));
  const user = operands[0];
  if (!user || user.dynamic) return unknown(name);
  return [op("delete", name, [literalWord(all ? "/" : _home(user.value, "", "/"))], true)];
};

/**
 * passwd: `-d` (no password), `-l`/`-u` (lock, unlock), `-e` (expire), `-n`/`-x`/`-w`/`-i`
 * (ages) and `--stdin` rewrite /etc/shadow (under `-R CHROOT` or `-P PREFIX`); `-S` shows the
 * status. A plain `passwd` asks for the new password at the terminal.
 */
export const passwd: Handler = ({ name, args }) => {
  let changes = false;
  let root = "";
  let rootUnknown = false;
  optionWalk(args, (a, i) => {
    const v = a.value;
    if (v.startsWith("--")) {
      const eq = v.indexOf("=");
      const long = longOption(v.slice(2, eq < 0 ? undefined : eq), PASSWD_LONG) ?? "";
      changes ||= /^(delete|lock|unlock|expire|mindays|maxdays|warndays|inactive|stdin)$/.test(long);
      if (long === "root" || long === "prefix") {
        const value = eq >= 0 ? { ...a, value: v.slice(eq + 1) } : args[i + 1];
        rootUnknown ||= !value || value.dynamic;
        root = value?.value ?? "";
        return eq >= 0 ? i : i + 1;
      }
      return eq < 0 && /^(mindays|maxdays|warndays|inactive|repository)$/.test(long) ? i + 1 : i;
    }
    const got = clusterValue(args, i, "nxwiRP");
    const letters = a.value.slice(1, got ? got.at : undefined) + (got ? got.letter : "");
    changes ||= /[dluenxwi]/.test(letters);
    if (got && (got.letter === "R" || got.letter === "P")) {
      rootUnknown ||= !got.value || got.value.dynamic;
      root = got.value?.value ?? "";
    }
    return got?.i ?? i;
  });
  if (!changes) return [];
  if (rootUnknown) return unknown(name);
  const shadow: Word = literalWord(`${root.replace(/\/+$/, "")}/etc/shadow`);
  return [op("overwrite", name, [shadow])];
};
