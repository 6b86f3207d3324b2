import type { ReasonCode } from "./reasons.ts";
import type { Word } from "./syntax.ts";

/** What one command does to the world, as far as the policy cares. */
export type OpKind =
  | "delete" // removes paths (rm, unlink, find -delete, interpreter rmtree)
  | "overwrite" // replaces file content (`>`, tee, dd of=, truncate, cp/mv onto a file)
  | "move" // moves paths away (mv sources)
  | "write-into" // creates or appends inside a directory (only protected trees matter)
  | "permission" // chmod/chown/chgrp
  | "git-discard" // discards uncommitted worktree changes (checkout --, restore, switch -f)
  | "git-reset-hard"
  | "git-clean"
  | "git-force-push"
  | "git-history" // drops refs, stashes or reflog (branch -D, stash clear, reflog expire)
  | "disk" // raw device writes, mkfs, wipefs
  | "remote-code" // network content run by a shell or interpreter
  | "secret" // reads credential files or ships them over the network
  | "egress" // sends local files or environment data over the network
  | "data-destroy" // drops, deletes or overwrites data in a database or key-value store, or runs SQL the guard cannot read
  | "infra-destroy" // destroys cloud or cluster resources (terraform destroy, kubectl delete, volume removal)
  | "noop" // dry runs (`-n`, `-WhatIf`)
  | "unknown"; // an effect the guard could not analyse to the end

export interface Op {
  kind: OpKind;
  /** Bounded identity: the program (and subcommand), never an argument. */
  verb: string;
  targets: Word[];
  recursive: boolean;
  /** The targets are roots of a subtree whose members cannot be listed up front (find -delete). */
  subtree?: boolean;
  /** The directory the command runs in: absolute, or null when a `cd` made it unknowable. */
  cwd: string | null;
  /**
   * cwd is null because the directory is unknown where the op runs, not because it is unset: the
   * analysis of a nested script (`bash -c 'x && { cd /etc; rm -rf *; }'`) found it so, and the
   * command running that script must not fill in its own (effects/analyze.ts).
   */
  cwdUnknown?: boolean;
  /** A `cd`/`pushd` ran earlier in the same command line. */
  afterCd: boolean;
  /** For an `unknown` op whose refusal is more specific than an undeterminable effect. */
  refusal?: ReasonCode;
  /** An overwrite that edits the file in place (`sed -i`, `sort -o`): the file stays, its content changes. */
  inPlace?: boolean;
  /**
   * A write-into (or a copy onto an existing folder) that may replace existing entries of names
   * the guard does not list (`tar -x -C DIR`, `cp -r tree/. DIR`, `rsync -a tree/ DIR`): outside
   * the workspace it is judged like an overwrite there (policy.ts).
   */
  replaces?: boolean;
  /**
   * With `replaces`: a package manager's global folder a variable names (`GOBIN=DIR go install`,
   * `npm_config_prefix=DIR npm i -g`): outside the workspace it is what the default global install
   * writes (~/go/bin): it asks only for an ancestor or a hidden folder (`~/.ssh`) other than the
   * usual install roots; protected storage and the system still block (policy.ts; review B).
   */
  global?: boolean;
  /**
   * The targets are destinations this op fills, which later parts of the same line then meet in
   * a changed file system (policy-lineflow.ts): `moved` data (mv), `linked` entries that may be
   * symlinks (ln, cp -a/-r), `created` files and folders (cp, a redirection, mkdir), or `spread`:
   * entries of unknown names anywhere inside the target directory (tar -x, unzip, git checkout),
   * any of which may be a symlink.
   */
  lands?: "moved" | "linked" | "created" | "spread";
  /** The targets are made or restamped with no content (touch, mkdir, mkfifo, mknod: creates.ts). */
  empty?: boolean;
  /** For a copy or move destination: what is copied, so a destination folder is judged per entry. */
  sources?: Word[];
  /** For a move: where the sources go (outside the workspace they leave the quarantine's reach). */
  dest?: Word;
  /** Runs in a loop or function body: it may run after ops listed later in the line. */
  repeats?: boolean;
  /** Found inside an unknown program's arguments: any effect it has is undeterminable. */
  wrapped?: boolean;
  /**
   * The find program an op comes from: its start points and expression, which action (`-delete`
   * or the n-th `-exec`) this op is, and the symlink mode (P, H, L). `deletes`: the op removes the
   * matches themselves; otherwise its targets hold `{}` templates to fill with each match.
   * `split`: the matches reach the command as lines xargs splits on blanks, quotes and
   * backslashes (`find … | xargs CMD`), so a match holding one of them is not one argument.
   */
  find?: { roots: Word[]; expr: Word[]; action: number; deletes: boolean; follow: string; split?: boolean };
  /**
   * Git arguments the policy needs (the ref of a reset, the flags of a clean). `refsUnknown`: an
   * operand is computed, or an earlier program of the line may have changed the refs.
   */
  /** `recurse`: a reset or discard that recurses into submodules (undefined: the repository's configuration decides). */
  /** `ends`: an `--abort` or `--skip` of a merge, rebase, cherry-pick, revert or am, judged by the operation in progress (git-ending-preflight.ts). */
  git?: { args: string[]; ref?: string; dir: string | null; stash?: boolean; refsUnknown?: boolean; recurse?: boolean; ends?: GitEnding };
}

/** An operation in progress that a command ends, and how: `abort` goes back to where it started, `skip` drops the current step. */
export interface GitEnding {
  sub: "merge" | "rebase" | "cherry-pick" | "revert" | "am";
  how: "abort" | "skip";
}

/**
 * A new op with the bookkeeping fields defaulted. Every optional field is present (undefined):
 * ops of one shape keep the property reads of the policy passes monomorphic for the JIT.
 */
export function op(kind: OpKind, verb: string, targets: Word[] = [], recursive = false): Op {
  return {
    kind,
    verb,
    targets,
    recursive,
    subtree: undefined,
    cwd: null,
    afterCd: false,
    refusal: undefined,
    inPlace: undefined,
    replaces: undefined,
    global: undefined,
    lands: undefined,
    empty: undefined,
    sources: undefined,
    dest: undefined,
    repeats: undefined,
    wrapped: undefined,
    find: undefined,
    git: undefined,
  };
}
