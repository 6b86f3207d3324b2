import { repeats, type SimpleCommand } from "../syntax.ts";
import type { Lexer } from "./lexer.ts";
import { lineMentions, substitutedCommands } from "./numeric-output.ts";
import { relyOnOutput } from "./relied-output.ts";
import { assigned, UNSET } from "./vars.ts";

/**
 * `d=$(mktemp -d)` alone as a command (one assignment, no redirection) exits with mktemp's
 * status, so what runs after its `&&` sees d holding the path of a file or folder mktemp just
 * made: `DIR/tmp.` and ten random letters or digits (eight on BSD), DIR being TMPDIR, else
 * /tmp. The parser gives d that path with `XXXXXXXXXX` for the random part
 * (`vars.settle`) in that frame only: after `;` or `||` a failed mktemp leaves d empty
 * (`rm -rf "$d"/*` is then `rm -rf /*`) and d stays unknown. Null for anything else: a
 * name without a lowercase letter, a template (it may name any folder or a `..`), `-u` (no
 * file is made), `-t`, `-p DIR`, a relative TMPDIR or one the line made unknown, a program the
 * line may redefine, a line that names a DEBUG trap or extdebug, or a command in a loop or
 * function body (TMPDIR may differ when it runs again).
 */
export function freshTemp(lx: Lexer, cmd: SimpleCommand, raw: string | undefined): { name: string; path: string } | null {
  // One assignment whose value is the output of one command (`d=$(mktemp -d)$(x)` is two), to
  // a name with a lowercase letter: the shell's own variables and those programs read from the
  // environment are uppercase (`IFS=$(mktemp -d)` would split words on its random letters).
  if (cmd.argv.length > 0 || cmd.assigns.length !== 1 || !/[a-z]/.test(cmd.assigns[0]!.name) || cmd.assigns[0]!.value.outputOf?.length !== 1 || cmd.redirects.length > 0 || repeats(lx.flow.frame)) return null;
  // The body starts with the program: `$(! mktemp -d)` inverts its status, `$(mktemp -d &)` exits 0.
  const commands = raw !== undefined && /^\w+="?\$\(\s*mktemp[\s)]/.test(raw) ? substitutedCommands(lx, raw) : null;
  const [mktemp] = commands ?? [];
  // A DEBUG trap under extdebug skips mktemp and the substitution still succeeds, empty.
  if (commands?.length !== 1 || !mktemp || mktemp.assigns.length > 0 || mktemp.redirects.length > 0 || mktemp.group || mktemp.concurrent || lineMentions(lx.vars, /debug/i)) return null;
  const [head, ...args] = mktemp.argv;
  if (!head || head.quoted || head.value !== "mktemp" || args.some((w) => w.dynamic || w.glob)) return null;
  if (!args.every((w) => /^-[dq]+$/.test(w.value) || OPTIONS.has(w.value))) return null;
  const dir = _tmpdir(lx);
  if (dir === null) return null;
  relyOnOutput(cmd.assigns[0]!.value.outputOf?.[0]);
  return { name: cmd.assigns[0]!.name, path: `${dir.replace(/\/+$/, "")}/tmp.XXXXXXXXXX` };
}

// The options that leave mktemp making `tmp.XXXXXXXXXX` in TMPDIR. `-p DIR` is not read: BSD
// mktemp (macOS) lets a set TMPDIR override it when no template is given.
const OPTIONS = new Set(["--directory", "--quiet", "--tmpdir"]);

/** TMPDIR as mktemp reads it: unset or empty is /tmp; a relative or unknown value is null. */
function _tmpdir(lx: Lexer): string | null {
  const value = lx.vars.get("TMPDIR");
  // Unknown and never assigned in the line: the environment does not set it (classify.ts).
  if (value === UNSET || value === "" || (value === null && !assigned(lx.vars, "TMPDIR"))) return "/tmp";
  return typeof value === "string" && value.startsWith("/") ? value : null;
}
