import { describe, expect, test } from "bun:test";
import { lexSql, SQL_DIALECTS, sqlProfiles } from "../../../lib/guard/effects/sql-lexer.ts";
import { statementEffect, type StatementEffect, worse } from "../../../lib/guard/effects/sql-statement.ts";
import { seededRandom } from "../../support/seeded-random.ts";

type Dialect = keyof typeof SQL_DIALECTS;
const DIALECTS = Object.keys(SQL_DIALECTS) as Dialect[];

/** The worst statement effect of `text` over every reading the dialect leaves open. */
function effectOf(text: string, dialect: Dialect): StatementEffect {
  let effect: StatementEffect = "safe";
  for (const p of sqlProfiles(text, SQL_DIALECTS[dialect])) {
    for (const piece of lexSql(text, p, "plain")) if (piece.kind === "sql") effect = worse(effect, statementEffect(piece.words));
  }
  return effect;
}

describe("SQL statement effects", () => {
  const ROWS: Array<[string, StatementEffect]> = [
    ["SELECT * FROM t", "safe"],
    ["(SELECT 1) UNION (SELECT 2)", "safe"],
    ["DROP TABLE t", "destroy"],
    ["TRUNCATE t", "destroy"],
    ["DELETE FROM t", "destroy"],
    ["UPDATE t SET a = 1", "destroy"],
    ["MERGE INTO t USING s ON t.id = s.id WHEN MATCHED THEN DELETE", "destroy"],
    ["INSERT INTO t VALUES (1)", "safe"],
    ["INSERT OVERWRITE TABLE t SELECT 1", "destroy"],
    ["CREATE TABLE t (a INT REFERENCES u ON DELETE CASCADE)", "safe"],
    ["ALTER TABLE t ADD CONSTRAINT f FOREIGN KEY (a) REFERENCES u ON DELETE CASCADE", "safe"],
    ["ALTER TABLE t DROP PARTITION p1", "destroy"],
    ["ALTER TABLE t UPDATE a = 1 WHERE 1", "destroy"],
    ["LOAD DATA INFILE 'f' REPLACE INTO TABLE t", "destroy"],
    ["LOAD DATA INFILE 'f' INTO TABLE t", "safe"],
    ["RESET MASTER", "destroy"],
    ["RESET ALL", "safe"],
    ["PURGE BINARY LOGS BEFORE NOW()", "destroy"],
    ["CALL cleanup()", "unknown"],
    ["FROBNICATE t", "unknown"],
    ["WITH RECURSIVE r AS (SELECT 1) SELECT * FROM r", "safe"],
    ["WITH a AS (SELECT 1), b AS (DELETE FROM t) SELECT 1", "destroy"],
    ["EXPLAIN ANALYZE SELECT 1", "safe"],
    ["EXPLAIN ANALYZE VERBOSE UPDATE t SET a = 1", "destroy"],
  ];
  for (const [sql, effect] of ROWS) {
    test(`${sql}: ${effect}`, () => {
      expect(effectOf(sql, "any")).toBe(effect);
    });
  }
});

describe("SQL splitting", () => {
  const ROWS: Array<[string, string, Dialect, StatementEffect]> = [
    ["a DROP in a string is data", "SELECT 'DROP TABLE x; DELETE FROM y'", "any", "safe"],
    ["a DROP in a quoted name is data", `SELECT "x; DROP TABLE y" FROM t`, "any", "safe"],
    ["a DROP in a bracketed SQLite name is data", "SELECT [a; DROP TABLE y] FROM t", "sqlite", "safe"],
    ["a bracket is no quote in PostgreSQL", "SELECT a [; DROP TABLE y; ]", "postgres", "destroy"],
    ["a bracket is no quote in MySQL", "SELECT a [; DROP TABLE y; ]", "mysql", "destroy"],
    ["a hash comment hides nothing outside MySQL", "SELECT 1 # ; DROP TABLE y", "postgres", "destroy"],
    ["a hash comment is a comment in MySQL", "SELECT 1 # ; DROP TABLE y", "mysql", "safe"],
    ["MySQL needs a blank after --", "SELECT 1 --1; DROP TABLE y", "mysql", "destroy"],
    ["nested comments in PostgreSQL", "SELECT 1 /* a /* b */ ; DROP TABLE y */", "postgres", "safe"],
    ["no nesting in SQLite: the DROP runs", "SELECT 1 /* a /* b */ ; DROP TABLE y */", "sqlite", "destroy"],
    ["an unknown dialect tries both nestings", "SELECT 1 /* a /* b */ ; DROP TABLE y */", "any", "destroy"],
    ["a backslash escape is tried both ways", "SELECT 'a\\'; DROP TABLE y; --'", "any", "destroy"],
    ["...and the other way", "SELECT 'a\\'' ; DROP TABLE y; -- '", "any", "destroy"],
    ["an unterminated string runs to the end", "SELECT 'a; DROP TABLE y", "postgres", "safe"],
    ["an unterminated comment runs to the end", "SELECT 1 /* ; DROP TABLE y", "sqlite", "safe"],
    ["MySQL runs executable comments", "SELECT 1; /*!40101 DROP TABLE y */", "mysql", "destroy"],
    ["a dollar quote in PostgreSQL is a string", "SELECT $x$ ; DROP TABLE y $x$", "postgres", "safe"],
    ["a dollar quote is no string in MySQL", "SELECT $x$ ; DROP TABLE y $x$", "mysql", "destroy"],
    ["a name ending in $ starts no dollar quote", "SELECT a$ ; DROP TABLE y; SELECT $", "postgres", "destroy"],
  ];
  for (const [name, sql, dialect, effect] of ROWS) {
    test(`${name}: ${effect}`, () => {
      expect(effectOf(sql, dialect)).toBe(effect);
    });
  }

  test("dot commands start at the left margin only, after a complete statement", () => {
    const p = sqlProfiles("", SQL_DIALECTS.sqlite)[0]!;
    expect(lexSql("SELECT 1;\n.shell ls\n  .tables\nSELECT\n.x", p, "dot")).toEqual([
      { kind: "sql", words: ["SELECT", "1"] },
      { kind: "meta", text: ".shell ls" },
      { kind: "sql", words: [".", "TABLES", "SELECT", ".", "X"] },
    ]);
  });

  test("psql meta commands end the statement before them", () => {
    const p = sqlProfiles("", SQL_DIALECTS.postgres)[0]!;
    expect(lexSql("SELECT 1 \\g out.txt\nDROP TABLE t", p, "psql")).toEqual([
      { kind: "sql", words: ["SELECT", "1"] },
      { kind: "meta", text: "\\g out.txt" },
      { kind: "sql", words: ["DROP", "TABLE", "T"] },
    ]);
  });
});

// Pieces that every dialect reads the same way: strings and comments whose text holds the
// traps (`;`, DROP, other quotes, comment markers) but never their own closing marker.
const TRAPS = ["; DROP TABLE t;", "DELETE FROM t", ";", "--", "/", "#", "$$", "[", "]", "`", '"', "'", "*", "\n", " "];
const SAFE_WORDS = ["SELECT", "a", "1", ",", "FROM", "t", "(", ")", "=", "x_y", "WHERE"];

function pick<T>(rnd: () => number, list: T[]): T {
  return list[Math.floor(rnd() * list.length)]!;
}

function content(rnd: () => number, banned: RegExp): string {
  let out = "";
  for (let n = Math.floor(rnd() * 6); n > 0; n--) out += pick(rnd, TRAPS);
  return out.replace(banned, "");
}

/** One piece of a read-only statement: a word, a literal or a comment holding traps. */
function piece(rnd: () => number): string {
  switch (Math.floor(rnd() * 5)) {
    case 0:
      return `'${content(rnd, /['\\]/g)}'`;
    case 1:
      return `"${content(rnd, /["\\]/g)}"`;
    case 2:
      return `-- ${content(rnd, /\n/g)}\n`;
    case 3:
      // No nested opener, no closer, no MySQL `!` right after the opener.
      return `/* ${content(rnd, /\/|\*/g)} */`;
    default:
      return pick(rnd, SAFE_WORDS);
  }
}

function readOnlyStatement(rnd: () => number): string {
  const parts = ["SELECT"];
  for (let n = Math.floor(rnd() * 6); n > 0; n--) parts.push(piece(rnd));
  return parts.join(" ");
}

describe("SQL splitter properties (seeded)", () => {
  test("traps inside literals and comments never make a read-only script destroy", () => {
    const rnd = seededRandom(20_240_501);
    for (let i = 0; i < 400; i++) {
      const text = Array.from({ length: 1 + Math.floor(rnd() * 4) }, () => readOnlyStatement(rnd)).join(";\n");
      for (const d of DIALECTS) expect({ text, d, effect: effectOf(text, d) }).toEqual({ text, d, effect: "safe" });
    }
  });

  test("a DROP statement outside literals is found wherever it is placed", () => {
    const rnd = seededRandom(7_013);
    for (let i = 0; i < 400; i++) {
      const statements = Array.from({ length: 1 + Math.floor(rnd() * 4) }, () => readOnlyStatement(rnd));
      const drop = pick(rnd, ["DROP TABLE t", "drop table t", "/* c */ DELETE FROM t", "-- c\nTRUNCATE t", "(DELETE FROM t)", "WITH a AS (SELECT 1) DELETE FROM t"]);
      statements.splice(Math.floor(rnd() * (statements.length + 1)), 0, drop);
      const text = statements.join(";\n");
      for (const d of DIALECTS) expect({ text, d, effect: effectOf(text, d) }).toEqual({ text, d, effect: "destroy" });
    }
  });

  test("random interleavings of quotes and comment markers never crash and end quickly", () => {
    const rnd = seededRandom(99);
    const alphabet = ["'", '"', "`", "[", "]", "$", "$a$", "--", "-- ", "#", "/*", "*/", "/*!", "\\", ";", "\n", "DROP", " ", "x", "E'"];
    const started = performance.now();
    for (let i = 0; i < 300; i++) {
      let text = "";
      for (let n = Math.floor(rnd() * 40); n > 0; n--) text += pick(rnd, alphabet);
      for (const d of DIALECTS) {
        for (const flavor of ["plain", "dot", "psql", "mysql"] as const) {
          for (const p of sqlProfiles(text, SQL_DIALECTS[d])) {
            const pieces = lexSql(text, p, flavor);
            expect(Array.isArray(pieces)).toBe(true);
          }
        }
      }
    }
    expect(performance.now() - started).toBeLessThan(20_000);
  });

  test("a DROP that stands after every opened literal is closed is found by some reading", () => {
    // Each trap closed the way its own dialect closes it, then a DROP: no reading may lose it
    // without another reading finding it.
    const rnd = seededRandom(4_242);
    const closed = ["'a''b'", "'a\\'b'", '"a""b"', "`a`", "[a]", "$$a$$", "$t$a$t$", "-- x\n", "# x\n", "/* a */", "/* a /* b */ c */", "/*!1 SELECT 1 */", "E'a\\'b'"];
    for (let i = 0; i < 300; i++) {
      const prefix = Array.from({ length: 1 + Math.floor(rnd() * 3) }, () => pick(rnd, closed)).join(" ");
      const text = `SELECT ${prefix};\nDROP TABLE t`;
      expect({ text, effect: effectOf(text, "any") }).toEqual({ text, effect: "destroy" });
    }
  });
});
