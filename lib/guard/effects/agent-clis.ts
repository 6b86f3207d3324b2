import { join } from "node:path";
import { op, type Op } from "../ops.ts";
import { literalWord, unknownWord, type Word } from "../syntax.ts";
import type { Handler, Invocation } from "./context.ts";
import { persistentCode } from "./git-persistent-config.ts";
import { envValue } from "./implicit-inputs.ts";
import { asksHelp, cliLine, type CliLine } from "./infra-args.ts";
import { unmodelledReading } from "./unknown-program.ts";

/*
 * The coding agents' own CLIs rewrite their settings files (red team session 11, finding 5b):
 * `codex mcp add|remove` edits `$CODEX_HOME/config.toml`, `gemini mcp add|remove` the project's
 * `.gemini/settings.json` (or `~/.gemini/settings.json` with `-s user`), and `claude plugin
 * install|uninstall|enable|disable|update` the settings file of its `--scope` (user:
 * `~/.claude/settings.json`, project: `.claude/settings.json`, local:
 * `.claude/settings.local.json`). Each of these is one of the agents' hook settings the guard
 * protects (control-files.ts; install/hook-targets.ts hookSettingsPaths): the CLI writes the
 * whole file back, hook entries included, so the command is judged as an in-place write of that
 * file, as `echo x > ~/.codex/config.toml` is (BLOCK_PROTECTED_PATH). An MCP server or extension
 * stored where no hook setting lives (`claude mcp add`: `~/.claude.json` or `.mcp.json`; `gemini
 * extensions install|link|update|enable`) is a program the agent starts at every session, unseen
 * by the guard: ASK_PERSISTENT_CODE, as a stored git or npm setting that runs code. Listing,
 * reading and help (`mcp list`, `mcp get`, `--help`) pass; every other word keeps an unmodelled
 * program's reading.
 */

/** An in-place rewrite of one settings file. */
const rewrite = (verb: string, file: Word): Op => ({ ...op("overwrite", verb, [file]), inPlace: true });

/**
 * A variable the CLI reads, as the command sees it (envValue: its own assignment, a wrapper's,
 * the line's, then the check's environment); null when computed, undefined when unset or empty
 * (the CLIs then use their default folder).
 */
function _variable(inv: Invocation, name: string): string | null | undefined {
  const v = envValue(inv, name, true);
  return v === null ? null : v || undefined;
}

/** `join(base ?? fallback, ...rest)` as a word: unknown when the variable is computed. */
function _under(base: string | null | undefined, fallback: string, ...rest: string[]): Word {
  return base === null ? unknownWord() : literalWord(join(base ?? fallback, ...rest), true);
}

/** The value of `-s|--scope` (`--scope=x`, `-sx` too): undefined when not given, null when computed. */
function _scope(args: Word[]): string | null | undefined {
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a.value === "--") break;
    if (a.value === "-s" || a.value === "--scope") return !args[i + 1] || args[i + 1]!.dynamic ? null : args[i + 1]!.value;
    const m = /^(?:--scope=|-s)(.+)$/s.exec(a.value);
    if (m) return a.dynamic ? null : m[1]!;
    if (a.dynamic && /^-/.test(a.value)) return null;
  }
  return undefined;
}

// Options of the group commands that take a value (so their value is no operand).
// The CLIs' own options before the group take theirs too (`codex -c k=v --enable f mcp add …`).
const VALUED = new Set(
  (
    "-s --scope -t --transport -e --env -H --header --timeout --description --include-tools --exclude-tools --url --bearer-token-env-var --ref --sparse " +
    "-c --config --enable --disable -m --model -p --profile -C --cd -i --image --sandbox -a --ask-for-approval --local-provider " +
    "--settings --mcp-config --add-dir --permission-mode --plugin-dir --setting-sources --allowedTools --allowed-tools --disallowedTools --disallowed-tools " +
    "--append-system-prompt --system-prompt --output-format --input-format --max-turns --fallback-model --session-id " +
    "--approval-mode --extensions --include-directories --allowed-mcp-server-names --proxy"
  ).split(" "),
);

/**
 * The group and verb words (`mcp add`): the first two operands. A computed group followed by a
 * writing verb may be the group; a computed group alone is the agent's prompt (`codex "$TASK"`).
 */
function _words(inv: Invocation): { line: CliLine; group: Word | undefined; verb: Word | undefined; rest: Word[] } {
  const line = cliLine(inv.args, VALUED);
  const [group, verb, ...rest] = line.operands;
  return { line, group, verb, rest };
}

/** codex: `mcp add|remove` rewrite `$CODEX_HOME/config.toml` (`~/.codex`), the only file they write. */
export const codex: Handler = (inv) => {
  const ops = unmodelledReading(inv);
  const { line, group, verb } = _words(inv);
  if (!group || !verb || asksHelp(line) || !_is(group, "mcp")) return ops;
  if (verb.dynamic || verb.value === "add" || verb.value === "remove") {
    ops.push(rewrite(`codex mcp ${verb.value}`, _under(_variable(inv, "CODEX_HOME"), join(inv.ctx.home, ".codex"), "config.toml")));
  }
  return ops;
};

const GEMINI_EXTENSION_CODE = new Set(["install", "link", "update", "enable"]);

/**
 * gemini: `mcp add|remove` rewrite the settings of their `-s|--scope` (project, the default:
 * `.gemini/settings.json` in the working directory; user: `~/.gemini/settings.json`); an
 * extension installed, linked, updated or enabled brings MCP servers, hooks and context the CLI
 * loads at every session.
 */
export const gemini: Handler = (inv) => {
  const ops = unmodelledReading(inv);
  const { line, group, verb } = _words(inv);
  if (!group || !verb || asksHelp(line)) return ops;
  if (_is(group, "mcp") && (verb.dynamic || verb.value === "add" || verb.value === "remove")) {
    const scope = _scope(inv.args) ?? "project";
    const files: Word[] = [];
    if (scope !== "user") files.push(literalWord(".gemini/settings.json"));
    if (scope !== "project") files.push(literalWord(join(inv.ctx.home, ".gemini", "settings.json"), true));
    for (const f of files) ops.push(rewrite(`gemini mcp ${verb.value}`, f));
  } else if ((_is(group, "extensions") || _is(group, "extension")) && (verb.dynamic || GEMINI_EXTENSION_CODE.has(verb.value))) {
    ops.push(persistentCode(`gemini extensions ${verb.value}`));
  }
  return ops;
};

const PLUGIN_WRITES = new Set(["install", "i", "uninstall", "remove", "rm", "enable", "disable", "update"]);
const MCP_ADDS = new Set(["add", "add-json", "add-from-claude-desktop"]);

/**
 * claude: `plugin install|uninstall|enable|disable|update` (and `plugin marketplace
 * add|remove|update` given a `--scope`) rewrite the settings file of that scope (user, the
 * default: `$CLAUDE_CONFIG_DIR/settings.json`, `~/.claude` by default; project:
 * `.claude/settings.json`; local: `.claude/settings.local.json`); `mcp add|add-json|
 * add-from-claude-desktop` store a server in `~/.claude.json` or `.mcp.json`, which Claude Code
 * starts at every session.
 */
export const claude: Handler = (inv) => {
  const ops = unmodelledReading(inv);
  const { line, group, verb, rest } = _words(inv);
  if (!group || !verb || asksHelp(line)) return ops;
  if (_is(group, "mcp")) {
    if (verb.dynamic || MCP_ADDS.has(verb.value)) ops.push(persistentCode(`claude mcp ${verb.value}`));
    return ops;
  }
  if (!_is(group, "plugin") && !_is(group, "plugins")) return ops;
  const marketplace = !verb.dynamic && verb.value === "marketplace";
  const act = marketplace ? rest[0] : verb;
  if (!act) return ops;
  const scope = _scope(inv.args);
  // A marketplace added without a scope goes to the plugin folder's list, no settings file.
  if (marketplace && scope === undefined && !act.dynamic) return ops;
  if (!act.dynamic && !(marketplace ? /^(add|remove|rm|update)$/.test(act.value) : PLUGIN_WRITES.has(act.value))) return ops;
  const verbText = `claude plugin ${marketplace ? "marketplace " : ""}${act.value}`;
  const user = _under(_variable(inv, "CLAUDE_CONFIG_DIR"), join(inv.ctx.home, ".claude"), "settings.json");
  const files = scope === "project" ? [literalWord(".claude/settings.json")] : scope === "local" ? [literalWord(".claude/settings.local.json")] : scope === "user" || scope === undefined ? [user] : [user, literalWord(".claude/settings.json"), literalWord(".claude/settings.local.json")];
  for (const f of files) ops.push(rewrite(verbText, f));
  return ops;
};

/** A literal word of that value, or a computed one (which may be any). */
function _is(w: Word, value: string): boolean {
  return w.dynamic || w.value === value;
}
