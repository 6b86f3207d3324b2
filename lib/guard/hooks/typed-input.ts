import type { HookRequest } from "./adapter.ts";
import { leavesLineOpen } from "./open-line.ts";

/** Copilot's named keys in write_bash input; `{enter}` is a newline, every other key edits the line. */
const NAMED_KEY = /\{(?:up|down|left|right|backspace|delete|del|tab|esc|escape|home|end|pageup|pagedown|ctrl[+-]?[a-z])\}/i;
/** Only interrupt (Ctrl-C), end of input (Ctrl-D) and suspend (Ctrl-Z): they type no command. */
const SIGNAL_ONLY = /^[\x03\x04\x1a]+$/;
/**
 * A character that edits or completes the line in an interactive session (Tab completes, ESC and
 * DEL edit, other C0 controls are readline commands): the line the shell runs is not this text.
 */
const EDITING = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]|\t/;

/**
 * The command typed into a running session (Copilot `write_bash`/`write_powershell`, Codex
 * `write_stdin`): the text is what the session's shell reads next, so it is judged as a command
 * in that shell's dialect, several lines as one script. Every input must be a whole line: a line
 * left open (no Enter, a trailing backslash, a heredoc) is finished by a later input that would
 * be judged alone, so `rm -rf ~/.ss` + `h⏎` would pass in two halves, and so would a line ending in
 * a pipe or `&&`, or a loop left open (open-line.ts). Such input, and input with
 * editing keys, is refused; interrupt/EOF keys and an empty poll type nothing and pass. The line
 * must be whole in each dialect of `shells` (the session's own when it is known; Codex's
 * write_stdin does not say, so there it is every shell the session may run).
 */
export function typedCommand(text: string, dialect: string | undefined, cwd: string | undefined, shells: Array<string | undefined> = [dialect]): HookRequest {
  const typed = text.replace(/\{enter\}/gi, "\n").replace(/\r\n?/g, "\n");
  if (typed === "" || SIGNAL_ONLY.test(typed)) return { skip: true };
  if (NAMED_KEY.test(typed) || EDITING.test(typed)) {
    return { refuse: "the input to the session has editing keys or control characters (Tab, arrows, Esc, Backspace): the line the shell runs cannot be checked; send whole lines of plain text" };
  }
  if (!typed.endsWith("\n")) {
    return { refuse: "the input to the session does not end with Enter: a later input would finish the line and be checked alone; send whole lines" };
  }
  const command = typed.replace(/\n+$/, "");
  if (shells.some((shell) => _continued(command, shell))) {
    return { refuse: "the input to the session leaves a line continuation, pipe, list, loop or heredoc open: a later input would finish it and be checked alone; send the whole command at once" };
  }
  return command.trim() === "" ? { skip: true } : { command, cwd, dialect };
}

/** A trailing backslash (or PowerShell's backtick), a posix heredoc, or a line left open (open-line.ts). */
function _continued(command: string, dialect: string | undefined): boolean {
  return /(^|[^\\])(\\\\)*\\$/.test(command) || (dialect !== "powershell" && /<<(?!<)/.test(command)) || (dialect === "powershell" && /`$/.test(command)) || leavesLineOpen(command, dialect);
}
