import { describe, expect, test } from "bun:test";
import { classify } from "../../../lib/guard/classify.ts";
import type { Decision } from "../../../lib/guard/decision.ts";
import { useGuardFixture } from "../../fixtures/check/workspace.ts";

// Second red-team pass: client commands of database shells that run a local command.
// `\copy … program` runs its command on the client (psql), whatever the quoting; sqlite3's
// `.import '|cmd' TABLE` runs cmd for its output.
const fx = useGuardFixture();

const ROWS: Array<[string, string, Decision]> = [
  ["\\copy to a dollar-quoted program", "psql -c '\\copy t to program $$rm -rf ~/Documents$$'", "BLOCK"],
  ["\\copy to an E-quoted program", "psql -c \"\\copy t to program E'rm -rf ~/Documents'\"", "BLOCK"],
  ["\\copy from a quoted program", "psql -c \"\\copy t from program 'rm -rf ~/Documents'\"", "BLOCK"],
  [".import from a command", "sqlite3 app.db \".import '|rm -rf ~/Documents' t\"", "BLOCK"],
  [".import with options from a command", "sqlite3 app.db \".import --csv '|rm -rf ~/Documents' t\"", "BLOCK"],
  // Imports and copies of files stay allowed.
  [".import of a file", 'sqlite3 app.db ".import data.csv t"', "ALLOW"],
  ["\\copy to a workspace file", "psql -c \"\\copy t to 'out.csv'\"", "ALLOW"],
];

describe("red-team 2: database client commands", () => {
  for (const [name, command, decision] of ROWS) {
    test(name, () => {
      expect(classify({ command, cwd: fx.ws, env: fx.env }).decision).toBe(decision);
    });
  }
});
