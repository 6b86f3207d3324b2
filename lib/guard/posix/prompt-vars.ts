import type { SimpleCommand, Word } from "../syntax.ts";
import { expandText } from "./expansion.ts";
import type { Lexer } from "./lexer.ts";

/**
 * Prompt strings and PROMPT_COMMAND run code later: bash prompt-expands PS4 before each traced
 * command (`PS4='$(rm -rf ~)'; set -x; :`, `PS4=… bash -x -c :`), PS0/PS1/PS2 in an interactive
 * shell, and runs PROMPT_COMMAND before each prompt (`PROMPT_COMMAND='rm -rf ~' bash -i`): red
 * team 5, H3 and M3. Whether xtrace or an interactive shell follows is not tracked: a value
 * the line assigns (before a command, alone, after a declarer or `env`) is analysed as if it ran.
 */
const PROMPTS = new Set(["PS0", "PS1", "PS2", "PS4"]);
const RUNS = /\$\(|`/;
const DECLARERS = new Set(["export", "declare", "typeset", "local", "readonly", "env"]);

export function notePromptVars(lx: Lexer, cmd: SimpleCommand): void {
  for (const { name, value } of cmd.assigns) _assigned(lx, name, value);
  const head = cmd.argv[0];
  if (!head || head.dynamic || !DECLARERS.has(head.value)) return;
  for (const w of cmd.argv) {
    const m = /^(PS[0124]|PROMPT_COMMAND)=/.exec(w.value);
    if (m) _assigned(lx, m[1]!, { ...w, value: w.value.slice(m[0].length) });
  }
}

function _assigned(lx: Lexer, name: string, value: Word): void {
  // An expanded value (`PS4="+ ${LINENO}: "`) was expanded once already; bash expands it again,
  // which the guard does not follow (left open: a variable holding `$(…)` assigned into it).
  if (value.dynamic) return;
  if (PROMPTS.has(name) && RUNS.test(value.value)) expandText(lx, value.value);
  else if (name === "PROMPT_COMMAND" && value.value.trim() !== "") lx.commands.push(...lx.parseText(value.value));
}
