import { isAbsolute } from "node:path";
import { op, type Op } from "../ops.ts";
import { literalWord, unknownWord, type Word } from "../syntax.ts";
import { analyzeText } from "./analyze.ts";
import type { Invocation } from "./context.ts";
import { type Input, metaArgs, scriptFile } from "./data-input.ts";
import type { SqlFlavor } from "./sql-lexer.ts";

/** What the client's own commands in a script do, and how later SQL must be read. */
export interface ScriptState {
  /** The database is open read-only (`sqlite3 -readonly`): statements cannot change it until `.open`. */
  readonly: boolean;
  /** A `.cd`/`\cd` ran: later relative file names are unknown. */
  moved: boolean;
  /** Nesting of `.read`/`\i`/`source`. */
  depth: number;
  /** A statement may have written the database file (sql-statement.ts statementWrites). */
  wrote?: boolean;
}

/** Runs the text of an included script (null: unknown) in the same state. */
type RunScript = (text: Input, state: ScriptState) => Op[];

// Client commands that only show, format or connect (SQLite/DuckDB dot commands, psql meta).
const DOT_SAFE = new Set(
  (
    "tables schema indexes indices fullschema dump databases dbinfo dbconfig headers header mode separator nullvalue width timer " +
    "changes echo eqp explain print prompt show help quit exit bail stats limit lint parameter timeout vfsinfo vfslist vfsname " +
    "version selftest sha3sum excel www crnl binary connection check expert nonce progress scanstats recover columns rows " +
    "maxrows maxwidth highlight"
  ).split(" "),
);
const PSQL_SAFE = new Set(
  (
    "set unset echo qecho warn pset x timing c connect conninfo q ? h help encoding errverbose sf sv z prompt if elif else endif " +
    "t a f H T C r reset p print bind bind_named close parse crosstabview watch getenv setenv password copyright gdesc gset " +
    "lo_list lo_import g gx startpipeline endpipeline syncpipeline sendpipeline flushrequest flush getresults restrict unrestrict"
  ).split(" "),
);
const MYSQL_SAFE = /^\\[gGcpusqrtnwWCR#?hl]$/;

/** The effects of one client command (`.read f`, `\! cmd`, `source f`) in a script. */
export function metaOps(text: string, flavor: SqlFlavor, inv: Invocation, state: ScriptState, run: RunScript): Op[] {
  if (flavor === "dot") return _dot(text, inv, state, run);
  if (flavor === "psql") return _psql(text, inv, state, run);
  return _mysql(text, inv, state, run);
}

const destroy = (inv: Invocation) => [op("data-destroy", inv.name)];
const shell = (text: string, inv: Invocation) => (text.trim() ? analyzeText(text, "posix", inv.ctx) : []);

function _file(name: string, state: ScriptState): Word {
  return state.moved && !isAbsolute(name) ? unknownWord() : literalWord(name);
}

/** A file an output command writes, or the command it pipes to (`|cmd`). */
function _output(name: string | undefined, inv: Invocation, state: ScriptState, append = false): Op[] {
  if (name === undefined || /^(stdout|stderr|off|on|-[a-z]+)$/.test(name)) return [];
  if (name.startsWith("|")) return shell(name.slice(1), inv);
  return [{ ...op(append ? "write-into" : "overwrite", inv.name, [_file(name, state)]), lands: "created" }];
}

function _include(name: string | undefined, inv: Invocation, state: ScriptState, run: RunScript): Op[] {
  if (name === undefined) return [];
  if (name.startsWith("|")) return [...shell(name.slice(1), inv), ...run(null, state)];
  return run(state.moved && !isAbsolute(name) ? null : scriptFile(literalWord(name), inv.ctx), state);
}

/** SQLite and DuckDB dot commands. */
function _dot(text: string, inv: Invocation, state: ScriptState, run: RunScript): Op[] {
  const m = /^\.(\S*)\s*(.*)$/s.exec(text)!;
  const name = m[1]!.toLowerCase();
  const rest = m[2]!;
  const args = metaArgs(rest);
  const plain = args.filter((a) => !a.startsWith("-"));
  switch (name) {
    case "read":
      return _include(args[0], inv, state, run);
    case "shell":
    case "system":
      return shell(rest, inv);
    case "output":
    case "once":
    case "log":
    case "trace":
      return _output(rest.trim().startsWith("|") ? rest.trim() : plain[0], inv, state);
    case "backup":
    case "save":
      return _output(plain.at(-1), inv, state);
    case "clone":
      // `.clone NEWDB` writes a new database file (it refuses an existing one): session 9.
      return _output(plain[0], inv, state);
    case "restore":
      return destroy(inv);
    case "open":
      // `--new` empties the file it opens; reopening is handled by sql-script.ts.
      return args.includes("--new") || args.includes("-new") ? destroy(inv) : [];
    case "cd":
      state.moved = true;
      return [];
    case "load":
      // A shared library runs native code in the client.
      return [op("unknown", inv.name)];
    case "import": {
      // `.import FILE TABLE` reads a file; a FILE starting with `|` is a command run for its output.
      const source = plain[0];
      if (source === undefined) return [];
      return source.startsWith("|") ? shell(source.slice(1), inv) : [];
    }
  }
  return DOT_SAFE.has(name) ? [] : destroy(inv);
}

/** psql backslash commands. */
function _psql(text: string, inv: Invocation, state: ScriptState, run: RunScript): Op[] {
  const m = /^\\([a-zA-Z_]+[+Sx]*|.?)(.*)$/s.exec(text)!;
  const name = m[1]!.replace(/[+S]+$/, "");
  const rest = m[2]!.split(/\\\\/)[0]!;
  const args = metaArgs(rest);
  switch (name) {
    case "!":
      return shell(rest, inv);
    case "i":
    case "ir":
    case "include":
    case "include_relative":
      return _include(args[0], inv, state, run);
    case "o":
    case "out":
    case "w":
    case "write":
    case "s":
      return _output(rest.trim().startsWith("|") ? rest.trim() : args[0], inv, state);
    case "g":
    case "gx":
      return _output(rest.trim().startsWith("|") ? rest.trim() : args[0], inv, state);
    case "lo_export":
      return _output(args[1], inv, state);
    case "lo_unlink":
      return destroy(inv);
    case "copy":
      return _copy(rest, inv, state);
    case "cd":
      state.moved = true;
      return [];
    case "":
    case "\\":
    case ";":
      return [];
  }
  if (PSQL_SAFE.has(name) || (/^[dl]/.test(name) && !name.startsWith("lo_"))) return [];
  // \gexec runs query results as SQL, \e runs what an editor leaves: text the guard cannot read.
  return destroy(inv);
}

/** `\copy t to 'file'` writes a client file; `… program 'cmd'` runs a shell command. */
function _copy(rest: string, inv: Invocation, state: ScriptState): Op[] {
  const program = /\bprogram\s+'((?:[^']|'')*)'/i.exec(rest);
  if (program) return shell(program[1]!.replace(/''/g, "'"), inv);
  // Any other spelling of the command (`$$…$$`, `E'…'`, a double-quoted one) is not read.
  if (/\bprogram\b/i.test(rest)) return [op("unknown", inv.name)];
  const to = /\bto\s+('(?:[^']|'')*'|\S+)/i.exec(rest);
  if (!to || /^(stdout|pstdout)$/i.test(to[1]!)) return [];
  return _output(metaArgs(to[1]!)[0], inv, state);
}

/** mysql and mariadb client commands (`\! cmd`, `system cmd`, `source f`, `tee f`, `pager cmd`). */
function _mysql(text: string, inv: Invocation, state: ScriptState, run: RunScript): Op[] {
  const m = /^(\\.?|[a-zA-Z]+)\s*(.*)$/s.exec(text)!;
  const name = m[1]!.startsWith("\\") ? m[1]! : m[1]!.toLowerCase();
  const rest = m[2]!;
  switch (name) {
    case "\\!":
    case "system":
    case "\\P":
    case "pager":
      return shell(rest, inv);
    case "\\.":
    case "source":
      return _include(metaArgs(rest)[0], inv, state, run);
    case "\\T":
    case "tee":
      return _output(metaArgs(rest)[0], inv, state, true);
  }
  if (name === "\\e" || name === "edit" || name === "\\d" || name === "delimiter") return destroy(inv);
  return MYSQL_SAFE.test(name) || !name.startsWith("\\") ? [] : destroy(inv);
}
