import { literalWord, type SimpleCommand, type Word } from "../syntax.ts";
import type { AnalyzeContext } from "./context.ts";
import { copyOut } from "./copy-out.ts";
import { envPrints } from "./env-output.ts";
import { envValue } from "./implicit-inputs.ts";
import { programName } from "./names.ts";
import { PASS_THROUGH } from "./pass-through.ts";
import { redirectHoldsSecret, secretOutput } from "./secret-output.ts";
import { stdinRedirect } from "./stdin.ts";
import { judgeSent, type Sent, type SentRoot } from "./sent-tree.ts";
import { pathRunText, shellText, stdoutCommands } from "./shell-printed.ts";
import { tarSent } from "./tar-sent.ts";
import { once } from "./lazy-handler.ts";
import { wrappedCommand } from "./wrappers.ts";
import { xargsFedCommand } from "./xargs-input.ts";

// Programs that print the files they are given, or their stdin without one.
const FILE_PRINTERS = new Set(["cat", "gzip", "bzip2", "xz", "zstd", "lz4", "base64"]);
// Other readers of local files or databases whose output is not enumerated: always asked about.
const OPAQUE_READERS = new Set(["zip", "grep", "rg", "find", "xxd", "openssl", "gpg", "pg_dump", "mysqldump", "sqlite3"]);
const MAX_DEPTH = 8;
// The registry's reading of wrapped programs, loaded at first use: unknown-program.ts imports the
// registry, which imports network.ts, which imports this module.
const unknownProgram = once((): typeof import("./unknown-program.ts") => require("./unknown-program.ts"));

/**
 * The local data a command receives on stdin when it sends its stdin away (curl `@-`, nc, ssh,
 * mail): a file redirected in, or what the previous pipeline stage prints.
 */
export function stdinSent(cmd: SimpleCommand | undefined, ctx: AnalyzeContext, depth = 0): Sent {
  if (!cmd || depth > MAX_DEPTH) return "unknown";
  // The last redirection of stdin holds (stdin.ts stdinRedirect: `nc … <<< hi < f` sends f).
  const r = stdinRedirect(cmd);
  if (r) {
    // Text written in the line itself, unless a credential went into it (`<<< "$GITHUB_TOKEN"`, `$(gh auth token)` in a heredoc).
    if (r.heredoc || r.op === "<<<") return redirectHoldsSecret(r, { cmd, ctx }) ? "unknown" : "clean";
    if (r.op === "<" || r.op === "<>") {
      if (r.target.dynamic) return "unknown";
      return /^\/dev\//.test(r.target.value) ? "clean" : judgeSent([{ word: r.target, recursive: false }], true, ctx);
    }
    // `<&-` closes stdin; another descriptor's source is not followed.
    return r.op === "<&" && r.target.value === "-" ? "clean" : "unknown";
  }
  const from = cmd.pipeFrom;
  if (!from) return "clean";
  if (from.group) return "unknown";
  if (from.cwd === undefined || from.cwd === ctx.state.cwd) return printedSent(from.argv, from, ctx, depth + 1);
  // A FIFO's writer ran in its own directory: its operands are read from there.
  const saved = ctx.state.cwd;
  ctx.state.cwd = from.cwd;
  try {
    return printedSent(from.argv, from, ctx, depth + 1);
  } finally {
    ctx.state.cwd = saved;
  }
}

/** The local data a command prints: files, archives of trees, the environment. */
function printedSent(argv: Word[], cmd: SimpleCommand, ctx: AnalyzeContext, depth: number): Sent {
  const [head, ...args] = argv;
  if (!head || depth > MAX_DEPTH) return "unknown";
  if (head.dynamic) return "clean";
  const name = programName(head);
  // A function the line defines prints whatever its body prints (`f() { env; }; f | curl …`).
  if (ctx.state.functions?.has(name)) return "unknown";
  if (name === "env") {
    const printed = envPrints(args);
    return printed === "clean" ? "clean" : printed === "environment" ? "unknown" : printedSent(printed.command, cmd, ctx, depth + 1);
  }
  const inner = wrappedCommand(name, args);
  if (inner !== undefined) return inner === null ? "unknown" : printedSent(inner, cmd, ctx, depth + 1);
  // Shell text prints what its commands print (`bash -c env | nc …`, `eval "$(…)"` is unknown).
  // A script the line wrote, run by its path (`./s.sh`), prints what its text prints too.
  let shell = shellText(name, args, cmd, ctx);
  if (shell === undefined && head.value.includes("/")) shell = pathRunText(head, args, cmd, ctx);
  if (shell !== undefined) {
    const printers = shell && stdoutCommands(shell, ctx, shell.fromStdin ? undefined : cmd);
    return printers ? printers.reduce((sent: Sent, c) => worst(sent, printedSent(c.argv, c, ctx, depth + 1)), "clean") : "unknown";
  }
  // The environment (`printenv`, `export`, `set`, `declare -p`) and printed credentials (`gh auth token`).
  if (secretOutput(name, args, { cmd, ctx }) !== null) return "unknown";
  if (PASS_THROUGH.has(name)) return stdinSent(cmd, ctx, depth);
  // xargs echoing what it reads (`env | xargs | curl …`, `xargs printf '%s\n'`).
  if (name === "xargs") {
    const fed = xargsFedCommand(args);
    return fed === null ? "unknown" : /^(echo|printf)$/.test(fed[0]!.value) ? stdinSent(cmd, ctx, depth) : printedSent(fed, cmd, ctx, depth + 1);
  }
  if (name === "tar") {
    const all = _tarArgs(args, cmd, ctx);
    return all === null ? "unknown" : tarSent(all, ctx);
  }
  // `cpio -o`, `pax -w`: an archive of the files named on their stdin (copy-out.ts), as tar's `-T -`.
  const archived = copyOut(name, args, cmd, ctx);
  if (archived) {
    const roots = archived.stdout ? archived.roots() : [];
    // Links are followed: `find -L` lists the files behind them.
    return roots === null ? "unknown" : roots.length ? judgeSent(roots, true, ctx) : "clean";
  }
  if (FILE_PRINTERS.has(name)) {
    const files = _operands(args);
    if (files === null) return "unknown";
    const recursive = name !== "cat" && args.some((a) => /^-[a-zA-Z0-9]*r/.test(a.value) || a.value === "--recursive");
    const stdin = files.length === 0 || args.some((a) => a.value === "-") ? stdinSent(cmd, ctx, depth) : "clean";
    return worst(stdin, judgeSent(files.map((word): SentRoot => ({ word, recursive })), true, ctx));
  }
  if (OPAQUE_READERS.has(name)) return "unknown";
  // A program that runs another prints what that one prints (`fakeroot env`, `chroot / env`, `uv run gh auth token`).
  const wrapped = unknownProgram().wrappedArgv(name, args);
  return wrapped ? printedSent(wrapped, cmd, ctx, depth + 1) : "clean";
}

/** The worse of two judgements: a secret over unknown data over clean data. */
export function worst(a: Sent, b: Sent): Sent {
  return a === "secret" || b === "secret" ? "secret" : a === "unknown" || b === "unknown" ? "unknown" : "clean";
}

/** tar's arguments with the TAR_OPTIONS words in front (null when that variable is unknown). */
function _tarArgs(args: Word[], cmd: SimpleCommand, ctx: AnalyzeContext): Word[] | null {
  const value = envValue({ cmd, ctx }, "TAR_OPTIONS", false);
  if (value === null) return null;
  const words = value === undefined ? [] : value.split(/\s+/).filter(Boolean);
  return [...words.map((w) => literalWord(w)), ...args];
}

/** The file operands (`-` is stdin, left out); null when one is dynamic. */
function _operands(args: Word[]): Word[] | null {
  const out: Word[] = [];
  let done = false;
  for (const a of args) {
    if (a.dynamic) return null;
    if (a.value === "--" && !done) done = true;
    else if (done || !a.value.startsWith("-")) out.push(a);
  }
  return out;
}
