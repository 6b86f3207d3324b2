import { op, type Op } from "../ops.ts";
import { mayRedefine } from "../posix/numeric-output.ts";
import { literalWord, type Word } from "../syntax.ts";
import type { Handler } from "./context.ts";
import { commandVariable } from "./implicit-inputs.ts";
import { analyseWritten, lineWrittenText } from "./written-runs.ts";

/**
 * zsh runs `$ZDOTDIR/.zshenv` (ZDOTDIR defaults to HOME) at every start, `-c` text and scripts
 * included; an interactive zsh (`-i`) also `.zshrc`, a login one (`-l`, `--login`) `.zprofile`
 * and `.zlogin`. `-f`, `--no-rcs` and `-o no_rcs` skip them all (confirmed with zsh 5.9 in
 * test/support/sandbox.sh: `printf … > .zshenv; ZDOTDIR=. zsh -c 'echo hi'` and `HOME=$PWD zsh
 * s.zsh` ran the written file first). A start-up file the line wrote is read as the script it
 * is, as bash's are (rc-file-runs.ts).
 */
export const zshStartup: Handler = ({ args, ctx, cmd }) => {
  const { rcs, interactive, login } = _options(args);
  if (!rcs) return [];
  const dir = commandVariable("ZDOTDIR", cmd, ctx) ?? commandVariable("HOME", cmd, ctx);
  if (dir === null) return [];
  const names = [".zshenv", ...(login ? [".zprofile"] : []), ...(interactive ? [".zshrc"] : []), ...(login ? [".zlogin"] : [])];
  const ops: Op[] = [];
  for (const name of names) {
    const text = lineWrittenText(literalWord(`${dir}/${name}`), ctx, cmd);
    if (text !== undefined) ops.push(...analyseWritten(text, "posix", ctx));
    // A function or alias it defines is what the later names run (rc-file-runs.ts says why).
    if (typeof text === "string" && mayRedefine(text)) ops.push(op("unknown", "zsh"));
  }
  return ops;
};

/** The start-up options zsh reads before its command text or script (option names ignore case, `_` and `-`). */
function _options(args: Word[]): { rcs: boolean; interactive: boolean; login: boolean } {
  let rcs = true;
  let interactive = false;
  let login = false;
  for (let i = 0; i < args.length; i++) {
    const w = args[i]!;
    if (w.dynamic) break;
    const v = w.value;
    if (v === "--" || v === "-" || !/^[-+]/.test(v)) break;
    if (v.startsWith("--")) {
      const name = _optionName(v.slice(2));
      if (name === "norcs") rcs = false;
      else if (name === "rcs") rcs = true;
      else if (name === "login") login = true;
      else if (name === "interactive") interactive = true;
      continue;
    }
    const on = v[0] === "-";
    for (let k = 1; k < v.length; k++) {
      const letter = v[k]!;
      if (letter === "f") rcs = !on;
      else if (letter === "i") interactive = on;
      else if (letter === "l") login = on;
      else if (letter === "o") {
        // `-o NAME`: the rest of the word or the next one; `+o` turns it off.
        const rest = v.slice(k + 1);
        const name = _optionName(rest || args[++i]?.value || "");
        if (name === "norcs") rcs = !on;
        else if (name === "rcs") rcs = on;
        else if (name === "login") login = on;
        else if (name === "interactive") interactive = on;
        break;
      }
    }
  }
  return { rcs, interactive, login };
}

function _optionName(text: string): string {
  return text.toLowerCase().replace(/[-_]/g, "");
}
