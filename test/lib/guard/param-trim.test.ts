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
