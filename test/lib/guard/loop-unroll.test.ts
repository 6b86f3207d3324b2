import { describe, expect, test } from "bun:test";
import { classify } from "../../../lib/guard/classify.ts";
import type { Decision } from "../../../lib/guard/decision.ts";
import type { ReasonCode } from "../../../lib/guard/reasons.ts";
import { useGuardFixture } from "../../fixtures/check/workspace.ts";

const fx = useGuardFixture();
const check = (command: string) => classify({ command, cwd: fx.ws, env: fx.env });

const words = (n: number) => Array.from({ length: n - 1 }, (_, i) => `w${i}`).join(" ");

// A `for` loop over literal words runs its body once per word: each word is judged.
const ROWS: Array<[string, Decision, ReasonCode]> = [
  // reads through the loop variable
  ['for f in src/main.ts .env; do cat "$f"; done', "ASK", "ASK_SECRET_ACCESS"],
  ["for f in README.md ~/.ssh/id_rsa; do head -1 ${f}; done", "ASK", "ASK_SECRET_ACCESS"],
  ['for f in README.md .env; do grep -h KEY "./$f" | sort; done', "ASK", "ASK_SECRET_ACCESS"],
  ['for f in src/main.ts sorted.txt; do stat "$f"; done', "ALLOW", "ALLOW_NO_EFFECT"],
  // deletes through the loop variable
  ['for d in build node_modules; do rm -rf "$d"; done', "RELOCATE", "RELOCATE_TREE"],
  ["for d in / x; do rm -rf $d; done", "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ['for d in x ~; do rm -rf "$d"; done', "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  [`for d in 'build' "/"; do rm -rf "$d"; done`, "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ['for d in build /; do sudo rm -rf "$d"; done', "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["for d in /; do env rm -rf $d; done", "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ['for d in /; do (rm -rf "$d"); done', "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["(for d in x /; do rm -rf $d; done)", "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ['for d in /; do bash -c "rm -rf $d"; done', "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["for d in build; do cd src && rm -rf ../$d; done", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  [`for d in ${words(64)} /; do rm -rf $d; done`, "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  // what is not unrolled keeps the variable unknown
  [`for d in ${words(65)} /; do rm -rf $d; done`, "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  // (a glob is expanded only for the line's first command: false-positives-2.test.ts)
  ['true; for d in *; do rm -rf "$d"; done', "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ['for d in build "$X"; do rm -rf "$d"; done', "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["for d in build; do d=/; rm -rf $d; done", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["for d in build; do read d; rm -rf $d; done", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["for d in a; do for e in b /; do rm -rf $e; done; done", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["f() { for d in /; do rm -rf $d; done; }; f", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  // `.` as a program's data argument (`jq . "$f"`) is no `.` (source) builtin: the loop is
  // unrolled and reads as its plain form (`jq . README.md > README.md.tmp && mv README.md.tmp README.md`).
  ["jq . README.md > README.md.tmp && mv README.md.tmp README.md", "RELOCATE", "RELOCATE_TREE"],
  ['for f in *.md; do jq . "$f" > "$f.tmp" && mv "$f.tmp" "$f"; done', "RELOCATE", "RELOCATE_TREE"],
  ['for f in README.md scratch.txt; do jq -S . "$f" > "$f.tmp" && mv "$f.tmp" "$f"; done', "RELOCATE", "RELOCATE_TREE"],
  ['for f in scratch.txt; do if jq . "$f" >/dev/null; then echo ok > "$f.tmp"; fi; done', "ALLOW", "ALLOW_NOOP"],
  ['for d in build; do find . -name x; rm -rf "$d"; done', "RELOCATE", "RELOCATE_TREE"],
  // a `.` that may run as a command still keeps the loop unread (it may assign the variable)
  ['for d in build; do . ./env.sh; rm -rf "$d"; done', "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ['for d in build; do command . ./env.sh; rm -rf "$d"; done', "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ['for d in build; do A="x; jq" . ./env.sh; rm -rf "$d"; done', "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ['for d in build; do A=x\\;jq . ./env.sh; rm -rf "$d"; done', "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ['jq() { "$@"; }; for d in build; do jq . ./env.sh; rm -rf "$d"; done', "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ['x=.; for d in build; do $x ./env.sh; rm -rf "$d"; done', "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ['for d in build; do builtin . ./env.sh; rm -rf "$d"; done', "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ['g() { . ./env.sh; }; for d in build; do g; rm -rf "$d"; done', "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ['jq() { command "$@"; }; for d in build; do jq . ./env.sh; rm -rf "$d"; done', "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  // a `.` after the loop runs after it, unless the loop runs again (in a loop or a function)
  ['for f in *.md; do jq . "$f" > "$f.tmp"; done; . ./env.sh', "ALLOW", "ALLOW_NOOP"],
  ['while true; do for d in build; do rm -rf "$d"; done; . ./env.sh; done', "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ['f() { for d in build; do rm -rf "$d"; done; }; . ./env.sh; f', "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ['while true; do for d in build; do jq . x; rm -rf "$d"; done; jq() { "$@"; }; done', "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  // the loop variable as a program's name is read per word
  ["for t in node npm; do $t --version; done", "ALLOW", "ALLOW_NO_EFFECT"],
  ['for t in . x; do $t ./env.sh; rm -rf build; done', "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ['mv "$x" "$y"', "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
];

describe("a for loop over literal words is read once per word", () => {
  for (const [command, decision, reason] of ROWS) {
    test(`${JSON.stringify(command.length > 120 ? `${command.slice(0, 60)}…${command.slice(-40)}` : command)} is ${decision} ${reason}`, () => {
      const r = check(command);
      expect([r.decision, r.reason]).toEqual([decision, reason]);
    });
  }
});
