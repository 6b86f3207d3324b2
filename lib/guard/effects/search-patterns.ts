import type { Word } from "../syntax.ts";

/**
 * How grep and rg are given their patterns: the first operand, unless `-e PATTERN` gives them
 * (then every operand is a file) or `-f FILE` reads them from a file. `value`: the short options
 * that take a value (attached, `-m3`, or the next word); `attached`: those that take one only
 * attached (BSD grep's `-C[num]`: `-C 3` is `-C` and the operand 3); `noValue`: the short
 * options that take none, and `long` the long options that take none (a `--long=value` takes
 * its own). A word none of them describes may take the next word: then nothing is certain.
 */
interface Grammar {
  noValue: string;
  value: string;
  attached: string;
  long: ReadonlySet<string>;
}

// GNU, BSD and busybox grep (GNU's context digits `-5` included).
const GREP: Grammar = {
  noValue: "abcEFGHhIiLlnoqRrsTUuVvwxyZz0123456789",
  value: "ABDdm",
  attached: "C",
  long: new Set(["--extended-regexp", "--fixed-strings", "--basic-regexp", "--perl-regexp", "--ignore-case", "--no-ignore-case", "--word-regexp", "--line-regexp", "--null-data", "--no-messages", "--invert-match", "--byte-offset", "--line-number", "--line-buffered", "--with-filename", "--no-filename", "--only-matching", "--quiet", "--silent", "--text", "--recursive", "--dereference-recursive", "--files-without-match", "--files-with-matches", "--count", "--initial-tab", "--null", "--color", "--colour", "--no-group-separator"]),
};

// ripgrep (`--files` and `--type-list` take no pattern: they are not listed).
const RG: Grammar = {
  noValue: "abcFHiIlLnNopPqsSUuvwxz0.",
  value: "ABCdEgjmMrtT",
  attached: "",
  long: new Set(["--no-config", "--hidden", "--follow", "--ignore-case", "--smart-case", "--case-sensitive", "--fixed-strings", "--line-number", "--no-line-number", "--count", "--count-matches", "--files-with-matches", "--files-without-match", "--no-ignore", "--no-ignore-vcs", "--multiline", "--json", "--vimgrep", "--pretty", "--stats", "--column", "--no-heading", "--heading", "--text", "--word-regexp", "--line-regexp", "--invert-match", "--only-matching", "--null", "--trim", "--no-messages", "--quiet", "--unrestricted", "--with-filename", "--no-filename", "--search-zip", "--pcre2", "--byte-offset", "--crlf"]),
};

const GRAMMARS = new Map<string, Grammar>([
  ["grep", GREP],
  ["egrep", GREP],
  ["fgrep", GREP],
  ["rg", RG],
]);

/** The programs searchPatterns knows. */
export const SEARCHERS: ReadonlySet<string> = new Set(GRAMMARS.keys());

/**
 * The indexes of the words grep or rg takes as patterns (text to match, never a file name), as
 * far as the words show it for certain: none when a word is unknown (an expansion, an option
 * not listed above) or a long option may be spelled `--regexp`/`--file` (GNU takes abbreviations).
 */
export function searchPatterns(name: string, args: Word[]): number[] {
  const grammar = GRAMMARS.get(name);
  if (grammar === undefined) return [];
  const given: number[] = [];
  let first = -1;
  let fromOptions = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a.dynamic) return [];
    const v = a.value;
    if (v === "--") {
      if (first < 0 && i + 1 < args.length) first = i + 1;
      break;
    }
    if (v.length < 2 || v[0] !== "-") {
      if (first < 0) first = i;
      continue;
    }
    if (v.startsWith("--")) {
      const eq = v.indexOf("=");
      if (eq < 0 ? !grammar.long.has(v) : _mayBe(v.slice(0, eq), "--regexp") || _mayBe(v.slice(0, eq), "--file")) return [];
      continue;
    }
    // A cluster of short options: letters that take no value, then at most one that takes the
    // rest of the word or the next word.
    for (let j = 1; j < v.length; j++) {
      const c = v[j]!;
      if (grammar.noValue.includes(c)) continue;
      const last = j === v.length - 1;
      if (c === "e" || c === "f") {
        // After an operand, POSIXLY_CORRECT makes `-e` a file operand: then nothing is certain.
        if (first >= 0) return [];
        fromOptions = true;
        if (c === "e" && last) given.push(i + 1);
        if (last) i++;
      } else if (grammar.value.includes(c) || (grammar.attached.includes(c) && !last)) {
        if (last) i++;
      } else return [];
      break;
    }
  }
  return fromOptions ? given : first >= 0 ? [first] : [];
}

/** Whether `--name` may be an abbreviation of the long option `full` (GNU getopt takes any unique prefix). */
function _mayBe(name: string, full: string): boolean {
  return name.length > 2 && full.startsWith(name);
}
