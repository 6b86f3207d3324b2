import type { Vars } from "../posix/parser.ts";
import type { Op } from "../ops.ts";
import type { Script, SimpleCommand, Word } from "../syntax.ts";
import type { LaterRun, Repeating } from "./later-writes.ts";
import type { LineChange } from "./line-changes.ts";

export type Dialect = "posix" | "cmd" | "powershell";

/** What the effect analysis needs to know about the caller and how to parse nested text. */
export interface AnalyzeContext {
  home: string;
  /** Parses nested command text (`bash -c`, `eval`, `pwsh -c`) one level deeper. */
  parse: (text: string, dialect: Dialect, depth: number, vars: Vars) => Script;
  /** How many code-in-code levels deep this analysis is (an alias, `bash -c`, a git alias or hook); see MAX_ANALYSIS_DEPTH. */
  depth: number;
  vars: Vars;
  /** The environment the check runs in (the hook's): what programs read from it (git-env.ts). */
  env?: Readonly<Record<string, string | undefined>>;
  /** The running directory, changed by `cd`; null once it is unknowable. */
  state: {
    cwd: string | null;
    afterCd: boolean;
    /** The folder the last `cd` named when it is missing (cwd-flow.ts). */
    missingCd?: string;
    /** The directory the line started in ($PWD is unknown once the line may have changed directory). */
    start?: string | null;
    aliases?: Map<string, string>;
    /** Files written from the network (taint.ts). */
    tainted?: Set<string>;
    /** Files holding a secret's bytes, scripts with known text, descriptors given text (flows.ts). */
    derived?: Set<string>;
    scripts?: Map<string, string | null>;
    fds?: Map<string, string | null>;
    /** The files `exec N>FILE` opened for writing, by descriptor (`echo "$T" >&3` writes FILE: flows.ts). */
    fdFiles?: Map<string, string>;
    /** Links `ln` made earlier in the line: the link's absolute path and what it names (file-identity.ts). */
    links?: Map<string, string>;
    /** Real paths of files and of folders resolved during this line (file-identity.ts; never kept across checks). */
    realPaths?: Map<string, string>;
    realDirs?: Map<string, string>;
    /** Named pipes made earlier in the line, and the writers and network readers of files (fifo.ts). */
    fifos?: Set<string>;
    pipeUses?: PipeUse[];
    /** A step that certainly runs may clear files of earlier steps, except those written out of reach (clears.ts). */
    clearable?: boolean;
    sticky?: Set<string>;
    /** Absolute destinations earlier ops filled (null: one could not be resolved). */
    landed?: Array<string | null>;
    /** Files earlier parts of the line wrote or surely removed (line-changes.ts). */
    changes?: LineChange[];
    /** Names of the functions the line defines (stdin-ignored.ts). */
    functions?: Set<string>;
    /** Functions of the line whose body prints a credential to its stdout (flows.ts: `f > t` writes it into t). */
    printingFunctions?: Set<string>;
    /** The command runs in a container or on another host: local files are not the ones it reads. */
    remote?: boolean;
    /** A program that may write files the guard does not see ran earlier (unseen-writes.ts). */
    unseenWrites?: boolean;
    /** A program that may set files' times or lets time pass ran earlier (`touch -d`, `cp -p`, `sleep`: unseen-writes.ts). */
    mayAge?: boolean;
    /** A command of the line may write such files: set when a command that repeats asks (unseen-writes.ts). */
    lineWrites?: boolean;
    /** The command lists of the line's scripts not yet tested for such writes (unseen-writes.ts). */
    lineScripts?: SimpleCommand[][];
    /** Runs of files in loops and function bodies that a later write of the line may change (later-writes.ts). */
    laterRuns?: LaterRun[];
    /** The outermost command being analysed that may run again (later-writes.ts). */
    repeating?: Repeating;
    /** Plain copies of unchanged local files: destination → source, and the landed count then (copies.ts). */
    copies?: Map<string, { source: string; at: number }>;
    /** Names `hash -p` gave a path (hash-table.ts), and whether `enable` ran (builtins may be off). */
    hashed?: Map<string, string>;
    builtinsChanged?: boolean;
    /** Git configuration set earlier in the line (`git config alias.x …`); null when unknown. */
    gitConfig?: Map<string, string | null>;
  };
}

export type LineState = AnalyzeContext["state"];

/** The deepest code-in-code level analysed (an alias of an alias, a hook's script, …): past it the command is unknown. */
export const MAX_ANALYSIS_DEPTH = 8;

/**
 * A fresh state for one command line, with every field present from the start: the passes fill
 * fields as they need them, and an object that always has the same fields in the same order
 * keeps every read of it on one fast path (adding fields one by one made each check's state a
 * different shape).
 */
export function newLineState(cwd: string | null, realDirs?: Map<string, string>): LineState {
  return {
    cwd,
    afterCd: false,
    missingCd: undefined,
    start: cwd,
    aliases: undefined,
    tainted: undefined,
    derived: undefined,
    scripts: undefined,
    fds: undefined,
    fdFiles: undefined,
    links: undefined,
    realPaths: undefined,
    realDirs,
    fifos: undefined,
    pipeUses: undefined,
    clearable: undefined,
    sticky: undefined,
    landed: undefined,
    changes: undefined,
    functions: undefined,
    printingFunctions: undefined,
    remote: undefined,
    unseenWrites: undefined,
    lineWrites: undefined,
    lineScripts: undefined,
    laterRuns: undefined,
    repeating: undefined,
    copies: undefined,
    hashed: undefined,
    builtinsChanged: undefined,
    gitConfig: undefined,
  };
}

/** A command writing into a file, or a network client reading one (paired when it is a named pipe). */
export interface PipeUse {
  role: "writer" | "reader";
  /** The names of the file (file-identity.ts). */
  keys: string[];
  inv: Invocation;
  /** The running directory of the command. */
  cwd: string | null;
  /** How a reader names the file: as its stdin (`< f`), or by this argument text. */
  stdin?: boolean;
  spelled?: string;
}

/** One program invocation being analysed: its arguments and the command it came from. */
export interface Invocation {
  name: string;
  args: Word[];
  /** The parsed command (for stdin: heredocs, here-strings, pipes); absent for `find -exec`. */
  cmd?: SimpleCommand;
  ctx: AnalyzeContext;
}

export type Handler = (inv: Invocation) => Op[];
