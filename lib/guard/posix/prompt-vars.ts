import type { SimpleCommand, Word } from "../syntax.ts";
import { expandText } from "./expansion.ts";
import type { Lexer } from "./lexer.ts";
import { nameOperands } from "./name-operands.ts";
import { arrayName, DECLARERS } from "./vars.ts";

/**
 * Prompt strings and PROMPT_COMMAND run code later: bash prompt-expands PS4 before each traced
 * command (`PS4='$(rm -rf ~)'; set -x; :`, `PS4=… bash -x -c :`), PS0/PS1/PS2 in an interactive
 * shell, and runs PROMPT_COMMAND before each prompt (`PROMPT_COMMAND='rm -rf ~' bash -i`): red
 * team 5, H3 and M3. Whether xtrace or an interactive shell follows is not tracked: a value
 * the line assigns (before a command, alone, after a declarer or `env`) is analysed as if it ran.
 */
const PROMPTS = new Set(["PS0", "PS1", "PS2", "PS4"]);
const RUNS = /\$\(|`/;
// The declarers, and `env NAME=…`: commands whose operands assign.
const ASSIGNERS = new Set([...DECLARERS, "env"]);
const SETTERS = new Set(["read", "mapfile", "readarray", "printf"]);
const PROMPT_NAME = /^(PS[0124]|PROMPT_COMMAND)$/;
/** The command names whose words notePromptVars reads (it reads every command's assignments). */
export const PROMPT_SETTERS: ReadonlySet<string> = new Set([...SETTERS, ...ASSIGNERS]);

export function notePromptVars(lx: Lexer, cmd: SimpleCommand): void {
  for (const { name, value } of cmd.assigns) _assigned(lx, name, value);
  const head = cmd.argv[0];
  if (!head || head.dynamic) return;
  if (SETTERS.has(head.value)) return _set(lx, head.value, cmd.argv.slice(1));
  if (!ASSIGNERS.has(head.value)) return;
  const nameref = cmd.argv.some((w) => /^-[a-zA-Z]*n/.test(w.value));
  for (const w of cmd.argv) {
    const m = /^(PS[0124]|PROMPT_COMMAND)\+?=/.exec(w.value);
    if (m) _assigned(lx, m[1]!, { ...w, value: w.value.slice(m[0].length) });
    // `declare -n r=PS4; r='$(…)'`: what r is given later is not followed.
    else if (nameref && PROMPT_NAME.test(w.value.slice(w.value.indexOf("=") + 1))) lx.pushUnknown();
  }
}

function _assigned(lx: Lexer, name: string, value: Word): void {
  // Substitution text in the value (literal, appended with `+=`, or a known variable's) is
  // analysed. An expansion whose value is unknown is left open (a variable holding `$(…)`).
  if (PROMPTS.has(name) && RUNS.test(value.value)) expandText(lx, value.value);
  else if (name === "PROMPT_COMMAND" && !value.dynamic && value.value.trim() !== "") lx.commands.push(...lx.parseText(value.value));
}

/**
 * `read PS4`, `mapfile -t PS4`, `readarray`, `printf -v PS4 …` (red team 6, H10): read input is
 * unknown text; printf's is its literal words, analysed like an assigned value.
 */
function _set(lx: Lexer, name: string, args: Word[]): void {
  const targets = nameOperands(name, args);
  const target = targets.map((w) => arrayName(w.value)).find((v) => PROMPT_NAME.test(v));
  if (target === undefined) return;
  const rest = args.filter((w) => !targets.includes(w));
  if (name !== "printf" || rest.some((w) => w.dynamic)) return lx.pushUnknown();
  const text = rest.map((w) => w.value).join(" ").replace(/\\x24|\\044|\\u0024/gi, "$");
  _assigned(lx, target, { ...rest[0]!, value: text });
}
