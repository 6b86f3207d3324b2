import { literalWord, ParseError, type Redirect, type Script, type SimpleCommand, type Word } from "../syntax.ts";
import { decodeAnsiC } from "./ansi-c.ts";
import { assign, expand, forgetAll, UNSET, type Vars } from "./vars.ts";
import { expandBraces, WordBuilder } from "./word-builder.ts";

export type { Vars } from "./vars.ts";

/** How deep `$(…)`, `eval` and `bash -c` may nest before the guard stops and fails closed. */
export const MAX_DEPTH = 12;

const BLANK = new Set([" ", "\t"]);
const OPERATOR = new Set([";", "&", "|", "<", ">", "(", ")", "\n"]);
const SKIPPED_WORDS = new Set(["if", "then", "elif", "else", "do", "while", "until", "!", "{", "}", "fi", "done", "time"]);
const DECLARERS = new Set(["export", "declare", "typeset", "local", "readonly"]);

interface PendingHeredoc {
  redirect: Redirect;
  delimiter: string;
  stripTabs: boolean;
}

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

class _Parser {
  pos = 0;
  readonly commands: SimpleCommand[] = [];
  private pending: PendingHeredoc[] = [];
  /** Open `case` statements, and whether a pattern (`a|b)`) comes next. */
  private caseDepth = 0;
  private expectPattern = false;

  constructor(
    private readonly src: string,
    readonly vars: Vars,
    private readonly depth: number,
    /** Inside `$(…)`: a heredoc delimiter line may end with `)`. */
    private readonly inSubst = false,
  ) {
    if (depth > MAX_DEPTH) throw new ParseError("nesting too deep");
  }

  parseList(end: ")" | null): void {
    for (;;) {
      this.skipBlanks();
      if (this.expectPattern) this.skipCasePattern();
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
      else this.parsePipeline();
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
        from = cmd;
        continue;
      }
      return;
    }
  }

  private parseCommand(pipeFrom: SimpleCommand | undefined): SimpleCommand {
    const cmd: SimpleCommand = { argv: [], assigns: [], redirects: [], pipeFrom };
    this.skipBlanks();
    if (this.src.startsWith("((", this.pos)) {
      this.pos += 2;
      this.readArithmetic();
      cmd.group = true;
      return cmd;
    }
    if (this.src[this.pos] === "(") {
      this.pos++;
      this.parseList(")");
      cmd.group = true;
    }
    let testBrackets = false;
    for (;;) {
      this.skipBlanks();
      const c = this.src[this.pos];
      if (c === undefined || c === "\n" || c === ";" || c === "&" || c === "|" || c === ")") {
        if (c === "&" && this.src[this.pos + 1] === ">") this.parseRedirect(cmd);
        else break;
        continue;
      }
      if (c === "#" && !this.inWord()) {
        this.skipComment();
        break;
      }
      if (!testBrackets && this.atRedirect()) {
        this.parseRedirect(cmd);
        continue;
      }
      if (c === "(") {
        // `name() { … }`: a function definition; its body is parsed as if it ran.
        if (this.src.startsWith("()", this.pos) && cmd.argv.length === 1) {
          this.pos += 2;
          cmd.argv = [];
          continue;
        }
        // `do ( … )`, `then ( … )`: a subshell after a reserved word.
        if (cmd.argv.length === 0 && cmd.assigns.length === 0) {
          this.pos++;
          this.parseList(")");
          cmd.group = true;
          continue;
        }
        throw new ParseError("unexpected parenthesis");
      }
      const words = this.readWords(testBrackets);
      if (cmd.argv.length === 0 && words.length === 1 && !words[0]!.quoted && !words[0]!.dynamic) {
        if (words[0]!.value === "case") {
          this.readCaseHead();
          return cmd;
        }
        if (words[0]!.value === "for" || words[0]!.value === "select") {
          this.readForHead();
          return cmd;
        }
      }
      for (const word of words) this.place(cmd, word, () => (testBrackets = true));
      if (testBrackets && words.some((w) => w.value === "]]" && !w.quoted)) testBrackets = false;
    }
    if (!cmd.group || cmd.argv.length > 0) this.track(cmd);
    this.commands.push(cmd);
    return cmd;
  }

  /** Files one word into the command: a reserved word, an assignment or an argument. */
  private place(cmd: SimpleCommand, word: Word, openTest: () => void): void {
    const bare = !word.quoted && !word.dynamic;
    if (cmd.argv.length === 0 && bare) {
      if (SKIPPED_WORDS.has(word.value)) return;
      if (word.value === "[[") openTest();
      if (word.value === "esac" && this.caseDepth > 0) {
        this.caseDepth--;
        return;
      }
      const eq = /^([A-Za-z_][A-Za-z0-9_]*)(\+?)=/.exec(word.value);
      if (eq && cmd.argv.length === 0) {
        const value = { ...word, value: word.value.slice(eq[0].length), pattern: word.pattern.slice(eq[0].length) };
        cmd.assigns.push({ name: eq[1]!, value: eq[2] ? { ...value, dynamic: true } : value });
        return;
      }
    }
    cmd.argv.push(word);
  }

  /** Remembers variables a command defines, so later words can resolve them. */
  private track(cmd: SimpleCommand): void {
    const [head, ...rest] = cmd.argv;
    if (!head) {
      for (const { name, value } of cmd.assigns) assign(this.vars, name, value.dynamic ? null : value.value);
      return;
    }
    if (head.dynamic) return;
    const names = rest.filter((w) => /^[A-Za-z_][A-Za-z0-9_]*$/.test(w.value)).map((w) => w.value);
    if (DECLARERS.has(head.value)) {
      // `declare -n` makes a name reference: its value is another variable's, never the text.
      const nameref = rest.some((w) => /^-[a-zA-Z]*n/.test(w.value));
      for (const w of rest) {
        const m = /^([A-Za-z_][A-Za-z0-9_]*)=/.exec(w.value);
        if (m) assign(this.vars, m[1]!, w.dynamic || nameref ? null : w.value.slice(m[0].length));
        else if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(w.value) && !this.vars.has(w.value)) assign(this.vars, w.value, null);
      }
    } else if (head.value === "unset") {
      for (const name of names) assign(this.vars, name, UNSET);
    } else if (head.value === "read" || head.value === "mapfile" || head.value === "readarray" || head.value === "getopts") {
      for (const name of names) assign(this.vars, name, null);
    } else if (head.value === "source" || head.value === ".") forgetAll(this.vars);
  }

  /** `case WORD in`: the subject is read (its substitutions run); patterns follow. */
  private readCaseHead(): void {
    this.skipBlanks();
    this.readWords(false, true);
    this.skipLineBreaks();
    const [kw] = this.readWords(false, true);
    if (kw?.value !== "in") throw new ParseError("case without in");
    this.caseDepth++;
    this.expectPattern = true;
  }

  /** `for NAME in WORDS`: the words are read (substitutions run); NAME becomes unknown. */
  private readForHead(): void {
    this.skipBlanks();
    if (this.src.startsWith("((", this.pos)) {
      this.pos += 2;
      this.readArithmetic();
      return;
    }
    const [name] = this.readWords(false, true);
    if (name) assign(this.vars, name.value, null);
    for (;;) {
      this.skipBlanks();
      const c = this.src[this.pos];
      if (c === undefined || c === ";" || c === "\n") return;
      this.readWords(false, true);
    }
  }

  /** Skips one `pattern)` of a case item, or the closing `esac`. */
  private skipCasePattern(): void {
    this.expectPattern = false;
    this.skipLineBreaks();
    if (/^esac(?=[\s;)&|]|$)/.test(this.src.slice(this.pos, this.pos + 5))) {
      this.pos += 4;
      this.caseDepth--;
      return;
    }
    if (this.src[this.pos] === "(") this.pos++;
    for (;;) {
      const c = this.src[this.pos];
      if (c === undefined) throw new ParseError("unterminated case pattern");
      if (c === ")") {
        this.pos++;
        return;
      }
      if (c === "\\") this.pos += 2;
      else if (c === "'" || c === '"') {
        const close = this.src.indexOf(c, this.pos + 1);
        if (close < 0) throw new ParseError("unterminated quote");
        this.pos = close + 1;
      } else this.pos++;
    }
  }

  private atRedirect(): boolean {
    const rest = this.src.slice(this.pos, this.pos + 12);
    return /^(\d*|\{[A-Za-z_][A-Za-z0-9_]*\})(<<<|<<-|<<|>>|>\||>&|<&|<>|>(?!\()|<(?!\())/.test(rest);
  }

  private parseRedirect(cmd: SimpleCommand): void {
    const m = /^(\d*|\{[A-Za-z_][A-Za-z0-9_]*\})(&>>|&>|<<<|<<-|<<|>>|>\||>&|<&|<>|>|<)/.exec(this.src.slice(this.pos, this.pos + 40));
    if (!m) throw new ParseError("bad redirection");
    this.pos += m[0].length;
    const op = m[2] === "<<-" ? "<<" : m[2]!;
    this.skipBlanks();
    if (op === "<<") {
      const start = this.pos;
      const [delim] = this.readWords(false, true);
      if (!delim) throw new ParseError("missing heredoc delimiter");
      const raw = this.src.slice(start, this.pos);
      const redirect: Redirect = { op, fd: m[1]!, target: delim, heredoc: { body: "", expands: !/['"\\]/.test(raw), dynamic: false } };
      cmd.redirects.push(redirect);
      this.pending.push({ redirect, delimiter: delim.value, stripTabs: m[2] === "<<-" });
      return;
    }
    const [target] = this.readWords(false, true);
    if (!target) throw new ParseError("missing redirection target");
    cmd.redirects.push({ op, fd: m[1]!, target });
  }

  /** Reads heredoc bodies that start after the line just finished. */
  private readHeredocs(): void {
    for (const doc of this.pending.splice(0)) {
      let body = "";
      for (;;) {
        if (this.pos >= this.src.length) break; // bash runs an unterminated heredoc to EOF
        const nl = this.src.indexOf("\n", this.pos);
        const lineEnd = nl < 0 ? this.src.length : nl;
        let line = this.src.slice(this.pos, lineEnd);
        if (doc.stripTabs) line = line.replace(/^\t+/, "");
        if (line === doc.delimiter) {
          this.pos = Math.min(lineEnd + 1, this.src.length);
          break;
        }
        if (this.inSubst && line.startsWith(doc.delimiter) && line.slice(doc.delimiter.length).trimStart().startsWith(")")) {
          this.pos = this.src.indexOf(")", this.pos + (this.src.slice(this.pos).indexOf(doc.delimiter) + doc.delimiter.length));
          break;
        }
        body += `${line}\n`;
        this.pos = lineEnd + 1;
      }
      const expands = doc.redirect.heredoc!.expands;
      // An unquoted delimiter expands `$(…)` in the body: those commands run too.
      doc.redirect.heredoc = expands ? { ...this.expandText(body), expands } : { body, expands, dynamic: false };
    }
  }

  /** Expands `$…` and backticks inside text (a heredoc body), parsing substitutions. */
  private expandText(text: string): { body: string; dynamic: boolean } {
    const sub = new _Parser(text, this.vars, this.depth);
    const out = new WordBuilder();
    while (sub.pos < text.length) {
      const c = text[sub.pos]!;
      if (c === "\\" && "$`\\".includes(text[sub.pos + 1] ?? "\0")) {
        out.addQuoted(text[sub.pos + 1]!);
        sub.pos += 2;
      } else if (c === "$" || c === "`") sub.readDollarOrTick(out, true);
      else {
        out.addQuoted(c);
        sub.pos++;
      }
    }
    this.commands.push(...sub.commands);
    return { body: out.value, dynamic: out.dynamic };
  }

  /** Reads one shell word (or several after brace expansion). */
  readWords(testBrackets: boolean, single = false): Word[] {
    const w = new WordBuilder();
    const start = this.pos;
    for (;;) {
      const c = this.src[this.pos];
      if (c === undefined || BLANK.has(c)) break;
      if (OPERATOR.has(c)) {
        if ((c === "<" || c === ">") && this.src[this.pos + 1] === "(") {
          this.pos += 2;
          this.nested(true);
          w.addExpansion(null, false);
          continue;
        }
        if (!testBrackets || c === "\n" || c === ";" || c === "&" || c === "|") break;
        if (c === "(" || c === ")") break;
      }
      if (c === "\\") {
        const next = this.src[this.pos + 1];
        this.pos += 2;
        if (next === "\n") continue;
        if (next === undefined) break;
        w.addQuoted(next);
      } else if (c === "'") {
        const close = this.src.indexOf("'", this.pos + 1);
        if (close < 0) throw new ParseError("unterminated single quote");
        w.addQuoted(this.src.slice(this.pos + 1, close));
        this.pos = close + 1;
      } else if (c === '"') {
        this.pos++;
        this.readDoubleQuoted(w);
      } else if (c === "$" || c === "`") this.readDollarOrTick(w, false);
      else if (c === "~" && this.pos === start && /^(?:[\s/;&|)]|$)/.test(this.src[this.pos + 1] ?? "")) {
        this.pos++;
        w.addTilde(this.lookup("HOME"));
      } else if (c === "~" && this.pos === start && /[A-Za-z_]/.test(this.src[this.pos + 1] ?? "")) {
        // `~user`: another user's home, unknown here.
        this.pos++;
        w.addExpansion(null, false);
      } else {
        w.addPlain(c);
        this.pos++;
      }
    }
    if (!w.started) return [];
    const word = w.build();
    if (w.brace && !w.quoted && !w.dynamic && !single && !/^[A-Za-z_][A-Za-z0-9_]*=/.test(word.value)) {
      const expanded = expandBraces(word.value);
      if (expanded) return expanded.map((v) => ({ ...literalWord(v), glob: /[*?[]/.test(v) }));
    }
    return [word];
  }

  private readDoubleQuoted(w: WordBuilder): void {
    for (;;) {
      const c = this.src[this.pos];
      if (c === undefined) throw new ParseError("unterminated double quote");
      if (c === '"') {
        this.pos++;
        w.addQuoted("");
        return;
      }
      if (c === "\\" && '$`"\\\n'.includes(this.src[this.pos + 1] ?? "\0")) {
        if (this.src[this.pos + 1] !== "\n") w.addQuoted(this.src[this.pos + 1]!);
        this.pos += 2;
      } else if (c === "$" || c === "`") this.readDollarOrTick(w, true);
      else {
        w.addQuoted(c);
        this.pos++;
      }
    }
  }

  /** `$name`, `${…}`, `$(…)`, `$((…))`, `$'…'`, `$"…"` or a backtick substitution. */
  readDollarOrTick(w: WordBuilder, quoted: boolean): void {
    const src = this.src;
    if (src[this.pos] === "`") {
      let end = this.pos + 1;
      let body = "";
      for (; end < src.length && src[end] !== "`"; end++) {
        if (src[end] === "\\" && "$`\\".includes(src[end + 1] ?? "\0")) end++;
        body += src[end];
      }
      if (end >= src.length) throw new ParseError("unterminated backtick");
      this.pos = end + 1;
      const inner = parsePosix(body, this.vars, this.depth + 1).commands;
      this.commands.push(...inner);
      w.addExpansion(_echoed(inner), quoted);
      return;
    }
    const next = src[this.pos + 1];
    if (src.startsWith("$((", this.pos)) {
      this.pos += 3;
      this.readArithmetic();
      w.addExpansion(null, quoted);
    } else if (next === "(") {
      this.pos += 2;
      w.addExpansion(_echoed(this.nested(true)), quoted);
    } else if (next === "'" && !quoted) {
      const close = _closingQuote(src, this.pos + 2);
      if (close < 0) throw new ParseError("unterminated $' quote");
      w.addQuoted(decodeAnsiC(src.slice(this.pos + 2, close)));
      this.pos = close + 1;
    } else if (next === '"' && !quoted) {
      this.pos += 2;
      this.readDoubleQuoted(w);
    } else if (next === "{") {
      this.pos += 2;
      w.addExpansion(this.readBraced(), quoted);
    } else if (next !== undefined && /[A-Za-z_]/.test(next)) {
      const m = /^[A-Za-z_][A-Za-z0-9_]*/.exec(src.slice(this.pos + 1, this.pos + 200))!;
      this.pos += 1 + m[0].length;
      w.addExpansion(this.lookup(m[0]), quoted);
    } else if (next !== undefined && /[0-9@*#?$!-]/.test(next)) {
      this.pos += 2;
      w.addExpansion(null, quoted);
    } else {
      this.pos++;
      if (quoted) w.addQuoted("$");
      else w.addPlain("$");
    }
  }

  /** `${…}` after the opening brace: resolves `${X}`, `${X:-w}`, `${X:=w}`; else unknown. */
  private readBraced(): string | null {
    const m = /^([A-Za-z_][A-Za-z0-9_]*)(:?[-=+?])?/.exec(this.src.slice(this.pos, this.pos + 200));
    const inner = new WordBuilder();
    const start = this.pos;
    if (m) this.pos += m[0].length;
    while (this.src[this.pos] !== "}") {
      const c = this.src[this.pos];
      if (c === undefined) throw new ParseError("unterminated ${");
      if (c === "$" || c === "`") this.readDollarOrTick(inner, true);
      else if (c === '"') {
        this.pos++;
        this.readDoubleQuoted(inner);
      } else if (c === "'") {
        const close = this.src.indexOf("'", this.pos + 1);
        if (close < 0) throw new ParseError("unterminated single quote");
        inner.addQuoted(this.src.slice(this.pos + 1, close));
        this.pos = close + 1;
      } else if (c === "\\") {
        inner.addQuoted(this.src[this.pos + 1] ?? "");
        this.pos += 2;
      } else {
        inner.addQuoted(c);
        this.pos++;
      }
    }
    this.pos++;
    if (!m) return null;
    const value = this.lookup(m[1]!);
    const op = m[2]?.replace(":", "");
    if (this.pos - start === m[0].length + 1 && !op) return value;
    if (value === null || !op) return null;
    const fallback = inner.dynamic ? null : inner.value;
    // `${x-w}` substitutes only for an unset x, `${x:-w}` for an empty one too.
    const useWord = m[2]!.startsWith(":") ? value === "" : this.vars.get(m[1]!) === UNSET;
    if (op === "+") return useWord ? "" : fallback;
    if (op === "?" || !useWord) return value;
    if (op === "=") assign(this.vars, m[1]!, fallback);
    return fallback;
  }

  private readArithmetic(): void {
    let depth = 0;
    for (;;) {
      const c = this.src[this.pos];
      if (c === undefined) throw new ParseError("unterminated arithmetic");
      if (c === "$" || c === "`") {
        this.readDollarOrTick(new WordBuilder(), true);
        continue;
      }
      this.pos++;
      if (c === "(") depth++;
      else if (c === ")") {
        if (depth > 0) depth--;
        else if (this.src[this.pos] === ")") {
          this.pos++;
          return;
        } else throw new ParseError("bad arithmetic");
      }
    }
  }

  /** Parses `$(…)` / `<(…)` in place (sharing this text and position); returns its commands. */
  private nested(inSubst: boolean): SimpleCommand[] {
    const sub = new _Parser(this.src, this.vars, this.depth + 1, inSubst);
    sub.pos = this.pos;
    sub.parseList(")");
    this.pos = sub.pos;
    this.commands.push(...sub.commands);
    return sub.commands;
  }

  lookup(name: string): string | null {
    return expand(this.vars, name);
  }

  private inWord(): boolean {
    const prev = this.src[this.pos - 1];
    return prev !== undefined && !BLANK.has(prev) && !OPERATOR.has(prev);
  }

  private skipBlanks(): void {
    for (;;) {
      const c = this.src[this.pos];
      if (c !== undefined && BLANK.has(c)) this.pos++;
      else if (c === "\\" && this.src[this.pos + 1] === "\n") this.pos += 2;
      else return;
    }
  }

  private skipLineBreaks(): void {
    while (this.src[this.pos] === "\n" || (this.src[this.pos] !== undefined && BLANK.has(this.src[this.pos]!))) {
      if (this.src[this.pos] === "\n") {
        this.pos++;
        this.readHeredocs();
      } else this.pos++;
    }
  }

  private skipComment(): void {
    const nl = this.src.indexOf("\n", this.pos);
    this.pos = nl < 0 ? this.src.length : nl;
  }
}

/** The output of a substitution that only echoes literal words (`$(echo ls)`), else unknown. */
function _echoed(commands: SimpleCommand[]): string | null {
  const [only] = commands;
  if (commands.length !== 1 || !only || only.redirects.length || only.pipeFrom || only.assigns.length) return null;
  const [head, ...args] = only.argv;
  if (!head || head.dynamic || head.value !== "echo" || args.some((a) => a.dynamic || a.glob || a.value.startsWith("-"))) return null;
  return args.map((a) => a.value).join(" ");
}

function _closingQuote(src: string, from: number): number {
  for (let i = from; i < src.length; i++) {
    if (src[i] === "\\") i++;
    else if (src[i] === "'") return i;
  }
  return -1;
}
