import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "bun:test";
import { classify } from "../../../lib/guard/classify.ts";
import type { Decision } from "../../../lib/guard/decision.ts";
import type { ReasonCode } from "../../../lib/guard/reasons.ts";
import { useGuardFixture } from "../../fixtures/check/workspace.ts";
import { OK } from "../../support/verdict-rows.ts";

const fx = useGuardFixture();
mkdirSync(join(fx.ws, "sql"), { recursive: true });
writeFileSync(join(fx.ws, "sql", "report.sql"), "-- nightly report\nSELECT count(*) FROM users;\n.tables\n");
writeFileSync(join(fx.ws, "sql", "report-pg.sql"), "SELECT 1; -- DROP TABLE x\n\\dt\n");
writeFileSync(join(fx.ws, "sql", "cleanup.sql"), "SELECT 1;\n/* keep */ DELETE FROM sessions;\n");
writeFileSync(join(fx.ws, "sql", "nested.sql"), ".read sql/cleanup.sql\n");
writeFileSync(join(fx.ws, "sql", "huge.sql"), `SELECT 1;\n${"-- filler\n".repeat(40_000)}`);
const check = (command: string) => classify({ command, cwd: fx.ws, env: fx.env });

type Row = [string, string, Decision, ReasonCode];
const ASK: [Decision, ReasonCode] = ["ASK", "ASK_DATA_STORE_DESTROY"];

const SQLITE: Row[] = [
  ["a DELETE as argument asks", "sqlite3 db 'DELETE FROM users;'", ...ASK],
  ["a DELETE with a WHERE asks", "sqlite3 test.db 'DELETE FROM users WHERE active=0'", ...ASK],
  ["DROP TABLE asks", "sqlite3 my.db 'DROP TABLE IF EXISTS users;'", ...ASK],
  ["UPDATE asks", "sqlite3 my.db 'UPDATE users SET name = 1'", ...ASK],
  ["REPLACE INTO asks", "sqlite3 my.db 'REPLACE INTO t VALUES (1)'", ...ASK],
  ["INSERT OR REPLACE asks", "sqlite3 my.db 'INSERT OR REPLACE INTO t VALUES (1)'", ...ASK],
  ["INSERT OR IGNORE passes", "sqlite3 my.db 'INSERT OR IGNORE INTO t VALUES (1)'", ...OK],
  ["an upsert asks", "sqlite3 my.db 'INSERT INTO t VALUES (1) ON CONFLICT(id) DO UPDATE SET n = 2'", ...ASK],
  ["ALTER TABLE … DROP COLUMN asks", "sqlite3 my.db 'ALTER TABLE t DROP COLUMN x'", ...ASK],
  ["ALTER TABLE … ADD COLUMN passes", "sqlite3 my.db 'ALTER TABLE t ADD COLUMN x INT'", ...OK],
  ["a plain SELECT passes", "sqlite3 my.db 'SELECT 1;'", ...OK],
  ["EXPLAIN of a DELETE passes", "sqlite3 my.db 'EXPLAIN QUERY PLAN DELETE FROM t'", ...OK],
  ["a DROP inside a string literal is data", `sqlite3 my.db "SELECT 'DROP TABLE x; DELETE FROM y'"`, ...OK],
  ["a DROP inside a line comment is no statement", "sqlite3 my.db 'SELECT 1 -- ; DROP TABLE x'", ...OK],
  ["a DROP inside a block comment is no statement", "sqlite3 my.db 'SELECT 1 /* ; DROP TABLE x */'", ...OK],
  ["a DROP after a closed comment asks", "sqlite3 my.db 'SELECT 1 /* x */; DROP TABLE x'", ...ASK],
  ["a DROP after a doubled quote asks", `sqlite3 my.db "SELECT 'it''s'; DROP TABLE x"`, ...ASK],
  ["a DROP behind a comment before the keyword asks", "sqlite3 my.db '/* hi */ DROP TABLE x'", ...ASK],
  ["a lower-case drop asks", "sqlite3 my.db 'drop table x'", ...ASK],
  ["the second statement decides", "sqlite3 my.db 'SELECT 1; DELETE FROM t'", ...ASK],
  ["a later SQL operand counts", "sqlite3 my.db 'SELECT 1' 'DROP TABLE t'", ...ASK],
  ["-cmd SQL counts", "sqlite3 -cmd 'DROP TABLE users' mydb.db", ...ASK],
  ["-readonly cannot change the database", "sqlite3 -readonly mydb.db 'DROP TABLE users'", ...OK],
  ["-readonly then .open reopens it for writing", "sqlite3 -readonly a.db '.open b.db' 'DROP TABLE users'", ...ASK],
  ["-safe still runs a DROP (sqlite3 3.40 drops the table)", "sqlite3 -safe mydb.db 'DROP TABLE users'", ...ASK],
  ["-lookaside takes two values", "sqlite3 -lookaside 100 50 mydb.db 'SELECT 1'", ...OK],
  ["-separator takes a value", "sqlite3 -separator '|' mydb.db 'SELECT 1'", ...OK],
  ["dot commands that show pass", "sqlite3 my.db .tables .schema '.mode json'", ...OK],
  [".shell runs its command", "sqlite3 my.db '.shell rm -rf ~'", "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  [".system runs its command", "sqlite3 my.db '.system echo hi'", ...OK],
  [".restore replaces the database", "sqlite3 my.db '.restore backup.db'", ...ASK],
  [".open --new empties a database", "sqlite3 my.db '.open --new prod.db'", ...ASK],
  [".output onto a workspace file relocates it", "sqlite3 my.db '.output README.md' 'SELECT 1'", "RELOCATE", "RELOCATE_TREE"],
  [".once into Git metadata is refused", "sqlite3 my.db '.once .git/HEAD' 'SELECT 1'", "BLOCK", "BLOCK_PROTECTED_PATH"],
  // Session 9: `.clone NEWDB` writes a new database file; `.backup` and `.save` on stdin and in -cmd.
  [".clone writes a new file", "sqlite3 my.db '.clone /etc/x.db'", "BLOCK", "BLOCK_PROTECTED_PATH"],
  [".clone into the workspace passes", "sqlite3 my.db '.clone copy.db'", "ALLOW", "ALLOW_NOOP"],
  [".backup in -cmd", "sqlite3 -cmd '.backup /etc/x' my.db", "BLOCK", "BLOCK_PROTECTED_PATH"],
  [".save on a here-string", "sqlite3 my.db <<< '.save README.md'", "RELOCATE", "RELOCATE_TREE"],
  // Session 9: the database file a writing statement edits or creates, judged like zip's archive.
  ["a statement that writes a database in /etc", "sqlite3 /etc/x.db 'CREATE TABLE t(a)'", "BLOCK", "BLOCK_PROTECTED_PATH"],
  ["a statement on stdin writing Git metadata", "echo 'CREATE TABLE t(a);' | sqlite3 .git/x.db", "BLOCK", "BLOCK_PROTECTED_PATH"],
  ["an INSERT into a file outside the workspace", "sqlite3 ~/Documents/notes.txt 'INSERT INTO t VALUES (1)'", "ASK", "ASK_OUTSIDE_WORKSPACE"],
  ["a file: URI", "sqlite3 'file:///etc/x.db' 'CREATE TABLE t(a)'", "BLOCK", "BLOCK_PROTECTED_PATH"],
  ["duckdb's database file", "duckdb /etc/x.duckdb 'CREATE TABLE t(a INT)'", "BLOCK", "BLOCK_PROTECTED_PATH"],
  ["a read outside the workspace passes", "sqlite3 ~/Documents/notes.txt 'SELECT 1; PRAGMA table_info(t)'", ...OK],
  ["a read-only open passes", "sqlite3 -readonly ~/Documents/notes.txt 'INSERT INTO t VALUES (1)'", ...OK],
  ["a read-only URI passes", "sqlite3 'file:/etc/x.db?mode=ro' 'CREATE TABLE t(a)'", ...OK],
  ["an in-memory database passes", "sqlite3 :memory: 'CREATE TABLE t(a)'", ...OK],
  ["a workspace database passes", "sqlite3 app.db 'CREATE TABLE t(a)'", ...OK],
  [".load runs native code", "sqlite3 my.db '.load ./evil'", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["an unknown dot command asks", "sqlite3 my.db '.frobnicate x'", ...ASK],
  [".read of a read-only workspace file passes", "sqlite3 my.db '.read sql/report.sql'", ...OK],
  [".read of a destroying workspace file asks", "sqlite3 my.db '.read sql/cleanup.sql'", ...ASK],
  [".read through another .read asks", "sqlite3 my.db '.read sql/nested.sql'", ...ASK],
  [".read of a missing file asks", "sqlite3 my.db '.read nowhere.sql'", ...ASK],
  [".read of a file over the size bound asks", "sqlite3 my.db '.read sql/huge.sql'", ...ASK],
  [".read of a command's output asks", "sqlite3 my.db \".read '|cat x.sql'\"", ...ASK],
  ["a heredoc that deletes asks", "sqlite3 my.db <<'EOF'\nSELECT 1;\nDELETE FROM t;\nEOF", ...ASK],
  ["a heredoc that reads passes", "sqlite3 my.db <<'EOF'\n.headers on\nSELECT * FROM t;\nEOF", ...OK],
  ["a heredoc with an unknown expansion asks", "sqlite3 my.db <<EOF\nSELECT $COLS FROM t;\nEOF", ...ASK],
  ["a here-string that drops asks", "sqlite3 my.db <<< 'DROP TABLE t'", ...ASK],
  ["echo piped in that drops asks", "echo 'DROP TABLE t;' | sqlite3 my.db", ...ASK],
  ["printf piped in that reads passes", "printf 'SELECT 1;\\n' | sqlite3 my.db", ...OK],
  ["stdin from an unknown program asks", "generate-sql | sqlite3 my.db", ...ASK],
  ["a redirected workspace file is read", "sqlite3 my.db < sql/report.sql", ...OK],
  ["a redirected destroying file asks", "sqlite3 my.db < sql/cleanup.sql", ...ASK],
  ["cat of a workspace file piped in is read", "cat sql/cleanup.sql | sqlite3 my.db", ...ASK],
  ["a script written earlier in the line is read", "echo 'DROP TABLE t;' > /tmp/x.sql; sqlite3 my.db < /tmp/x.sql", ...ASK],
  ["SQL operands mean stdin is not read", "generate-sql | sqlite3 my.db 'SELECT 1'", ...OK],
  ["an interactive session runs nothing the guard sees", "sqlite3 my.db", ...OK],
  ["SQL in a variable asks", "sqlite3 my.db \"$QUERY\"", ...ASK],
  ["help prints and exits", "sqlite3 -help", ...OK],
  ["a dot line with leading blanks is SQL (a syntax error), not a command", "sqlite3 my.db '  .shell rm -rf ~'", ...ASK],
];

const PSQL: Row[] = [
  ["-c DROP DATABASE asks", "psql -c 'DROP DATABASE production;'", ...ASK],
  ["-c TRUNCATE asks", "psql -c 'TRUNCATE TABLE users RESTART IDENTITY;'", ...ASK],
  ["--command= DELETE asks", "psql --command='DELETE FROM users'", ...ASK],
  ["a cluster ending in c takes SQL", "psql -tAc 'DROP TABLE x'", ...ASK],
  ["an attached -cSQL counts", "psql '-cDROP TABLE x'", ...ASK],
  ["a second -c counts", "psql -c 'SELECT 1' -c 'DROP TABLE users'", ...ASK],
  ["-c SELECT passes", "psql -d mydb -c 'SELECT * FROM users'", ...OK],
  ["SHOW passes", "psql -c 'SHOW search_path'", ...OK],
  ["a CTE that deletes asks", "psql -c 'WITH d AS (DELETE FROM t RETURNING *) SELECT * FROM d'", ...ASK],
  ["a CTE whose main statement updates asks", "psql -c 'WITH x AS (SELECT 1) UPDATE t SET a = 1'", ...ASK],
  ["a CTE that only reads passes", "psql -c 'WITH x AS (SELECT 1 FOR UPDATE) SELECT * FROM x'", ...OK],
  ["EXPLAIN ANALYZE runs the DELETE", "psql -c 'EXPLAIN ANALYZE DELETE FROM t'", ...ASK],
  ["EXPLAIN (ANALYZE) runs the DELETE", "psql -c 'EXPLAIN (ANALYZE, BUFFERS) DELETE FROM t'", ...ASK],
  ["plain EXPLAIN does not run it", "psql -c 'EXPLAIN DELETE FROM t'", ...OK],
  ["a DO block is code the guard does not read", "psql -c 'DO $$ BEGIN EXECUTE 1; END $$'", ...ASK],
  ["a dollar-quoted DROP is data", "psql -c 'SELECT $$; DROP TABLE x; $$'", ...OK],
  ["a tagged dollar quote hides nothing after it", "psql -c 'SELECT $a$ x $a$; DROP TABLE x'", ...ASK],
  ["a backslash before a quote cannot hide a DROP", `psql -c "SELECT 'a\\\\'; DROP TABLE x; --'"`, ...ASK],
  ["\\d and \\dt pass", "psql -c '\\dt'", ...OK],
  ["\\l passes", "psql -c '\\l+'", ...OK],
  ["\\! runs its command", "psql -c '\\! rm -rf ~'", "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["\\gexec runs query results as SQL", "psql -c 'SELECT 1 \\gexec'", ...ASK],
  ["\\copy from a program runs it", "psql -c \"\\copy t from program 'rm -rf ~'\"", "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["\\o onto Git metadata is refused", "psql -c '\\o .git/config'", "BLOCK", "BLOCK_PROTECTED_PATH"],
  ["-o onto a workspace file relocates it", "psql -o README.md -c 'SELECT 1'", "RELOCATE", "RELOCATE_TREE"],
  ["-f of a missing file asks", "psql -f script.sql", ...ASK],
  ["-f of a read-only workspace file passes", "psql -f sql/report-pg.sql", ...OK],
  ["-f of a file holding a SQLite dot command asks (not SQL to psql)", "psql -f sql/report.sql", ...ASK],
  ["-f of a destroying workspace file asks", "psql --file=sql/cleanup.sql", ...ASK],
  ["\\i of a destroying file asks", "psql -c '\\i sql/cleanup.sql'", ...ASK],
  ["a heredoc with a meta command runs it", "psql <<'EOF'\nSELECT 1;\n\\! rm -rf ~\nEOF", "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["a heredoc that reads passes", "psql mydb <<'EOF'\n\\x\nSELECT 1;\nEOF", ...OK],
  ["-l lists and exits", "psql -l -h localhost", ...OK],
  ["--version prints and exits", "psql --version", ...OK],
  ["stdin from an unknown program asks", "cat x | psql", ...ASK],
  ["-f - reads stdin", "echo 'DROP TABLE t' | psql -f -", ...ASK],
];

const MYSQL: Row[] = [
  ["-e DROP asks", "mysql -e 'DROP TABLE users'", ...ASK],
  ["--execute= DELETE asks", "mysql --execute='DELETE FROM users'", ...ASK],
  ["an attached -e asks", "mysql -uroot '-eTRUNCATE t'", ...ASK],
  ["a password attached to -p is no option", "mysql -psecret -e 'SELECT 1'", ...OK],
  ["-e SELECT passes", "mysql -D mydb -e 'SELECT * FROM users'", ...OK],
  ["DESCRIBE passes", "mysql -e 'DESCRIBE users'", ...OK],
  ["ON DUPLICATE KEY UPDATE overwrites", "mysql -e 'INSERT INTO t VALUES (1) ON DUPLICATE KEY UPDATE a = 1'", ...ASK],
  ["a backslash-escaped quote cannot hide a DROP", `mysql -e "SELECT 'a\\\\'' ; DROP TABLE x; -- '"`, ...ASK],
  ["an executable comment runs its SQL", "mysql -e 'SELECT 1; /*!50000 DROP TABLE x */'", ...ASK],
  ["a hint comment is a comment", "mysql -e 'SELECT /*+ MAX_EXECUTION_TIME(1) */ 1'", ...OK],
  ["system runs its command", "mysql -e 'system rm -rf ~'", "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["source of a destroying file asks", "mysql -e 'source sql/cleanup.sql'", ...ASK],
  ["delimiter changes the splitting: asks", "mysql <<'EOF'\nDELIMITER //\nSELECT 1 //\nEOF", ...ASK],
  ["mariadb is mysql", "mariadb -e 'DROP DATABASE app'", ...ASK],
  ["mysqladmin drop asks", "mysqladmin -u root -f drop mydb", ...ASK],
  ["mysqladmin status passes", "mysqladmin -u root status", ...OK],
  ["--init-command is SQL", "mysql --init-command='DELETE FROM t' -e 'SELECT 1'", ...ASK],
];

const OTHER_SQL: Row[] = [
  ["duckdb -c DROP asks", "duckdb -c 'DROP TABLE users'", ...ASK],
  ["duckdb CREATE OR REPLACE TABLE drops the old table", "duckdb my.db 'CREATE OR REPLACE TABLE t AS SELECT 1'", ...ASK],
  ["duckdb CREATE OR REPLACE VIEW passes", "duckdb my.db 'CREATE OR REPLACE VIEW v AS SELECT 1'", ...OK],
  ["duckdb SELECT passes", "duckdb -json mydb.db 'SELECT * FROM users'", ...OK],
  ["duckdb -readonly passes a DROP", "duckdb -readonly mydb.db 'DROP TABLE users'", ...OK],
  ["clickhouse-client --query DROP asks", "clickhouse-client --query 'DROP TABLE events'", ...ASK],
  ["clickhouse-client mutation asks", "clickhouse-client -q 'ALTER TABLE e DELETE WHERE 1'", ...ASK],
  ["clickhouse-client SELECT passes", "clickhouse-client --query='SELECT count() FROM events'", ...OK],
  ["clickhouse client is clickhouse-client", "clickhouse client --query 'TRUNCATE TABLE events'", ...ASK],
  ["dropdb asks", "dropdb -h db.prod production", ...ASK],
  ["dropdb --help passes", "dropdb --help", ...OK],
  ["pg_restore --clean drops first", "pg_restore --clean -d app dump.sql", ...ASK],
  ["pg_restore -Fc is a format", "pg_restore -Fc -d app dump", ...OK],
];

const KV: Row[] = [
  ["redis FLUSHDB asks", "redis-cli FLUSHDB", ...ASK],
  ["redis FLUSHALL asks", "redis-cli -h cache.prod -n 2 flushall", ...ASK],
  ["redis DEL asks", "redis-cli DEL mykey", ...ASK],
  ["redis UNLINK asks", "redis-cli -a secret UNLINK k", ...ASK],
  ["redis CONFIG SET asks", "redis-cli CONFIG SET dir /tmp", ...ASK],
  ["redis CONFIG GET passes", "redis-cli CONFIG GET maxmemory", ...OK],
  ["redis GET passes", "redis-cli GET key", ...OK],
  ["redis KEYS passes", "redis-cli --raw KEYS 'user:*'", ...OK],
  ["redis INFO and PING pass", "redis-cli INFO; redis-cli PING", ...OK],
  ["a value named like a command is a value", "redis-cli GET DEL", ...OK],
  ["--scan lists keys", "redis-cli --scan --pattern 'x*'", ...OK],
  ["--scan piped to xargs DEL asks", "redis-cli --scan --pattern 'x*' | xargs redis-cli DEL", ...ASK],
  ["--scan piped to xargs -r -n 100 DEL asks", "redis-cli -n 0 --scan | xargs -r -n 100 redis-cli -n 0 unlink", ...ASK],
  ["a command in a variable asks", "redis-cli \"$CMD\"", ...ASK],
  ["--eval runs a Lua script", "redis-cli --eval purge.lua", ...ASK],
  ["--cluster call FLUSHALL asks", "redis-cli --cluster call 10.0.0.1:6379 FLUSHALL", ...ASK],
  ["commands on stdin are read", "printf 'GET a\\nFLUSHDB\\n' | redis-cli", ...ASK],
  ["read-only commands on stdin pass", "echo 'GET a' | redis-cli", ...OK],
  ["JSON.DEL asks", "redis-cli JSON.DEL doc $", ...ASK],
  ["valkey-cli is redis-cli", "valkey-cli flushall async", ...ASK],
  ["mongosh dropDatabase asks", "mongosh app --eval 'db.dropDatabase()'", ...ASK],
  ["mongosh deleteMany asks", `mongosh --quiet --eval "db.users.deleteMany({})"`, ...ASK],
  ["mongosh drop with spaces asks", "mongosh --eval 'db.users . drop ( )'", ...ASK],
  ["mongosh bracket access asks", `mongosh --eval 'db["users"]["drop"]()'`, ...ASK],
  ["mongosh $out replaces a collection", `mongosh --eval 'db.a.aggregate([{$out: "b"}])'`, ...ASK],
  ["mongosh runCommand drop asks", `mongosh --eval 'db.runCommand({drop: "users"})'`, ...ASK],
  ["mongosh runCommand ping passes", `mongosh --eval 'db.runCommand({ping: 1})'`, ...OK],
  ["mongosh find passes", "mongosh --eval 'db.users.find({}).limit(5)'", ...OK],
  ["a destroying word in a string is data", `mongosh --eval 'db.logs.find({msg: "drop() deleteMany"})'`, ...OK],
  ["a destroying call in a comment is no call", "mongosh --eval 'db.a.find() // db.a.drop()'", ...OK],
  ["mongo legacy shell remove asks", "mongo app --eval 'db.jobs.remove({})'", ...ASK],
  ["a mongosh heredoc is read", "mongosh app <<'EOF'\ndb.users.drop()\nEOF", ...ASK],
  ["a missing script file asks", "mongosh app cleanup.js", ...ASK],
];

const WRAPPERS: Row[] = [
  ["sudo does not hide it", "sudo -u postgres psql -c 'DROP DATABASE prod'", ...ASK],
  ["env does not hide it", "env PGHOST=db psql -c 'DROP DATABASE prod'", ...ASK],
  ["bash -c does not hide it", `bash -c "psql -c 'DROP DATABASE prod'"`, ...ASK],
  ["a compound line keeps it", "cd /tmp && sqlite3 db 'DELETE FROM t' && echo done", ...ASK],
  ["timeout and nice do not hide it", "timeout 5 nice redis-cli FLUSHALL", ...ASK],
  ["a path to the program is the program", "/usr/bin/psql -c 'TRUNCATE t'", ...ASK],
  ["an upper-case program name is the program", "REDIS-CLI FLUSHDB", ...ASK],
  ["eval does not hide it", `eval "sqlite3 db 'DROP TABLE t'"`, ...ASK],
  ["echo of a destroying command is data", `echo "psql -c 'DROP DATABASE prod'"`, ...OK],
  ["an unknown wrapper fails closed", "rtk psql -c 'DROP DATABASE prod'", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
];

for (const [title, rows] of [["sqlite3", SQLITE], ["psql", PSQL], ["mysql", MYSQL], ["other SQL clients", OTHER_SQL], ["key-value and document stores", KV], ["wrappers", WRAPPERS]] as const) {
  describe(`data stores: ${title}`, () => {
    for (const [name, command, decision, reason] of rows) {
      test(`${name}: ${decision} ${reason}`, () => {
        const r = check(command);
        expect([r.decision, r.reason]).toEqual([decision, reason]);
      });
    }
  });
}
