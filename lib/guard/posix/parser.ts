import { ParseError, type Script, type SimpleCommand, type Word } from "../syntax.ts";
import { skipCasePattern } from "./case-pattern.ts";
import { readArithmeticText, readCaseHead, readForHead } from "./compound-heads.ts";
import { type PendingHeredoc, readHeredocBodies } from "./heredoc.ts";
import { Lexer } from "./lexer.ts";
import { atRedirect, readRedirect } from "./redirect.ts";
import { Scopes } from "./scopes.ts";
import { trackDefinitions } from "./track.ts";
import type { Vars } from "./vars.ts";

export { MAX_DEPTH } from "./lexer.ts";
export type { Vars } from "./vars.ts";

const SKIPPED_WORDS = new Set(["if", "then", "elif", "else", "do", "while", "until", "!", "{", "}", "fi", "done", "time"]);

/**
 * Parses POSIX/bash command text into simple commands in execution order. Command
 * substitutions, process substitutions and expanding heredoc bodies are parsed, not skipped;
 * anything it cannot read to the end throws ParseError (the caller fails closed).
 */
export function parsePosix(text: string, vars: Vars, depth = 0): Script {
  const parser = new _Parser(text, vars, depth);
  parser.parseList(null);
  return { commands: parser.commands };
}

/** The grammar above words: lists, pipelines, simple commands, redirections, `case` and `for`. */
class _Parser extends Lexer {
  private pending: PendingHeredoc[] = [];
  /** Open `case` statements, and whether a pattern (`a|b)`) comes next. */
  private caseDepth = 0;
  private expectPattern = false;
  private readonly scopes = new Scopes();

  nested(inSubst: boolean): SimpleCommand[] {
    const sub = new _Parser(this.src, this.vars, this.depth + 1, inSubst);
    sub.pos = this.pos;
    sub.parseList(")");
    this.pos = sub.pos;
    this.commands.push(...sub.commands);
    return sub.commands;
  }

  parseText(text: string): SimpleCommand[] {
    return parsePosix(text, this.vars, this.depth + 1).commands;
  }

  fork(text: string): Lexer {
    return new _Parser(text, this.vars, this.depth);
  }

  readHeredocs(): void {
    readHeredocBodies(this, this.pending);
  }

  parseList(end: ")" | null): void {
    for (;;) {
      this.skipBlanks();
      if (this.expectPattern) {
        this.expectPattern = false;
        if (skipCasePattern(this)) this.caseDepth--;
      }
      const c = this.src[this.pos];
      if (c === undefined) {
        if (end) throw new ParseError("unterminated group");
        this.readHeredocs();
        return;
      }
      if (c === end) {
        this.pos++;
        return;
      }
      if (c === "\n") {
        this.pos++;
        this.readHeredocs();
      } else if (this.caseDepth > 0 && /^;;&?|^;&/.test(this.src.slice(this.pos, this.pos + 3))) {
        this.pos += this.src[this.pos + 1] === "&" ? 2 : this.src[this.pos + 2] === "&" ? 3 : 2;
        this.expectPattern = true;
      } else if (c === ";" || c === "&" || c === "|") this.pos++;
      else if (c === "#") this.skipComment();
      else if (c === ")") throw new ParseError("unbalanced parenthesis");
      else {
        const first = this.commands.length;
        this.parsePipeline();
        this.skipBlanks();
        // `cmd &`: every command of the pipeline runs in the background.
        if (this.src[this.pos] === "&" && this.src[this.pos + 1] !== "&" && this.src[this.pos + 1] !== ">") {
          for (let i = first; i < this.commands.length; i++) this.commands[i]!.concurrent = "background";
        }
      }
    }
  }

  private parsePipeline(): void {
    let from: SimpleCommand | undefined;
    for (;;) {
      const cmd = this.parseCommand(from);
      this.skipBlanks();
      if (this.src[this.pos] === "|" && this.src[this.pos + 1] !== "|") {
        this.pos += this.src[this.pos + 1] === "&" ? 2 : 1;
        this.skipLineBreaks();
        cmd.concurrent = "pipeline";
        from = cmd;
        continue;
      }
      if (from) cmd.concurrent = "pipeline";
      return;
    }
  }

  private parseCommand(pipeFrom: SimpleCommand | undefined): SimpleCommand {
    const cmd: SimpleCommand = { argv: [], assigns: [], redirects: [], pipeFrom };
    this.skipBlanks();
    if (this.src.startsWith("((", this.pos)) {
      cmd.arith = readArithmeticText(this);
      cmd.group = true;
      this.scopes.place(cmd);
      this.commands.push(cmd);
      return cmd;
    }
    if (this.src[this.pos] === "(") {
      this.pos++;
      this.scopes.subshell(() => this.parseList(")"));
      cmd.group = true;
    }
    let testBrackets = false;
    for (;;) {
      this.skipBlanks();
      const c = this.src[this.pos];
      if (c === undefined || c === "\n" || c === ";" || c === "&" || c === "|" || c === ")") {
        if (c === "&" && this.src[this.pos + 1] === ">") readRedirect(this, cmd, this.pending);
        else break;
        continue;
      }
      if (c === "#" && !this.inWord()) {
        this.skipComment();
        break;
      }
      if (!testBrackets && atRedirect(this)) {
        readRedirect(this, cmd, this.pending);
        continue;
      }
      if (c === "(") {
        // `name() { … }`: a function definition; its body is parsed as if it ran.
        if (this.src.startsWith("()", this.pos) && cmd.argv.length === 1) {
          this.pos += 2;
          this.scopes.functionDefinition(cmd.argv[0]!.value, this.commands.length);
          cmd.argv = [];
          continue;
        }
        // `while (( … ))`: an arithmetic command after a reserved word.
        if (this.src.startsWith("((", this.pos) && cmd.argv.length === 0 && cmd.assigns.length === 0) {
          cmd.arith = readArithmeticText(this);
          cmd.group = true;
          continue;
        }
        // `do ( … )`, `then ( … )`: a subshell after a reserved word.
        if (cmd.argv.length === 0 && cmd.assigns.length === 0) {
          this.pos++;
          this.scopes.subshell(() => this.parseList(")"));
          cmd.group = true;
          continue;
        }
        throw new ParseError("unexpected parenthesis");
      }
      const words = this.readWords(testBrackets);
      if (cmd.argv.length === 0 && words.length === 1 && !words[0]!.quoted && !words[0]!.dynamic) {
        if (words[0]!.value === "case") {
          readCaseHead(this);
          this.caseDepth++;
          this.expectPattern = true;
          return cmd;
        }
        if (words[0]!.value === "for" || words[0]!.value === "select") {
          readForHead(this, this.scopes);
          return cmd;
        }
      }
      for (const word of words) this.place(cmd, word, () => (testBrackets = true));
      if (testBrackets && words.some((w) => w.value === "]]" && !w.quoted)) testBrackets = false;
    }
    if (!cmd.group || cmd.argv.length > 0) trackDefinitions(this.vars, cmd);
    this.scopes.place(cmd);
    this.commands.push(cmd);
    return cmd;
  }

  /** Files one word into the command: a reserved word, an assignment or an argument. */
  private place(cmd: SimpleCommand, word: Word, openTest: () => void): void {
    const bare = !word.quoted && !word.dynamic;
    if (cmd.argv.length === 0 && word.assignment) {
      const eq = /^([A-Za-z_][A-Za-z0-9_]*)(\+?)=/.exec(word.value);
      if (eq) {
        const value = { ...word, value: word.value.slice(eq[0].length), pattern: word.pattern.slice(eq[0].length), assignment: false };
        cmd.assigns.push({ name: eq[1]!, value: eq[2] ? { ...value, dynamic: true } : value });
        return;
      }
    }
    if (cmd.argv.length === 0 && bare) {
      if (SKIPPED_WORDS.has(word.value)) return this.scopes.word(word.value);
      if (word.value === "[[") openTest();
      if (word.value === "esac" && this.caseDepth > 0) {
        this.caseDepth--;
        return;
      }
    }
    cmd.argv.push(word);
  }
}
