import type { Word } from "../syntax.ts";

// Variable names that may hold a credential: tokens, keys, passwords, sessions, connection strings.
const SECRET_NAME = /TOKEN|SECRET|KEY|PASS|CRED|AUTH|PRIVATE|SESSION|COOKIE|SIGN|CERT|DSN|URL|URI|CONN|API/i;

/** What a program printing the environment prints: nothing of it, chosen harmless names, or data to guard. */
type EnvPrint = "clean" | "environment";

// Variables that name the session, locale, terminal or tool folders, never a credential.
const HARMLESS_NAMES = new Set(
  "PATH HOME USER LOGNAME SHELL PWD OLDPWD LANG LANGUAGE TERM COLORTERM TERM_PROGRAM TZ TMPDIR TEMP TMP EDITOR VISUAL PAGER HOSTNAME HOSTTYPE OSTYPE SHLVL DISPLAY COLUMNS LINES NODE_ENV CI GOPATH GOROOT GOBIN JAVA_HOME CARGO_HOME RUSTUP_HOME VIRTUAL_ENV CONDA_DEFAULT_ENV PYTHONPATH NODE_PATH MANPATH INFOPATH".split(" "),
);
const HARMLESS_PREFIX = /^(LC|XDG)_[A-Z_]+$/;

/**
 * printenv with no name prints every variable; with names, only those (`printenv PATH`). Only
 * names of the session, locale, terminal and tool folders are harmless: a name that may hold a
 * credential (`AWS_SECRET_ACCESS_KEY`, `GITHUB_TOKEN`, `DATABASE_URL`) or any other one
 * (`MYSQL_PWD`, `GITHUB_PAT`) counts as the environment.
 */
export function printenvPrints(args: Word[]): EnvPrint {
  const names: Word[] = [];
  for (const a of args) {
    if (a.dynamic) return "environment";
    if (a.value === "--help" || a.value === "--version") return "clean";
    if (!a.value.startsWith("-")) names.push(a);
  }
  return names.length > 0 && names.every((n) => !SECRET_NAME.test(n.value) && (HARMLESS_NAMES.has(n.value) || HARMLESS_PREFIX.test(n.value))) ? "clean" : "environment";
}

/**
 * env with no command prints the environment; `env -i` (or `env -`) clears it first, so only the
 * NAME=VALUE words given in the line are printed. Returns the command env runs instead, if any.
 */
export function envPrints(args: Word[]): EnvPrint | { command: Word[] } {
  let cleared = false;
  const assigned: Word[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const v = a.value;
    if (a.dynamic && !/^[A-Za-z_][A-Za-z0-9_]*=/.test(v)) return "environment";
    if (/^[A-Za-z_][A-Za-z0-9_]*=/.test(v)) assigned.push(a);
    else if (!v.startsWith("-")) return { command: args.slice(i) };
    else if (v === "-" || v === "--ignore-environment") cleared = true;
    else if (v === "--unset" || v === "--chdir") i++;
    else if (/^-[a-zA-Z0-9]+$/.test(v)) {
      // A cluster: -i clears, -S splits a string (not followed), -u/-C take the rest or the next word.
      for (let k = 1; k < v.length; k++) {
        if (v[k] === "S") return "environment";
        if (v[k] === "i") cleared = true;
        if (v[k] === "u" || v[k] === "C") {
          if (k === v.length - 1) i++;
          break;
        }
      }
    } else if (v.startsWith("--split-string")) return "environment";
  }
  return cleared && assigned.every((a) => !a.dynamic) ? "clean" : "environment";
}

// ps options that take a value, the rest of a cluster or the next word: UNIX ones (`ps -u steve`)
// and BSD ones (`ps U eve`; BSD `u` and `s` are output formats).
const PS_VALUED = "oOpqsuUgGtCk";
const PS_BSD_VALUED = "oOpqtUk";

/**
 * ps with the BSD `e` modifier (`ps eww`, `ps auxe`, `ps e -p 1`) or `-E` (BSD and macOS) prints
 * each process's environment after its command: every variable it holds, credentials included
 * (red team 6 M1). `-e` (all processes) does not; a word the guard cannot read may be `e`.
 */
export function psPrintsEnvironment(args: Word[]): boolean {
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const v = a.value;
    if (a.dynamic) return true;
    if (v.startsWith("--")) {
      if (!v.includes("=") && /^--(format|sort|pid|ppid|quick-pid|user|User|group|Group|tty|sid|cols|columns|rows|lines|width)$/.test(v)) i++;
      continue;
    }
    const dash = v.startsWith("-");
    // Only letters: a BSD option word; a pid list (`1,2`) or a value is skipped.
    if (!/^-?[A-Za-z]+$/.test(v)) continue;
    for (let k = dash ? 1 : 0; k < v.length; k++) {
      const c = v[k]!;
      if (dash ? c === "E" : c === "e") return true;
      if ((dash ? PS_VALUED : PS_BSD_VALUED).includes(c)) {
        if (k === v.length - 1) i++;
        break;
      }
    }
  }
  return false;
}
