import { posix } from "node:path";
import type { Word } from "../syntax.ts";

// Apart from shells.ts so that the line-flow passes (remote-stdin.ts) test a path without loading
// the shell and interpreter analysers, which the registry loads on first use (lazy-handler.ts).

/**
 * A script operand that names this process's stdin (`/dev/stdin`, `/dev/fd/0`,
 * `/proc/self/fd/0`): the script is the heredoc, here-string or pipe feeding the command.
 * "other" is another descriptor or another process's, whose text the guard does not follow.
 */
export function stdinPath(word: Word): "stdin" | "other" | null {
  const path = posix.normalize(word.value);
  const m = /^\/(?:dev\/(?:stdin|fd\/(\d+))|proc\/(self|thread-self|\d+)\/fd\/(\d+))$/.exec(path);
  if (!m) return /^\/(?:dev\/fd|proc)\//.test(path) ? "other" : null;
  const fd = m[1] ?? m[3] ?? "0";
  return fd === "0" && (m[2] === undefined || m[2] === "self" || m[2] === "thread-self") ? "stdin" : "other";
}

/** The descriptor a `/dev/fd/N` path names (`exec 3<<<TEXT; source /dev/fd/3`: flows.ts keeps N's text), or undefined. */
export function descriptorOf(word: Word): string | undefined {
  return /^\/dev\/fd\/(\d+)$/.exec(word.value)?.[1];
}
