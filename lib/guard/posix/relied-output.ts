import type { SimpleCommand } from "../syntax.ts";

/**
 * The commands whose output the parser read as their program prints it: mktemp's new name in
 * `d=$(mktemp -d) && …` (temp-output.ts), `git rev-parse HEAD`'s letters and digits
 * (hash-output.ts), a count in `n=$(wc -l < f)` (numeric-output.ts). The analysis makes each an
 * unknown effect unless its name runs that very program (effects/analyze.ts): a PATH the line
 * changed or computed, or a script the line wrote into a folder of the environment's PATH,
 * prints what it likes there (red team 13).
 */
const _relied = new WeakSet<SimpleCommand>();

export function relyOnOutput(cmd: SimpleCommand | undefined): void {
  if (cmd) _relied.add(cmd);
}

export function outputRelied(cmd: SimpleCommand): boolean {
  return _relied.has(cmd);
}
