import { isAbsolute } from "node:path";
import { type FilesRequest, type HookRequest, HookShapeError } from "./adapter.ts";

/** A file header of the apply_patch format: `*** Add File: P`, `*** Update File: P`, `*** Delete File: P`, `*** Move to: P`. */
const PATCH_HEADER = /^\*\*\* (?:(?:Add|Update|Delete) File|Move to): (.*)$/s;
/**
 * What trimming removes around a header: Rust's `str::trim` (Unicode White_Space, which includes
 * NEL U+0085 that JavaScript's `trim` keeps) and JavaScript's (which adds U+FEFF). Codex trims with
 * Rust's, so `*** Add File: .leogriel/config.json<NEL>` names the configuration (red team 9 C1).
 */
const BLANKS = "[\\s\\u0085]";
const TRIM = new RegExp(`^${BLANKS}+|${BLANKS}+$`, "g");
/** `apply_patch` (or `applypatch`) run as a program, and a patch in the same text. */
const SHELL_PATCH = /(?:^|[\s;&|(])(?:apply_patch|applypatch)(?=\s|$)/;
const PATCH_BEGIN = new RegExp(`(?:^|${BLANKS})['"]?\\*\\*\\* Begin Patch${BLANKS}*$`, "m");
/** The `cd DIR &&` Codex accepts before `apply_patch <<'EOF'`. */
const CD_PREFIX = /^\s*cd\s+('[^']*'|"[^"]*"|[^\s;&|'"]+)\s*&&/;

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
 * its headers name. A patch that names no file is malformed: the agent would reject it too.
 */
export function patchRequest(tool: string, patch: string | undefined, what: string, cwd: string | undefined): HookRequest {
  if (patch === undefined) throw new HookShapeError(`${what} is missing`);
  const files = _patchFiles(patch);
  if (files.length === 0) throw new HookShapeError(`${what} names no file`);
  return { files, cwd, tool };
}

/**
 * The files a shell command writes through Codex's apply_patch: Codex recognises `apply_patch
 * <<'EOF' … EOF` (after an optional `cd DIR &&`) and `["apply_patch", PATCH]` in a shell tool's
 * command and applies the patch itself instead of running the command, so the patch's headers are
 * judged as an apply_patch call's are, relative to `cwd` and to DIR. Undefined when the text
 * carries no patch for apply_patch.
 */
export function shellPatch(command: string, cwd: string | undefined): FilesRequest | undefined {
  if (!SHELL_PATCH.test(command) || !PATCH_BEGIN.test(command)) return undefined;
  const files = _patchFiles(command);
  if (files.length === 0) return undefined;
  const dir = CD_PREFIX.exec(command)?.[1]?.replace(/^(['"])(.*)\1$/, "$2");
  const inDir = dir ? files.filter((f) => !isAbsolute(f)).map((f) => `${dir}/${f}`) : [];
  return { files: [...files, ...inDir], cwd, tool: "apply_patch" };
}

/**
 * The files a patch's headers name. A header is read after trimming its line, as Codex's parser
 * does (with Rust's blanks, and a path may hold any character, U+2028 included); an added line starts with `+` and is never one, and a context line that merely reads like
 * a header names one more file to judge, which errs on the strict side.
 */
function _patchFiles(patch: string): string[] {
  return patch.split(/\r?\n/).flatMap((line) => {
    const path = PATCH_HEADER.exec(line.replace(TRIM, ""))?.[1]?.replace(TRIM, "");
    return path ? [path] : [];
  });
}
