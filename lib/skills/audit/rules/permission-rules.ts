import type { RawFinding } from "../finding.ts";
import { evidenceOf } from "./line-rule.ts";
import { ruleInfo } from "../rule-catalog.ts";

// Tool names agents use for their shell (Claude Code Bash, Gemini CLI run_shell_command, Copilot
// and Codex shell, Cursor run_terminal_cmd, Cline execute_command).
const SHELL_TOOL = /^(?:bash|shell|sh|zsh|powershell|pwsh|terminal|run_shell_command|run_terminal_cmd|execute_command)$/i;
// Commands that run whatever follows them: a shell, an interpreter, sudo, eval, env, xargs.
const ANY_COMMAND = /^(?:(?:ba|z|da|k|fi)?sh|pwsh|powershell|cmd|python[0-9.]*|node|bun|deno|npx|bunx|perl|ruby|php|osascript|sudo|doas|su|eval|exec|env|xargs|nohup|time|command|source|\.)$/i;
const TOOL = /[A-Za-z_][\w-]*(?:\([^)]*\))?/g;

/**
 * `allowed-tools` that pre-approve the whole shell: a shell tool with no pattern (`Bash`), a
 * wildcard (`Bash(*)`, `Bash(*:*)`), or a shell or interpreter given anything (`Bash(sh:*)`,
 * `Bash(python3 *)`, `Bash(bash -c *)`, `Bash(sudo:*)`). While the skill is active the agent then runs any command
 * without asking. Narrow grants (`Bash(git diff:*)`) are what the field is for and pass.
 */
export function allowedToolsFindings(value: unknown, skillMd: string): Array<RawFinding & { rel: string }> {
  const text = typeof value === "string" ? value : Array.isArray(value) ? value.filter((v) => typeof v === "string").join(" ") : "";
  const broad = [...text.matchAll(TOOL)].map((m) => m[0]).filter(_unrestrictedShell);
  if (broad.length === 0) return [];
  const lines = skillMd.split(/\r?\n/);
  const index = Math.max(0, lines.findIndex((l) => /^allowed-tools\s*:/.test(l)));
  const info = ruleInfo("permissions/broad-shell");
  return [
    {
      rel: "SKILL.md",
      rule: info.id,
      severity: info.severity,
      confidence: info.confidence,
      message: `allowed-tools pre-approves any shell command: ${broad.join(", ")}`,
      line: index + 1,
      column: 1,
      category: info.category,
      remediation: info.remediation,
      evidence: evidenceOf(`allowed-tools: ${text}`),
    },
  ];
}

function _unrestrictedShell(tool: string): boolean {
  const open = tool.indexOf("(");
  if (!SHELL_TOOL.test(open < 0 ? tool : tool.slice(0, open))) return false;
  if (open < 0) return true;
  const pattern = tool.slice(open + 1, -1).trim();
  if (/^[*:\s]*$/.test(pattern)) return true;
  // `cmd:*` (Claude Code prefix syntax) or `cmd *` (glob), optionally `-c`/`-e`: an interpreter
  // given anything at all. `node scripts/x.js *` names the script it runs and passes.
  const command = pattern.split(/[:\s]/)[0]!;
  const rest = pattern.slice(command.length);
  return ANY_COMMAND.test(command.replace(/^.*\//, "")) && /^[\s:]*(?:-[ceE]\s+)?[\s*:]*$/.test(rest);
}
