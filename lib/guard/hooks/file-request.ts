import { type HookRequest, HookShapeError } from "./adapter.ts";

/** A file header of the apply_patch format: `*** Add File: P`, `*** Update File: P`, `*** Delete File: P`, `*** Move to: P`. */
const PATCH_HEADER = /^\*\*\* (?:(?:Add|Update|Delete) File|Move to): (.*)$/;

/**
 * The request for the file an agent's own edit tool writes (Claude's Write, Gemini's write_file,
 * Copilot's create, …), judged by file-tool.ts; `what` names the payload field for the error. A
 * missing or empty path is malformed input (the agent's deny), never a pass.
 */
export function fileRequest(tool: string, file: string | undefined, what: string, cwd: string | undefined): HookRequest {
  if (file === undefined || file === "") throw new HookShapeError(`${what} is missing`);
  return { files: [file], cwd, tool };
}

/**
 * The request for a patch in the apply_patch format (Codex's apply_patch, Copilot's): every file
 * it adds, updates, deletes or moves to, read from its headers. A header is read after trimming
 * the line, as Codex's parser does; an added line starts with `+` and is never one, and a context
 * line that merely reads like a header names one more file to judge, which errs on the strict
 * side. A patch that names no file is malformed: the agent would reject it too.
 */
export function patchRequest(tool: string, patch: string | undefined, what: string, cwd: string | undefined): HookRequest {
  if (patch === undefined) throw new HookShapeError(`${what} is missing`);
  const files = patch.split(/\r?\n/).flatMap((line) => {
    const path = PATCH_HEADER.exec(line.trim())?.[1]?.trim();
    return path ? [path] : [];
  });
  if (files.length === 0) throw new HookShapeError(`${what} names no file`);
  return { files, cwd, tool };
}
