import type { SimpleCommand, Word } from "../syntax.ts";
import { withPositional, type Vars } from "./vars.ts";

// The commands whose output the positional parameters hold while a shell's text or script is
// read with its arguments (`bash -c 'echo "$1"' _ "$(gh auth token)"`); expansion.ts adds them
// to the outputOf of `$1`, `"$@"`, `$*`.
const _outputs = new WeakMap<Vars, SimpleCommand[]>();

/** The commands whose output the positional parameters hold now, if any. */
export function positionalOutputs(vars: Vars): SimpleCommand[] | undefined {
  return _outputs.get(vars);
}

/**
 * `set -- "$(gh auth token)"`: the positional parameters hold those commands' output for the
 * rest of the line (the parser calls it beside track.ts notePositionalSources).
 */
export function notePositionalOutputs(vars: Vars, cmd: SimpleCommand): void {
  const outputs = cmd.argv.slice(1).flatMap((w) => w.outputOf ?? []);
  if (outputs.length > 0) _outputs.set(vars, outputs);
}

/**
 * Runs `read` with the positional parameters set from `words` (a shell's arguments after its
 * `-c` text or script: vars.ts withPositional), their substitutions' output included, then gives
 * them back what they held. Words holding neither leave them as they are.
 */
export function withArguments<T>(vars: Vars, words: Word[], read: () => T): T {
  const names = words.flatMap((w) => w.envNames ?? []);
  const outputs = words.flatMap((w) => w.outputOf ?? []);
  if (names.length === 0 && outputs.length === 0) return read();
  const before = _outputs.get(vars);
  if (outputs.length) _outputs.set(vars, outputs);
  else _outputs.delete(vars);
  try {
    return withPositional(vars, names, read);
  } finally {
    if (before) _outputs.set(vars, before);
    else _outputs.delete(vars);
  }
}
