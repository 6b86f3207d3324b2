import { describe, expect, test } from "bun:test";
import { type AnalyzeContext, newLineState } from "../../../lib/guard/effects/context.ts";
import { mayBeRewritten, noteLine } from "../../../lib/guard/effects/unseen-writes.ts";
import { parseDialect } from "../../../lib/guard/parse-dialect.ts";
import type { SimpleCommand } from "../../../lib/guard/syntax.ts";

// noteLine keeps each script's commands; mayBeRewritten tests them only for a command that
// repeats (docs/check.md "Session 12: speed work (analysis skeleton)"). The answer is the one a
// test of every noted command at noteLine's time gave.
function context(): AnalyzeContext {
  return { home: "/home/u", parse: parseDialect, depth: 0, vars: new Map(), env: {}, state: newLineState("/w") };
}

/** The line's commands, noted; and the first command inside a loop. */
function noted(ctx: AnalyzeContext, line: string): SimpleCommand {
  const commands = parseDialect(line, "posix", 0, new Map()).commands;
  noteLine(commands, ctx);
  return commands.find((c) => c.frame !== undefined)!;
}

describe("unseen writes of a line, for a command that repeats", () => {
  test("a line of programs that write only what the guard records: a file read in the loop is as read", () => {
    const ctx = context();
    const inLoop = noted(ctx, "for i in 1 2; do cat a; done; echo x > /dev/null; ls");
    expect(mayBeRewritten(ctx, inLoop)).toBe(false);
    expect(ctx.state.lineWrites).toBeFalsy();
  });

  test("a program that may write unseen files anywhere in the line, before or after the loop", () => {
    for (const line of ["make; for i in 1 2; do cat a; done", "for i in 1 2; do cat a; done; python3 gen.py", "for i in 1 2; do cat a; done; echo x > f"]) {
      const ctx = context();
      expect(mayBeRewritten(ctx, noted(ctx, line))).toBe(true);
    }
  });

  test("a nested script noted later counts from then on; the flag, once set, stays", () => {
    const ctx = context();
    const inLoop = noted(ctx, "for i in 1 2; do cat a; done");
    expect(mayBeRewritten(ctx, inLoop)).toBe(false);
    noted(ctx, "tee out");
    expect(mayBeRewritten(ctx, inLoop)).toBe(true);
    noted(ctx, "ls");
    expect(mayBeRewritten(ctx, inLoop)).toBe(true);
    expect(ctx.state.lineScripts).toBeUndefined();
  });

  test("a command outside any loop or function is not asked about the line", () => {
    const ctx = context();
    const commands = parseDialect("cat a; make", "posix", 0, new Map()).commands;
    noteLine(commands, ctx);
    expect(mayBeRewritten(ctx, commands[0])).toBe(false);
  });
});
