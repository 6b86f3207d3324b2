import { literalWord, type SimpleCommand, type Word } from "../syntax.ts";
import { listElements, variableSpelling } from "./powershell-lexer.ts";

// Preference variables that only choose how this session reports errors, progress and messages
// (about_Preference_Variables); `$PSNativeCommandArgumentPassing` and the like, which change what
// runs, are not among them.
const REPORTING = new Set(["$erroractionpreference", "$progresspreference", "$verbosepreference", "$warningpreference", "$informationpreference", "$debugpreference"]);

// The environment variables parsePowerShell resolves (its `_variable` table) or reads from the
// POSIX names it maps them to.
const RESOLVED = new Set(["HOME", "USERPROFILE", "TEMP", "TMP", "TMPDIR", "PWD"]);

/**
 * A statement assigning a literal (`$env:NODE_ENV = "production"`, `$env:PORT = 4000`,
 * `$ErrorActionPreference = 'Stop'`): an environment variable is set for the rest of the session,
 * which is the POSIX assignment `NAME=value` (Windows names are case-insensitive: `$env:Path` is
 * PATH, so the POSIX rules on PATH, NODE_OPTIONS, GIT_SSH_COMMAND … apply as written); a reporting
 * preference changes nothing the guard judges. Anything else (a computed value, a bare word, which
 * runs as a command, a list, a variable the dialect resolves itself: HOME, USERPROFILE, TEMP, TMP,
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
