import { op, type Op } from "../ops.ts";
import type { Word } from "../syntax.ts";
import { analyzeText } from "./analyze.ts";
import { type AnalyzeContext, MAX_ANALYSIS_DEPTH } from "./context.ts";
import { GIT_CONFIG_VALUED } from "./git-options.ts";
import { storesForcedPush } from "./git-push.ts";
import { storesForcedFetch } from "./git-refspecs.ts";
import { type ConfigScope, configScope, inWorkTree, knownHelper, persistentCode, plainViewer } from "./git-persistent-config.ts";
import { isSecretPath } from "./secrets.ts";

// Configuration whose value git runs as a shell command (or a program) during ordinary
// subcommands: `git -c core.fsmonitor='rm -rf ~ #' status` deletes the home directory. Also
// `imap.tunnel` (imap-send), `gpg.ssh.defaultKeyCommand` (signing), `guitool.<x>.cmd` (git gui),
// `tar.<format>.command` (archive), `instaweb.httpd`. One list for `-c`, GIT_CONFIG_* and the
// stored form (git-persistent-config.ts).
const RUNS = /^(core\.(fsmonitor|sshcommand|pager|editor|askpass|gitproxy|alternaterefscommand)|hook\..+\.command|sequence\.editor|pager\..+|diff\.external|diff\..+\.(textconv|command)|merge\..+\.driver|filter\..+\.(clean|smudge|process)|credential(\..+)?\.helper|gpg(\..+)?\.program|uploadpack\.packobjectshook|remote\..+\.(uploadpack|receivepack)|interactive\.difffilter|(difftool|mergetool|man|browser)\..+\.(cmd|path)|web\.browser|trailer\..+\.(command|cmd)|sendemail\.(.+\.)?(sendmailcmd|tocmd|cccmd|headercmd|smtpserver)|imap\.tunnel|gpg\.ssh\.defaultkeycommand|guitool\..+\.cmd|tar\..+\.command|instaweb\.httpd)$/;
// Among them, the pagers and editors (a well-known one by its bare name stores nothing new) and
// the credential helpers (`!CMD` and an absolute path are shell text, any other name runs
// `git credential-NAME`).
const VIEWER_KEYS = /^(core\.(pager|editor)|sequence\.editor|pager\..+)$/;
const HELPER_KEYS = /^credential(\..+)?\.helper$/;
// Values that run a shell command only when they start with `!` (the rest is the command): an
// alias, a submodule's update mode.
const SUBMODULE_UPDATE = /^submodule\..+\.update$/;
const _bangOnly = (key: string) => key.startsWith("alias.") || SUBMODULE_UPDATE.test(key);
// A stored hooks folder: git runs the hooks in it.
const HOOKS_PATH = "core.hookspath";
// Configuration that pulls in text the guard has not read (another config file, a template
// folder's hooks) or lets a remote URL run a command (`ext::`).
const OPAQUE = /^(include\.path|includeif\..+\.path|protocol\.(.+\.)?allow|init\.templatedir)$/;
const BOOLEAN = /^(true|false|yes|no|on|off|0|1)?$/i;
// `url.<base>.insteadOf` / `pushInsteadOf`: later commands fetch from or push to `<base>` where
// they name the value (git-config(1)). An empty base is one too: `url..insteadOf URL` makes a URL
// starting with URL the local path after it (git 2.39 runs `git-upload-pack zz` for URLzz).
const URL_REWRITE = /^url\..*\.(insteadof|pushinsteadof)$/;

/** The commands a configuration value will run (a null value is unknown). */
export function gitRunsCommand(key: string, value: string | null, ctx: AnalyzeContext): Op[] {
  if (OPAQUE.test(key)) return [op("unknown", "git config")];
  const prefixed = _bangOnly(key) || HELPER_KEYS.test(key);
  if (!RUNS.test(key) && !prefixed) return [];
  if (value === null) return [op("unknown", "git config")];
  const bang = prefixed && value.startsWith("!");
  // A helper named by an absolute path is run as shell text too; any other name is a git program.
  if (!bang && (BOOLEAN.test(value) || (prefixed && !(key.endsWith(".helper") && value.startsWith("/"))))) return [];
  if (ctx.depth >= MAX_ANALYSIS_DEPTH) return [op("unknown", "git config")];
  return analyzeText(bang ? value.slice(1) : value, "posix", ctx);
}

// Modes and subcommands that read, remove or rename settings: nothing is stored.
const READS = /^(--get(-all|-regexp|-urlmatch|-color|-colorbool)?|-l|--list|--unset(-all)?|--remove-section|--rename-section|-e|--edit)$/;
const READ_SUBCOMMANDS = new Set(["get", "list", "unset", "remove-section", "rename-section", "edit"]);

/**
 * `git config [set] [--global|--add|…] KEY VALUE`: the value is remembered for the rest of the
 * line (an alias or a push refspec set here changes a later `git x` or `git push`), and a value
 * git will run is analysed now. A value git runs is also stored for later commands, which run it
 * without a check: that asks (ASK_PERSISTENT_CODE, git-persistent-config.ts).
 */
export function gitConfigSet(values: string[], words: Word[], ctx: AnalyzeContext): Op[] {
  const operands: Word[] = [];
  let scope: ConfigScope = "local";
  for (let i = 0; i < words.length; i++) {
    const v = values[i]!;
    if (i === 0 && (v === "set" || v === "--add" || v === "--replace-all")) continue;
    if (i === 0 && READ_SUBCOMMANDS.has(v)) return [];
    if (words[i]!.dynamic && operands.length === 0) return [op("unknown", "git config")];
    if (!words[i]!.dynamic && v.startsWith("-")) {
      if (READS.test(v)) return [];
      scope = configScope(v, scope);
      if (GIT_CONFIG_VALUED.has(v)) i++;
      continue;
    }
    operands.push(words[i]!);
  }
  const [keyWord, valueWord] = operands;
  if (!keyWord || !valueWord) return [];
  const key = keyWord.value.toLowerCase();
  const value = valueWord.dynamic ? null : valueWord.value;
  (ctx.state.gitConfig ??= new Map()).set(key, value);
  const ops = gitRunsCommand(key, value, ctx);
  if (key === "commit.template") ops.push(...commitTemplateOps(valueWord, "git config", null));
  // A stored refspec that moves branches makes every later fetch from that remote a forced one, a
  // stored `+` push refspec or mirror every later push to it a force push: asked like the forced
  // fetch (ASK_GIT_HISTORY_LOSS), as storing it pushes nothing yet (git-push.ts).
  if (storesForcedFetch(key, value) || storesForcedPush(key, value)) ops.push(op("git-history", "git config"));
  const stores = value === null ? _runsValue(key, "!") || URL_REWRITE.test(key) : storesCode(key, value, scope);
  return stores ? [...ops, persistentCode("git config")] : ops;
}

/**
 * commit.template's file, the one judge of its stored, `-c`/`--config-env` and GIT_CONFIG_* forms
 * (git.ts): a credential made the template is read into every commit's message, which a push
 * sends, as with `git commit -t FILE` (git-file-readers.ts; red team, session 11). `cwd` is where
 * git runs (null: a stored value, judged by its text).
 */
export function commitTemplateOps(file: Word, verb: string, cwd: string | null): Op[] {
  return isSecretPath(file, cwd) ? [op("secret", verb)] : [];
}

/**
 * Whether storing `key=value` keeps code for later git commands to run, as `git config` judges it
 * (ASK_PERSISTENT_CODE): `clone -c` stores into the new repository, whose work tree is what was
 * fetched, so a hooks folder inside it is no workspace file (`scope` "global": none passes). A
 * stored URL rewrite sends every later clone, fetch or push of the rewritten URLs to another
 * place: code fetched from there, or the repository pushed there, with no check seeing it. Asked
 * as a stored package index is (tool-settings.ts); `clone -c url.….insteadOf=…` stores it in the
 * new repository's configuration as `git config` does (session 13).
 */
export function storesCode(key: string, value: string, scope: ConfigScope): boolean {
  return URL_REWRITE.test(key) || (_runsValue(key, value) && !_harmlessStored(key, value, scope));
}

/** Whether git runs a stored configuration value (as a command, a program or a hook folder). */
function _runsValue(key: string, value: string): boolean {
  if (_bangOnly(key)) return value.startsWith("!");
  return (RUNS.test(key) || key === HOOKS_PATH) && !BOOLEAN.test(value);
}

/** A stored code-running value that runs nothing the user has not already got (git-persistent-config.ts). */
function _harmlessStored(key: string, value: string, scope: ConfigScope): boolean {
  const v = value.trim();
  if (VIEWER_KEYS.test(key)) return plainViewer(v);
  if (HELPER_KEYS.test(key)) return knownHelper(v);
  if (key === HOOKS_PATH) return scope === "local" && inWorkTree(v);
  return false;
}
