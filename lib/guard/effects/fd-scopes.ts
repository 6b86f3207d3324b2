import { enclosing, type Frame, type SimpleCommand } from "../syntax.ts";
import type { AnalyzeContext } from "./context.ts";

type State = AnalyzeContext["state"];

// For each descriptor `exec` changed inside a subshell (`( … )`), innermost last: the subshell,
// and the file the descriptor held before it (state.fdFiles). The change holds only inside the
// subshell: `(exec > /tmp/o); echo "$T"` prints to the terminal, `exec >f; (exec >&-); env` into f.
const _scopes = new WeakMap<State, Map<string, Array<{ frame: Frame; before: string | undefined }>>>();

/** `exec` in `cmd` is about to change descriptor `fd` (state.fdFiles): inside a subshell, what it held is kept for after it. */
export function noteFdScope(fd: string, cmd: SimpleCommand | undefined, state: State): void {
  const frame = enclosing(cmd?.frame, (f) => f.kind === "subshell");
  const stack = _unwound(fd, cmd, state);
  if (!frame || stack?.at(-1)?.frame === frame) return;
  let scopes = _scopes.get(state);
  if (!scopes) _scopes.set(state, (scopes = new Map()));
  scopes.set(fd, [...(stack ?? []), { frame, before: state.fdFiles?.get(fd) }]);
}

/**
 * The file `exec` opened on descriptor `fd` (state.fdFiles) as `cmd` sees it: changes made in
 * subshells `cmd` is not inside have ended (the file before them is back).
 */
export function fdFileFor(fd: string, cmd: SimpleCommand | undefined, state: State): string | undefined {
  _unwound(fd, cmd, state);
  return state.fdFiles?.get(fd);
}

/** Undoes the changes to `fd` made in subshells that have ended for `cmd`; the changes still in force. */
function _unwound(fd: string, cmd: SimpleCommand | undefined, state: State): Array<{ frame: Frame; before: string | undefined }> | undefined {
  const stack = _scopes.get(state)?.get(fd);
  while (stack?.length && !enclosing(cmd?.frame, (f) => f === stack.at(-1)!.frame)) {
    const { before } = stack.pop()!;
    if (before === undefined) state.fdFiles?.delete(fd);
    else (state.fdFiles ??= new Map()).set(fd, before);
  }
  return stack;
}
