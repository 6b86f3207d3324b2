import { isAbsolute, join, normalize } from "node:path";
import { op, type Op } from "../ops.ts";
import { UNSET } from "../posix/vars.ts";
import { literalWord, unknownWord } from "../syntax.ts";
import type { Invocation } from "./context.ts";
import { parseGitConfig } from "./git-config-file.ts";
import { plainViewer } from "./git-persistent-config.ts";
import { envValue } from "./implicit-inputs.ts";
import { analyzeAt } from "./git-runs.ts";
import { programFileText } from "./program-file.ts";
import { shellQuote } from "../shell-quote.ts";

// Variables whose value git runs as shell text (`sh -c 'VALUE "$@"'`): the external diff, the
// editors (GIT_EDITOR, then core.editor, VISUAL, EDITOR), the sequence editor of `rebase -i`,
// the pagers, the ssh command.
const SHELL_VARS = ["GIT_EXTERNAL_DIFF", "GIT_EDITOR", "GIT_SEQUENCE_EDITOR", "VISUAL", "EDITOR", "GIT_PAGER", "PAGER", "GIT_SSH_COMMAND"];
// Variables naming a program git runs with arguments of its own (no shell).
const PROGRAM_VARS = ["GIT_SSH", "GIT_ASKPASS", "SSH_ASKPASS", "GIT_PROXY_COMMAND"];
// Configuration files git reads in place of the user's or the system's.
const CONFIG_FILES = ["GIT_CONFIG_GLOBAL", "GIT_CONFIG_SYSTEM", "GIT_CONFIG"];
// Folders git takes programs from: its own subcommands, the hooks a new repository gets.
const SYSTEM_GIT = /^\/(usr|opt\/homebrew|home\/linuxbrew\/\.linuxbrew|Library\/Developer|Applications\/Xcode[^/]*\.app|nix\/store|snap)\//;
const MAX_COUNT = 64;

/** What git takes from its environment: configuration entries, and the effects of the rest. */
export interface GitEnvironment {
  readonly config: ReadonlyArray<[string, string | null]>;
  readonly ops: readonly Op[];
}

/**
 * What git reads from its environment besides the repository: configuration
 * (GIT_CONFIG_PARAMETERS, GIT_CONFIG_COUNT with GIT_CONFIG_KEY_n/VALUE_n, and the files of
 * GIT_CONFIG_GLOBAL, GIT_CONFIG_SYSTEM, GIT_CONFIG, a HOME or XDG_CONFIG_HOME changed in the line),
 * commands (SHELL_VARS, PROGRAM_VARS), trace files it appends to (GIT_TRACE*, as absolute paths),
 * and folders of programs (GIT_EXEC_PATH, GIT_TEMPLATE_DIR for a new repository's hooks,
 * GIT_ALLOW_PROTOCOL letting `ext::` URLs run commands). `here` is git's directory (after `-C`;
 * relative config paths follow it), `top` the top of the work tree where it runs commands.
 */
export function gitEnvironment(inv: Invocation, sub: string, here: string | null, top: () => string | null): GitEnvironment {
  // The everyday values (an editor or pager by its bare name, a helper program by its absolute
  // path, a trace to stderr) run nothing the line could have changed: while the line changed no
  // PATH and wrote no file, they are not looked at again on every git command.
  const pristine = !inv.ctx.vars.has("PATH") && !inv.cmd?.assigns.some((a) => a.name === "PATH") && !inv.ctx.state.landed?.length && !inv.ctx.state.unseenWrites;
  const present = _present(inv, pristine);
  // Most git commands: nothing git would read is set.
  if (present === null) return NOTHING;
  const config: Array<[string, string | null]> = [];
  const ops: Op[] = [];
  const get = (name: string) => (present.has(name) ? envValue(inv, name, true) : undefined);
  const params = get("GIT_CONFIG_PARAMETERS");
  if (params !== undefined) {
    const parsed = params === null ? null : parseConfigParameters(params);
    if (parsed === null) ops.push(op("unknown", "git"));
    else config.push(...parsed);
  }
  const count = get("GIT_CONFIG_COUNT");
  if (count !== undefined && count !== "") {
    const n = count === null ? NaN : Number(count);
    if (!Number.isInteger(n) || n < 0 || n > MAX_COUNT) ops.push(op("unknown", "git"));
    for (let k = 0; k < n && k < MAX_COUNT; k++) {
      const key = envValue(inv, `GIT_CONFIG_KEY_${k}`, true);
      const value = envValue(inv, `GIT_CONFIG_VALUE_${k}`, true);
      if (key === null) ops.push(op("unknown", "git"));
      else if (key !== undefined) config.push([key.toLowerCase(), value ?? null]);
    }
  }
  const files: Array<string | null> = CONFIG_FILES.map(get).filter((v) => v !== undefined);
  const home = get("HOME");
  if (home !== undefined) files.push(home === null ? null : join(home, ".gitconfig"));
  const xdg = get("XDG_CONFIG_HOME");
  if (xdg !== undefined) files.push(xdg === null ? null : join(xdg, "git", "config"));
  for (const file of files) {
    const entries = file === "" ? [] : _configFile(file, here, inv);
    if (entries === null) ops.push(op("unknown", "git"));
    else config.push(...entries);
  }
  let runAt: string | null | undefined;
  const at = () => (runAt === undefined ? (runAt = top()) : runAt);
  for (const name of SHELL_VARS) {
    const value = get(name);
    if (value === null) ops.push(op("unknown", "git"));
    else if (value && !(pristine && _everyday(name, value))) ops.push(...analyzeAt(value, inv.ctx, at()));
  }
  for (const name of PROGRAM_VARS) {
    const value = get(name);
    if (value === null) ops.push(op("unknown", "git"));
    else if (value && !(pristine && _everyday(name, value))) ops.push(...analyzeAt(shellQuote(value), inv.ctx, at()));
  }
  // Trace targets: git appends to an absolute path (trace2 creates a file in it when it is a
  // folder) and ignores the rest (`1`, `2`, a descriptor, a relative path).
  for (const name of present) {
    if (!name.startsWith("GIT_TRACE")) continue;
    const value = get(name);
    if (value === null || value?.startsWith("/")) ops.push({ ...op("write-into", "git", [value === null ? unknownWord() : literalWord(value)]), lands: "created" });
  }
  if (unknownExecPath(get("GIT_EXEC_PATH"))) ops.push(op("unknown", "git"));
  if ((sub === "init" || sub === "clone" || sub === "submodule") && unknownExecPath(get("GIT_TEMPLATE_DIR"))) ops.push(op("unknown", `git ${sub}`));
  const protocols = get("GIT_ALLOW_PROTOCOL");
  if (protocols === null || (protocols && protocols.split(":").includes("ext"))) ops.push(op("unknown", "git"));
  return { config, ops };
}

// Every variable gitEnvironment reads (GIT_CONFIG_KEY_n/VALUE_n through GIT_CONFIG_COUNT).
const READ = new Set([...SHELL_VARS, ...PROGRAM_VARS, ...CONFIG_FILES, "GIT_CONFIG_PARAMETERS", "GIT_CONFIG_COUNT", "GIT_EXEC_PATH", "GIT_TEMPLATE_DIR", "GIT_ALLOW_PROTOCOL", "XDG_CONFIG_HOME"]);
const _reads = (name: string) => READ.has(name) || name.startsWith("GIT_TRACE");

// What git takes from an environment that sets nothing it reads (never changed: callers only read
// it, and the types are readonly). Its arrays are not frozen: the first frozen array of a process
// costs the compiled hook 128-320 KiB of Bun's code (docs/check.md "Session 9: hook memory").
const NOTHING: GitEnvironment = Object.freeze({ config: [], ops: [] });

/**
 * The variables git would read that are set (null: none): in the check's environment (found once
 * per environment object), earlier in the line, or on the command. HOME counts only when the line
 * changed it, XDG_CONFIG_HOME only when the line set it (the user's own config files are theirs).
 */
function _present(inv: Invocation, pristine: boolean): Set<string> | null {
  let names: Set<string> | null = null;
  const env = inv.ctx.env;
  if (env) for (const name of _envNames(env, pristine)) if (name !== "XDG_CONFIG_HOME") (names ??= new Set()).add(name);
  for (const name of inv.ctx.vars.keys()) if (_reads(name) || (name === "HOME" && inv.ctx.vars.get(name) !== inv.ctx.home)) (names ??= new Set()).add(name);
  for (const a of inv.cmd?.assigns ?? []) if (_reads(a.name) || a.name === "HOME") (names ??= new Set()).add(a.name);
  return names;
}

/** The names an environment sets that git reads: all of them, and those whose value is not everyday. */
const _namesOf = new WeakMap<object, { all: string[]; unusual: string[] }>();
function _envNames(env: Readonly<Record<string, string | undefined>>, pristine: boolean): string[] {
  let names = _namesOf.get(env);
  if (!names) {
    const all = Object.keys(env).filter(_reads);
    _namesOf.set(env, (names = { all, unusual: all.filter((n) => !_everyday(n, env[n] ?? "")) }));
  }
  return pristine ? names.unusual : names.all;
}

/**
 * A value that does nothing the analysis would see, as long as the line changed no PATH and
 * wrote no file: an editor or pager by its bare name with options, a program by its absolute
 * path, a trace to stderr, git's own exec path, nothing at all.
 */
function _everyday(name: string, value: string): boolean {
  if (value === "") return true;
  if (SHELL_VARS.includes(name)) return plainViewer(value);
  if (PROGRAM_VARS.includes(name)) return value.startsWith("/") && !value.includes("'");
  if (name.startsWith("GIT_TRACE")) return !value.startsWith("/");
  if (name === "GIT_EXEC_PATH" || name === "GIT_TEMPLATE_DIR") return !unknownExecPath(value);
  return false;
}

// Variables that point git at another work tree, repository or index.
const TREE_VARS = /^GIT_(DIR|WORK_TREE|INDEX_FILE|COMMON_DIR)$/;

/** The line points git elsewhere: a prefix assignment, `env`, `export` or an earlier assignment. */
export function gitRedirectedInLine(inv: Invocation): boolean {
  if (inv.cmd?.assigns.some((a) => TREE_VARS.test(a.name))) return true;
  for (const name of inv.ctx.vars.keys()) if (name.startsWith("GIT_") && TREE_VARS.test(name) && inv.ctx.vars.get(name) !== UNSET) return true;
  return false;
}

/** A folder of programs git would run from (its exec path, a template's hooks) that is not git's own installation. */
export function unknownExecPath(dir: string | null | undefined): boolean {
  return dir === null || (dir !== undefined && dir !== "" && !SYSTEM_GIT.test(normalize(`${dir}/`)));
}

/** A config file's entries (null: unknown). A missing file is no configuration, as for git. */
function _configFile(file: string | null, here: string | null, inv: Invocation): Array<[string, string]> | null {
  if (file === null) return null;
  const path = isAbsolute(file) ? file : here === null ? null : join(here, file);
  if (path === null) return null;
  const text = programFileText(literalWord(path), inv);
  if (text === null) return [];
  return text.dynamic ? null : parseGitConfig(text.value);
}

/**
 * GIT_CONFIG_PARAMETERS as git writes it for `-c`: single-quoted `'key=value'` items, or
 * `'key'='value'`, separated by blanks; inside the quotes `'\''` and `'\!'` stand for `'` and `!`.
 * Null when git would reject the text.
 */
export function parseConfigParameters(text: string): Array<[string, string]> | null {
  const out: Array<[string, string]> = [];
  let i = 0;
  const quoted = (): string | null => {
    if (text[i] !== "'") return null;
    let s = "";
    for (i++; ; ) {
      if (i >= text.length) return null;
      const c = text[i++]!;
      if (c !== "'") {
        s += c;
        continue;
      }
      // `'\''` and `'\!'` continue the string with the escaped character.
      if (text[i] === "\\" && (text[i + 1] === "'" || text[i + 1] === "!") && text[i + 2] === "'") {
        s += text[i + 1];
        i += 3;
        continue;
      }
      return s;
    }
  };
  while (i < text.length && out.length <= MAX_COUNT * 4) {
    if (/\s/.test(text[i]!)) {
      i++;
      continue;
    }
    const first = quoted();
    if (first === null) return null;
    if (text[i] === "=") {
      i++;
      const value = text[i] === "'" ? quoted() : "";
      if (value === null) return null;
      out.push([first.toLowerCase(), value]);
    } else {
      const eq = first.indexOf("=");
      out.push(eq < 0 ? [first.toLowerCase(), "true"] : [first.slice(0, eq).toLowerCase(), first.slice(eq + 1)]);
    }
    if (i < text.length && !/\s/.test(text[i]!)) return null;
  }
  return out;
}
