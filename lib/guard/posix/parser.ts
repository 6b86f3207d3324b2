import { enclosing, type Frame, ParseError, repeats, type Scope, type Script, type SimpleCommand, type Word } from "../syntax.ts";
import { skipCasePattern } from "./case-pattern.ts";
import { ARITHMETIC_NAMES, arithmeticCommand } from "./arith.ts";
import { EXEC_NAMES, noteShellStdin } from "./exec-stdin.ts";
import { notePromptVars, PROMPT_SETTERS } from "./prompt-vars.ts";
import { noteCodeOperands } from "./code-operands.ts";
import { readArithmeticText, readCaseHead, readForHead } from "./compound-heads.ts";
import { readCoprocName } from "./coproc.ts";
import { commandsIn, feedCompound, feedCompoundOutput, functionBody } from "./compound-stdin.ts";
import { noteStage } from "./pipeline-stages.ts";
import { type PendingHeredoc, readHeredocBodies } from "./heredoc.ts";
import { Lexer, literalWordAt, literalWordLength, MAX_DEPTH } from "./lexer.ts";
import { RawWords } from "./raw-words.ts";
import { atRedirect, readRedirect } from "./redirect.ts";
import { Flow } from "./flow.ts";
import { fitsUnroll, type LoopPlan, MAX_WORDS, markBody, planReadLoop, takePlan } from "./loop-unroll.ts";
import { Scopes } from "./scopes.ts";
import { mayLastpipe, noteShellOptions } from "./lastpipe.ts";
import { noteTrapPoint } from "./trap-points.ts";
import { noteGlobOptions } from "./glob-options.ts";
import { expandListings, listingLines, listingNames, mayFeed, mayList } from "./listing-words.ts";
import { recordDigits, recordNumeric } from "./loop-candidates.ts";
import { nameDigits, noteLineText, numericCommands, substitutedCommands } from "./numeric-output.ts";
import { isPathWord, notePathWord } from "./path-var.ts";
import { relyOnOutput } from "./relied-output.ts";
import { mayChangeDirectory, noteCdFrame, noteFreshFrame } from "./cwd-flow.ts";
import { freshCd, freshTemp, noteFreshOperands } from "./temp-output.ts";
import { DEFINERS, notePositionalSources, trackDefinitions } from "./track.ts";
import { notePositionalOutputs } from "./positional-outputs.ts";
import { noteFunctionCall, resolveFunctionArgs } from "./function-args.ts";
import { CODE_OPERANDS, PATH_WORDS, SHELL_OPTIONS, TRAP_POINT, wordNotes } from "./word-notes.ts";
import { assign, assignedSince, DECLARERS, mark, restore, settle, UNSET, type Vars } from "./vars.ts";

export { MAX_DEPTH } from "./lexer.ts";
export type { Vars } from "./vars.ts";

// The command names the notes after a command's words read (each module's own list; noteNumeric's
// are the declarers): a command with none of them, no assignment and no element (`d[0]=x`) needs
// none of those notes. Most commands (git, ls, cat, rm …) are such commands.
const NOTED_NAMES: ReadonlySet<string> = new Set([...ARITHMETIC_NAMES, ...EXEC_NAMES, ...PROMPT_SETTERS, ...DEFINERS, ...DECLARERS]);

/** A command name the notes after the words read: a computed one, an element (`d[0]=x`) or one of NOTED_NAMES. */
function _notedHead(head: Word): boolean {
  return head.dynamic || head.value.includes("[") || NOTED_NAMES.has(head.value);
}

const SKIPPED_WORDS = new Set(["if", "then", "elif", "else", "do", "while", "until", "!", "{", "}", "fi", "done", "time"]);

/**
 * Parses POSIX/bash command text into simple commands in execution order. Command
 * substitutions, process substitutions and expanding heredoc bodies are parsed, not skipped;
 * anything it cannot read to the end throws ParseError (the caller fails closed).
 */
export function parsePosix(text: string, vars: Vars, depth = 0): Script {
  noteLineText(vars, text, depth);
  const plain = _plainLine(text, vars, depth);
  if (plain) return { commands: plain };
  const parser = new _Parser(text, vars, depth, false, new Flow(vars));
  parser.parseList(null);
  resolveFunctionArgs(vars, parser.commands);
  return { commands: parser.commands };
}

// First words the parser reads as more than a command name (place(), and parseCommand's `case`,
// `for`, `select`, `function` and `[[`).
const RESERVED_HEADS = new Set([...SKIPPED_WORDS, "case", "for", "select", "function", "[[", "esac", "coproc"]);

/**
 * A line that is one simple command of plain words and blanks (`git status`, `ls -la src`, `rm
 * -rf build`, `grep 'a b' f`: more than half the lines a guard sees), or a pipeline of such
 * commands (`curl -s URL | sh`), read without the parser's machinery: words the lexer makes
 * without a WordBuilder (literalWordAt: no expansion, escape, brace or tilde), no
 * other operator, redirection or comment; in each command a first word that is neither an
 * assignment nor reserved, and the notes after its words pass it by (a name none of them reads,
 * no word word-notes.ts flags). Such a command is its words and nothing else, as parseCommand
 * would give it, and a pipeline's stages run in subshells as parsePipeline puts them (the parse
 * diff over the corpora checks that); any other line is left to the parser.
 */
function _plainLine(text: string, vars: Vars, depth: number): SimpleCommand[] | undefined {
  if (depth > MAX_DEPTH) return undefined;
  const commands: SimpleCommand[] = [];
  let argv: Word[] = [];
  let at = _blanksEnd(text, 0);
  for (;;) {
    if (at < text.length && text.charCodeAt(at) !== 124) {
      // `#` starting a word begins a comment.
      if (text.charCodeAt(at) === 35) return undefined;
      const word = literalWordAt(text, at);
      if (!word) return undefined;
      at += literalWordLength(word);
      // Only a blank, `|` or the end may follow a word (not `;`, `&`, `)` or a newline).
      const next = _blanksEnd(text, at);
      if (next === at && at < text.length && text.charCodeAt(at) !== 124) return undefined;
      argv.push(word);
      at = next;
      continue;
    }
    // The end of a command: the line's end or a `|` (not `||` or `|&`).
    const head = argv[0];
    if (!head || head.assignment || RESERVED_HEADS.has(head.value) || _notedHead(head)) return undefined;
    const cmd: SimpleCommand = { argv, assigns: [], redirects: [], pipeFrom: commands.at(-1), group: undefined, concurrent: undefined, startedIn: undefined, stages: undefined, scope: undefined, arith: undefined, frame: undefined, cwd: undefined };
    if (wordNotes(cmd) !== 0) return undefined;
    commands.push(cmd);
    if (at === text.length) break;
    const after = text.charCodeAt(at + 1);
    if (after === 124 || after === 38) return undefined;
    at = _blanksEnd(text, at + 1);
    argv = [];
  }
  // Each stage of a pipeline runs in a subshell; with lastpipe on, the last may run in this shell.
  if (commands.length > 1) {
    const pipeline = {};
    let stage = 0;
    for (const cmd of commands) {
      noteStage([cmd], pipeline, stage++);
      cmd.concurrent = "pipeline";
      cmd.frame = { kind: cmd === commands.at(-1) && mayLastpipe(vars) ? "maybe" : "subshell", parent: undefined };
    }
  }
  for (const cmd of commands) noteGlobOptions(cmd);
  return commands;
}

/** Where the blanks (spaces and tabs) from `at` end. */
function _blanksEnd(text: string, at: number): number {
  let i = at;
  while (i < text.length && (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9)) i++;
  return i;
}

/** A place in the line: a command's index and the variables' mark there. */
interface Start {
  start: number;
  at: ReturnType<typeof mark>;
}

/**
 * Where a compound opened: at the command index `own`, in the and-or list starting at `list`. The
 * parser reads a compound's closing word as a command of a list of its own (the reading splits
 * lists at each `;` inside), so a pipeline stage or an `&` after it reaches back to these.
 * (Indices before them never move: an unrolled loop's body is spliced in after its opening.)
 */
interface Opened {
  list: Start;
  own: Start;
  /** The pipeline stage a compound opened (`a | { cd x; rm y; }`): the pipeline goes on when it closes. */
  stage?: { pipeline: object; stage: number; from: SimpleCommand };
  /** The array of `coproc [NAME] COMPOUND` the compound is: it runs in the background once closed. */
  coproc?: string;
}

/** A case statement just closed: the command that closed it, its commands, the pipe it reads and where it opened. */
interface CaseClosed {
  cmd: SimpleCommand;
  inner: SimpleCommand[];
  pipe: SimpleCommand | undefined;
  opened: Opened;
}

/** Where a `while` or `until` condition's text and commands start (rereadBody), and where its text ends. */
interface LoopCond {
  start: number;
  first: number;
  end: number;
}

/** A loop's body as it opened (rereadBody): where its text and commands start, the variables' mark, its frame, its condition. */
interface LoopBody {
  start: number;
  first: number;
  at: ReturnType<typeof mark>;
  frame: Frame | undefined;
  cond: LoopCond | undefined;
}

/** The grammar above words: lists, pipelines, simple commands, redirections, `case` and `for`. */
class _Parser extends Lexer {
  /** Heredocs whose bodies follow the line (made by the first redirection). */
  private pending: PendingHeredoc[] | undefined;
  /** Whether a `case` pattern (`a|b)`) comes next. */
  private expectPattern = false;
  private readonly scopes = new Scopes(this.flow);
  /**
   * The open `case` statements, innermost last (made by the first `case`): the frame each entered
   * (each item may or may not run), where its commands start and the pipe feeding it.
   */
  private cases: Array<{ frame: ReturnType<Flow["enter"]>; start: number; pipe: SimpleCommand | undefined; opened: Opened }> | undefined;

  /** How many `case` statements are open. */
  private get caseDepth(): number {
    return this.cases?.length ?? 0;
  }

  // `$( )`, `<( )` and backtick bodies run in a subshell: their assignments never come back.
  nested(inSubst: boolean): SimpleCommand[] {
    const at = mark(this.vars);
    const sub = new _Parser(this.src, this.vars, this.depth + 1, inSubst, this.flow.child());
    sub.unrolling = this.unrolling;
    sub.pos = this.pos;
    sub.parseList(")");
    this.pos = sub.pos;
    this.commands.push(...sub.commands);
    restore(this.vars, at);
    return sub.commands;
  }

  parseText(text: string): SimpleCommand[] {
    // Text read here (an imported function's body, a mapfile callback) may define programs too.
    noteLineText(this.vars, text, this.depth + 1);
    const at = mark(this.vars);
    const sub = new _Parser(text, this.vars, this.depth + 1, false, this.flow.child());
    sub.unrolling = this.unrolling;
    sub.parseList(null);
    restore(this.vars, at);
    return sub.commands;
  }

  fork(text: string): Lexer {
    const sub = new _Parser(text, this.vars, this.depth, false, new Flow(this.vars, this.flow.frame, this.flow.fnDepth));
    sub.unrolling = this.unrolling;
    return sub;
  }

  readHeredocs(): void {
    if (this.pending) readHeredocBodies(this, this.pending);
  }

  parseList(end: ")" | null): void {
    for (;;) {
      this.skipBlanks();
      if (this.expectPattern) {
        this.expectPattern = false;
        // `esac` is left to parseAndOr: a command closing the case, with the redirections, pipe or
        // list after it (`esac > f`, `esac | bash`, `esac && … &`), as `done` or `fi` is.
        skipCasePattern(this);
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
      else this.parseAndOr();
    }
  }

  /**
   * `a && b || c`: what follows `&&` runs only after its left side succeeded, so it nests in the
   * frame of that side; after `||` it is uncertain whether anything on the left ran, and the
   * `&&` after a `||` ends that `||`'s frame (the two bind alike, left to right). A list sent
   * to the background (`… &`) runs in a subshell.
   */
  private parseAndOr(): void {
    // The list's start and first command parsed here (parseCommand sets it), kept apart from a nested list's.
    const outerList = this._list;
    this._list = { start: this.commands.length, at: mark(this.vars) };
    const outerHead = this._head;
    this._head = undefined;
    let head: SimpleCommand | undefined;
    let sawOr = false;
    // A `||` whose right side's frame is still open: the next `&&` closes it (below).
    let orOpen = false;
    this._andOrDepth++;
    for (;;) {
      this.parsePipeline();
      if (head === undefined && this._head !== undefined) {
        head = this._head;
        // A list that starts by closing a compound started where the list that opened it did:
        // `{ a; } && { b; } &` sends both groups back (the reading splits it at each `;`).
        if (this._closing?.cmd === head) this._list = this._closing.list;
      }
      this.skipBlanks();
      const c = this.src[this.pos];
      if ((c !== "&" && c !== "|") || this.src[this.pos + 1] !== c) break;
      const op = c === "&" ? "&&" : "||";
      this.pos += 2;
      this.skipLineBreaks();
      // `a || b && c` is `(a || b) && c`: c runs when a succeeded too, b skipped, so it does not
      // nest in b's frame (`cd ~; true || cd /tmp && rm -rf *` deletes in the home folder).
      if (op === "||" || orOpen) this._leaveCondition();
      orOpen = op === "||";
      const fresh = this._fresh;
      // `cd DIR && …` run in this shell: what follows runs only once that cd succeeded, in DIR
      // (cwd-flow.ts). Not after a `||` of this list: `a || cd DIR && b` runs b when a succeeded.
      const cd = this._cd;
      const after = cd && op === "&&" && !sawOr && cd === this.commands.at(-1) && cd.frame === this.flow.frame && this._negated !== cd && !cd.concurrent;
      sawOr ||= op === "||";
      const frame = this.flow.enter("maybe");
      // Into the folder `d=$(mktemp -d)` made, or a literal folder.
      if (after) this._freshCd?.cmd === cd ? noteFreshFrame(frame.frame, this._freshCd.path) : noteCdFrame(frame.frame, cd);
      this._noteCondition(frame);
      // `d=$(mktemp -d) && …`: d names the folder mktemp made (temp-output.ts).
      if (op === "&&" && fresh && fresh.cmd === this.commands.at(-1) && !fresh.cmd.concurrent) {
        settle(this.vars, fresh.name, fresh.path, fresh.folder);
        this._freshFolders ||= fresh.folder;
      }
    }
    this._leaveCondition();
    // `cmd &`: every command of the list runs in the background, with those of the compounds it
    // holds (`while …; done &`, `{ …; } &`, `if …; fi &`, `esac > f &`, `esac && … &`).
    if (this._atBackground()) this._sendBack(this._list.start, this._list.at);
    this._list = outerList;
    this._head = outerHead;
    // The outermost list around the line's first command ended with nothing beside it.
    if (--this._andOrDepth === 0 && this._listed) {
      expandListings(this._listed);
      this._listed = undefined;
    }
  }

  /**
   * The frame `&&` or `||` entered (what follows may not run), unless one entered here is open
   * already (leaving the first closes those entered inside it). Here: the compound around and the
   * open `case` statements.
   */
  private _noteCondition(open: ReturnType<Flow["enter"]>): void {
    const pending = (this._conditions ??= []);
    if (!pending.some((c) => c.top === this.scopes.top && c.cases === this.caseDepth)) pending.push({ open, top: this.scopes.top, cases: this.caseDepth });
  }

  /**
   * The end of an and-or list, or its `||`: the frames `&&`/`||` entered here end. Only here: the
   * reading ends a list at each `;` inside a compound its right side opens (`a && { cd x; rm -rf
   * *; }`), and the frame holds that whole compound, so it ends at the first list end or `||` met
   * again where it was entered (`}; …`, `} || …`), with the frames entered since.
   */
  private _leaveCondition(): void {
    const pending = this._conditions;
    const i = pending ? pending.findIndex((c) => c.top === this.scopes.top && c.cases === this.caseDepth) : -1;
    if (i < 0) return;
    this.flow.leave(pending![i]!.open);
    pending!.length = i;
  }

  /** Each stage of a pipeline of two or more runs in its own subshell. */
  private parsePipeline(): void {
    let from: SimpleCommand | undefined;
    // Which commands run at the same time (pipeline-stages.ts): each stage's, a compound's before its closing word.
    let pipeline: object | undefined;
    for (let stage = 0; ; stage++) {
      let first = this.commands.length;
      let at = mark(this.vars);
      const top = this.scopes.top;
      const cmd = this.parseCommand(from);
      // A stage closing a compound is that compound: `{ cd x; } | cat` runs the cd in the stage's subshell.
      if (this._closing?.cmd === cmd) {
        ({ start: first, at } = this._closing.own);
        // The compound was a later stage of a pipeline (below): that pipeline goes on here.
        const opened = this._closing.stage;
        if (opened) ({ pipeline, stage, from } = opened);
      }
      // A later stage opening a compound (`a | { cd x; rm -rf *; }`) is the whole compound, not its
      // first command: its subshell is made when the compound closes (the cd moved the rm there).
      if (from && this.scopes.top !== top) {
        const opened = this._openedIn(top);
        if (opened) {
          opened.stage = { pipeline: (pipeline ??= {}), stage, from };
          return;
        }
      }
      this.skipBlanks();
      if (this.src[this.pos] === "|" && this.src[this.pos + 1] !== "|") {
        this._listed = undefined;
        this.pos += this.src[this.pos + 1] === "&" ? 2 : 1;
        this.skipLineBreaks();
        cmd.concurrent = "pipeline";
        this.flow.subshell(this.commands, first, at);
        noteStage(this.commands.slice(first), (pipeline ??= {}), stage);
        from = cmd;
        continue;
      }
      if (from) {
        noteStage(this.commands.slice(first), pipeline!, stage);
        cmd.concurrent = "pipeline";
        // With lastpipe on, the last stage runs in this shell (lastpipe.ts): it may change it.
        this.flow.subshell(this.commands, first, at, mayLastpipe(this.vars) ? "maybe" : "subshell");
      }
      return;
    }
  }

  private parseCommand(pipeFrom: SimpleCommand | undefined): SimpleCommand {
    const cmd: SimpleCommand = { argv: [], assigns: [], redirects: [], pipeFrom, group: undefined, concurrent: undefined, startedIn: undefined, stages: undefined, scope: undefined, arith: undefined, frame: undefined, cwd: undefined };
    this.skipBlanks();
    // (Two character tests: startsWith with a position is several times slower, for every command.)
    if (this.src[this.pos] === "(" && this.src[this.pos + 1] === "(") {
      cmd.arith = readArithmeticText(this);
      cmd.group = true;
      this.scopes.place(cmd);
      this.push(cmd);
      return cmd;
    }
    // The commands of a compound this command closes: they share its stdin (compound-stdin.ts).
    let inner: SimpleCommand[] | undefined;
    let closed: Scope | undefined;
    if (this.src[this.pos] === "(") {
      this.pos++;
      const start = this.commands.length;
      this.scopes.subshell(() => this.parseList(")"));
      inner = this.commands.slice(start);
      cmd.group = true;
    }
    let testBrackets = false;
    // `coproc [NAME] COMMAND` read so far: the array it names and where its commands start.
    let coproc: { name: string; from: Start } | undefined;
    // Each word as written (arithmetic reads the names behind `$x` even when the value is unknown).
    const raws = new RawWords(this.src);
    for (;;) {
      this.skipBlanks();
      const c = this.src[this.pos];
      if (c === undefined || c === "\n" || c === ";" || c === "&" || c === "|" || c === ")") {
        if (c === "&" && this.src[this.pos + 1] === ">") readRedirect(this, cmd, (this.pending ??= []));
        else break;
        continue;
      }
      if (c === "#" && !this.inWord()) {
        this.skipComment();
        break;
      }
      if (!testBrackets && atRedirect(this)) {
        readRedirect(this, cmd, (this.pending ??= []));
        continue;
      }
      if (c === "(") {
        inner = this.parenthesis(cmd) ?? inner;
        continue;
      }
      const wordStart = this.pos;
      const words = this.readWords(testBrackets, false, cmd.argv.length === 0);
      for (const word of words) raws.add(word, wordStart, this.pos);
      // `function NAME { … }`, the keyword form without `()`, is a definition too (its body was
      // read as the arguments of a program `function`: `function f { cd ~; }; f; rm -rf *` was
      // RELOCATE_TREE, red team 13); another compound body (`function f if …`) is not read.
      if (_functionKeyword(cmd.argv) && words.length === 1 && !words[0]!.quoted && !words[0]!.dynamic) {
        if (words[0]!.value === "{") {
          this.scopes.functionDefinition(cmd.argv[1]!.value, this.commands.length);
          cmd.argv = [];
        } else if (COMPOUND_BODIES.has(words[0]!.value)) throw new ParseError("function body not read");
      }
      // `f() if …; fi`, `f() while …`: another compound body is not read either (its `$1` is the
      // function's); `f() [[ … ]]`, a test, is read where it stands (a later `{` opens no body).
      if (this.scopes.definingFunction && cmd.argv.length === 0 && words.length === 1 && !words[0]!.quoted && COMPOUND_BODIES.has(words[0]!.value)) {
        if (words[0]!.value !== "[[") throw new ParseError("function body not read");
        this.scopes.endDefinition();
      }
      if (cmd.argv.length === 0 && words.length === 1 && !words[0]!.quoted && !words[0]!.dynamic) {
        // `coproc` is a keyword only where a command starts, with no assignment before it.
        if (words[0]!.value === "coproc" && cmd.assigns.length === 0 && !coproc) {
          coproc = { name: readCoprocName(this), from: this._openedHere().own };
          continue;
        }
        if (words[0]!.value === "case") {
          readCaseHead(this);
          const opened = this._openedHere();
          opened.coproc = coproc?.name;
          (this.cases ??= []).push({ frame: this.flow.enter("maybe"), start: this.commands.length, pipe: cmd.pipeFrom, opened });
          this.expectPattern = true;
          return cmd;
        }
        if (words[0]!.value === "for" || words[0]!.value === "select") {
          const opened = this._openedHere();
          opened.coproc = coproc?.name;
          readForHead(this, this.scopes);
          (this._opened ??= new WeakMap()).set(this.scopes.top!, opened);
          if (cmd.pipeFrom && this.scopes.top) (this._scopeInput ??= new WeakMap()).set(this.scopes.top, cmd.pipeFrom);
          return cmd;
        }
      }
      for (const word of words) {
        const top = this.scopes.top;
        if (this.place(cmd, word, raws)) testBrackets = true;
        const now = this.scopes.top;
        if (now === top) continue;
        // A compound opened by a pipeline stage reads the pipe; one closed here gets this
        // command's redirections (the outermost one closed, when several close).
        if (now?.parent === top) {
          const opened = this._openedHere();
          // `coproc { …`: the coprocess is the compound, sent back when it closes.
          opened.coproc = coproc?.name;
          coproc = undefined;
          (this._opened ??= new WeakMap()).set(now!, opened);
          if (cmd.pipeFrom) (this._scopeInput ??= new WeakMap()).set(now!, cmd.pipeFrom);
        } else if (top) {
          let s: Scope = top;
          while (s.parent && s.parent !== now) s = s.parent;
          closed = s;
        }
      }
      if (testBrackets && words.some((w) => w.value === "]]" && !w.quoted)) testBrackets = false;
    }
    this.finishCommand(cmd, raws, inner, closed);
    // `coproc cat`, `coproc ( … )`: the command (and its substitutions) runs in the background.
    if (coproc) this._coprocBack(coproc.name, coproc.from);
    return cmd;
  }

  /**
   * A `(` inside a command: `name() { … }` starts a function definition, `(( … ))` after a
   * reserved word is arithmetic, `( … )` after one a subshell, whose commands it returns.
   * (parseCommand's steps are methods of their own: JavaScriptCore optimizes a large function
   * late and drops all of it when one branch meets an unseen shape, docs/check.md "Session 13".)
   */
  private parenthesis(cmd: SimpleCommand): SimpleCommand[] | undefined {
    // `name() { … }` (also `function name() { … }`): a function definition; its body is
    // parsed as if it ran.
    if (this.src.startsWith("()", this.pos) && (cmd.argv.length === 1 || _functionKeyword(cmd.argv))) {
      this.pos += 2;
      this.scopes.functionDefinition(cmd.argv.at(-1)!.value, this.commands.length);
      cmd.argv = [];
      return undefined;
    }
    // `while (( … ))`: an arithmetic command after a reserved word.
    if (this.src.startsWith("((", this.pos) && cmd.argv.length === 0 && cmd.assigns.length === 0) {
      cmd.arith = readArithmeticText(this);
      cmd.group = true;
      return undefined;
    }
    // `do ( … )`, `then ( … )`: a subshell after a reserved word.
    if (cmd.argv.length === 0 && cmd.assigns.length === 0) {
      this.pos++;
      const start = this.commands.length;
      this.scopes.subshell(() => this.parseList(")"));
      cmd.group = true;
      return this.commands.slice(start);
    }
    throw new ParseError("unexpected parenthesis");
  }

  /**
   * The notes after a command's words, then the command placed in its scope and pushed. `inner`:
   * the commands of a subshell it is; `closed`: the compound it closes (a `case` it closes is
   * `_caseClosed`).
   */
  private finishCommand(cmd: SimpleCommand, raws: RawWords, inner: SimpleCommand[] | undefined, closed: Scope | undefined): SimpleCommand {
    // The notes after the words. A line of plain commands skips all of them (_plainLine):
    // a new note leaves the commands it reads to the parser there (through NOTED_NAMES,
    // RESERVED_HEADS or word-notes.ts).
    const head = cmd.argv[0];
    // After `cd` (or what may run one here), $PWD is not the directory the line started in.
    if (head !== undefined && mayChangeDirectory(head)) assign(this.vars, "PWD", null);
    // The notes below that read each word: one pass tells which of them this command needs.
    const notes = wordNotes(cmd);
    const named = cmd.assigns.length > 0 || (head !== undefined && _notedHead(head));
    if (named) arithmeticCommand(this, cmd, raws);
    if (named || this.shellStdin) noteShellStdin(this, cmd);
    // A bare command name neither assigns a prompt nor has code operands.
    if (cmd.assigns.length > 0 || cmd.argv.length > 1) {
      if (named) notePromptVars(this, cmd);
      if ((notes & CODE_OPERANDS) !== 0) noteCodeOperands(this, cmd);
    }
    if ((notes & PATH_WORDS) !== 0) {
      for (const { name, value } of cmd.assigns) if (name === "PATH") notePathWord(value, raws.get(value), this.vars);
      for (const word of cmd.argv) if (isPathWord(word.value)) notePathWord(word, raws.get(word), this.vars);
    }
    if (named && (!cmd.group || cmd.argv.length > 0)) trackDefinitions(this.vars, cmd, raws);
    else if (head?.value === "set" && !head.dynamic && cmd.argv.some((w) => w.envNames || w.outputOf)) {
      notePositionalSources(this.vars, cmd);
      notePositionalOutputs(this.vars, cmd);
    }
    // A call of a function the line defined passes the environment's values of its words (function-args.ts).
    if (cmd.argv.length > 1 && !head!.dynamic) noteFunctionCall(this.vars, cmd);
    // A read loop is unrolled first: the commands read again get the loop's redirection too.
    if (this._readLoop) this.finishReadLoop(cmd);
    // The commands of the compound this command closes or is: they read what it reads, and what
    // the compound writes is what they print (feedCompoundOutput).
    const caseClosed = this._caseClosed?.cmd === cmd ? this._caseClosed : undefined;
    const compound = caseClosed ? caseClosed.inner : closed ? commandsIn(this.commands, closed) : inner;
    if (compound) feedCompound(compound, cmd.redirects, caseClosed ? caseClosed.pipe : closed ? this._scopeInput?.get(closed) : cmd.pipeFrom);
    else if (cmd.argv[0] && !cmd.argv[0].dynamic && (cmd.pipeFrom || cmd.redirects.length > 0)) {
      // A call of a function the line defined: its body reads the call's stdin.
      const body = functionBody(this.commands, cmd.argv[0].value);
      if (body.length > 0) feedCompound(body, cmd.redirects, cmd.pipeFrom);
    }
    if (compound !== undefined && cmd.redirects.length > 0 && (closed === undefined || closed.kind !== "fn")) feedCompoundOutput(compound, cmd.redirects);
    if (named) this.noteNumeric(cmd, raws);
    // `! d=$(mktemp -d) && …` runs what follows when mktemp failed.
    const fresh = cmd.assigns.length === 1 && this._negated !== cmd ? freshTemp(this, cmd, raws.get(cmd.assigns[0]!.value)) : null;
    // `d=$(mktemp -d) && cd "$d" && …` runs what follows in that folder (temp-output.ts).
    const into = this._freshFolders && cmd.argv.length === 2 ? freshCd(this, cmd, raws) : null;
    // Arguments naming the entry mktemp made (temp-output.ts): `rm -rf "$d"` (effects/files.ts) and
    // `git worktree remove --force "$d"` of a folder (git-fresh-worktree.ts) read them.
    if (this._freshEntries && head?.value === "rm" && !head.quoted && !head.dynamic) noteFreshOperands(this, cmd, raws, false);
    else if (this._freshFolders && cmd.argv.some((w) => w.value === "worktree")) noteFreshOperands(this, cmd, raws, true);
    this._freshCd = into === null ? undefined : { cmd, path: into };
    this._cd = head?.value === "cd" && !head.quoted && !head.dynamic && cmd.assigns.length === 0 && cmd.redirects.length === 0 && !repeats(this.flow.frame) ? cmd : undefined;
    this._fresh = fresh ? { cmd, ...fresh } : undefined;
    // `d=$(mktemp -d); …`: d holds that folder or nothing (temp-output.ts noteFreshOperands).
    this._freshFolders ||= fresh?.folder === true;
    this._freshEntries ||= fresh !== null;
    // A substituted listing in its arguments is expanded once its list ends (listing-words.ts);
    // a subshell's redirection is opened before anything inside runs (`( … ) > new` creates a name first).
    if (this.listed && cmd.argv.some((w, i) => i > 0 && mayList(w))) this._listed = cmd;
    else if (inner && cmd.redirects.length > 0) this._listed = undefined;
    if ((notes & SHELL_OPTIONS) !== 0) noteShellOptions(this.vars, cmd);
    noteGlobOptions(cmd);
    this.scopes.place(cmd);
    this.push(cmd);
    if ((notes & TRAP_POINT) !== 0) noteTrapPoint(this.vars, cmd, this.depth);
    // A function's body is not run by its definition: `f() { …; } &` only defines f.
    const opened = caseClosed ? caseClosed.opened : closed && closed.kind !== "fn" ? this._opened?.get(closed) : undefined;
    if (opened) this._closing = { cmd, ...opened };
    if (opened?.coproc !== undefined) this._coprocBack(opened.coproc, opened.own);
    this._head ??= cmd;
    return cmd;
  }

  /** A single `&` at the cursor: what was just read runs in the background. */
  private _atBackground(): boolean {
    return this.src[this.pos] === "&" && this.src[this.pos + 1] !== "&" && this.src[this.pos + 1] !== ">";
  }

  /**
   * Sends the commands from `start` on to the background, in a subshell frame (`at`: the
   * variables' mark there). One already sent by an `&` of its own keeps where that one stands.
   */
  private _sendBack(start: number, at: ReturnType<typeof mark>): void {
    const startedIn = this.scopes.top;
    for (let i = start; i < this.commands.length; i++) {
      const c = this.commands[i]!;
      if (c.concurrent === "background") continue;
      c.concurrent = "background";
      c.startedIn = startedIn;
    }
    this.flow.subshell(this.commands, start, at);
    this._listed = undefined;
  }

  /**
   * A coprocess read to its end (from `from` on): it runs in the background, in a subshell, like
   * `… &`; this shell gets NAME (its file descriptors) and NAME_PID, numbers the guard does not know.
   */
  private _coprocBack(name: string, from: Start): void {
    this._sendBack(from.start, from.at);
    assign(this.vars, name, null);
    assign(this.vars, `${name}_PID`, null);
  }

  /** Where the outermost compound opened inside `top` (by the command just read, still open) opened. */
  private _openedIn(top: Scope | undefined): Opened | undefined {
    let s = this.scopes.top;
    while (s && s.parent !== top) s = s.parent;
    return s && this._opened?.get(s);
  }

  private _openedHere(): Opened {
    return { list: this._list, own: { start: this.commands.length, at: mark(this.vars) } };
  }

  /** `n=$(wc -l < f)` (also after export/local/declare without options): n is a number to arithmetic. */
  private noteNumeric(cmd: SimpleCommand, raws: RawWords): void {
    const head = cmd.argv[0];
    // Only assignments, alone or after a declarer, can hold such a value.
    if (head ? head.dynamic || !DECLARERS.has(head.value) : cmd.assigns.length === 0) return;
    const rest = cmd.argv.slice(1);
    const words = !head ? cmd.assigns.map((a) => a.value) : !rest.some((w) => w.value.startsWith("-")) ? rest : [];
    // The name each word assigns (`n=`, `n+=`, `n[0]=`): only the last one of a name holds.
    const assigned = words.map((w) => /^([A-Za-z_][A-Za-z0-9_]*)(?:\[|\+?=)/.exec(raws.get(w) ?? "")?.[1]);
    for (const [i, w] of words.entries()) {
      const raw = raws.get(w);
      const name = raw === undefined ? undefined : /^[A-Za-z_][A-Za-z0-9_]*(?==)/.exec(raw)?.[0];
      // `TS=$(date +%s) TS=../..` holds the second value (red team 15).
      if (name !== undefined && assigned.includes(name, i + 1)) continue;
      const commands = name !== undefined && w.dynamic && this.vars.get(name) === null ? substitutedCommands(this, raw) : null;
      if (commands === null) continue;
      if (numericCommands(commands)) {
        relyOnOutput(w.outputOf?.at(-1));
        recordNumeric(this, name!);
      }
      // `TS=$(date +%s)`: `$TS` in a word names files of its folder (Word.digits).
      const digits = nameDigits(this.vars, commands);
      if (digits) {
        relyOnOutput(w.outputOf?.at(-1));
        recordDigits(this, name!, digits);
      }
    }
  }

  /** The frames `&&` and `||` entered that are still open (_noteCondition), made on first use. */
  private _conditions: Array<{ open: ReturnType<Flow["enter"]>; top: Scope | undefined; cases: number }> | undefined;
  /** Compounds opened by a pipeline stage: the pipe feeding their commands. */
  // Made on first use: most lines open no compound from a pipeline stage (a parser is made per substitution).
  private _scopeInput: WeakMap<Scope, SimpleCommand> | undefined;
  /** Where the and-or list being read starts; its first command. */
  private _list: Start = { start: 0, at: 0 };
  private _head: SimpleCommand | undefined;
  /** Where each compound (not `case`: its entry in `cases` says) opened; made on first use. */
  private _opened: WeakMap<Scope, Opened> | undefined;
  /** The last command that closed a compound other than a function body, and where that compound opened. */
  private _closing: ({ cmd: SimpleCommand } & Opened) | undefined;
  /** The last `case` command closed. */
  private _caseClosed: CaseClosed | undefined;
  /** The first command of the line when a listing may stand in its arguments; open and-or lists. */
  private _listed: SimpleCommand | undefined;
  private _andOrDepth = 0;
  /** The last command parsed when it is `d=$(mktemp …)` (temp-output.ts), and the last one `!` negated. */
  private _fresh: { cmd: SimpleCommand; name: string; path: string; folder: boolean } | undefined;
  /** A `d=$(mktemp -d) && …` gave d its folder somewhere in the line; the last command when it is `cd "$d"`. */
  private _freshFolders = false;
  /** Whether `d=$(mktemp …)` made any entry (a file or folder) in this line. */
  private _freshEntries = false;
  private _freshCd: { cmd: SimpleCommand; path: string } | undefined;
  /** The last command when it is a plain `cd` (no assignment or redirection). */
  private _cd: SimpleCommand | undefined;
  private _negated: SimpleCommand | undefined;
  /** The command whose last word was the keyword `time` (p: then `-p`): its `-p` and `--` may follow. */
  private _timed: { cmd: SimpleCommand; p: boolean } | undefined;
  /** A `while` opened as the line's first command (until its `do`), and a read loop closed by `done` awaiting its redirection. */
  private _firstWhile = false;
  /** Each open loop's body: where its text and commands start, and the assignments before it (rereadBody). */
  private _bodies: WeakMap<Scope, LoopBody> | undefined;
  /** Each open `while`/`until` loop's condition until its `do` (rereadBody). */
  private _conds: WeakMap<Scope, LoopCond> | undefined;
  /** The stages piped into that `while` when they are all the line ran before it (`git branch --merged | grep -v main | while …`). */
  private _pipedFeed: SimpleCommand[] | undefined;
  private _readLoop: { plan: LoopPlan & { body: string; first: number }; scope: Scope; bodyEnd: number } | undefined;

  /**
   * The pipeline feeding `cmd` (a stage opening a `while`) when it is everything the line ran so
   * far, at its top level: `LISTING | while read -r f; do …; done` reads the listing as the
   * line's first command, as `done < <(LISTING)` does.
   */
  private _feedingListing(cmd: SimpleCommand): SimpleCommand[] | undefined {
    if (!cmd.pipeFrom || this.depth !== 0 || this.inSubst || this.unrolling || this.flow.fnDepth !== 0 || this.caseDepth !== 0 || this.scopes.top) return undefined;
    const chain: SimpleCommand[] = [];
    for (let c: SimpleCommand | undefined = cmd.pipeFrom; c; c = c.pipeFrom) chain.unshift(c);
    return chain.length === this.commands.length && chain.every((c, i) => c === this.commands[i]) ? chain : undefined;
  }

  atLineStart(): boolean {
    return this.depth === 0 && !this.inSubst && !this.unrolling && this.flow.fnDepth === 0 && this.commands.length === 0 && this.caseDepth === 0;
  }

  private push(cmd: SimpleCommand): void {
    if (this.flow.frame) cmd.frame = this.flow.frame;
    this.commands.push(cmd);
  }

  /**
   * `done`: closes the loop; a planned loop over literal words is then read again once per word,
   * with the variable set to it, and those commands replace the body's first reading.
   */
  private closeLoop(end: number): void {
    const scope = this.scopes.top;
    const body = scope?.kind === "loop" ? this._bodies?.get(scope) : undefined;
    // Read before the loop's frame closes and makes them unknown.
    const moved = body ? assignedSince(this.vars, body.at) : [];
    this.scopes.word("done");
    const plan = scope?.kind === "loop" ? takePlan(scope, this.src, end, this.commands) : null;
    if (!plan) {
      if (moved.length > 0) this.rereadBody(body!, moved, end, scope!);
      return;
    }
    if (plan.reads) this._readLoop = { plan, scope: scope!, bodyEnd: this.commands.length };
    else this.unroll(plan, scope!, this.commands.length);
  }

  /**
   * `while read NAME; do …; done < <(LISTING)` that is the line's first command, in no compound:
   * once per name the listing prints (listing-words.ts), when nothing runs beside the loop (only
   * the end of the line, `;` or a newline follows: no pipe, `&`, `&&`/`||` list that could be
   * sent to the background, or other redirection) and the listing prints less than 4,096 bytes
   * (one write of git's output buffer, so git has listed every name before the body first runs).
   */
  private finishReadLoop(cmd: SimpleCommand): void {
    const loop = this._readLoop;
    this._readLoop = undefined;
    if (!loop || cmd.argv.length > 0 || !/^[ \t]*(?:$|\n|;(?!;))/.test(this.src.slice(this.pos))) return;
    const { feed, trim } = loop.plan;
    const [input, ...other] = cmd.redirects;
    const cwd = this.vars.get("PWD");
    let names: string[] | null;
    if (feed) {
      // Piped in: no redirection of the loop may take its stdin instead.
      // Not `git grep`, whose threads write each file's names as they finish it (mayFeed).
      if (cmd.redirects.length > 0 || typeof cwd !== "string" || cwd === UNSET || feed[0]?.argv[1]?.value === "grep") return;
      names = listingLines(feed, cwd, MAX_WORDS, trim === true);
    } else {
      if (other.length > 0 || input?.op !== "<" || input.fd !== "" || !mayFeed(input.target)) return;
      names = listingNames(input.target, MAX_WORDS, trim === true);
    }
    if (names === null || names.join("\n").length >= 4096) return;
    this.unroll({ ...loop.plan, words: names }, loop.scope, loop.bodyEnd);
  }

  /**
   * A loop read once (not unrolled) whose body assigns a name (`moved`: other than a number) that
   * it expands: the second pass sees what the first assigned (`d=/tmp/x; while :; do rm -rf
   * "$d"; d=~; done` deletes in the home folder). The body is read again once the loop's frame
   * has closed, which left every name the body assigned unknown (flow.ts), and that reading
   * replaces the first; what it assigns is undone. A `while` or `until` condition runs before
   * every pass too and is read again with the body (`while rm -rf "$d"; do d=~; done`). A body
   * holding a here-document, a function definition or more than the unrolling bounds is kept as
   * first read.
   */
  private rereadBody(body: LoopBody, moved: string[], end: number, scope: Scope): void {
    const text = this.src.slice(body.start, end);
    const cond = body.cond ? this.src.slice(body.cond.start, body.cond.end) : "";
    const read = cond + text;
    if (!moved.some((name) => (read.includes(`$${name}`) || read.includes(`\${${name}`)) && !_countsOnly(text, name))) return;
    const first = body.cond?.first ?? body.first;
    if (!fitsUnroll(read, 1) || read.includes("<<") || this.commands.slice(first).some((c) => c.scope !== scope && enclosing(c.scope, (s) => s.kind === "fn") !== undefined)) return;
    const at = mark(this.vars);
    const commands = body.cond ? this._reread(cond, body.frame, scope) : [];
    commands.push(...this._reread(text, body.frame, scope));
    restore(this.vars, at);
    this.commands.splice(first, this.commands.length - first, ...commands);
  }

  /** One more reading of a loop's condition or body text, in its frame and scope (rereadBody). */
  private _reread(text: string, frame: Frame | undefined, scope: Scope): SimpleCommand[] {
    const sub = new _Parser(text, this.vars, this.depth, false, new Flow(this.vars, frame, this.flow.fnDepth));
    sub.unrolling = true;
    sub.scopes.top = scope;
    sub.parseList(null);
    return sub.commands;
  }

  /** Reads a planned loop's body once per word; those commands replace the body's first reading (up to `bodyEnd`). */
  private unroll(plan: LoopPlan & { body: string; first: number }, scope: Scope, bodyEnd: number): void {
    const unrolled: SimpleCommand[] = [];
    const before = this.vars.get(plan.name);
    for (const value of plan.words) {
      const at = mark(this.vars);
      this.vars.set(plan.name, value);
      const sub = new _Parser(plan.body, this.vars, this.depth, false, new Flow(this.vars, plan.frame, this.flow.fnDepth));
      sub.unrolling = true;
      sub.scopes.top = scope;
      sub.parseList(null);
      unrolled.push(...sub.commands);
      restore(this.vars, at);
    }
    if (before === undefined) this.vars.delete(plan.name);
    else this.vars.set(plan.name, before);
    this.commands.splice(plan.first, bodyEnd - plan.first, ...unrolled);
  }

  private closeCase(cmd: SimpleCommand): void {
    const open = this.cases?.pop();
    if (open) this.flow.leave(open.frame);
    this._caseClosed = open && { cmd, inner: this.commands.slice(open.start), pipe: open.pipe, opened: open.opened };
    // `cmd | case …`: its commands read the pipe (a redirection after esac comes first).
    if (this._caseClosed?.pipe) feedCompound(this._caseClosed.inner, [], this._caseClosed.pipe);
  }

  /** Files one word into the command: a reserved word, an assignment or an argument. True when it opens `[[`. */
  private place(cmd: SimpleCommand, word: Word, raws: RawWords): boolean {
    const bare = !word.quoted && !word.dynamic;
    const timed = this._timed;
    this._timed = undefined;
    if (cmd.argv.length === 0 && word.assignment) {
      const eq = /^([A-Za-z_][A-Za-z0-9_]*)(\+?)=/.exec(word.value);
      if (eq) {
        const value = { ...word, value: word.value.slice(eq[0].length), pattern: word.pattern.slice(eq[0].length), assignment: false };
        const assigned = eq[2] ? { ...value, dynamic: true } : value;
        raws.set(assigned, raws.get(word) ?? "");
        cmd.assigns.push(eq[2] ? { name: eq[1]!, value: assigned, append: true } : { name: eq[1]!, value: assigned });
        return false;
      }
    }
    if (cmd.argv.length === 0 && bare) {
      // `time -p`, `time --`, `time -p --`: the keyword's option and the end of its options, right
      // after it (`time -p cd /etc` runs cd in this shell; `-p` read as the program hid it).
      if (timed?.cmd === cmd && (word.value === "--" || (word.value === "-p" && !timed.p))) {
        if (word.value === "-p") this._timed = { cmd, p: true };
        return false;
      }
      if (word.value === "while" && !repeats(this.flow.frame)) {
        this._pipedFeed = this._feedingListing(cmd);
        this._firstWhile = this.atLineStart() || this._pipedFeed !== undefined;
      }
      if (word.value === "do") {
        if (this._firstWhile && this.scopes.top?.kind === "loop" && this.scopes.top.parent === undefined) planReadLoop(this.scopes.top, this.flow.frame, this.scopes.top.cond, this._pipedFeed, this.vars.has("IFS"));
        this._firstWhile = false;
        this._pipedFeed = undefined;
        markBody(this.scopes.top, this.pos, this.commands.length);
        const loop = this.scopes.top?.kind === "loop" ? this.scopes.top : undefined;
        const cond = loop && this._conds?.get(loop);
        if (cond) cond.end = this.pos - (raws.get(word) ?? "do").length;
        if (loop) (this._bodies ??= new WeakMap()).set(loop, { start: this.pos, first: this.commands.length, at: mark(this.vars), frame: this.flow.frame, cond });
      }
      if (word.value === "done") {
        this.closeLoop(this.pos - (raws.get(word) ?? "done").length);
        return false;
      }
      if (SKIPPED_WORDS.has(word.value)) {
        this.scopes.word(word.value);
        if ((word.value === "while" || word.value === "until") && this.scopes.top) (this._conds ??= new WeakMap()).set(this.scopes.top, { start: this.pos, first: this.commands.length, end: this.pos });
        if (word.value === "!") this._negated = cmd;
        if (word.value === "time") this._timed = { cmd, p: false };
        return false;
      }
      if (word.value === "esac" && this.caseDepth > 0) {
        this.closeCase(cmd);
        return false;
      }
    }
    cmd.argv.push(word);
    return cmd.argv.length === 1 && bare && word.value === "[[";
  }
}

// Compound commands a function body may be besides `{ … }` and `( … )`.
const COMPOUND_BODIES = new Set(["if", "for", "while", "until", "case", "select", "[["]);

/** `function NAME` before `()` or a body: bash's keyword form of a definition (the keyword itself unquoted). */
function _functionKeyword(argv: Word[]): boolean {
  if (argv.length !== 2) return false;
  const keyword = argv[0]!;
  const name = argv[1]!;
  return keyword.value === "function" && !keyword.quoted && !keyword.dynamic && !name.dynamic;
}

/**
 * Whether the loop body assigns `name` only by arithmetic (`n=$((n+1))`, `((n++))`): a counter
 * holds a number on every pass, and a number names no other folder (parser.ts rereadBody).
 */
function _countsOnly(body: string, name: string): boolean {
  const assignments = body.match(new RegExp(`(?:^|[\\s;&|(])${name}\\+?=(?!=)(.{0,3})`, "g")) ?? [];
  return assignments.every((a) => a.endsWith("$(("));
}
