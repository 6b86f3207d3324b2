import { op, type Op } from "../ops.ts";
import type { Invocation } from "./context.ts";
import type { Input } from "./data-input.ts";
import { lexSql, type SqlFlavor, type SqlPiece, type SqlProfile, sqlProfiles } from "./sql-lexer.ts";
import { metaOps, type ScriptState } from "./sql-meta.ts";
import { statementEffect, type StatementEffect, statementWrites, worse } from "./sql-statement.ts";

const MAX_INCLUDE_DEPTH = 4;
/** Characters lexed per script over all readings; more is unreadable (ASK) rather than slow. */
const MAX_WORK = 4_000_000;

/**
 * The effects of SQL client input: a destroying or unreadable statement is one `data-destroy`
 * op (ASK_DATA_STORE_DESTROY: a database is not recoverable by the quarantine), and client
 * commands add their own effects (shell commands, output files, included scripts). Null text
 * (a file or stdin the guard cannot read) is unreadable SQL.
 */
export function sqlScriptOps(text: Input, flavor: SqlFlavor, inv: Invocation, state: ScriptState, known: Partial<SqlProfile> = {}): Op[] {
  if (text === null || state.depth > MAX_INCLUDE_DEPTH) return [op("data-destroy", inv.name)];
  // Every plausible reading of the quoting rules; the worst statement of any of them counts.
  const profiles = sqlProfiles(text, known);
  if (profiles.length * text.length > MAX_WORK) return [op("data-destroy", inv.name)];
  const readings: SqlPiece[][] = profiles.map((profile) => lexSql(text, profile, flavor));
  const metas = [...new Set(readings.flatMap((pieces) => pieces.flatMap((p) => (p.kind === "meta" ? [p.text] : []))))];
  // `.open` reopens the database read-write: a read-only start no longer protects what follows.
  if (metas.some((m) => /^\.open\b/i.test(m))) state.readonly = false;
  const readonly = state.readonly;
  let effect: StatementEffect = "safe";
  if (!readonly)
    for (const pieces of readings)
      for (const p of pieces) {
        if (p.kind !== "sql") continue;
        effect = worse(effect, statementEffect(p.words));
        if (!state.wrote && statementWrites(p.words)) state.wrote = true;
      }
  const run = (inner: Input, s: ScriptState) => sqlScriptOps(inner, flavor, inv, { ...s, depth: s.depth + 1 }, known);
  const ops = metas.flatMap((m) => metaOps(m, flavor, inv, state, run));
  if (effect !== "safe") ops.push(op("data-destroy", inv.name));
  return ops;
}
