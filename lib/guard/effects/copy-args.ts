import { unknownWord, type Word } from "../syntax.ts";
import { clusterValue, computedRest, dashWord, longChoices, optionWalk } from "./getopt.ts";

interface Spec {
  /** Short options that take a value: the rest of the cluster, or the next word. */
  valued: string;
  /** Long options that take a value (`=VALUE` or the next word). */
  valuedLong: ReadonlySet<string>;
  /** Every long option: those, those whose value is optional (only `=VALUE`) and those without one. */
  long: string[];
}

const spec = (valued: string, valuedLong: string[], plainLong: string[]): Spec => ({ valued, valuedLong: new Set(valuedLong), long: [...valuedLong, ...plainLong] });
const COMMON = ["backup", "debug", "force", "help", "interactive", "no-target-directory", "strip-trailing-slashes", "verbose", "version", "context"];
const SPECS: Record<string, Spec> = {
  cp: spec("St", ["suffix", "target-directory", "no-preserve", "sparse"], [...COMMON, "archive", "attributes-only", "copy-contents", "dereference", "keep-directory-symlink", "link", "no-clobber", "no-dereference", "one-file-system", "parents", "preserve", "recursive", "reflink", "remove-destination", "symbolic-link", "update"]),
  mv: spec("St", ["suffix", "target-directory"], [...COMMON, "exchange", "no-clobber", "no-copy", "update"]),
  install: spec("Stmog", ["suffix", "target-directory", "mode", "owner", "group", "strip-program"], [...COMMON, "compare", "directory", "preserve-timestamps", "preserve-context", "strip"]),
  ln: spec("St", ["suffix", "target-directory"], [...COMMON, "directory", "logical", "no-dereference", "physical", "relative", "symbolic"]),
};

/** cp, mv, install and ln arguments as coreutils reads them. */
interface CopyArgs {
  /** Every option given, spelled `-x` (one per letter of a cluster) or `--full-name` (abbreviations resolved). */
  flags: string[];
  /** `-t DIR`, `-tDIR`, `--target-directory[=]DIR`, abbreviations and clusters included (the last one given). */
  target?: Word;
  files: Word[];
}

/**
 * Reads coreutils' options as getopt does: clusters (`-rT`, `-rt DIR`, `-S.bak`), values attached
 * or in the next word, unambiguous abbreviations of long options (`--no-t`, `--target=DIR`), `--`
 * and options after operands. An ambiguous abbreviation stands for every option it may mean. A
 * computed word with a known option start is that option (getopt.ts optionWalk's `computed`):
 * `-t$D`, `--target-directory=$D` name an unknown folder, and so does a computed word whose
 * unknown rest may be `t DIR` (`-r$X`, `-$X`, `--t$X`): the copy's target is unknown, not its
 * last operand.
 */
export function copyArgs(name: string, args: Word[]): CopyArgs {
  const { valued, valuedLong, long } = SPECS[name] ?? SPECS.cp!;
  const flags: string[] = [];
  let target: Word | undefined;
  const files = optionWalk(
    args,
    (a, i) => {
      const v = a.value;
      if (v.startsWith("--")) {
        // `--t$X`: the expansion may go on to `--target-directory=DIR`.
        const { names, value, i: last } = longChoices(args, i, long, valuedLong);
        for (const m of names) flags.push(`--${m}`);
        if (value && names.includes("target-directory")) target = value;
        return last;
      }
      const got = clusterValue(args, i, valued);
      for (const c of v.slice(1, got ? got.at + 1 : undefined)) flags.push(`-${c}`);
      if (got?.letter === "t") target = got.value;
      // A computed cluster's rest may hold any letters, `t` among them.
      else if (!got && a.dynamic) target = computedRest(a);
      return got?.i ?? i;
    },
    true,
  );
  // `-$X`, `--$X`: a computed option of any name (getopt.ts mayBeOption), `-t DIR` too.
  if (files.some(dashWord)) target = unknownWord();
  return { flags, target, files };
}
