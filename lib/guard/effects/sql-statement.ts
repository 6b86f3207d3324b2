/**
 * What one SQL statement does to the data it reaches, read from its leading keywords (the words
 * `lexSql` gives: keywords upper-cased, literals `'`, quoted names `"`).
 *
 * - `destroy`: removes or overwrites stored data: DROP, TRUNCATE, DELETE, UPDATE, MERGE, REPLACE,
 *   INSERT that overwrites (`OR REPLACE`, `ON CONFLICT DO UPDATE`, `ON DUPLICATE KEY UPDATE`,
 *   `OVERWRITE`), `CREATE OR REPLACE TABLE|DATABASE|SCHEMA`, ALTER that drops, truncates,
 *   deletes or updates (ClickHouse mutations), `LOAD DATA … REPLACE`, MySQL `RESET MASTER` and
 *   `PURGE`, `EXPLAIN ANALYZE` of any of these (it runs the statement), and a CTE whose body or
 *   main statement is one (`WITH d AS (DELETE …) SELECT …`).
 * - `unknown`: code the guard cannot read (`DO`, `CALL`, `EXECUTE`) or a statement it does not
 *   know: the caller treats it like a destroy (a person confirms).
 * - `safe`: reads, additive writes (INSERT, CREATE, COPY FROM) and session or maintenance
 *   statements.
 */
export type StatementEffect = "destroy" | "unknown" | "safe";

const DESTROYS = new Set(["DROP", "TRUNCATE", "DELETE", "UPDATE", "MERGE", "REPLACE", "UPSERT", "PURGE"]);
const OPAQUE = new Set(["DO", "CALL", "EXEC", "EXECUTE"]);
const SAFE = new Set(
  (
    "SELECT VALUES TABLE SHOW DESCRIBE DESC USE SET BEGIN START COMMIT END ROLLBACK ABORT SAVEPOINT RELEASE " +
    "CREATE GRANT REVOKE ANALYZE ANALYSE VACUUM REINDEX CLUSTER CHECKPOINT LISTEN UNLISTEN NOTIFY DECLARE FETCH CLOSE " +
    "MOVE PREPARE DEALLOCATE COPY ATTACH DETACH PRAGMA LOCK UNLOCK COMMENT DISCARD HANDLER HELP CHECK CHECKSUM " +
    "OPTIMIZE REPAIR FLUSH INSTALL FORCE SUMMARIZE PIVOT UNPIVOT FROM EXPORT IMPORT EXISTS WATCH SYSTEM RENAME KILL " +
    "REFRESH CACHE UNCACHE SECURITY LOAD " +
    // cqlsh's own session commands (they change no stored data).
    "CONSISTENCY SERIAL TRACING PAGING EXPAND LOGIN CLEAR CLS EXIT QUIT"
  ).split(" "),
);
/** Keywords that start a statement inside a CTE body or after the CTE list. */
const DML = new Set(["SELECT", "INSERT", "UPDATE", "DELETE", "MERGE", "REPLACE", "UPSERT", "VALUES", "TABLE"]);

/** The effect of one statement, given its words. */
export function statementEffect(words: string[]): StatementEffect {
  let k = 0;
  while (words[k] === "(") k++;
  const w = words.slice(k);
  const first = w[0];
  if (first === undefined) return "safe";
  if (DESTROYS.has(first)) return "destroy";
  if (OPAQUE.has(first)) return "unknown";
  switch (first) {
    case "WITH":
      return _cte(w);
    case "EXPLAIN":
      return _explain(w);
    case "INSERT":
      return (w[1] === "OR" && w[2] === "REPLACE") || w[1] === "OVERWRITE" || _has(w, "DO", "UPDATE") || _has(w, "DUPLICATE", "KEY", "UPDATE") ? "destroy" : "safe";
    case "CREATE":
      return _createReplaces(w) ? "destroy" : "safe";
    case "ALTER":
      return _alterDestroys(w) ? "destroy" : "safe";
    case "LOAD":
      return w.includes("REPLACE") ? "destroy" : "safe";
    case "RESET":
      return ["MASTER", "BINARY", "REPLICA", "SLAVE"].includes(w[1] ?? "") ? "destroy" : "safe";
  }
  return SAFE.has(first) ? "safe" : "unknown";
}

// Statements that leave the database file as it was (a PRAGMA that sets a value, `PRAGMA x = v`, writes).
const READS = new Set(["SELECT", "VALUES", "TABLE", "EXPLAIN", "PRAGMA", "BEGIN", "COMMIT", "END", "ROLLBACK", "SAVEPOINT", "RELEASE", "DESCRIBE", "DESC", "SHOW", "SUMMARIZE", "FROM", "WITH"]);

/**
 * Whether a statement may write the database file (session 9: `sqlite3 /etc/x.db 'CREATE TABLE
 * …'` creates or edits that file): anything but a read, a transaction marker or a PRAGMA that
 * only reads; a CTE with an INSERT, UPDATE, DELETE or REPLACE in it writes.
 */
export function statementWrites(words: string[]): boolean {
  let k = 0;
  while (words[k] === "(") k++;
  const first = words[k];
  if (first === undefined) return false;
  if (!READS.has(first)) return true;
  if (first === "PRAGMA") return words.includes("=") || (words.includes("(") && !/^(TABLE_|INDEX_|FOREIGN_KEY_|INTEGRITY_|QUICK_|FUNCTION_|PRAGMA_|MODULE_|COMPILE_|DATABASE_|COLLATION_)/.test(words[k + 1] ?? ""));
  if (first === "EXPLAIN") return words[k + 1] === "ANALYZE" && statementWrites(words.slice(k + 2));
  return first === "WITH" && words.some((w) => w === "INSERT" || w === "UPDATE" || w === "DELETE" || w === "REPLACE");
}

/** The worse of two effects. */
export function worse(a: StatementEffect, b: StatementEffect): StatementEffect {
  const rank = { safe: 0, unknown: 1, destroy: 2 };
  return rank[b] > rank[a] ? b : a;
}

function _has(w: string[], ...seq: string[]): boolean {
  for (let i = 0; i + seq.length <= w.length; i++) if (seq.every((s, k) => w[i + k] === s)) return true;
  return false;
}

/** A statement started inside the CTE (after `(`) or after the CTE list (after `)`). */
function _cte(w: string[]): StatementEffect {
  let effect: StatementEffect = "safe";
  for (let i = 1; i < w.length; i++) {
    if (DML.has(w[i]!) && (w[i - 1] === "(" || w[i - 1] === ")")) effect = worse(effect, statementEffect(w.slice(i)));
  }
  return effect;
}

/** EXPLAIN ANALYZE runs the statement it explains (PostgreSQL, MySQL); plain EXPLAIN does not. */
function _explain(w: string[]): StatementEffect {
  let i = 1;
  let runs = false;
  if (w[i] === "(") {
    const close = w.indexOf(")", i);
    runs = w.slice(i, close < 0 ? w.length : close).includes("ANALYZE");
    i = close < 0 ? w.length : close + 1;
  }
  while (["ANALYZE", "ANALYSE", "VERBOSE", "QUERY", "PLAN", "FORMAT", "EXTENDED"].includes(w[i] ?? "")) {
    if (w[i] === "ANALYZE" || w[i] === "ANALYSE") runs = true;
    i++;
  }
  return runs ? statementEffect(w.slice(i)) : "safe";
}

/** `CREATE OR REPLACE [TEMP] TABLE|DATABASE|SCHEMA` drops what it replaces (DuckDB, MariaDB). */
function _createReplaces(w: string[]): boolean {
  if (w[1] !== "OR" || w[2] !== "REPLACE") return false;
  const rest = w.slice(3).filter((x) => !["TEMP", "TEMPORARY", "TRANSIENT", "LOCAL", "GLOBAL", "UNLOGGED"].includes(x));
  return ["TABLE", "DATABASE", "SCHEMA"].includes(rest[0] ?? "");
}

/** ALTER … DROP/TRUNCATE/CLEAR, and ClickHouse's `ALTER TABLE t DELETE|UPDATE` (not `ON DELETE`). */
function _alterDestroys(w: string[]): boolean {
  return w.some((x, i) => x === "DROP" || x === "TRUNCATE" || x === "CLEAR" || ((x === "DELETE" || x === "UPDATE" || x === "REPLACE") && w[i - 1] !== "ON"));
}
