import { isAbsolute, join, normalize } from "node:path";
import type { Frame, SimpleCommand, Word } from "../syntax.ts";
import { UNSET, type Vars } from "./vars.ts";
import { isDirectory, lstatOrUndefined, realPathOrNull } from "../fs-probe.ts";
import { physicalPath } from "../paths.ts";
import { globOptions } from "./glob-options.ts";

const CHANGERS = new Set(["cd", "pushd", "popd", "chdir"]);
/** Commands that run their arguments in this shell (a `cd` inside them moves it); any other program is a child process. */
const THIS_SHELL = new Set(["eval", "source", ".", "command", "builtin"]);
const _MAY_CHANGE = new Set([...CHANGERS, ...THIS_SHELL]);

/**
 * The frames opened by the `&&` right after `cd "$d"` into the folder `d=$(mktemp -d) && …` made
 * (temp-output.ts), with that folder: what runs in them runs only once that cd succeeded.
 */
const _freshFrames = new WeakMap<Frame, string>();
// Whether any frame was ever noted: a line without mktemp (almost every one) never looks one up.
let _anyFresh = false;

/** `frame` runs only after a `cd` into `folder`, the new folder mktemp made, succeeded. */
export function noteFreshFrame(frame: Frame, folder: string): void {
  _freshFrames.set(frame, folder);
  _anyFresh = true;
}

/** The frames opened by the `&&` right after a plain `cd` (the parser's), with that command. */
const _cdFrames = new WeakMap<Frame, SimpleCommand>();
let _anyCd = false;

/** `frame` runs only after `cd`, run in this shell, succeeded. */
export function noteCdFrame(frame: Frame, cd: SimpleCommand): void {
  _cdFrames.set(frame, cd);
  _anyCd = true;
}

/** The name of the stand-in for a folder mktemp made (temp-output.ts): nothing below it exists for the guard. */
const _FRESH_NAME = "/tmp.XXXXXXXXXX";

/** Whether a command named `head` may move this shell to another directory (aliases aside). */
export function mayChangeDirectory(head: Word): boolean {
  return head.dynamic || _MAY_CHANGE.has(head.value);
}

interface CwdState {
  cwd: string | null;
  afterCd: boolean;
  /** The literal folder the last `cd` named when it does not exist (yet): the directory is unknown, but in it once that cd succeeded. */
  missingCd?: string;
}

interface Entered {
  saved: string | null;
  savedAfterCd: boolean;
  /** The cwd the frame's commands started from (unknown for a function body or a `cd` loop). */
  start: string | null;
  dirty: boolean;
}

/**
 * Follows the running directory through the execution frames the parser recorded: a subshell
 * gives back the directory it started in; after code that may not have run (a branch, `&&`/`||`,
 * a loop, a function body) a directory it changed is unknown. A function body runs later, from
 * wherever it is called: it starts from an unknown directory when the line changes directory.
 */
export class CwdFlow {
  private chain: Frame[] = [];
  // Both made on first use: most lines run every command in no frame, and change no directory in a loop.
  private entered: Map<Frame, Entered> | undefined;
  private readonly changes: boolean;
  private loopsThatChange: Set<Frame> | undefined;
  // The `cd` just analysed, when it named a missing folder, with that folder (changed()).
  private missing: { cd: SimpleCommand; path: string } | undefined;

  constructor(
    commands: SimpleCommand[],
    private readonly state: CwdState,
    aliases?: Map<string, string>,
  ) {
    let changes = false;
    for (const cmd of commands) {
      const head = cmd.argv[0];
      if (!head || !(mayChangeDirectory(head) || aliases?.has(head.value))) continue;
      changes = true;
      for (let f = cmd.frame; f; f = f.parent) if (f.kind === "loop") (this.loopsThatChange ??= new Set()).add(f);
    }
    this.changes = changes;
  }

  /** Moves to the frames of `cmd` before it is analysed. */
  enter(cmd: SimpleCommand): void {
    const top = this.chain.at(-1);
    if (cmd.frame === top) {
      this.missing = undefined;
      return;
    }
    // One frame deeper (from none too), the common step of `a && b && c …`: no walk over the whole
    // chain, which grows with every `&&` (a long chain would otherwise cost the square of its length).
    if (cmd.frame && cmd.frame.parent === top) {
      this.open(cmd.frame);
      this.chain.push(cmd.frame);
      this.missing = undefined;
      return;
    }
    const next: Frame[] = [];
    for (let f = cmd.frame; f; f = f.parent) next.push(f);
    next.reverse();
    let same = 0;
    while (same < this.chain.length && this.chain[same] === next[same]) same++;
    for (let i = this.chain.length - 1; i >= same; i--) this.leave(this.chain[i]!);
    for (let i = same; i < next.length; i++) this.open(next[i]!);
    this.chain = next;
    this.missing = undefined;
  }

  /** The end of the script: its frames close (what a nested script leaves to its caller). */
  finish(): void {
    if (this.chain.length === 0) return;
    for (let i = this.chain.length - 1; i >= 0; i--) this.leave(this.chain[i]!);
    this.chain = [];
  }

  /** `cd`, a command of this script, ran in the current frames. */
  changed(cd: SimpleCommand): void {
    for (const f of this.chain) this.entered!.get(f)!.dirty = true;
    this.missing = this.state.missingCd === undefined ? undefined : { cd, path: this.state.missingCd };
  }

  private open(f: Frame): void {
    const saved = this.state.cwd;
    if ((f.kind === "fn" && this.changes) || this.loopsThatChange?.has(f)) this.state.cwd = null;
    // `cd "$d" && …` into the folder mktemp made: the guard's stand-in for it does not exist, so
    // the cd left the directory unknown; what runs after its `&&` runs in it. Leaving the frame
    // makes it unknown again (saved), as the cd may have failed (the folder removed or locked since).
    const fresh = _anyFresh ? _freshFrames.get(f) : undefined;
    if (fresh !== undefined) this.state.cwd = fresh;
    // `cd DIR && …` into a literal folder missing when the guard looks (`mkdir -p DIR && cd DIR
    // && …`): DIR's path is known whether it exists or not; what runs after that `&&` runs in it.
    else if (_anyCd && this.missing !== undefined && this.state.cwd === null && _cdFrames.get(f) === this.missing.cd) this.state.cwd = this.missing.path;
    (this.entered ??= new Map()).set(f, { saved, savedAfterCd: this.state.afterCd, start: this.state.cwd, dirty: false });
  }

  private leave(f: Frame): void {
    const e = this.entered?.get(f);
    if (!e) return;
    if (f.kind === "subshell") {
      this.state.cwd = e.saved;
      this.state.afterCd = e.savedAfterCd;
    } else {
      const changed = e.dirty || this.state.cwd !== e.start;
      this.state.cwd = !changed || this.state.cwd === e.saved ? e.saved : null;
    }
    this.entered!.delete(f);
  }
}

/**
 * Follows `cd`/`pushd`/`popd`; returns true when the command was one of them. A `cd` that can
 * fail (its target is missing, or not a directory) leaves the directory unknown: the commands
 * after `;` run in whichever directory it left. With CDPATH set, a relative name may be found in
 * any of its folders.
 */
export function changeDirectory(head: Word, args: Word[], state: CwdState, vars: Vars, home: string): boolean {
  const name = head.dynamic ? "" : head.value;
  // `command cd DIR` and `builtin cd DIR` are the builtin itself.
  if ((name === "command" || name === "builtin") && args[0] && !args[0].dynamic && CHANGERS.has(args[0].value)) return changeDirectory(args[0], args.slice(1), state, vars, home);
  if (!CHANGERS.has(name)) return false;
  state.afterCd = true;
  state.missingCd = undefined;
  const operands = args.filter((a, i) => a.dynamic || !a.value.startsWith("-") || a.value === "-" || args[i - 1]?.value === "--");
  const target = operands.find((a) => a.value !== "--" || a.dynamic);
  if (name === "popd" || (name === "pushd" && (!target || /^[+-]\d/.test(target.value)))) state.cwd = null;
  else if (!target) state.cwd = _home(vars, home);
  else if (target.dynamic || target.glob || target.value === "-" || target.value === "") state.cwd = null;
  // Below a folder mktemp made, the guard sees nothing: `cd ..` leads out of it to TMPDIR, a
  // folder it holds is one the line made.
  else if (state.cwd?.endsWith(_FRESH_NAME) && !isAbsolute(target.value)) state.cwd = null;
  else if (!isAbsolute(target.value) && !/^\.\.?(\/|$)/.test(target.value) && _cdpath(vars)) state.cwd = null;
  else if (isAbsolute(target.value) || state.cwd !== null) {
    // bash's cd is logical: `..` drops the previous name (PWD keeps a symlink's name). With -P,
    // or once `set -P` may be on, it is physical: `cd -P link; cd ..` is the target's parent.
    const spelled = isAbsolute(target.value) ? target.value : `${state.cwd}/${target.value}`;
    const logical = normalize(spelled);
    const mode = _linkMode(args);
    const physical = mode === "L" ? undefined : _realDirectory(spelled, state.cwd);
    state.cwd = mode === "P" ? physical! : physical === undefined || physical === logical.replace(/(.)\/+$/, "$1") ? logical : null;
    // Missing (not even a dangling link), spelled in the line (not mktemp's stand-in for a name
    // it makes up): where what follows this cd's `&&` runs once it succeeded.
    if (mode === "L" && state.cwd === logical && !target.outputOf && !logical.includes(_FRESH_NAME) && lstatOrUndefined(logical) === undefined) state.missingCd = logical;
  }
  if (state.cwd !== null && !isDirectory(state.cwd)) state.cwd = null;
  return true;
}

/** The last of `-L` and `-P` among cd's options; "maybe P" when none is given and `set -P` may be on. */
function _linkMode(args: Word[]): "L" | "P" | "maybe" | undefined {
  let mode: "L" | "P" | undefined;
  for (const a of args) {
    if (a.dynamic || a.value === "--" || !/^-[LPe@]+$/.test(a.value)) break;
    const at = Math.max(a.value.lastIndexOf("L"), a.value.lastIndexOf("P"));
    if (at > 0) mode = a.value[at] as "L" | "P";
  }
  return mode ?? (globOptions().physical ? "maybe" : "L");
}

/** The folder a path leads to with every symlink followed, or null when it cannot be resolved. */
function _realDirectory(path: string, cwd: string | null): string | null {
  const parentWise = physicalPath(path, cwd);
  return parentWise === null ? null : realPathOrNull(parentWise);
}

function _home(vars: Vars, fallback: string): string | null {
  const v = vars.get("HOME");
  if (v === undefined) return fallback;
  return v === null || v === UNSET || v === "" ? null : v;
}

function _cdpath(vars: Vars): boolean {
  const v = vars.get("CDPATH");
  return v !== undefined && v !== UNSET && v !== "";
}

/**
 * Whether a command is a child process: a program other than an alias or a builtin that runs its
 * arguments here (`bash -c 'cd x'`, `sudo`, `xargs`). A `cd` the analysis of its inner command
 * followed must not move this shell: the caller puts the directory back after it.
 */
export function isChildProcess(head: Word, aliases?: Map<string, string>): boolean {
  return !(head.dynamic || THIS_SHELL.has(head.value) || aliases?.has(head.value));
}
