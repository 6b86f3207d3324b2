import { op, type Op } from "../ops.ts";
import { unknownWord, type Word } from "../syntax.ts";
import type { Handler, Invocation } from "./context.ts";
import { type Input, scriptFile, stdinInput } from "./data-input.ts";
import { SQL_DIALECTS, type SqlFlavor, type SqlProfile } from "./sql-lexer.ts";
import type { ScriptState } from "./sql-meta.ts";
import { sqlScriptOps } from "./sql-script.ts";
import { createdFiles, realOutput } from "./sinks.ts";

/** How one SQL client takes its options and where it reads SQL from. */
interface ClientSpec {
  flavor: SqlFlavor;
  /** The quoting and comment rules its server follows (the others are all tried). */
  dialect: Partial<SqlProfile>;
  /** Options that take a value (a name, host, separator, …). */
  valued: string[];
  /** Options that take two values (`sqlite3 -lookaside SIZE N`). */
  valued2?: string[];
  /** Options whose value is SQL text. */
  sql: string[];
  /** Options whose value is a SQL script file (`-` is stdin). */
  file: string[];
  /** Options whose value is a file the client writes (psql `-o`), or appends to. */
  output?: string[];
  append?: string[];
  /** Options after which the client runs nothing (`--help`, `--version`, `psql -l`). */
  exits: string[];
  readonly?: string[];
  /** Options the guard cannot follow (an archive mode, a pager command). */
  opaque?: string[];
  /** Short options cluster and take attached values (`-tAc SQL`, `-eSQL`). */
  clusters: boolean;
  /** Leading operands that are not SQL (the database file); the rest are SQL. Infinity: none are. */
  names: number;
  /** SQL options stop the client from reading stdin (psql -c, duckdb -c); else only SQL operands do. */
  sqlOptionsReplaceStdin: boolean;
}

const SQLITE: ClientSpec = {
  flavor: "dot",
  dialect: SQL_DIALECTS.sqlite,
  valued: ["-separator", "-newline", "-nullvalue", "-heap", "-maxsize", "-mmap", "-vfs", "-escape"],
  valued2: ["-lookaside", "-pagecache"],
  sql: ["-cmd"],
  file: ["-init"],
  exits: ["-help", "-version"],
  readonly: ["-readonly"],
  opaque: ["-A", "-archive"],
  clusters: false,
  names: 1,
  sqlOptionsReplaceStdin: false,
};

const DUCKDB: ClientSpec = { ...SQLITE, dialect: SQL_DIALECTS.duckdb, sql: ["-cmd", "-c", "-s"], file: ["-init", "-f"], opaque: [], sqlOptionsReplaceStdin: false };

const PSQL: ClientSpec = {
  flavor: "psql",
  dialect: SQL_DIALECTS.postgres,
  valued: ["-d", "--dbname", "-h", "--host", "-p", "--port", "-U", "--username", "-v", "--set", "--variable", "-P", "--pset", "-F", "--field-separator", "-R", "--record-separator", "-T", "--table-attr"],
  sql: ["-c", "--command"],
  file: ["-f", "--file"],
  output: ["-o", "--output"],
  append: ["-L", "--log-file"],
  exits: ["--help", "-?", "--version", "-V", "-l", "--list"],
  clusters: true,
  names: Infinity,
  sqlOptionsReplaceStdin: true,
};

const MYSQL: ClientSpec = {
  flavor: "mysql",
  dialect: SQL_DIALECTS.mysql,
  valued: [
    "-D", "--database", "-h", "--host", "-u", "--user", "-P", "--port", "-S", "--socket", "--defaults-file", "--defaults-extra-file",
    "--login-path", "--protocol", "--default-character-set", "--prompt", "--connect-timeout", "--max-allowed-packet", "--ssl-ca",
    "--ssl-cert", "--ssl-key", "--plugin-dir", "--default-auth", "--bind-address", "--character-sets-dir", "-O", "--set-variable",
  ],
  sql: ["-e", "--execute", "--init-command"],
  file: [],
  append: ["--tee"],
  exits: ["--help", "-?", "--version", "-V"],
  opaque: ["--pager", "--delimiter"],
  clusters: true,
  names: Infinity,
  sqlOptionsReplaceStdin: true,
};

const CLICKHOUSE: ClientSpec = {
  flavor: "plain",
  dialect: SQL_DIALECTS.any,
  valued: ["-h", "--host", "--port", "-u", "--user", "--password", "-d", "--database", "-f", "--format", "-C", "--config-file", "--config", "--history_file", "--log-level", "--param", "--max_threads"],
  sql: ["-q", "--query"],
  file: ["--queries-file"],
  exits: ["--help", "--version", "-V"],
  clusters: false,
  names: 0,
  sqlOptionsReplaceStdin: true,
};

// cqlsh (Cassandra, ScyllaDB): CQL in `-e`, `-f` files or stdin; host and port are operands.
// CQL strings are '…' ('' escapes) and $$…$$; comments are --, // and /* */ (not nested).
const CQLSH: ClientSpec = {
  flavor: "plain",
  dialect: { backslash: false, hash: false, brackets: false, backticks: false, dollar: true, nested: false, dashSpace: false, exec: false },
  valued: ["-u", "--username", "-p", "--password", "-k", "--keyspace", "--browser", "--encoding", "--cqlshrc", "--credentials", "--cqlversion", "--protocol-version", "--connect-timeout", "--request-timeout", "-b", "--secure-connect-bundle", "--consistency-level", "--serial-consistency-level"],
  sql: ["-e", "--execute"],
  file: ["-f", "--file"],
  exits: ["--help", "-h", "--version"],
  clusters: true,
  names: Infinity,
  sqlOptionsReplaceStdin: true,
};

// The InfluxDB 1.x shell: InfluxQL in `-execute` (Go flags: one dash or two) or on stdin.
const INFLUXQL: ClientSpec = {
  flavor: "plain",
  dialect: SQL_DIALECTS.any,
  valued: ["-host", "-port", "-socket", "-database", "-db", "-username", "-password", "-format", "-precision", "-consistency", "-path", "-pps", "-type", "-unixSocket", "-config"],
  sql: ["-execute"],
  file: [],
  exits: ["-help", "-h", "-version"],
  clusters: false,
  names: Infinity,
  sqlOptionsReplaceStdin: true,
};

type Source = { kind: "sql"; word: Word } | { kind: "file"; word: Word };

/** A SQL client (`sqlite3`, `duckdb`, `psql`, `mysql`, `mariadb`, `clickhouse-client`). */
function client(spec: ClientSpec): Handler {
  return (inv) => {
    const parsed = _parse(spec, inv);
    if (parsed === "exits") return [];
    if (parsed === "opaque") return [op("data-destroy", inv.name)];
    const { sources, operands, writes } = parsed;
    const sqlOperands = operands.slice(Math.min(spec.names, operands.length));
    const state: ScriptState = { readonly: parsed.readonly, moved: false, depth: 0 };
    const ops: Op[] = [...writes];
    const all = [...sources, ...sqlOperands.map((word): Source => ({ kind: "sql", word }))];
    for (const s of all) ops.push(...sqlScriptOps(_text(s, inv), spec.flavor, inv, state, spec.dialect));
    const readsStdin = sqlOperands.length === 0 && (!spec.sqlOptionsReplaceStdin || sources.length === 0);
    const stdin = readsStdin ? stdinInput(inv) : "none";
    if (stdin !== "none") ops.push(...sqlScriptOps(stdin, spec.flavor, inv, state, spec.dialect));
    // SQLite's and DuckDB's database file, edited (or created) by a statement that writes: judged
    // as a file edited in place that may land new, as gpg's keyrings (session 9: `sqlite3 /etc/x.db 'CREATE TABLE …'`).
    const db = spec.names === 1 && state.wrote ? _databaseFile(operands[0]) : undefined;
    if (db) ops.push(...createdFiles(inv.name, [db], true));
    return ops;
  };
}

/** The file a SQLite or DuckDB database operand names: none in memory; a `file:` URI's path (read-only or in-memory URIs none). */
function _databaseFile(w: Word | undefined): Word | undefined {
  if (!w || !realOutput(w) || w.value === ":memory:" || (!w.dynamic && w.value === "")) return undefined;
  if (w.dynamic || !w.value.startsWith("file:")) return w;
  const [path, query = ""] = w.value.slice(5).split("?", 2) as [string, string?];
  if (/(^|&)mode=(ro|memory)(&|$)/.test(query) || path === ":memory:") return undefined;
  const slash = path.indexOf("/", 2);
  const local = !path.startsWith("//") ? path : slash < 0 ? "" : path.slice(slash);
  return local.includes("%") || !local ? unknownWord() : { ...w, value: local, pattern: local };
}

function _text(s: Source, inv: Invocation): Input {
  if (s.kind === "sql") return s.word.dynamic ? null : s.word.value;
  if (s.word.value === "-" && !s.word.dynamic) {
    const stdin = stdinInput(inv);
    return stdin === "none" ? "" : stdin;
  }
  return scriptFile(s.word, inv.ctx);
}

interface Parsed {
  sources: Source[];
  operands: Word[];
  writes: Op[];
  readonly: boolean;
}

function _parse(spec: ClientSpec, inv: Invocation): Parsed | "exits" | "opaque" {
  const out: Parsed = { sources: [], operands: [], writes: [], readonly: false };
  const args = inv.args;
  // A long option's value is attached with `=`, or is the next word.
  const take = (name: string, value: Word | undefined): "exits" | "opaque" | undefined => {
    if (spec.exits.includes(name)) return "exits";
    if (spec.opaque?.includes(name)) return "opaque";
    if (spec.readonly?.includes(name)) out.readonly = true;
    if (!value) return undefined;
    if (spec.sql.includes(name)) out.sources.push({ kind: "sql", word: value });
    else if (spec.file.includes(name)) out.sources.push({ kind: "file", word: value });
    else if (spec.output?.includes(name)) out.writes.push({ ...op("overwrite", inv.name, [value]), lands: "created" });
    else if (spec.append?.includes(name)) out.writes.push({ ...op("write-into", inv.name, [value]), lands: "created" });
    return undefined;
  };
  const takesValue = (name: string) => spec.valued.includes(name) || spec.sql.includes(name) || spec.file.includes(name) || spec.output?.includes(name) || spec.append?.includes(name) || spec.opaque?.includes(name);
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const v = a.value;
    if (a.dynamic && v.startsWith("-")) return "opaque";
    if (!v.startsWith("-") || v === "-" || a.dynamic) {
      out.operands.push(a);
      continue;
    }
    if (v === "--") {
      out.operands.push(...args.slice(i + 1));
      break;
    }
    // SQLite and DuckDB spell long options with one dash or two.
    const name = spec.clusters ? v : v.replace(/^--/, "-");
    const eq = name.indexOf("=");
    if (name.startsWith("--") || !spec.clusters) {
      const key = eq > 0 ? name.slice(0, eq) : name;
      if (spec.valued2?.includes(key)) {
        i += 2;
        continue;
      }
      const value = eq > 0 ? { ...a, value: name.slice(eq + 1) } : takesValue(key) ? args[++i] : undefined;
      const r = take(key, value);
      if (r) return r;
      continue;
    }
    // A cluster of short options: the first that takes a value takes the rest, or the next word.
    for (let k = 1; k < name.length; k++) {
      const key = `-${name[k]}`;
      // mysql -pSECRET: the rest of the word is a password.
      if (spec.flavor === "mysql" && key === "-p") break;
      if (!takesValue(key)) {
        const r = take(key, undefined);
        if (r) return r;
        continue;
      }
      const rest = name.slice(k + 1);
      const r = take(key, rest ? { ...a, value: rest } : args[++i]);
      if (r) return r;
      break;
    }
  }
  return out;
}

export const sqlite = client(SQLITE);
export const duckdb = client(DUCKDB);
export const psql = client(PSQL);
export const mysql = client(MYSQL);
export const clickhouseClient = client(CLICKHOUSE);
export const cqlsh = client(CQLSH);
export const influxql = client(INFLUXQL);

/** `clickhouse client …` and `clickhouse local …` run SQL like clickhouse-client. */
export const clickhouse: Handler = (inv) => {
  const [sub, ...rest] = inv.args;
  if (sub?.value !== "client" && sub?.value !== "local") return [];
  return clickhouseClient({ ...inv, args: rest });
};

/** dropdb, dropuser, pg_dropcluster: the named database goes (unless only help is asked). */
export const dropProgram: Handler = (inv) => (inv.args.some((a) => /^(--help|-\?|--version|-V)$/.test(a.value)) ? [] : [op("data-destroy", inv.name)]);

/** `mysqladmin … drop DB` drops a database; other admin commands keep the data. */
export const mysqladmin: Handler = (inv) => {
  if (inv.args.some((a) => a.dynamic && !a.value.startsWith("-"))) return [op("data-destroy", inv.name)];
  return inv.args.some((a) => a.value.toLowerCase() === "drop") ? [op("data-destroy", inv.name)] : [];
};

/** `pg_restore --clean` drops the objects it restores first. */
export const pgRestore: Handler = (inv) => {
  // `-c` alone or among flag letters (`-Fc` is the format option's value).
  const clean = inv.args.some((a) => a.value === "--clean" || /^-[1aOsvxew]*c[1aOsvxew]*$/.test(a.value) || a.dynamic);
  return clean ? [op("data-destroy", inv.name)] : [];
};
