/**
 * The dialect-independent shape every lexer produces: simple commands in execution order, with
 * their words already quote-removed. Effects and policy only ever look at this shape.
 */

/** One shell word after quote removal and the expansions the guard can resolve statically. */
export interface Word {
  /** The value the shell would pass (approximate when `dynamic`). */
  value: string;
  /** It holds an expansion whose value is unknown before the command runs. */
  dynamic: boolean;
  /** It holds unquoted glob characters; `pattern` keeps quoted ones escaped. */
  glob: boolean;
  pattern: string;
  /** Any quoting or escaping appeared in it (a quoted word is never a reserved word). */
  quoted: boolean;
  /** It is spelled `NAME=…` with an unquoted name (an assignment before the command name). */
  assignment?: boolean;
  /**
   * The commands whose output makes up part of the value: a `$( )` or backtick substitution's,
   * or those of the substitution a `$NAME` expanded here was assigned from (effects/substituted.ts).
   */
  outputOf?: SimpleCommand[];
  /** Dynamic only through substitutions of commands that print one number (posix/numeric-output.ts). */
  numeric?: boolean;
  /**
   * Dynamic only through substitutions that print letters and digits or nothing (a commit hash:
   * posix/hash-output.ts), put into `value` at these offsets; meant for this `value` only.
   */
  inert?: { value: string; at: number[] };
  /**
   * Dynamic only through substitutions that print a file-name part of digits (a count, a date:
   * posix/numeric-output.ts, nameDigits), put into `value` at these offsets (`empty`: that one may
   * print nothing), in a word that cannot vanish; meant for this `value` only (paths.ts).
   */
  digits?: { value: string; at: Array<{ at: number; empty: boolean }> };
  /** It holds a quoted `"$@"`, `"${a[@]}"` or `"${!a[@]}"` of unknown value: any number of words, each kept whole (red team 14). */
  spread?: boolean;
  /**
   * The names of the environment's variables whose unknown values went into it: a `$NAME` the
   * line did not assign, or a variable the line assigned from one (`T=$GITHUB_TOKEN; … "$T"`).
   * Read for the names that may hold a credential (effects/env-output.ts holdsSecretVariable);
   * ANY_VARIABLE when the name is unknown (`${!name}`).
   */
  envNames?: string[];
  /** The commands of a `<(…)` in it: the path it names reads their output (`read T < <(printenv T)`). */
  readsOutputOf?: SimpleCommand[];
}

/** In Word.envNames: any of the environment's variables (`${!name}` with a name the guard cannot know). */
export const ANY_VARIABLE = "*";

export interface Redirect {
  /** `>`, `>>`, `>|`, `<`, `<<`, `<<<`, `&>`, `&>>`, `<>`, `>&`, `<&`. */
  op: string;
  /** The written file descriptor (`2` in `2>`), or "" for the default. */
  fd: string;
  target: Word;
  /** For `<<`: the body, whether the shell expands `$…` in it, and whether that left unknowns; the environment's variables and the commands whose output went into it. */
  heredoc?: { body: string; expands: boolean; dynamic: boolean; envNames?: string[]; outputOf?: SimpleCommand[] };
}

export interface SimpleCommand {
  argv: Word[];
  /** `append`: spelled `NAME+=…`, which keeps NAME's value. */
  assigns: Array<{ name: string; value: Word; append?: boolean }>;
  redirects: Redirect[];
  /** The command whose stdout feeds this one (the previous stage of a pipeline). */
  pipeFrom?: SimpleCommand;
  /** A `( … )` or `{ … }` stage of a pipeline: its commands are listed separately. */
  group?: boolean;
  /** It runs alongside the shell: in the background (`&`) or as a stage of a pipeline. */
  concurrent?: "background" | "pipeline";
  /**
   * Sent to the background: the compound command the `&` that sent it stands in (undefined at
   * the line's top level). Its job starts once per run of that compound: `while true; do sleep 1;
   * done &` starts one job, `while true; do work & done` one per pass (fork-bomb.ts).
   */
  startedIn?: Scope;
  /** The pipelines the command runs in as a stage, each with its stage (posix/pipeline-stages.ts); unset outside pipelines. */
  stages?: { pipeline: object; stage: number }[];
  /** The innermost compound command around it (POSIX dialect). */
  scope?: Scope;
  /** The text of an arithmetic command `(( … ))`. */
  arith?: string;
  /** The innermost execution frame around it (POSIX dialect): what a `cd` in it can change. */
  frame?: Frame;
  /** The directory it runs in when that is not the analysis's current one (a FIFO's writer). */
  cwd?: string | null;
}

/**
 * Where a command runs relative to the commands after it: in a subshell (a `( )`, a pipeline
 * stage, `$( )`, a background list: its `cd` and assignments never reach later commands), or in
 * code that may not run or runs later (a branch, the right of `&&`/`||`, a loop, a function
 * body: later commands cannot know whether its `cd` happened).
 */
export interface Frame {
  kind: "subshell" | "maybe" | "loop" | "fn";
  parent?: Frame;
  /** A function body's: the function's name (posix/function-args.ts reads it). */
  fn?: string;
  /** What `repeats` answered for it (set by the first call that walks through it). */
  repeats?: boolean;
}

/** A compound command: a loop, a function body, a `{ }` group, a subshell or an `if`. */
export interface Scope {
  kind: "loop" | "fn" | "group" | "subshell" | "if";
  parent?: Scope;
  /** A loop whose condition never changes (`while true`, `until false`, `for ((;;))`). */
  infinite?: boolean;
  /** A loop's condition commands, collected until `do`. */
  cond?: SimpleCommand[];
  until?: boolean;
  /** A function's name, and the number of commands parsed before its definition. */
  name?: string;
  at?: number;
}

/** The innermost of `start` and the frames or scopes around it that `test` accepts (the one walk over them). */
export function enclosing<T extends { parent?: T }>(start: T | undefined, test: (t: T) => boolean): T | undefined {
  for (let t = start; t; t = t.parent) if (test(t)) return t;
  return undefined;
}

/**
 * Whether a command in `frame` may run more than once or later, after the commands listed after
 * it (inside a loop or a function body). Remembered on each frame (Frame.repeats), as frames
 * nest as deep as a line's `&&` chain is long; the parser only ever puts subshell frames between
 * a frame and its parent, which leaves the answer as it was.
 */
export function repeats(frame: Frame | undefined): boolean {
  let answer = false;
  let f = frame;
  for (; f; f = f.parent) {
    if (f.repeats !== undefined) {
      answer = f.repeats;
      break;
    }
    if (f.kind === "loop" || f.kind === "fn") {
      answer = true;
      break;
    }
  }
  // Every frame walked lies inside the one that decided (or is it): they share its answer.
  for (let w = frame; w && w !== f; w = w.parent) w.repeats = answer;
  if (f) f.repeats = answer;
  return answer;
}

/** A whole command line: its simple commands in the order they run (substitutions first). */
export interface Script {
  commands: SimpleCommand[];
}

/** A command line the lexer could not read to the end: fail closed. */
export class ParseError extends Error {
  override name = "ParseError";
}

/** A literal (fully known) word. */
export function literalWord(value: string, quoted = false): Word {
  return { value, dynamic: false, glob: false, pattern: value, quoted, assignment: undefined, outputOf: undefined };
}

/** A word whose value is unknown (stdin-fed arguments, `{}` of find, process substitutions). */
export function unknownWord(): Word {
  return { value: "", dynamic: true, glob: false, pattern: "", quoted: false, assignment: undefined, outputOf: undefined };
}

/** The redirection operators that write a file (flows.ts, fifo.ts). */
export const FILE_WRITES: ReadonlySet<string> = new Set([">", ">>", ">|", "&>", "&>>"]);

/**
 * Program names the Windows dialects emit for effects that have no POSIX spelling. They start
 * with NUL, which no real command line can contain (the guard refuses NUL input). `subtree`
 * deletes members of its operands that cannot be listed up front (`del /s *.log`, a filtered
 * Remove-Item): unlike find, whose expression the policy can evaluate. `registryKey` makes the
 * registry keys that follow (`[-force] -- KEY…`: New-Item on the registry provider).
 */
export const SYNTHETIC = { noop: "\0noop", unknown: "\0unknown", disk: "\0disk", remote: "\0remote", subtree: "\0find", registryKey: "\0new-item" } as const;
