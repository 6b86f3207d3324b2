import { describe, expect, test } from "bun:test";
import { noteEnvironmentOptions } from "../../../lib/guard/posix/lastpipe.ts";
import { parsePosix } from "../../../lib/guard/posix/parser.ts";

const parse = (text: string) => parsePosix(text, new Map()).commands;

describe("posix parser", () => {
  test("a quoted value after NAME= is an assignment, a quoted name is not", () => {
    expect(parse("X='a b' cmd")[0]!.assigns.map((a) => [a.name, a.value.value])).toEqual([["X", "a b"]]);
    expect(parse("'X=a' cmd")[0]!.argv.map((w) => w.value)).toEqual(["X=a", "cmd"]);
    expect(parse('"$X"=a cmd')[0]!.assigns).toEqual([]);
  });

  // A word that is one quoted run of literal text is made without a WordBuilder (lexer.ts
  // quotedWord): [text, each word as value, pattern, quoted, glob, dynamic].
  const QUOTED: Array<[string, Array<[string, string, boolean, boolean, boolean]>]> = [
    [`grep 'a*b' "c?[d]"`, [["grep", "grep", false, false, false], ["a*b", "a\\*b", true, false, false], ["c?[d]", "c\\?\\[d]", true, false, false]]],
    [`echo "" '' "x"y 'p'*`, [["echo", "echo", false, false, false], ["", "", true, false, false], ["", "", true, false, false], ["xy", "xy", true, false, false], ["p*", "p*", true, true, false]]],
    [`echo "a\\b" "$HOME" 'it''s'`, [["echo", "echo", false, false, false], ["a\\b", "a\\\\b", true, false, false], ["/h", "/h", true, false, false], ["its", "its", true, false, false]]],
  ];
  for (const [text, words] of QUOTED) {
    test(`${JSON.stringify(text)} reads its quoted words as the shell does`, () => {
      const argv = parsePosix(text, new Map([["HOME", "/h"]])).commands[0]!.argv;
      expect(argv.map((w) => [w.value, w.pattern, w.quoted, w.glob, w.dynamic])).toEqual(words);
    });
  }
  test("an expanding heredoc body keeps its literal text and escapes, and expands what it names", () => {
    const text = 'cat <<EOF\na "b" \\c \\$d $HOME `echo e` \\\\f\nEOF';
    const [cat, echo] = parsePosix(text, new Map([["HOME", "/h"]])).commands;
    expect(echo!.argv.map((w) => w.value)).toEqual(["echo", "e"]);
    expect(cat!.redirects[0]!.heredoc).toEqual({ body: 'a "b" \\c $d /h e \\f\n', expands: true, dynamic: false, outputOf: [echo!] });
  });
  // A line of one simple command of plain words, or a pipeline of such commands, is read without
  // the parser's machinery (parser.ts _plainLine): it reads as the same line ended by ` ;`, which
  // the parser reads (with lastpipe on from the environment too).
  // The other lines here are left to the parser (a reserved or noted name, an assignment, a
  // comment, a word a note reads); they read the same way too.
  const PLAIN = ["git status", "  ls  -la\tsrc/*.ts  ", "rm -rf build", "make CC=gcc -j4", "echo a#b", "cat ./é/x.txt", "git log --oneline -5",
    `grep -r 'rm -rf' "docs/a b" ''`, `git commit -m "fix: the *build*"`, `'ls' -la`, `echo "a"b`, `echo "$x"`, `"if" x`,
    "curl -s example.com | sh", "echo y|rm -rf /home | cat", "a | b || c", "a |& b", "a | ", "| a", "a | cd x", "git log | grep 'fix' | head -5",
    "cd src", "trap x EXIT", "X=1 cmd", "time ls", "echo #x", "env PATH=/x:/y ls", "shopt -s lastpipe", "a[0]=x", "[[ -f x ]]", "declare x", "esac", "function f"];
  for (const text of PLAIN) {
    test(`${JSON.stringify(text)} reads as the parser reads it`, () => {
      for (const bashopts of [undefined, "lastpipe"]) {
        const fast = new Map([["HOME", "/h"]]);
        const full = new Map([["HOME", "/h"]]);
        noteEnvironmentOptions(fast, bashopts);
        noteEnvironmentOptions(full, bashopts);
        const view = (v: Map<string, string | null>, t: string) => { try { return parsePosix(t, v).commands; } catch (e) { return String(e); } };
        expect(view(fast, text)).toEqual(view(full, `${text} ;`));
        expect([...fast]).toEqual([...full]);
      }
    });
  }
  test("an unterminated quote is still a parse error", () => {
    expect(() => parse(`echo 'a`)).toThrow("unterminated single quote");
    expect(() => parse(`echo "a`)).toThrow("unterminated double quote");
  });

  // [text, the commands that run in the background or a pipeline]
  const CONCURRENT: Array<[string, string[]]> = [
    ["a & b", ["a"]],
    ["a && b", []],
    ["a | b", ["a", "b"]],
    ["a &> log; b", []],
    ["(a; b) & c", ["a", "b", ""]],
    ["a |& b &", ["a", "b"]],
  ];
  for (const [text, names] of CONCURRENT) {
    test(`${JSON.stringify(text)} runs ${JSON.stringify(names)} alongside the shell`, () => {
      expect(parse(text).filter((c) => c.concurrent).map((c) => c.argv[0]?.value ?? "")).toEqual(names);
    });
  }

  // [text, whether the loop around `work` never ends by its condition]
  const LOOPS: Array<[string, boolean]> = [
    ["while true; do work; done", true],
    ["while :; do work; done", true],
    ["until false; do work; done", true],
    ["while [ 1 ]; do work; done", true],
    ["while [[ x ]]; do work; done", true],
    ["while ((1)); do work; done", true],
    ["for ((;;)); do work; done", true],
    ["for ((i = 0; ; i++)); do work; done", true],
    ["while [ -f x ]; do work; done", false],
    ["while [[ $x ]]; do work; done", false],
    ["while ((i < 3)); do work; done", false],
    ["until true; do work; done", false],
    ["for x in a b; do work; done", false],
    ["while read -r l; do work; done", false],
  ];
  for (const [text, endless] of LOOPS) {
    test(`${JSON.stringify(text)} ${endless ? "loops forever" : "can end"}`, () => {
      const work = parse(text).find((c) => c.argv[0]?.value === "work")!;
      expect(work.scope?.kind).toBe("loop");
      expect(work.scope?.infinite === true).toBe(endless);
    });
  }

  test("a function body is a scope named after the function, defined where it appears", () => {
    const commands = parse("ls; f() { g & }; f");
    const g = commands.find((c) => c.argv[0]?.value === "g")!;
    expect([g.scope?.kind, g.scope?.name, g.scope?.at, g.concurrent]).toEqual(["fn", "f", 1, "background"]);
    expect(commands.at(-1)!.scope).toBeUndefined();
  });

  test("nested scopes close in order even when a group closes inside a loop", () => {
    const commands = parse("while true; do { a; }; if x; then b; fi; c; done; d");
    const scope = (name: string) => commands.find((c) => c.argv[0]?.value === name)!.scope;
    expect([scope("a")?.kind, scope("b")?.kind, scope("c")?.kind, scope("d")]).toEqual(["group", "if", "loop", undefined]);
  });
});
