import type { Frame, SimpleCommand } from "../syntax.ts";
import { blur, mark, restore, type Vars } from "./vars.ts";

interface Open {
  frame: Frame;
  at: number;
}

/**
 * The execution frames the parser is inside, and what closing one does to the variables: a
 * subshell's assignments are undone, those of code that may not have run become unknown.
 */
export class Flow {
  private readonly open: Open[] = [];

  constructor(
    readonly vars: Vars,
    public frame: Frame | undefined = undefined,
    /** Inside a function body: it runs later, with variables the guard cannot know now. */
    public fnDepth = 0,
  ) {}

  /** A flow for `$( )` or a backtick body: a subshell inside the current frame. */
  child(): Flow {
    return new Flow(this.vars, { kind: "subshell", parent: this.frame }, this.fnDepth);
  }

  /** `fn`: the name of the function whose body a "fn" frame is. */
  enter(kind: Frame["kind"], fn?: string): Open {
    const o = { frame: fn === undefined ? { kind, parent: this.frame } : { kind, parent: this.frame, fn }, at: mark(this.vars) };
    this.frame = o.frame;
    this.open.push(o);
    if (kind === "fn") this.fnDepth++;
    return o;
  }

  /** Closes `o` and any frame opened inside it that is still open (unbalanced input). */
  leave(o: Open): void {
    const i = this.open.lastIndexOf(o);
    if (i < 0) return;
    // Innermost first, without a copy of the closed frames.
    while (this.open.length > i) {
      const inner = this.open.pop()!;
      if (inner.frame.kind === "subshell") restore(this.vars, inner.at);
      else blur(this.vars, inner.at);
      if (inner.frame.kind === "fn") this.fnDepth--;
      this.frame = inner.frame.parent;
    }
  }

  /**
   * The commands from `first` on turned out to run in a subshell (a pipeline stage, a list sent
   * to the background): they move into a new subshell frame and their assignments are undone.
   * "maybe": they may run in this shell (the last stage with lastpipe): what they assign is unknown.
   */
  subshell(commands: SimpleCommand[], first: number, at: number, kind: "subshell" | "maybe" = "subshell"): void {
    const outer = this.frame;
    const sub: Frame = { kind, parent: outer };
    for (let i = first; i < commands.length; i++) {
      const cmd = commands[i]!;
      if (cmd.frame === outer) cmd.frame = sub;
      else {
        for (let f = cmd.frame; f && f !== sub; f = f.parent) {
          if (f.parent !== outer) continue;
          f.parent = sub;
          break;
        }
      }
    }
    if (kind === "subshell") restore(this.vars, at);
    else blur(this.vars, at);
  }
}
