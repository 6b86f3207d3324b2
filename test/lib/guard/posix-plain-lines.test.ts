import { describe, expect, test } from "bun:test";
import { globOptions, startGlobOptions } from "../../../lib/guard/posix/glob-options.ts";
import { noteEnvironmentOptions } from "../../../lib/guard/posix/lastpipe.ts";
import { parsePosix } from "../../../lib/guard/posix/parser.ts";
import { seededRandom } from "../../support/seeded-random.ts";

// A property test of the parser's plain-line fast path (parser.ts _plainLine): a line it reads
// must read as the parser reads it. The same line ended by ` ;` always goes to the parser, so
// over generated lines (mostly plain words, with the characters and words the fast path must
// leave to the parser mixed in), each line that parses reads the same, with the same variables
// and glob options after it (shopt and set words among them), as that line ended by ` ;`.
// (`for` and `select` are left out: a redirection or operator in their head is a case of its own.)
const PLAIN = ["ls", "git", "a", "-x", "--y=z", "X=1", "a=", "=a", "=", "'a b'", "''", '""', '"q"', "a#b", "!", "}", "*", "?", "[a]", "]]", "é", "\r", "a\rb", "\u0000", "|",
  "time", "in", "coproc", "then", "done", "x".repeat(300), "%", "^", "-", "--", `"a'b"`, `'a"b'`, "'$'", "'\\'", "sh", "bash", "xargs", "env", "a,b", "@", "+", "\u00a0", "\u2028", "\f", "\v",
  "shopt", "set", "-s", "-u", "-f", "+f", "-o", "dotglob", "nullglob", "globstar", "noglob", "nocaseglob", "lastpipe"];
const OTHER = ["#", "{", "{a,b}", "~", "~/x", "a~", "a[", "[[", "[", "\\a", "a\\b", "\\ ", "\u2010", "|&", "||", "&", ";", "<<<", "<", ">", "$'x'", "$x", "`a`", "(", ")", "if",
  "esac", "function", "case", "cd", "trap", "shopt", "set", "export", "declare", "alias", "eval", "exec", "PATH=/x", "BASH_FUNC_f%%=x", "mapfile", "source", ".", "let", "read",
  "printf", `"$"`, "a'", "'a", "\n", "\t"];
const BLANKS = [" ", " ", " ", "\t", "  "];

describe("the parser's plain-line fast path", () => {
  test("every generated line reads as the parser reads it", () => {
    const r = seededRandom(0x9a45e);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
    const read = (vars: Map<string, string | null>, text: string) => {
      startGlobOptions({});
      try {
        return { commands: parsePosix(text, vars).commands, glob: globOptions() };
      } catch (e) {
        return String(e);
      }
    };
    let compared = 0;
    for (let n = 0; n < 3000; n++) {
      let text = r() < 0.2 ? pick(BLANKS) : "";
      for (let i = 1 + Math.floor(r() * 6); i > 0; i--) {
        text += pick(r() < 0.8 ? PLAIN : OTHER);
        if (r() < 0.85) text += pick(BLANKS);
      }
      // (A line ending in `\` is a different line with ` ;` after it.)
      if (text.endsWith("\\")) continue;
      for (const bashopts of [undefined, "lastpipe"]) {
        const fast = new Map<string, string | null>([["HOME", "/h"]]);
        const full = new Map<string, string | null>([["HOME", "/h"]]);
        noteEnvironmentOptions(fast, bashopts);
        noteEnvironmentOptions(full, bashopts);
        const read1 = read(fast, text);
        if (typeof read1 === "string") continue;
        compared++;
        expect([text, read1, [...fast]]).toEqual([text, read(full, `${text} ;`), [...full]]);
      }
    }
    expect(compared).toBeGreaterThan(1000);
  });
});
