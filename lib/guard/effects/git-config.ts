import { op, type Op } from "../ops.ts";
import type { Word } from "../syntax.ts";
import { analyzeText } from "./analyze.ts";
import type { AnalyzeContext } from "./context.ts";
import { type ConfigScope, configScope, harmlessStored, persistentCode } from "./git-persistent-config.ts";

// Configuration whose value git runs as a shell command (or a program) during ordinary
// subcommands: `git -c core.fsmonitor='rm -rf ~ #' status` deletes the home directory.
const RUNS = /^(core\.(fsmonitor|sshcommand|pager|editor|askpass|gitproxy)|hook\..+\.command|sequence\.editor|pager\..+|diff\.external|diff\..+\.(textconv|command)|merge\..+\.driver|filter\..+\.(clean|smudge|process)|credential(\..+)?\.helper|gpg(\..+)?\.program|uploadpack\.packobjectshook|remote\..+\.(uploadpack|receivepack)|interactive\.difffilter|(difftool|mergetool|man|browser)\..+\.cmd|web\.browser)$/;
// Configuration that pulls in text the guard has not read (another config file) or lets a
// remote URL run a command (`ext::`).
const OPAQUE = /^(include\.path|includeif\..+\.path|protocol\.(.+\.)?allow)$/;
const BOOLEAN = /^(true|false|yes|no|on|off|0|1)?$/i;
const VALUED = new Set(["-f", "--file", "--blob", "--type", "--default", "--comment", "-t"]);

/** The commands a configuration value will run (a null value is unknown). */
export function gitRunsCommand(key: string, value: string | null, ctx: AnalyzeContext): Op[] {
  if (OPAQUE.test(key)) return [op("unknown", "git config")];
  const alias = key.startsWith("alias.") && value?.startsWith("!");
  if (!RUNS.test(key) && !alias && !(key.startsWith("alias.") && value === null)) return [];
  if (value === null) return [op("unknown", "git config")];
  if (!alias && BOOLEAN.test(value)) return [];
  if (ctx.depth >= 8) return [op("unknown", "git config")];
  return analyzeText(alias ? value.slice(1) : value, "posix", ctx);
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
      if (VALUED.has(v)) i++;
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
  const stores = value === null ? runsValue(key, "!") : runsValue(key, value) && !harmlessStored(key, value, scope);
  return stores ? [...ops, persistentCode("git config")] : ops;
}

/** Whether git runs a stored configuration value (as a command, a program or a hook folder). */
function runsValue(key: string, value: string): boolean {
  if (key.startsWith("alias.")) return value.startsWith("!");
  return (RUNS.test(key) || key === "core.hookspath") && !BOOLEAN.test(value);
}
