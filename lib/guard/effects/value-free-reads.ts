import type { Word } from "../syntax.ts";

/**
 * Reads of a `.env` file that print none of its values (session 19; env-loaders.ts judges the
 * file): "quiet" when the output holds nothing of the file's text whatever it holds (grep's
 * `-q`, `-c`, `-l`, `-L`: an exit status, a count, a file name), "keys" when it is field 1 of each
 * line split at `=` (`cut -d= -f1`, `awk -F= '{print $1}'`, sed's two scripts in SED_STRIP), the
 * names only when every line of the file begins with its name (env-file-keys.ts keyLines).
 * Null for any other spelling: `grep KEY .env` prints the line with its value.
 */
export function valueFreeRead(name: string, args: Word[]): "quiet" | "keys" | null {
  if (args.some((a) => a.dynamic)) return null;
  const words = args.map((a) => a.value);
  switch (name) {
    case "grep":
    case "egrep":
    case "fgrep":
      return _grepQuiet(words) ? "quiet" : null;
    case "cut":
      return _cutFirstField(words) ? "keys" : null;
    case "awk":
      return _awkFirstField(words) ? "keys" : null;
    case "sed":
      return _sedStripsValues(words) ? "keys" : null;
    default:
      return null;
  }
}

const GREP_QUIET_LONG = /^--(?:quiet|silent|count|files-with-matches|files-without-match)$/;
// grep's long options that take a value, which may be the next word (`--regexp -q` searches for
// "-q"); getopt also takes any unique abbreviation of them (`--reg`).
const GREP_VALUED_LONG = ["--regexp", "--file", "--max-count", "--after-context", "--before-context", "--context", "--label", "--include", "--exclude", "--exclude-from", "--exclude-dir", "--devices", "--directories", "--binary-files", "--group-separator"];

/**
 * grep with an option that prints no line (`-q`, `-c`, `-l`, `-L` or their long names), before
 * `--`. A word that is the value of the option before it (`-e -q`, `--regexp -c`, `--label -l`)
 * is no option: `grep -e -q -e = .env` prints every line.
 */
function _grepQuiet(words: string[]): boolean {
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    if (w === "--") return false;
    if (GREP_QUIET_LONG.test(w)) return true;
    if (w.startsWith("--")) {
      if (!w.includes("=") && w.length > 2 && GREP_VALUED_LONG.some((o) => o.startsWith(w))) i++;
      continue;
    }
    // A short cluster; a letter taking a value (`-e`, `-f`, `-m`, `-A`…) ends the letters read,
    // and takes the next word when it ends the cluster.
    if (/^-[a-zA-Z]/.test(w)) {
      for (let j = 1; j < w.length; j++) {
        const c = w[j]!;
        if ("qclL".includes(c)) return true;
        if ("efmABCdD".includes(c)) {
          if (j === w.length - 1) i++;
          break;
        }
      }
    }
  }
  return false;
}

/** cut with `=` as the delimiter and field 1 only (`-d= -f1`, `-d '=' -f 1`, the long names, `-s`). */
function _cutFirstField(words: string[]): boolean {
  let delimiter = false;
  let field = false;
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    if (w === "-d" || w === "-f") {
      const value = words[++i];
      if (w === "-d" ? value !== "=" : value !== "1") return false;
      w === "-d" ? (delimiter = true) : (field = true);
    } else if (w === "-d=" || w === "--delimiter==") delimiter = true;
    else if (w === "-f1" || w === "--fields=1") field = true;
    else if (w === "-s" || w === "--only-delimited") continue;
    else if (w.startsWith("-")) return false;
  }
  return delimiter && field;
}

// `{print $1}`, or `{print $1"="}` (an `.env.example` line).
const AWK_FIRST_FIELD = /^\s*\{\s*print\s+\$1\s*(?:"="\s*)?;?\s*\}\s*$/;

/** awk with `=` as the field separator and the program `{print $1}`, then files. */
function _awkFirstField(words: string[]): boolean {
  let i = 0;
  if (words[0] === "-F=") i = 1;
  else if (words[0] === "-F" && words[1] === "=") i = 2;
  else return false;
  return words[i] !== undefined && AWK_FIRST_FIELD.test(words[i]!) && words.slice(i + 1).every((w) => !w.startsWith("-") && !w.includes("="));
}

// sed's scripts that drop each line's text from its first `=`: `s/=.*//`, or `s/=.*/=/` keeping the `=`.
const SED_STRIP = /^s\/=\.\*\/=?\/$/;

/** sed with one script of SED_STRIP (given alone or after `-e`), then files. */
function _sedStripsValues(words: string[]): boolean {
  const i = words[0] === "-e" ? 1 : 0;
  return words[i] !== undefined && SED_STRIP.test(words[i]!) && words.slice(i + 1).every((w) => !w.startsWith("-"));
}
