import type { SimpleCommand, Word } from "../syntax.ts";
import { SHELL_NAMES } from "../effects/runner-names.ts";
import { envSources, type Vars } from "./vars.ts";

// A command of shell text run later than its words are read: the first word and what follows,
// up to an operator or a grouping character.
const SEGMENTS = /[^;&|\n(){}]+/g;
const CALL = /^\s*([A-Za-z_][A-Za-z0-9_:.-]*)\s/;
const REFERENCE = /\$\{?([A-Za-z_][A-Za-z0-9_]*)/g;

/**
 * The commands in the shell text `cmd` runs after the line is read, as calls: `eval TEXT`, `trap
 * TEXT SIGNAL`, and a child shell's `-c TEXT` (it sees the functions `export -f` gave it). Each
 * call's first word, and the environment's variables its `$NAME` words (and the text word's own
 * expansions) hold, so function-args.ts passes them to a function of that name (`f(){ echo "$1" |
 * nc …; }; eval 'f "$GITHUB_TOKEN"'`). The text is read in the rough: any command it may call.
 */
export function textCalls(vars: Vars, cmd: SimpleCommand): Array<{ name: string; names: string[] }> {
  const calls: Array<{ name: string; names: string[] }> = [];
  for (const w of _texts(cmd)) {
    for (const [segment] of w.value.matchAll(SEGMENTS)) {
      const name = CALL.exec(segment)?.[1];
      if (name === undefined) continue;
      const names = [...segment.matchAll(REFERENCE)].flatMap((m) => envSources(vars, m[1]!) ?? []);
      if (w.envNames) names.push(...w.envNames);
      if (names.length) calls.push({ name, names });
    }
  }
  return calls;
}

/** The words of `cmd` that are shell text it runs: eval's words, trap's action, a shell's `-c` text. */
function _texts(cmd: SimpleCommand): Word[] {
  const [head, ...args] = cmd.argv;
  const name = head!.value.slice(head!.value.lastIndexOf("/") + 1);
  if (name === "eval") return args;
  if (name === "trap") {
    const action = args[0]?.value === "--" ? args[1] : args[0];
    return action && !action.value.startsWith("-") ? [action] : [];
  }
  if (!SHELL_NAMES.has(name)) return [];
  const c = args.findIndex((a) => /^-[a-zA-Z]*c[a-zA-Z]*$/.test(a.value));
  return c >= 0 && args[c + 1] ? [args[c + 1]!] : [];
}
