import { beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { trimmed } from "../../../lib/guard/posix/param-trim.ts";
import { useGuardFixture } from "../../fixtures/check/workspace.ts";
import { ANCESTOR, ASK_OUT, NOOP, OK, PROTECTED, RELOCATE, UNKNOWN, type VerdictRow, verdictRows } from "../../support/verdict-rows.ts";

// Session 6's hunt over compound agent lines: bash's prefix and suffix removal on a known value
// (posix/param-trim.ts) and the `function NAME()` spelling of a definition.
const fx = useGuardFixture();
const table = verdictRows(fx);

beforeAll(() => {
  for (const path of ["src/a.js", "src/b.js"]) {
    mkdirSync(join(fx.ws, path, ".."), { recursive: true });
    writeFileSync(join(fx.ws, path), "x\n");
  }
});

table("prefix and suffix removal", [
  ["a loop renaming .js to .ts is allowed", 'for f in src/*.js; do mv "$f" "${f%.js}.ts"; done', ...OK],
  ["the longest prefix up to a slash is the base name", 'x=src/a.js; cp "$x" "out-${x##*/}"', ...NOOP],
  ["a removed folder suffix leaves the home", 'p=$HOME/project; rm -rf "${p%/*}"', ...ANCESTOR],
  ["a removed literal suffix leaves the home", 'p=$HOME/project; rm -rf "${p%%/project}"', ...ANCESTOR],
  ["a computed name outside the workspace asks", 'f=~/.bashrc.js; mv src/a.js "${f%.js}"', ...ASK_OUT],
  ["a computed name in .git blocks", 'x=.git/config.bak; mv src/a.js "${x%.bak}"', ...PROTECTED],
  ["a quoted pattern is literal text", `x=.git/config.bak; mv src/a.js "\${x%'.bak'}"`, ...PROTECTED],
  ["a bracket pattern depends on the locale", 'x=a; rm -rf ~/"${x%[a]}"', ...UNKNOWN],
  ["a result nocasematch could change is unknown", 'x=aC; rm -rf ~/"${x%c}"', ...UNKNOWN],
  ["an expanded pattern is unknown", 'p=/project; x=$HOME/project; rm -rf "${x%$p}"', ...UNKNOWN],
  // find replaces {} inside the code with each match: the trimmed name is no template of it.
  ["a trimmed find match is unknown", `find . -name '*.git.js' -exec sh -c 'X={}; rm -rf "\${X%.js}"' \\;`, ...UNKNOWN],
  ["a find match's folder is unknown", `find src -name a.js -exec sh -c 'X="{}"; rm -rf "\${X%/*}"' \\;`, ...UNKNOWN],
  ["the match itself is judged as before", `find src -name a.js -exec sh -c 'X="{}"; rm -f "$X"' \\;`, ...RELOCATE],
]);

// `find … -exec sh -c CODE NAME {} \;` (or `+`): the shell's positional parameters are the words
// after CODE, bound to find's matches where the dry run lists them in the workspace
// (effects/find-shell.ts); elsewhere they stay unknown.
table("positional parameters of sh -c under find -exec", [
  ["a rename of each match with ${1%.js}", `find src -name '*.js' -exec sh -c 'mv "$1" "\${1%.js}.ts"' _ {} \\;`, ...OK],
  ["from the workspace's top", `find . -name '*.js' -exec sh -c 'mv "$1" "\${1%.js}.ts"' _ {} \\;`, ...OK],
  ["a loop over \"$@\" with +", `find src -name '*.js' -exec sh -c 'for f in "$@"; do mv "$f" "\${f%.js}.ts"; done' sh {} +`, ...OK],
  ["bash, and a copy beside each match", `find src -type f -name '*.js' -exec bash -c 'cp "$1" "$1.bak"' bash {} \\;`, ...NOOP],
  ["a delete of each match relocates it", `find src -name a.js -exec sh -c 'rm -f "$1"' _ {} \\;`, ...RELOCATE],
  ["no match runs nothing", `find src -name '*.none' -exec sh -c 'rm -rf ~' _ {} \\;`, ...OK],
  // Each parameter is what find passes: $0 is the NAME word, $2 the next one, "$@" all of them.
  ["$0 is the name word", `find src -name a.js -exec sh -c 'rm -rf "$0"' ~ {} \\;`, ...ANCESTOR],
  ["$0 is the match when {} comes first", `find src -name a.js -exec sh -c 'rm -rf "\${0%/*}/.."' {} \\;`, ...ANCESTOR],
  ["$2 is a word after the match", `find src -name a.js -exec sh -c 'rm -rf "$2"' _ {} ~/Documents \\;`, "BLOCK", "BLOCK_OUTSIDE_WORKSPACE"],
  ['"$@" holds every word after the name', `find src -name '*.js' -exec sh -c 'rm -rf "$@"' _ {} ~/Documents \\;`, "BLOCK", "BLOCK_OUTSIDE_WORKSPACE"],
  ["$2 with + is another match", `find src -name '*.js' -exec sh -c 'rm -f "$2"' _ {} +`, ...RELOCATE],
  // Code that changes the parameters, or matches the guard does not list, keep them unknown.
  ["shift", `find src -name a.js -exec sh -c 'shift; rm -rf "$1"' _ {} \\;`, ...UNKNOWN],
  ["set --", `find src -name a.js -exec sh -c 'set -- ~; rm -rf "$1"' _ {} \\;`, ...UNKNOWN],
  ["a function's own parameters", `find src -name a.js -exec sh -c 'f() { rm -rf "$1"; }; f ~' _ {} \\;`, ...UNKNOWN],
  ["eval", `find src -name a.js -exec sh -c 'eval "rm -rf \\$1"' _ {} \\;`, ...UNKNOWN],
  ["$@ unquoted", `find src -name a.js -exec sh -c 'rm -rf $@/..' _ {} \\;`, ...UNKNOWN],
  ["a computed parameter", `find src -name a.js -exec sh -c 'rm -rf "$1"' _ {} "$X" \\;`, ...UNKNOWN],
  ["matches outside the workspace", `find ~/Documents -name '*.txt' -exec sh -c 'mv "$1" "\${1%.txt}.md"' _ {} \\;`, ...UNKNOWN],
  ["a start point through ..", `find src/.. -name a.js -exec sh -c 'rm -rf "\${1%/*}"' _ {} \\;`, ...UNKNOWN],
  ["-execdir", `find src -name a.js -execdir sh -c 'mv "$1" "\${1%.js}.ts"' _ {} \\;`, ...UNKNOWN],
  ["-L", `find -L src -name a.js -exec sh -c 'mv "$1" "\${1%.js}.ts"' _ {} \\;`, ...UNKNOWN],
]);

const CALLS: VerdictRow[] = [
  ["a function defined with the keyword and parentheses runs its body", "function build() { npm run build; }; build", ...OK],
  ["its body is judged", "function f() { rm -rf ~; }; f", ...UNKNOWN],
];
table("function NAME() definitions", CALLS);

// Every case against bash itself: values and patterns over a small alphabet, the pattern expanded
// unquoted (its `*` and `?` active), as the guard reads plain pattern text.
describe("trimmed agrees with bash", () => {
  test("random values and patterns", () => {
    const letters = ["a", "b", ".", "/", "*", "?"];
    const pick = (n: number) => Array.from({ length: n }, () => letters[Math.floor(Math.random() * letters.length)]!).join("");
    const cases = Array.from({ length: 400 }, () => ({ value: pick(Math.floor(Math.random() * 7)).replace(/[*?]/g, "a"), pattern: pick(Math.floor(Math.random() * 4)), op: ["#", "##", "%", "%%"][Math.floor(Math.random() * 4)]! }));
    const script = cases.map((c) => `X='${c.value}'; P='${c.pattern}'; printf '%s\\n' "\${X${c.op}$P}"`).join("\n");
    const run = Bun.spawnSync(["bash", "--norc", "--noprofile", "-c", script], { env: { PATH: process.env.PATH ?? "/usr/bin:/bin", LC_ALL: "C" } });
    const expected = run.stdout.toString().split("\n").slice(0, cases.length);
    const got = cases.map((c) => trimmed(c.value, c.op, c.pattern, c.pattern));
    for (let i = 0; i < cases.length; i++) if (got[i] !== null) expect([cases[i], got[i]]).toEqual([cases[i], expected[i]]);
    // Plain ASCII patterns over plain values are always read.
    expect(got.filter((g) => g === null).length).toBe(0);
  });
});
