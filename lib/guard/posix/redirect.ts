import { ParseError, type Redirect, type SimpleCommand } from "../syntax.ts";
import type { PendingHeredoc } from "./heredoc.ts";
import type { Lexer } from "./lexer.ts";
import { freshRedirect } from "./temp-output.ts";

const REDIRECT = /^(\d*|\{[A-Za-z_][A-Za-z0-9_]*\})(&>>|&>|<<<|<<-|<<|>>|>\||>&|<&|<>|>|<)/;

/** A redirection starts at the cursor (`>(…)` and `<(…)` are process substitutions instead). */
export function atRedirect(lx: Lexer): boolean {
  const c = lx.src.charCodeAt(lx.pos);
  // Only a digit, `{`, `<` or `>` can start one.
  if (c !== 60 && c !== 62 && c !== 123 && (c < 48 || c > 57)) return false;
  const rest = lx.src.slice(lx.pos, lx.pos + 12);
  return /^(\d*|\{[A-Za-z_][A-Za-z0-9_]*\})(<<<|<<-|<<|>>|>\||>&|<&|<>|>(?!\()|<(?!\())/.test(rest);
}

/**
 * Reads one redirection into `cmd`. A heredoc's body comes after the line ends: it is queued on
 * `pending`, and whether it expands depends on the delimiter being quoted.
 */
export function readRedirect(lx: Lexer, cmd: SimpleCommand, pending: PendingHeredoc[]): void {
  const m = REDIRECT.exec(lx.src.slice(lx.pos, lx.pos + 40));
  if (!m) throw new ParseError("bad redirection");
  lx.pos += m[0].length;
  const op = m[2] === "<<-" ? "<<" : m[2]!;
  lx.skipBlanks();
  if (op === "<<") {
    const start = lx.pos;
    const [delim] = lx.readWords(false, true);
    if (!delim) throw new ParseError("missing heredoc delimiter");
    const raw = lx.src.slice(start, lx.pos);
    const redirect: Redirect = { op, fd: m[1]!, target: delim, heredoc: { body: "", expands: !/['"\\]/.test(raw), dynamic: false } };
    cmd.redirects.push(redirect);
    pending.push({ redirect, delimiter: delim.value, stripTabs: m[2] === "<<-" });
    return;
  }
  const start = lx.pos;
  const [target] = lx.readWords(false, true);
  if (!target) throw new ParseError("missing redirection target");
  cmd.redirects.push({ op, fd: m[1]!, target: freshRedirect(lx, op, target, start) });
}
