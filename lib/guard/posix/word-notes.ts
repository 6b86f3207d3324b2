import type { SimpleCommand } from "../syntax.ts";
import { isEnvFunctionName, takesCallback } from "./code-operands.ts";
import { mayChangeDirectory } from "./cwd-flow.ts";
import { maySpellOption, mayTurnOnAny } from "./lastpipe.ts";
import { isPathWord } from "./path-var.ts";
import { isTrapWord } from "./trap-points.ts";

/**
 * Which of the notes after a command that read each of its words the command needs, found in one
 * pass over them with each module's own tests: a `PATH=…` word or assignment (path-var.ts),
 * mapfile's callback or a `BASH_FUNC_…` import (code-operands.ts), a computed name or a word that
 * may spell a shell option (lastpipe.ts), a directory change or the word `trap` (trap-points.ts).
 * Most commands need none of them, and the parser calls only those a command needs.
 */
export const PATH_WORDS = 1;
export const CODE_OPERANDS = 2;
export const SHELL_OPTIONS = 4;
export const TRAP_POINT = 8;

/** The notes `cmd` needs, as a set of the flags above. */
export function wordNotes(cmd: SimpleCommand): number {
  const head = cmd.argv[0];
  let notes = 0;
  if (takesCallback(head)) notes |= CODE_OPERANDS;
  if (mayTurnOnAny(cmd)) notes |= SHELL_OPTIONS;
  if (head !== undefined && mayChangeDirectory(head)) notes |= TRAP_POINT;
  for (const w of cmd.argv) {
    const v = w.value;
    if (isPathWord(v)) notes |= PATH_WORDS;
    if (isEnvFunctionName(v)) notes |= CODE_OPERANDS;
    if (maySpellOption(v)) notes |= SHELL_OPTIONS;
    if (isTrapWord(w)) notes |= TRAP_POINT;
  }
  for (const a of cmd.assigns) {
    if (a.name === "PATH") notes |= PATH_WORDS;
    if (isEnvFunctionName(a.name)) notes |= CODE_OPERANDS;
    if (maySpellOption(a.value.value)) notes |= SHELL_OPTIONS;
  }
  return notes;
}
