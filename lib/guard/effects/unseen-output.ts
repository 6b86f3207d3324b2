import { projectProgram } from "../git-program.ts";
import type { SimpleCommand, Word } from "../syntax.ts";
import type { AnalyzeContext } from "./context.ts";
import { programName } from "./names.ts";
import { programIdentity } from "./program-path.ts";

// rev-parse's options whose output is object names, ref names or absolute paths (git refuses a
// ref name starting with `-`): any other option may be echoed back (`git rev-parse -fdx`).
const REV_PARSE = /^(?:--abbrev-ref|--short(?:=\d+)?|--verify|-q|--quiet|--symbolic-full-name|--show-toplevel|--git-dir|--git-common-dir|--absolute-git-dir)$/;

/**
 * Whether a word is wholly the output of data the guard cannot see, which the line or the agent
 * may have planted: a substitution printing a file (`"$(cat f)"`, `"$(<f)"`, `"$(head -1 f)"`),
 * the network (`"$(curl …)"`) or an unknown program's output, directly or through a variable
 * assigned from one. Quoted, it is still one word of any text, so at a position where a program
 * reads options it may be any option (`git clean "$(cat x.txt)"` with `-fdx`; red team 14). A
 * substitution whose output shape is known (one number, a hash, digits, `pwd`, `date`, the
 * current branch) is not such data, when that program runs: not a function, an alias or another
 * file the line's PATH or the project's `bin/` puts first.
 */
export function fromUnseenData(w: Word, ctx: AnalyzeContext): boolean {
  if (!w.dynamic || w.value !== "" || w.numeric || w.inert !== undefined || w.digits !== undefined) return false;
  return (w.outputOf ?? []).some((c) => !_knownShape(c) || !_runsItself(c, ctx));
}

/**
 * Where words printed from unseen data stand among a program's arguments, up to a literal `--`:
 * each may be any option (an environment value, `cp -r $SRC dest/`, is read as meant).
 */
export function plantedOptions(args: Word[], ctx: AnalyzeContext): number[] {
  const end = args.findIndex((w) => !w.dynamic && w.value === "--");
  return args.flatMap((w, i) => ((end < 0 || i < end) && fromUnseenData(w, ctx) ? [i] : []));
}

/** Whether a command's name runs the program it names (effects/analyze.ts reads relied output the same way). */
function _runsItself(c: SimpleCommand, ctx: AnalyzeContext): boolean {
  const head = c.argv[0]!;
  const name = programName(head);
  if (ctx.state.functions?.has(name) || ctx.state.aliases?.has(name) || ctx.state.cwd === null) return false;
  return programIdentity(head, c, ctx) === name && !projectProgram(name, ctx.state.cwd, ctx.env?.PATH ?? "");
}

/** A command whose output never starts with `-`: an absolute path, a date, a ref or object name. */
function _knownShape(c: SimpleCommand): boolean {
  const [head, ...args] = c.argv;
  if (!head || head.dynamic || c.pipeFrom || args.some((w) => w.dynamic)) return false;
  const values = args.map((w) => w.value);
  switch (programName(head)) {
    case "pwd":
      return true;
    // Its format is literal here: only one starting `+-` prints a leading `-`.
    case "date":
      return !values.some((v) => v.startsWith("+-"));
    case "git": {
      const [sub, ...rest] = values;
      if (sub === "rev-parse") return rest.every((v) => !v.startsWith("-") || REV_PARSE.test(v));
      return sub === "branch" && rest.length === 1 && rest[0] === "--show-current";
    }
    default:
      return false;
  }
}
