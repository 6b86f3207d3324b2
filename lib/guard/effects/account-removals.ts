import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { op, type Op } from "../ops.ts";
import { literalWord, type Word } from "../syntax.ts";
import type { Handler } from "./context.ts";
import { clusterValue, optionWalk } from "./getopt.ts";

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

/** userdel [-r] [-R CHROOT] [-P PREFIX] NAME. */
export const userdel: Handler = ({ name, args, ctx }) => {
  let removes = false;
  let root = "";
  let rootUnknown = false;
  const operands = optionWalk(args, (a, i) => {
    const v = a.value;
    if (v.startsWith("--")) {
      removes ||= v === "--remove";
      const m = /^--(root|prefix)(?:=(.*))?$/s.exec(v);
      if (!m) return i;
      const value = m[2] !== undefined ? { ...a, value: m[2] } : args[i + 1];
      rootUnknown ||= !value || value.dynamic;
      root = value?.value ?? "";
      return m[2] !== undefined ? i : i + 1;
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
  const values = args.map((a) => a.value);
  const all = values.includes("--remove-all-files");
  if (!all && !values.includes("--remove-home")) return [];
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
      changes ||= /^--(delete|lock|unlock|expire|mindays|maxdays|warndays|inactive|stdin)(=|$)/.test(v);
      const m = /^--(root|prefix)(?:=(.*))?$/s.exec(v);
      if (m) {
        const value = m[2] !== undefined ? { ...a, value: m[2] } : args[i + 1];
        rootUnknown ||= !value || value.dynamic;
        root = value?.value ?? "";
        return m[2] !== undefined ? i : i + 1;
      }
      return /^--(mindays|maxdays|warndays|inactive|repository)$/.test(v) ? i + 1 : i;
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
