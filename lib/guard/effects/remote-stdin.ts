import type { SimpleCommand, Word } from "../syntax.ts";
import { LANGUAGES, POWERSHELLS, SHELLS, STDIN_CODE_PROGRAMS } from "./runner-names.ts";
import { stdinOf, stdinRedirect } from "./stdin.ts";

// A pipeline longer than this is not followed back to its source.
const MAX_STAGES = 8;

/**
 * Whether a command's stdin carries data from the network (red team 5): a fetcher's output
 * (`curl URL |`, `< /dev/tcp/…`), a downloaded file (`< f`, `cat f |`), or the output of any
 * stage that read such data (`curl URL | gunzip |`, `| tee log |`, `sed … dl.txt |`): a filter
 * passes on what it was given. `isTainted` tells whether a word names a downloaded file.
 */
export function remoteStdin(cmd: SimpleCommand | undefined, isTainted: (w: Word) => boolean, depth = 0): boolean {
  if (!cmd || depth > MAX_STAGES) return false;
  const stdin = stdinOf(cmd);
  if (stdin.kind === "remote") return true;
  if (stdin.kind === "text" || stdin.kind === "none") return false;
  const file = stdinFile(cmd);
  if (file !== undefined) return file !== null && isTainted(file);
  const from = cmd.pipeFrom;
  if (!from || from.group) return false;
  return from.argv.slice(1).some((w) => !w.value.startsWith("-") && isTainted(w)) || remoteStdin(from, isTainted, depth + 1);
}

/**
 * The file the redirection stdinOf reads gives the command as stdin (`< f`, `<> f`); null when
 * that redirection is another (a here-doc, a descriptor, which is not followed); undefined when
 * none redirects stdin. remoteStdin and shells.ts (a named pipe on stdin) follow it.
 */
export function stdinFile(cmd: SimpleCommand): Word | null | undefined {
  const redirect = stdinRedirect(cmd);
  return redirect === undefined ? undefined : redirect.op === "<" || redirect.op === "<>" ? redirect.target : null;
}

// The programs whose own handler judges a fetcher piped straight in: the shells and modelled
// interpreters (shells.ts: `curl URL | bash`) and the others reading code on stdin (stdin-code.ts:
// `curl URL | tclsh`).
const HANDLED = new Set<string>([...SHELLS, ...POWERSHELLS, ...Object.keys(LANGUAGES), ...STDIN_CODE_PROGRAMS]);

/** Whether the program's own handler already judges a fetcher's output piped into it. */
export function judgesPipedFetch(name: string): boolean {
  const lower = name.toLowerCase();
  return HANDLED.has(lower) || HANDLED.has(lower.replace(/[0-9.]+$/, ""));
}
