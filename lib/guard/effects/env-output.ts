import { ANY_VARIABLE, type SimpleCommand, type Word } from "../syntax.ts";
import { awkArgs, awkProgramFile } from "./awk-output.ts";
import type { Invocation } from "./context.ts";
import type { Language } from "./interpreters.ts";
import { AWK_NAMES, LANGUAGES } from "./runner-names.ts";
import { scriptOperands } from "./script-operands.ts";

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
  return names.length > 0 && names.every((n) => _harmless(n.value)) ? "clean" : "environment";
}

const _harmless = (name: string): boolean => !SECRET_NAME.test(name) && (HARMLESS_NAMES.has(name) || HARMLESS_PREFIX.test(name));

/**
 * Whether a word holds the value of an environment variable named like a credential
 * (`"$GITHUB_TOKEN"`, `$AWS_SECRET_ACCESS_KEY`, or `"$T"` after `T=$GITHUB_TOKEN`: Word.envNames).
 * Unlike printenv's names, a variable of any other name is not counted: `echo "$MSG"` is text.
 */
export function holdsSecretVariable(word: Pick<Word, "envNames">): boolean {
  return word.envNames?.some((name) => name === ANY_VARIABLE || SECRET_NAME.test(name)) === true;
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

/*
 * The environment printed by code (red-team pass of session 11, finding 1): `jq -n env`,
 * `awk 'BEGIN{for(k in ENVIRON)print k"="ENVIRON[k]}'`, `python3 -c 'print(os.environ)'`,
 * `node -p process.env`, `perl -e 'print %ENV'`, `ruby -e 'p ENV.to_h'`, `php -r
 * 'var_dump(getenv());'`, `deno eval 'console.log(Deno.env.toObject())'` print every variable,
 * as `env` does; so do `systemctl show-environment` and `tmux show-environment`. Code reading
 * one variable by a literal name (`process.env.HOME`, `os.environ["PATH"]`, `$ENV{HOME}`,
 * `ENVIRON["HOME"]`, `$ENV.HOME`, yq's `env(HOME)`) prints that one, judged by its name as
 * `printenv NAME` is; a name the code computes (`os.environ[k]`, `$ENV{$k}`) may be any.
 */

/** What code prints of the environment: all of it (or a computed name), one variable that may hold a credential, or nothing of it (null). */
export type CodeEnvironment = "environment" | "variable" | null;

/** The languages whose spellings of the environment are read: the interpreters', jq's (and yq's), awk's. */
export type EnvLanguage = Language | "jq" | "awk";

// Each language's spellings of the environment as a whole; an accessor naming one variable may follow.
const WHOLE: Record<EnvLanguage, RegExp> = {
  python: /\benvironb?\b/g,
  node: /\b(?:process|Bun|Deno)\s*(?:\.\s*env\b|\[\s*(?:"env"|'env'|`env`)\s*\])|\bmeta\s*\.\s*env\b/g,
  perl: /[%$@](?:main)?(?:::)?ENV\b/g,
  ruby: /(?<![\w$@:.])ENV\b/g,
  // PHP's function names ignore case (`GETENV()`); its variables do not, matched loosely here.
  php: /\$_(?:ENV|SERVER)\b|\$GLOBALS\b|\bgetenv\b|\bphpinfo\b/gi,
  jq: /\$ENV\b|(?<![\w.$"@])(?:str)?env\b(?!\s*:)|\benvsubst\b/g,
  awk: /\bENVIRON\b/g,
};

// A literal name right after a spelling: a subscript, a getter's first argument, a property.
const Q = String.raw`(?:"(\w+)"|'(\w+)'|\x60(\w+)\x60)`;
const sticky = (source: string) => new RegExp(source, "y");
const NAMED: Record<EnvLanguage, RegExp> = {
  python: sticky(String.raw`\s*(?:\[|\.\s*(?:get|pop|setdefault|__getitem__)\s*\()\s*[bu]?${Q}`),
  node: sticky(String.raw`\s*(?:\??\.\s*(?:get|has)\s*\(\s*${Q}|\??\.\s*([A-Za-z_$][\w$]*)(?![\w$]|\s*\()|(?:\?\.)?\[\s*${Q}\s*\])`),
  perl: sticky(String.raw`\s*\{\s*(?:${Q}|(\w+))\s*\}`),
  ruby: sticky(String.raw`\s*(?:\[|\.\s*(?:fetch|key\?|has_key\?|include\?|\[\])\s*\(?)\s*${Q}`),
  php: sticky(String.raw`\s*[[(]\s*${Q}`),
  jq: sticky(String.raw`\s*(?:\.\s*(?:${Q}|([A-Za-z_]\w*))|\.?\[\s*${Q}\s*\]|\(\s*(?:${Q}|([A-Za-z_]\w*))\s*\))`),
  awk: sticky(String.raw`\s*\[\s*${Q}\s*\]`),
};

/** What `code` prints of the environment, by its spellings of it (not what it does with them). */
export function codeEnvironment(code: string, language: EnvLanguage): CodeEnvironment {
  let found: CodeEnvironment = null;
  const named = NAMED[language];
  for (const m of code.matchAll(WHOLE[language])) {
    const end = m.index + m[0].length;
    // Perl's `$ENV` is the hash only with a subscript; Python's `from os import environ` names it.
    if (language === "perl" && m[0].startsWith("$") && !_subscript(code, end)) continue;
    if (language === "python" && _imported(code, m.index, end)) continue;
    named.lastIndex = end;
    const name = m[0] === "envsubst" ? undefined : named.exec(code)?.slice(1).find((g) => g !== undefined);
    if (name === undefined) return "environment";
    if (!_harmless(name)) found = "variable";
  }
  return found;
}

const SUBSCRIPT = /\s*\{/y;
const _subscript = (code: string, at: number): boolean => ((SUBSCRIPT.lastIndex = at), SUBSCRIPT.test(code));

/** Whether a Python spelling is a name an import statement binds (`from os import environ`), not bound to another name (`as e`). */
function _imported(code: string, at: number, end: number): boolean {
  // (The statement's last 256 characters: a bound that keeps many spellings on one line linear.)
  const before = code.slice(Math.max(0, at - 256), at);
  return /\bimport\b[^;\n]*$/.test(before) && !/^\s+as\b/.test(code.slice(end, end + 8));
}

/** jq and the programs that read its filter language (yq's: mikefarah's and the python one's). */
export const JQ_NAMES: ReadonlySet<string> = new Set(["jq", "gojq", "jaq", "yq", "xq", "tomlq"]);

/**
 * What a program's code on its command line prints of the environment: an interpreter's inline
 * code (`-c`, `-e`, `-p`, `-r`, `deno eval`), jq's or yq's filter, awk's program; and the
 * environment listings of systemctl and tmux. Given the command (`at`), awk's program files
 * (`-f FILE`) are read too, as the awk runner reads them (awk-output.ts awkProgramFile); a
 * program file the guard cannot read is left to the runner (unknown). Other filters or
 * programs read from a file are not read.
 */
export function programEnvironment(name: string, args: Word[], at?: Pick<Invocation, "cmd" | "ctx">): CodeEnvironment {
  if (!Object.hasOwn(LANGUAGES, name) && !JQ_NAMES.has(name) && !AWK_NAMES.has(name)) return name === "systemctl" || name === "tmux" ? _listed(name, args) : null;
  // The pipe, file and substitution passes each ask about the same command: its code is read once.
  let known = _read.get(args);
  if (known?.name !== name) _read.set(args, (known = { name, printed: _programEnvironment(name, args, at?.cmd) }));
  if (!at || known.printed === "environment" || !AWK_NAMES.has(name)) return known.printed;
  if (known.files === undefined) known.files = _codes(_awkProgramFiles(name, args, at), "awk");
  return known.files === "environment" ? "environment" : (known.printed ?? known.files);
}

const _read = new WeakMap<Word[], { name: string; printed: CodeEnvironment; files?: CodeEnvironment }>();

function _programEnvironment(name: string, args: Word[], cmd: SimpleCommand | undefined): CodeEnvironment {
  if (Object.hasOwn(LANGUAGES, name)) return _codes(name === "deno" && args[0]?.value === "eval" ? args.slice(1).filter((w) => !w.value.startsWith("-")) : scriptOperands(name, args)?.inline, LANGUAGES[name]!);
  if (JQ_NAMES.has(name)) return _codes(jqFilter(name, args), "jq");
  return _codes(_awkPrograms(name, args, cmd), "awk");
}

/** systemctl show-environment, tmux show-environment. */
function _listed(name: string, args: Word[]): CodeEnvironment {
  if (name === "systemctl") return args.some((a) => a.value === "show-environment") ? "environment" : null;
  return _tmuxEnvironment(args);
}

function _codes(codes: readonly Word[] | undefined, language: EnvLanguage): CodeEnvironment {
  let found: CodeEnvironment = null;
  for (const code of codes ?? []) {
    const printed = codeEnvironment(code.value, language);
    if (printed === "environment") return printed;
    found ??= printed;
  }
  return found;
}

// jq's and yq's options taking the next words (`--arg NAME VALUE`), and short ones taking one.
const JQ_VALUED: Record<string, number> = { "--arg": 2, "--argjson": 2, "--slurpfile": 2, "--rawfile": 2, "--indent": 1, "--library-path": 1, "--output-format": 1, "--input-format": 1, "--front-matter": 1, "--split-exp": 1 };
// (`-s` is jq's slurp; mikefarah yq's split expression is left to its long form.)
const JQ_SHORT_VALUED = "L";
const YQ_SHORT_VALUED = "LopI";
const YQ_COMMANDS = new Set(["e", "eval", "ea", "eval-all"]);

/** jq's (or yq's) filter: its first operand, unless a file gives it (`-f FILE`, `--from-file`). */
export function jqFilter(name: string, args: Word[]): Word[] | undefined {
  for (let i = 0; i < args.length; i++) {
    const v = args[i]!.value;
    if (v === "--") return args.slice(i + 1, i + 2);
    if (!v.startsWith("-") || v === "-" || args[i]!.dynamic) {
      if (name !== "jq" && YQ_COMMANDS.has(v)) continue;
      return [args[i]!];
    }
    if (v === "--from-file" || v.startsWith("--from-file=")) return undefined;
    if (v.startsWith("--")) i += v.includes("=") ? 0 : (JQ_VALUED[v] ?? 0);
    else
      for (let k = 1; k < v.length; k++) {
        if (v[k] === "f") return undefined;
        if ((name === "yq" ? YQ_SHORT_VALUED : JQ_SHORT_VALUED).includes(v[k]!)) {
          if (k === v.length - 1) i++;
          break;
        }
      }
  }
  return undefined;
}

/** awk's program texts: `-e`/`--source` texts, else the first operand (awk-output.ts awkArgs; `-f FILE` names a file instead). */
function _awkPrograms(name: string, args: Word[], cmd: SimpleCommand | undefined): Word[] {
  const texts: Word[] = [];
  for (const p of awkArgs(args, name, cmd).programs) if (!p.file && p.word) texts.push(p.word);
  return texts;
}

/** The texts of awk's program files the guard can read (`-f FILE`, `--file`, `-E`). */
function _awkProgramFiles(name: string, args: Word[], at: Pick<Invocation, "cmd" | "ctx">): Word[] {
  const texts: Word[] = [];
  for (const p of awkArgs(args, name, at.cmd).programs) {
    if (!p.file) continue;
    const text = awkProgramFile(p.word, at, true);
    if (text && !text.dynamic) texts.push(text);
  }
  return texts;
}

/** tmux show-environment (showenv): every variable of the session or server, or the one it names (`-t` takes a target). */
function _tmuxEnvironment(args: Word[]): CodeEnvironment {
  const at = args.findIndex((a) => a.value === "show-environment" || a.value === "showenv");
  if (at < 0) return null;
  for (let i = at + 1; i < args.length; i++) {
    const v = args[i]!.value;
    if (v === ";" || args[i]!.dynamic) break;
    if (v === "-t") i++;
    else if (!v.startsWith("-")) return _harmless(v) ? null : "variable";
  }
  return "environment";
}
