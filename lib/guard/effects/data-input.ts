import { isAbsolute, join } from "node:path";
import type { Word } from "../syntax.ts";
import type { AnalyzeContext, Invocation } from "./context.ts";
import { programName } from "./names.ts";
import { readSmallFile } from "./readable-file.ts";
import { stdinOf, stdinRedirect } from "./stdin.ts";

/** The largest script file a data-store client is judged by (a bigger one is unreadable). */
const MAX_SCRIPT_BYTES = 256 * 1024;

/** Text a client will run, or null when the guard cannot know it. */
export type Input = string | null;

/**
 * The text of a script file a client reads (`psql -f f.sql`, `.read f`, `source f`): text an
 * earlier part of the line wrote (`echo … > f.sql`), else the file itself when it exists and is
 * small. Null when it is unknown, too large, or absent (it may appear before the client runs).
 */
export function scriptFile(word: Word | undefined, ctx: AnalyzeContext): Input {
  if (!word || word.dynamic || word.glob || ctx.state.remote) return null;
  const cwd = ctx.state.cwd;
  if (!isAbsolute(word.value) && cwd === null) return null;
  const path = isAbsolute(word.value) ? word.value : join(cwd!, word.value);
  const written = ctx.state.scripts?.get(path);
  if (written !== undefined) return written;
  if (ctx.state.landed?.some((p) => p === null || p === path || path.startsWith(`${p}/`))) return null;
  return readSmallFile(path, MAX_SCRIPT_BYTES);
}

/**
 * What a client reads on stdin: "none" (no pipe or redirection: an interactive session, or an
 * agent's empty stdin), the text of a heredoc, here-string, echo/printf or a readable file, or
 * null when the text is unknown (a pipe from another program, expansions the guard cannot see).
 */
export function stdinInput(inv: Invocation): Input | "none" {
  const stdin = stdinOf(inv.cmd);
  if (stdin.kind === "none") return "none";
  if (stdin.kind === "text") return stdin.dynamic ? null : stdin.text;
  if (stdin.kind !== "file" || !inv.cmd) return null;
  // The file stdinOf found: the last redirection of stdin (`psql < a.sql < b.sql` reads b.sql).
  const redirect = stdinRedirect(inv.cmd);
  if (redirect) return scriptFile(redirect.target, inv.ctx);
  // `cat a.sql b.sql | psql`: the files in order.
  const from = inv.cmd.pipeFrom;
  if (!from?.argv[0] || programName(from.argv[0]) !== "cat") return null;
  const texts = from.argv.slice(1).map((w) => (w.value.startsWith("-") ? null : scriptFile(w, inv.ctx)));
  return texts.length > 0 && texts.every((t) => t !== null) ? texts.join("\n") : null;
}

/** Splits a client command's arguments like its own parser: blanks separate, quotes group. */
export function metaArgs(text: string): string[] {
  const out: string[] = [];
  const re = /'((?:[^']|'')*)'|"((?:[^"\\]|\\.)*)"|(\S+)/g;
  for (const m of text.matchAll(re)) out.push(m[1] !== undefined ? m[1].replace(/''/g, "'") : m[2] !== undefined ? m[2].replace(/\\(.)/g, "$1") : m[3]!);
  return out;
}
