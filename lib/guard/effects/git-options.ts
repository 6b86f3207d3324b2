import { unknownWord, type Word } from "../syntax.ts";

/** git's options before the subcommand that take the next word as their value (`-C DIR`, `-c K=V`). */
export const GIT_GLOBAL_VALUED = new Set(["-C", "-c", "--git-dir", "--work-tree", "--namespace", "--exec-path", "--config-env", "--super-prefix"]);

/** `git config`'s options that take the next word as their value (`-f FILE`, `--type bool`). */
export const GIT_CONFIG_VALUED = new Set(["-f", "--file", "--blob", "--type", "--default", "--comment", "-t"]);

/** Where git's subcommand stands among its arguments (after its global options), or -1. */
export function gitSubcommandAt(values: string[]): number {
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (!v.startsWith("-")) return i;
    if (GIT_GLOBAL_VALUED.has(v)) i++;
  }
  return -1;
}

/** The options of one git subcommand whose values the guard wants (a command, an output file). */
export interface GitOptionSpec {
  /** Short letters whose value is wanted (`-x CMD`, `-xCMD`, `-qxCMD`). */
  short?: string;
  /** Short letters with an optional value, wanted only when attached (`-Ocmd`). */
  shortOptional?: string;
  /** Every other short letter that takes a value: the rest of its cluster, or the next word. */
  shortValued?: string;
  /**
   * When given, the command's own boolean letters: any letter that is none of these, `short` or
   * `shortValued` ends the cluster and takes no next word (format-patch hands the rest of such a
   * word to the diff options' parser, after its own parser has read every word: `-S -o DIR`).
   */
  shortOwn?: string;
  /** Long names whose value is wanted (`--exec=CMD`, `--exec CMD`). */
  long?: string[];
  /** Long names with an optional value, wanted only when given with `=`. */
  longOptional?: string[];
  /**
   * The shortest prefix git accepts for the long names (parse-options takes any unambiguous
   * prefix: `--exe`, `--upload`); a shorter one is ambiguous there and git refuses to run. 0: the
   * exact name only.
   */
  min?: number;
  /** An unquoted word that is an expansion as a whole (`$OPTS`) may be one of the options. */
  hidden?: boolean;
}

/**
 * The values of the wanted options among a subcommand's arguments, in order, up to `--`. git
 * parses options anywhere among the operands. An option whose value holds an expansion
 * (`--exec=$X`), or with `hidden` an unquoted expansion where an option could stand (`$OPTS`), gives
 * an unknown word.
 */
export function gitOptionValues(args: Word[], spec: GitOptionSpec): Word[] {
  const out: Word[] = [];
  const wanted = spec.short ?? "";
  const optional = spec.shortOptional ?? "";
  const valued = spec.shortValued ?? "";
  for (let i = 0; i < args.length; i++) {
    const w = args[i]!;
    const v = w.value;
    if (v === "--" && !w.dynamic) break;
    if (spec.hidden && w.dynamic && !w.quoted && v === "") {
      out.push(unknownWord());
      continue;
    }
    if (!v.startsWith("-") || v === "-") continue;
    if (v.startsWith("--")) {
      const eq = v.indexOf("=");
      const flag = eq < 0 ? v : v.slice(0, eq);
      if (_longMatch(flag, spec.long, spec.min)) {
        const value = eq < 0 ? args[++i] : { ...w, value: v.slice(eq + 1), pattern: v.slice(eq + 1) };
        if (value) out.push(value);
      } else if (eq >= 0 && _longMatch(flag, spec.longOptional, spec.min)) out.push({ ...w, value: v.slice(eq + 1), pattern: v.slice(eq + 1) });
      continue;
    }
    // A cluster: boolean letters, then at most one letter that takes the rest (or the next word).
    for (let k = 1; k < v.length; k++) {
      const c = v[k]!;
      const rest = v.slice(k + 1);
      if (optional.includes(c)) {
        if (rest) out.push({ ...w, value: rest, pattern: rest });
        break;
      }
      if (!wanted.includes(c) && !valued.includes(c)) {
        if (spec.shortOwn === undefined || spec.shortOwn.includes(c)) continue;
        break;
      }
      const value = rest ? { ...w, value: rest, pattern: rest } : args[++i];
      if (wanted.includes(c) && value) out.push(value);
      break;
    }
  }
  return out;
}

/** `--upl`, `--upload-p`, `--upload-pack`: a prefix git would expand to one of the names. */
function _longMatch(flag: string, names: string[] | undefined, min = 0): boolean {
  return names?.some((n) => longPrefix(flag, n, min)) ?? false;
}

/**
 * `--h`, `--ha`, … `--hard`: the long option `--NAME`, or a prefix of at least `min` letters
 * (parse-options takes any unambiguous prefix; 0: the exact name only).
 */
export function longPrefix(flag: string, name: string, min: number): boolean {
  // Compared in place: this runs for every option word against every name a rule knows.
  const letters = flag.length - 2;
  if (letters < 0 || letters > name.length || !flag.startsWith("--")) return false;
  if (letters === name.length) return flag.endsWith(name);
  return min > 0 && letters >= min && name.startsWith(flag.slice(2));
}

// The options of the subcommands git.ts models that take the next word as their value, as short
// letters and long names (only those whose value is required: an optional one is never the next word).
const SUB_VALUED: Record<string, { short: string; long: string[] }> = {
  clean: { short: "e", long: ["exclude"] },
  checkout: { short: "bB", long: ["orphan", "conflict", "pathspec-from-file"] },
  switch: { short: "cC", long: ["create", "force-create", "orphan", "conflict"] },
  push: { short: "o", long: ["repo", "push-option", "receive-pack", "exec"] },
  stash: { short: "m", long: ["message", "pathspec-from-file"] },
  reset: { short: "", long: ["pathspec-from-file"] },
  restore: { short: "s", long: ["source", "pathspec-from-file"] },
  branch: { short: "u", long: ["set-upstream-to"] },
  worktree: { short: "bB", long: ["reason"] },
  rm: { short: "", long: ["pathspec-from-file"] },
};

/**
 * The words of a subcommand's arguments where git reads an option, up to `--`: every word but
 * the value of an option that takes the next one (`-m MSG`, `-b NAME`, `--exclude PAT`).
 */
export function gitOptionPositions(sub: string, args: Word[]): Word[] {
  const valued = SUB_VALUED[sub] ?? { short: "", long: [] };
  const out: Word[] = [];
  for (let i = 0; i < args.length; i++) {
    const w = args[i]!;
    const v = w.value;
    if (v === "--" && !w.dynamic) break;
    out.push(w);
    if (w.dynamic || !v.startsWith("-") || v === "-") continue;
    const takesNext = v.startsWith("--") ? !v.includes("=") && valued.long.some((n) => v.length === n.length + 2 && v.endsWith(n)) : _clusterTakesNext(v, valued.short);
    if (takesNext) i++;
  }
  return out;
}

/** A short cluster (`-fb`) whose first valued letter ends it, so its value is the next word. */
function _clusterTakesNext(v: string, valued: string): boolean {
  for (let k = 1; k < v.length; k++) if (valued.includes(v[k]!)) return k === v.length - 1;
  return false;
}
