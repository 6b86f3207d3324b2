import { describe, expect, test } from "bun:test";
import { classify } from "../../../lib/guard/classify.ts";
import type { Decision } from "../../../lib/guard/decision.ts";
import { parsePosix } from "../../../lib/guard/posix/parser.ts";
import type { ReasonCode } from "../../../lib/guard/reasons.ts";
import { useGuardFixture } from "../../fixtures/check/workspace.ts";

const fx = useGuardFixture();
const check = (command: string, env = fx.env) => classify({ command, cwd: fx.ws, env });

/** The words `printf` receives, as bash prints them with `printf '[%s]' WORD` and HOME=/H ("?": unknown). */
function words(word: string): string {
  const [cmd] = parsePosix(`printf '[%s]' ${word}`, new Map([["HOME", "/H"]])).commands;
  return cmd!.argv
    .slice(2)
    .map((w) => (w.dynamic ? "?" : `[${w.value}]`))
    .join("");
}

// Each expected value is what bash 5 prints for the word (checked by hand), except where bash
// needs the password database or the directory stack: there the guard knows nothing ("?").
const EXPANSIONS: Array<[string, string, string]> = [
  ["a quoted member still brace-expands", "{'src',x}", "[src][x]"],
  ["a double-quoted member still brace-expands", '{"src",x}', "[src][x]"],
  ["a quoted brace does not expand", '"{a,b}"x{c,d}', "[{a,b}xc][{a,b}xd]"],
  ["a sequence with a step", "{s..s..1}rc", "[src]"],
  ["a negative step counts the same way", "{1..10..-3}", "[1][4][7][10]"],
  ["zero padding follows the wider end", "dir{01..03}", "[dir01][dir02][dir03]"],
  ["zero padding with a sign", "{-01..2}", "[-01][000][001][002]"],
  ["letters with a step", "{a..e..2}", "[a][c][e]"],
  ["an outer brace without a comma stays literal around an inner one", "{a{b,c}}", "[{ab}][{ac}]"],
  ["a leading {} is find's placeholder", "{}{a,b}", "[{}a][{}b]"],
  ["an escaped brace does not expand", "\\{a,b}", "[{a,b}]"],
  ["an empty member makes no word", "{a,}", "[a]"],
  ["nested alternatives", "1{a,b{c,d}}e", "[1ae][1bce][1bde]"],
  ["a tilde produced by brace expansion is expanded", "{~,x}", "[/H][x]"],
  ["an argument shaped like an assignment expands tilde after = and :", "a=~/x:~/y", "[a=/H/x:/H/y]"],
  ["+= expands tilde too", "b+=~", "[b+=/H]"],
  ["an option with = is not an assignment", "--f=~/x", "[--f=~/x]"],
  ["an argument assignment still brace-expands", "a={x,y}", "[a=x][a=y]"],
  ["~+ is the directory stack", "~+/src", "?"],
  ["~- is the previous directory", "~-", "?"],
  ["~user is that user's home", "~root/x", "?"],
  ["more words than the bound are unknown, not literal", "{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}", "?"],
  ["a huge sequence is unknown", "{1..99999999999}", "?"],
];

describe("red team: brace and tilde expansion as bash does it", () => {
  for (const [name, word, expected] of EXPANSIONS) {
    test(`${name}: ${word} gives ${expected}`, () => expect(words(word)).toBe(expected));
  }
  test("twenty-two brace groups are counted, not generated", () => {
    expect(words("{a,b}".repeat(22))).toBe("?");
  });
});

// Red-team findings C2, C5, C6, C7, C9, C10: expansions the lexer used to get wrong.
const ROWS: Array<[string, string, Decision, ReasonCode]> = [
  ["~+ is the workspace itself", "rm -rf ~+", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["~+/src is the workspace's src", "rm -rf ~+/src", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["~- is the previous directory", "cd /tmp; rm -rf ~-", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["a tilde assigned to a variable is the home", "x=~; rm -rf $x/.ssh", "BLOCK", "BLOCK_OUTSIDE_WORKSPACE"],
  ["a tilde path assigned to a variable is in the home", "x=~/Documents; rm -rf $x", "BLOCK", "BLOCK_OUTSIDE_WORKSPACE"],
  ["of=~/… is tilde-expanded", "dd if=/dev/null of=~/.bashrc", "ASK", "ASK_OUTSIDE_WORKSPACE"],
  ["brace expansion builds the command", "{rm,-rf,~}", "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["with HOME unset the tilde is the password database's home", "unset HOME; rm -rf ~", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["an unset TMPDIR is not /tmp", "rm -rf \"$TMPDIR/root\"", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["quoted brace members still expand", "rm -rf {'src',x}", "RELOCATE", "RELOCATE_TREE"],
  ["too many brace words is unknown", "rm -rf {src,a}{,}{,}{,}{,}{,}{,}{,}{,}", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["an empty unquoted command name disappears", "x=; $x rm -rf ~", "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["a custom IFS splits a substitution", "IFS=,; rm -rf $(echo src,build)", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["a custom IFS splits a command name out of a variable", "IFS=,; x=rm,-rf,~; $x", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["an exponential alias stops at the expansion bound", "alias a='a;a;a;a;a;a;a;a'; a", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
];

describe("red team: expansions in whole commands", () => {
  for (const [name, command, decision, reason] of ROWS) {
    test(`${name}: ${decision} ${reason}`, () => {
      const r = check(command, { ...fx.env, TMPDIR: undefined });
      expect([r.decision, r.reason]).toEqual([decision, reason]);
    });
  }
});
