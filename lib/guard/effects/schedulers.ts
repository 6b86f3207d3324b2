import { op, type Op } from "../ops.ts";
import { literalWord } from "../syntax.ts";
import { analyzeText } from "./analyze.ts";
import type { Handler, Invocation } from "./context.ts";
import { type Input, scriptFile, stdinInput } from "./data-input.ts";
import { persistentCode } from "./git-persistent-config.ts";

const unknown = (inv: Invocation): Op[] => [op("unknown", inv.name)];

/**
 * at and batch run a job later with /bin/sh, outside any hook: the job's commands (from stdin,
 * a heredoc, `echo … |`, or `-f FILE`) are judged as if they ran now. A job the guard cannot
 * read is unknown. `-l`/`-q` listing, `-r`/`-d` removing jobs and `-c` printing one run nothing
 * the guard judges.
 */
export const atJob: Handler = (inv) => {
  let text: Input | "none" | undefined;
  for (let i = 0; i < inv.args.length; i++) {
    const a = inv.args[i]!;
    if (a.dynamic) return unknown(inv);
    const v = a.value;
    if (/^-[a-zA-Z]*[lrdc]/.test(v) && !/^-[a-zA-Z]*[fqt]$/.test(v)) return [];
    if (v === "-f") text = scriptFile(inv.args[++i], inv.ctx);
    else if (/^-f./.test(v)) text = scriptFile(literalWord(v.slice(2)), inv.ctx);
    else if (v === "-q" || v === "-t") i++;
  }
  if (text === undefined) text = stdinInput(inv);
  if (text === "none") return [];
  return text === null ? unknown(inv) : analyzeText(text, "posix", inv.ctx);
};

/**
 * crontab FILE (or `-` for stdin) replaces the user's crontab: the old schedule is lost and the
 * new lines' commands run again and again, outside any hook. `crontab -r` deletes it. Only
 * listing (`-l`) passes; every other form is unknown, with the readable commands judged too.
 */
export const crontab: Handler = (inv) => {
  // `-u USER` names whose crontab; the rest are flags and at most one file.
  const words = inv.args.filter((a, i) => a.value !== "-u" && inv.args[i - 1]?.value !== "-u");
  if (inv.args.some((a) => a.dynamic)) return unknown(inv);
  if (words.length > 0 && words.every((a) => a.value === "-l")) return [];
  const file = words.find((a) => !a.value.startsWith("-") || a.value === "-");
  const text = !file ? null : file.value === "-" ? stdinInput(inv) : scriptFile(file, inv.ctx);
  const ops = unknown(inv);
  if (typeof text !== "string") return ops;
  for (const line of text.split("\n")) {
    const trimmed = line.trim();
    if (!trimmed || trimmed.startsWith("#") || /^[A-Za-z_][A-Za-z0-9_]*\s*=/.test(trimmed)) continue;
    const command = trimmed.startsWith("@") ? trimmed.split(/\s+/).slice(1).join(" ") : trimmed.split(/\s+/).slice(5).join(" ");
    if (command) ops.push(...analyzeText(command.replace(/%.*$/s, ""), "posix", inv.ctx));
  }
  return ops;
};

// Verbs that install or start a user service or agent: its command runs from now on (and at every
// login), outside any hook. Red team 7, H5.
const SERVICE_VERBS: Record<string, RegExp> = {
  systemctl: /^(enable|reenable|link|start|restart|try-restart|reload-or-restart|preset|preset-all|add-wants|add-requires|edit|set-environment|import-environment)$/,
  launchctl: /^(load|bootstrap|submit|enable|kickstart|setenv)$/,
  loginctl: /^(enable-linger)$/,
};

/**
 * `systemctl --user enable|start|link …`, `launchctl load|bootstrap …`, `loginctl enable-linger`:
 * a unit or agent file (perhaps one the line just wrote) runs its command now and at every login,
 * which no check sees: asked like a stored git hook (ASK_PERSISTENT_CODE). systemctl's system
 * units (without `--user`) are left to the rules for root; listing and status pass.
 */
export const serviceManager: Handler = (inv) => {
  const verbs = SERVICE_VERBS[inv.name];
  const values = inv.args.map((a) => a.value);
  // systemctl's system units are root's (the system's, judged by sudo's rules): only the user manager's.
  if (!verbs || (inv.name === "systemctl" && !values.some((v) => v === "--user" || v === "--global"))) return [];
  const verb = inv.args.find((a, i) => (a.dynamic || !a.value.startsWith("-")) && !/^-[HMtpsno]$/.test(values[i - 1] ?? ""));
  if (!verb) return [];
  return verb.dynamic || verbs.test(verb.value) ? [persistentCode(inv.name)] : [];
};
