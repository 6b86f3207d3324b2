import { dirname, join } from "node:path";
import { osHomedir } from "../../core/config-paths.ts";
import { shellWord } from "../shell-quote.ts";

/** The agents whose hooks leogriel-check answers (hooks/run-hook.ts). */
export const HOOK_AGENTS = ["claude", "codex", "cursor", "gemini", "copilot"] as const;
export type HookAgent = (typeof HOOK_AGENTS)[number];

export type Scope = "project" | "user";

/** Where one agent keeps its hooks, and the entry leogriel-check adds there (research/guard.md §3). */
export interface HookTarget {
  agent: HookAgent;
  path: string;
  /** The event key under `hooks` the entry goes into. */
  event: string;
  /** The entry for a command line. */
  entry: (command: string) => Record<string, unknown>;
  /**
   * The post-tool event and its entry (the same command line: the payload's event picks the
   * mode), for agents whose post-tool hook can replace a tool's result before the model reads it.
   */
  post?: { event: string; entry: (command: string) => Record<string, unknown> };
  /** Keys the file needs at the top level besides `hooks` (Cursor and Copilot want `version: 1`). */
  header?: Record<string, unknown>;
  /** The entry's command field (Copilot: `bash`). */
  commandOf: (entry: unknown) => string[];
  /**
   * What the user still has to do before the agent runs a new or changed entry: Codex runs a
   * hook only once its hash is trusted, and `codex exec` skips an untrusted one without a word.
   */
  trust?: string;
}

/**
 * Codex's trust steps (observed with Codex 0.171: test/cmd/check-hook-codex-e2e.test.ts): a hook
 * runs once its hash is trusted, and a project's `.codex/` layer is read only in a trusted folder.
 */
const CODEX_TRUST_NOTE =
  "Codex runs a new or changed hook only after you trust it: start codex, type /hooks and trust the leogriel-check entries (until then codex, and codex exec, skip them without a word).";
const CODEX_PROJECT_NOTE = " Codex also ignores .codex/hooks.json until this folder is a trusted project (answer its prompt on first start, or run codex exec --trust once).";

type Env = Record<string, string | undefined>;

/** Claude's pre-tool matcher: its shell tools and the tools that write files (hooks/claude.ts). */
export const CLAUDE_PRE_MATCHER = "Bash|PowerShell|Write|Edit|MultiEdit|NotebookEdit";
/**
 * Codex's pre-tool matcher (a regex on the tool name): every tool name the codex adapter judges
 * (hooks/claude.ts). Codex itself sends each of its shell tools as `Bash`, file edits as `apply_patch`.
 */
export const CODEX_PRE_MATCHER = "^(Bash|shell|local_shell|exec_command|write_stdin|apply_patch)$";
/** Gemini's pre-tool matcher (a regex on the tool name): its shell tool and the tools that write files (hooks/gemini.ts). */
export const GEMINI_PRE_MATCHER = "^(run_shell_command|write_file|replace)$";

const _nested = (entry: unknown): string[] => {
  const hooks = (entry as { hooks?: unknown })?.hooks;
  return Array.isArray(hooks) ? hooks.map((h) => (h as { command?: unknown })?.command).filter((c): c is string => typeof c === "string") : [];
};

/** The settings file and entry of `agent` at `scope`; null when the agent has no such scope. */
export function hookTarget(agent: HookAgent, scope: Scope, workspace: string, env: Env = process.env): HookTarget | null {
  const home = env.HOME || osHomedir();
  switch (agent) {
    case "claude":
      return {
        agent,
        path: scope === "project" ? join(workspace, ".claude", "settings.json") : join(env.CLAUDE_CONFIG_DIR || join(home, ".claude"), "settings.json"),
        event: "PreToolUse",
        // Bash and PowerShell: a Bash-only matcher is bypassed by Claude's PowerShell tool. The
        // file tools: they could rewrite the guard's control files (red team 6 C1). An entry with
        // the older `Bash|PowerShell` matcher is replaced in place and reported DRIFTED by doctor.
        entry: (command) => ({ matcher: CLAUDE_PRE_MATCHER, hooks: [{ type: "command", command, timeout: 10 }] }),
        // Every tool: a Read or WebFetch result carries credentials as well as Bash output does.
        post: { event: "PostToolUse", entry: (command) => ({ matcher: "*", hooks: [{ type: "command", command, timeout: 10 }] }) },
        commandOf: _nested,
      };
    case "codex":
      return {
        agent,
        path: scope === "project" ? join(workspace, ".codex", "hooks.json") : join(env.CODEX_HOME || join(home, ".codex"), "hooks.json"),
        event: "PreToolUse",
        // An entry with the older `Bash` matcher is replaced in place and reported DRIFTED by doctor.
        entry: (command) => ({ matcher: CODEX_PRE_MATCHER, hooks: [{ type: "command", command, timeout: 10 }] }),
        post: { event: "PostToolUse", entry: (command) => ({ matcher: "*", hooks: [{ type: "command", command, timeout: 10 }] }) },
        commandOf: _nested,
        trust: scope === "project" ? CODEX_TRUST_NOTE + CODEX_PROJECT_NOTE : CODEX_TRUST_NOTE,
      };
    case "gemini":
      return {
        agent,
        path: scope === "project" ? join(workspace, ".gemini", "settings.json") : join(home, ".gemini", "settings.json"),
        event: "BeforeTool",
        // An entry with the older `run_shell_command` matcher is replaced in place and reported DRIFTED by doctor.
        entry: (command) => ({ matcher: GEMINI_PRE_MATCHER, hooks: [{ name: "leogriel-check", type: "command", command, timeout: 10000 }] }),
        post: { event: "AfterTool", entry: (command) => ({ matcher: ".*", hooks: [{ name: "leogriel-check-output", type: "command", command, timeout: 10000 }] }) },
        commandOf: _nested,
      };
    case "cursor":
      return {
        agent,
        path: scope === "project" ? join(workspace, ".cursor", "hooks.json") : join(home, ".cursor", "hooks.json"),
        event: "beforeShellExecution",
        header: { version: 1 },
        entry: (command) => ({ command }),
        commandOf: (e) => [(e as { command?: unknown })?.command].filter((c): c is string => typeof c === "string"),
      };
    case "copilot":
      // Copilot CLI loads repository hooks from .github/hooks/*.json only.
      if (scope === "user") return null;
      return {
        agent,
        path: join(workspace, ".github", "hooks", "leogriel-check.json"),
        event: "preToolUse",
        header: { version: 1 },
        entry: (command) => ({ type: "command", bash: command, powershell: powerShellLine(command), cwd: ".", timeoutSec: 15 }),
        commandOf: (e) => [(e as { bash?: unknown })?.bash].filter((c): c is string => typeof c === "string"),
      };
  }
}

/**
 * Every file the agents read hooks from, project then user scope per agent: the file install-hook
 * writes, and what the agent reads beside it: Claude's `settings.local.json`, Codex's
 * `config.toml`, and Copilot's whole `.github/hooks/` folder (every JSON file in it).
 */
export function hookSettingsPaths(workspace: string, env: Env): string[] {
  return HOOK_AGENTS.flatMap((agent) =>
    (["project", "user"] as const).flatMap((scope) => {
      const path = hookTarget(agent, scope, workspace, env)?.path;
      if (path === undefined) return [];
      if (agent === "claude") return [path, join(dirname(path), "settings.local.json")];
      if (agent === "codex") return [path, join(dirname(path), "config.toml")];
      return agent === "copilot" ? [dirname(path)] : [path];
    }),
  );
}

/** Whether a hook command line is leogriel-check's hook for `agent`. */
export function isOurCommand(command: string, agent: HookAgent): boolean {
  return /check/.test(command) && new RegExp(`--hook[ =]${agent}(\\s|$)`).test(command);
}

/**
 * The agents whose shell tool runs commands in the platform's shell: on Windows that is PowerShell
 * (Gemini's `powershell.exe -NoProfile -Command`, Cursor's terminal, Codex's shell tool), so the
 * hook line installed there names the dialect. Claude Code's Bash tool is Git Bash and its
 * PowerShell tool says so itself; Copilot's tool names (bash, powershell) say which shell runs.
 */
const WINDOWS_SHELL_AGENTS: ReadonlySet<HookAgent> = new Set(["gemini", "cursor", "codex"]);

/**
 * The agents whose hook runner starts a hook line with PowerShell on Windows (docs/check-hooks.md
 * "Windows", with sources): Gemini CLI runs every hook command with `pwsh.exe`/`powershell.exe
 * -NoProfile -Command` (its hookRunner and getShellConfiguration); Codex runs it with the session's
 * shell, PowerShell on Windows (`pwsh` when on PATH, else `powershell`, `-NoProfile -Command`: its
 * session's `default_user_shell` and `derive_exec_args`; `cmd.exe /c` only where no PowerShell is
 * found); Cursor hands `hooks.json` commands to PowerShell (reported, its source is closed).
 * Copilot's entry holds a line per shell (`bash`, `powershell`); Claude Code runs hooks with Git Bash.
 */
const POWERSHELL_HOOK_RUNNERS: ReadonlySet<HookAgent> = new Set(["gemini", "codex", "cursor"]);

/**
 * The command line that runs this very leogriel-check (compiled binary, or bun + script). On
 * Windows the paths are written with `/` (Windows takes it for `\`), so a path without spaces or
 * other special characters is one bare word for Git Bash and PowerShell alike; a hook runner that
 * is PowerShell gets the line PowerShell reads (powerShellLine).
 */
export function selfCommand(agent: HookAgent, platform: NodeJS.Platform = process.platform, exe = process.execPath, script = Bun.main): string {
  const isBun = /(^|[\\/])bun(\.exe)?$/.test(exe);
  const parts = (isBun ? [exe, script] : [exe]).map((p) => (platform === "win32" ? p.replaceAll("\\", "/") : p));
  const dialect = platform === "win32" && WINDOWS_SHELL_AGENTS.has(agent) ? ["--dialect", "powershell"] : [];
  const line = [...parts.map((p) => shellWord(p)), "--hook", agent, ...dialect].join(" ");
  return platform === "win32" && POWERSHELL_HOOK_RUNNERS.has(agent) ? powerShellLine(line) : line;
}

/**
 * The argv that runs a hook line as the agent's hook runner does (doctor's probe): PowerShell for
 * Gemini CLI, Codex and Cursor on Windows (`pwsh.exe` when on PATH, as Gemini CLI and Codex prefer
 * it), else `sh -c`.
 */
export function hookShell(agent: HookAgent, platform: NodeJS.Platform = process.platform): string[] {
  if (platform === "win32" && POWERSHELL_HOOK_RUNNERS.has(agent)) return [Bun.which("pwsh.exe") ?? "powershell.exe", "-NoProfile", "-NonInteractive", "-Command"];
  return ["sh", "-c"];
}

/** Words of shellWord's characters, single-quoted text and `\'`, one space apart. */
const _POSIX_WORDS = /^(?:[\w./:=@%+,-]|'[^']*'|\\')+(?: (?:[\w./:=@%+,-]|'[^']*'|\\')+)*$/;

/**
 * A hook line in POSIX shell words (bare, or single-quoted with `'\''` for a quote, as
 * shell-quote.ts writes them, one space apart) as PowerShell reads it: a quoted word is written
 * PowerShell's way (inside single quotes, `'` and the quotes PowerShell also takes for one,
 * U+2018-U+201B, doubled), a bare word PowerShell would read otherwise (`,` makes an array, a
 * leading `@` splats, `--%` stops parsing) is quoted too, and a line whose program is quoted
 * starts with the call operator `&` (PowerShell reads a leading quoted word as a string, not a
 * command). Any other line (`$`, `"`, `;`, a backslash, two spaces, ... that a POSIX shell
 * expands or splits) is returned as it is: rewriting it could change what it runs.
 */
export function powerShellLine(line: string): string {
  if (!_POSIX_WORDS.test(line)) return line;
  const words = line.match(/(?:\\'|'[^']*'|[^ '])+/g)!.map((word) => {
    const text = word.replace(/\\'|'([^']*)'/g, (_, inner: string | undefined) => inner ?? "'");
    return text !== word || /,|^@|^--%$/.test(text) ? `'${text.replace(/['\u2018-\u201b]/g, "$&$&")}'` : text;
  });
  return words[0]!.startsWith("'") ? `& ${words.join(" ")}` : words.join(" ");
}
