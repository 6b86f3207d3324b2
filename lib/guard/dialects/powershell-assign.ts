import { literalWord, type SimpleCommand, type Word } from "../syntax.ts";
import { listElements, variableSpelling } from "./powershell-lexer.ts";

// Preference variables that only choose how this session reports errors, progress and messages
// (about_Preference_Variables); `$PSNativeCommandArgumentPassing` and the like, which change what
// runs, are not among them.
const REPORTING = new Set(["$erroractionpreference", "$progresspreference", "$verbosepreference", "$warningpreference", "$informationpreference", "$debugpreference"]);

// The environment variables parsePowerShell resolves (its `_variable` table) or reads from the
// POSIX names it maps them to.
const RESOLVED = new Set(["HOME", "USERPROFILE", "TEMP", "TMP", "TMPDIR", "PWD", "APPDATA", "PROGRAMDATA", "ALLUSERSPROFILE"]);

/**
 * A statement assigning a literal (`$env:NODE_ENV = "production"`, `$env:PORT = 4000`,
 * `$ErrorActionPreference = 'Stop'`): an environment variable is set for the rest of the session,
 * which is the POSIX assignment `NAME=value` (Windows names are case-insensitive: `$env:Path` is
 * PATH, so the POSIX rules on PATH, NODE_OPTIONS, GIT_SSH_COMMAND … apply as written); a reporting
 * preference changes nothing the guard judges. Anything else (a computed value, a bare word, which
 * runs as a command, a list, a variable the dialect resolves itself: HOME, USERPROFILE, APPDATA, TEMP, TMP,
 * whose lookups would go stale) is undefined: the caller's expression rules decide.
 */
export function translateAssignment(head: Word, rest: Word[]): SimpleCommand["assigns"] | undefined {
  const [op, value] = rest;
  if (rest.length !== 2 || op!.value !== "=" || op!.quoted || op!.dynamic || value!.dynamic || listElements.has(value!)) return undefined;
  if (!value!.quoted && !/^-?\d+$/.test(value!.value)) return undefined;
  const spelled = variableSpelling(head)?.toLowerCase() ?? "";
  if (REPORTING.has(spelled)) return [];
  const name = /^\$env:([a-z_]\w*)$/.exec(spelled)?.[1]!.toUpperCase();
  if (!name || RESOLVED.has(name)) return undefined;
  return [{ name, value: literalWord(value!.value) }];
}

// Variables PowerShell itself consults or owns (about_Automatic_Variables, about_Preference_Variables):
// assigning one may change what later commands do, so only other names take a command's output.
const CONSULTED = /^(?:ps|maximum|log.*event$)|preference$|^(?:ofs|formatenumerationlimit|home|pwd|host|input|args|this|_|executioncontext|shellid|pid|error|true|false|lastexitcode|matches|myinvocation|stacktrace|nestedpromptlevel|foreach|switch|sender|event|eventargs|eventsubscriber|profile|iswindows|islinux|ismacos|iscoreclr)$/;

/**
 * The right-hand side of `$name = …` when `$name` is a variable of the line's own (`$out = npm run
 * build 2>&1`, `$null = New-Item …`): what runs is the right-hand side, and the variable's later
 * uses stay unknown (the dialect resolves no variable of the user's). Undefined for a scoped or
 * drive-qualified name (`$env:`, `$function:`, `$global:`), a property (`$x.Name = …`) and the
 * variables PowerShell consults.
 */
export function assignedValue(head: Word, rest: Word[]): Word[] | undefined {
  const [op, ...value] = rest;
  if (!op || op.value !== "=" || op.quoted || op.dynamic || value.length === 0) return undefined;
  const name = /^\$([a-z_]\w*)$/.exec(variableSpelling(head)?.toLowerCase() ?? "")?.[1];
  return name !== undefined && (name === "null" || !CONSULTED.test(name)) ? value : undefined;
}
