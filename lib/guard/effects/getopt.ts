import type { Word } from "../syntax.ts";

/** Whether optionWalk reads `a` as an option word (`--` included; with `computed`, see optionWalk). */
export const isOption = (a: Word, computed = false): boolean => a.value.startsWith("-") && a.value !== "-" && (!a.dynamic || (computed && a.value !== "--"));

/**
 * Walks getopt-style arguments: each option word goes to `option`, which returns the index of the
 * last word it consumed (its value); the operands (a dynamic word, `-`, everything after `--`) are returned.
 * With `computed`, a dynamic word with a known option start (`-o$D`, `--output="$F"`; not `-$X`
 * or `--$X`) goes to `option` too, as the option it names (mayBeOption: it is what it says), for
 * readers of the values options name; its known text may then end where its computed value begins.
 */
export function optionWalk(args: Word[], option: (a: Word, i: number) => number, computed = false): Word[] {
  const operands: Word[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (!isOption(a, computed)) operands.push(a);
    else if (a.value === "--") {
      operands.push(...args.slice(i + 1));
      break;
    } else i = option(a, i);
  }
  return operands;
}

/** The word from character `at` on: an option's attached value (`-oFILE`, `--out=FILE`). */
export const wordFrom = (a: Word, at: number): Word => ({ ...a, value: a.value.slice(at), pattern: a.pattern.slice(at) });

/** A computed word's unknown rest, after its known text (`-o$D`, `--out$X`: what the expansion adds). */
export const computedRest = (a: Word): Word => wordFrom(a, a.value.length);

/**
 * Whether the known start `given` of a computed option name (`--out$X`, `-M$X`: the expansion may
 * add letters) may begin one of `names`: a reader takes the option for one it looks for then.
 */
export const mayName = (given: string, names: readonly string[] | undefined): boolean => names?.some((n) => n.startsWith(given)) === true;

/** A computed word whose known text is only dashes (`-$X`, `--$X`): an option of any name (mayBeOption's dashed words), `-o FILE` too. */
export const dashWord = (a: Word): boolean => a.dynamic && (a.value === "-" || a.value === "--");

/**
 * Whether a computed option word (optionWalk's `computed`) leaves open which options it gives: a
 * long option with no `=` yet (`--wr$X` may go on to `--write`), or a short cluster none of whose
 * known letters takes a value (one of `valued`): its unknown rest may be any letters (`-s$X` may
 * be `-sw`, `-so FILE`). A flag reader takes it for any option it looks for, as mayBeOption's words.
 */
export function openOption(a: Word, valued: { includes(c: string): boolean }): boolean {
  if (!a.dynamic) return false;
  if (a.value.startsWith("--")) return !a.value.includes("=");
  for (let k = 1; k < a.value.length; k++) if (valued.includes(a.value[k]!)) return false;
  return true;
}

/**
 * The long option `given` (the text after `--`, before any `=`) names among `names`: itself, or
 * the one name it abbreviates when it has at least `min` letters; undefined for none or several.
 */
export function longOption(given: string, names: readonly string[], min = 1): string | undefined {
  if (names.includes(given)) return given;
  if (given.length < min) return undefined;
  let found: string | undefined;
  for (const n of names) {
    if (!n.startsWith(given)) continue;
    if (found !== undefined) return undefined;
    found = n;
  }
  return found;
}

/** `longOption`'s `min` for a parser that takes no abbreviation (pflag, System.CommandLine). */
export const EXACT = Infinity;

/**
 * The long option word `--name[=value]` names among `names` (`longOption` of its name), and its
 * attached value (the rest of the word after `=`, also after `:` with `colon` as System.CommandLine
 * reads `--output:DIR`; undefined without one).
 */
export function longWord(a: Word, names: readonly string[], min = 1, colon = false): { name: string | undefined; value: Word | undefined } {
  const eq = colon ? a.value.search(/[=:]/) : a.value.indexOf("=");
  return { name: longOption(a.value.slice(2, eq < 0 ? undefined : eq), names, min), value: eq < 0 ? undefined : wordFrom(a, eq + 1) };
}

/**
 * The long option word `args[i]` (longWord: its name among `names`, its attached value) and, when
 * `valued` has its name and no value is attached, the next word as its value (`i` is then that
 * word's index, the last one read), as clusterValue for a short one. A computed word with no `=`
 * (`--out$X`) reads no next word: the expansion may attach the value (openOption leaves it open).
 */
export function longValue(args: Word[], i: number, names: readonly string[], valued: { has(name: string): boolean }): { name: string | undefined; value: Word | undefined; i: number } {
  const a = args[i]!;
  const { name, value } = longWord(a, names);
  return value === undefined && name !== undefined && valued.has(name) && !a.dynamic ? { name, value: args[i + 1], i: i + 1 } : { name, value, i };
}

/**
 * The long option word `args[i]` of a reader all of whose `names` take a value (output-options.ts,
 * tool-outputs.ts): the names it may be and its value. A known word is longWord's one name (or
 * none), its value attached after `=` or the next word (`i` is then that word's index); a computed
 * word with no `=` (`--out$X`: openOption) may be each name its known text begins, with the
 * unknown rest as the value (the expansion may add `=FILE`).
 */
export function longValues(args: Word[], i: number, names: readonly string[], min = 1): { names: readonly string[]; value: Word | undefined; i: number } {
  const a = args[i]!;
  if (a.dynamic && !a.value.includes("=")) {
    const given = a.value.slice(2);
    return { names: names.filter((n) => n.startsWith(given)), value: computedRest(a), i };
  }
  const { name, value } = longWord(a, names, min);
  if (name === undefined) return { names: [], value: undefined, i };
  return value === undefined ? { names: [name], value: args[i + 1], i: i + 1 } : { names: [name], value, i };
}

/**
 * The long option word `args[i]` as a reader of every option it may be sees it (copy-args.ts): a
 * computed word with no `=` (`--t$X`) as longValues reads it, any other as longValue does (its one
 * name, its value), or, for an ambiguous prefix, which getopt refuses, each name it begins, with no value.
 */
export function longChoices(args: Word[], i: number, names: readonly string[], valued: { has(name: string): boolean }): { names: readonly string[]; value: Word | undefined; i: number } {
  const a = args[i]!;
  if (a.dynamic && !a.value.includes("=")) return longValues(args, i, names);
  const { name, value, i: last } = longValue(args, i, names, valued);
  if (name !== undefined) return { names: [name], value, i: last };
  const eq = a.value.indexOf("=");
  const given = a.value.slice(2, eq < 0 ? undefined : eq);
  return { names: names.filter((n) => n.startsWith(given)), value: undefined, i };
}

/**
 * Whether a computed word may be an option the reader looks for. The one policy of the option
 * readers of device-writers.ts, file-erasers.ts, account-removals.ts, extractors.ts and
 * store-clis.ts (dd's in files.ts is the same for its `key=` words): a computed word that is not
 * quoted (word splitting may make it any options) or that is `"$@"`, with no known text or only
 * dashes (`$OPTS`, `-$X`, `--$X`), may be the dangerous option; a computed word with a known
 * start (`--uri=$X`, `-p$X`, `./$F`), a quoted one (`"$DIR"`) or one in an option value's place
 * is what that says.
 */
export const mayBeOption = (a: Word): boolean => (a.value === "" ? a.dynamic && (!a.quoted || a.spread === true) : dashWord(a));

/**
 * The first letter of the short-option cluster `args[i]` that takes a value (one of `valued`), at
 * `at` in the word, and that value: the rest of the word, or the next word (`i` is then the index
 * of that word, the last one read); null when no letter of the cluster takes a value. In a
 * computed word (optionWalk's `computed`) the value is the rest of the word even where its known
 * text ends (`-o$D`).
 */
export function clusterValue(args: Word[], i: number, valued: { includes(c: string): boolean }): { letter: string; at: number; value: Word | undefined; i: number } | null {
  const a = args[i]!;
  for (let k = 1; k < a.value.length; k++) {
    const c = a.value[k]!;
    if (!valued.includes(c)) continue;
    return k + 1 < a.value.length || a.dynamic ? { letter: c, at: k, value: wordFrom(a, k + 1), i } : { letter: c, at: k, value: args[i + 1], i: i + 1 };
  }
  return null;
}
