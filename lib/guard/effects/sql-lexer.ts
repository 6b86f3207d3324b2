/**
 * Splits SQL client input into statements and client commands, as far as the guard needs: a
 * statement's words (keywords upper-cased, literals and quoted names reduced to a marker) and
 * the text of each client command (`.read f`, `\! cmd`, `source f`).
 *
 * SQL dialects disagree on what quotes and comments are (`\'` escapes a quote in MySQL, not in
 * PostgreSQL; `#` starts a comment in MySQL only; `[x]` is a name in SQLite; `$$…$$` is a string
 * in PostgreSQL). The text is read once per plausible reading (`sqlProfiles`), and the caller
 * takes the worst result, so a DROP hidden from one reading is found by another.
 */

/** One reading of the quoting and comment rules. */
export interface SqlProfile {
  /** A backslash escapes the next character inside '…' and "…" (MySQL, PostgreSQL E'…'). */
  backslash: boolean;
  /** `#` starts a comment to the end of the line (MySQL). */
  hash: boolean;
  /** `[…]` quotes a name (SQLite). */
  brackets: boolean;
  /** `` `…` `` quotes a name (SQLite, MySQL, ClickHouse). */
  backticks: boolean;
  /** `$tag$…$tag$` is a string (PostgreSQL, DuckDB). */
  dollar: boolean;
  /** Block comments nest (PostgreSQL). */
  nested: boolean;
  /** `--` starts a comment only before a blank (MySQL). */
  dashSpace: boolean;
  /** `/*! … *\/` is SQL that MySQL runs, not a comment. */
  exec: boolean;
}

/** How a client marks its own commands in SQL input. */
export type SqlFlavor = "plain" | "dot" | "psql" | "mysql";

export type SqlPiece = { kind: "sql"; words: string[] } | { kind: "meta"; text: string };

const FEATURES: Array<keyof SqlProfile> = ["backslash", "hash", "brackets", "backticks", "dollar", "nested", "dashSpace", "exec"];
const TRIGGERS: Record<keyof SqlProfile, RegExp> = {
  backslash: /\\/,
  hash: /#/,
  brackets: /\[/,
  backticks: /`/,
  dollar: /\$/,
  nested: /\/\*/,
  dashSpace: /--/,
  exec: /\/\*!/,
};

/** The rules a client's server is known to follow; the others are varied. */
export const SQL_DIALECTS = {
  sqlite: { backslash: false, hash: false, brackets: true, backticks: true, dollar: false, nested: false, dashSpace: false, exec: false },
  postgres: { hash: false, brackets: false, backticks: false, dollar: true, nested: true, dashSpace: false, exec: false },
  mysql: { hash: true, brackets: false, backticks: true, dollar: false, nested: false, dashSpace: true, exec: true },
  duckdb: { hash: false, brackets: false, exec: false, dashSpace: false },
  any: {},
} satisfies Record<string, Partial<SqlProfile>>;

/**
 * Every reading worth trying for this text: the dialect's known rules, and both values of each
 * other rule whose characters occur in the text (one reading for plain SQL).
 */
export function sqlProfiles(text: string, known: Partial<SqlProfile> = {}): SqlProfile[] {
  const present = FEATURES.filter((f) => known[f] === undefined && TRIGGERS[f].test(text));
  const out: SqlProfile[] = [];
  for (let mask = 0; mask < 1 << present.length; mask++) {
    const p: SqlProfile = { backslash: false, hash: false, brackets: false, backticks: false, dollar: false, nested: false, dashSpace: false, exec: false, ...known };
    present.forEach((f, k) => (p[f] = (mask & (1 << k)) !== 0));
    out.push(p);
  }
  return out;
}

const MYSQL_COMMANDS = /^(system|source|tee|pager|edit|delimiter)(?=\s|$)/i;
const WORD = /[\p{L}\p{N}_]/u;
const WORD_REST = /[\p{L}\p{N}_$]/u;

/** Statements and client commands of `text` under one reading, in order. */
export function lexSql(text: string, p: SqlProfile, flavor: SqlFlavor): SqlPiece[] {
  const pieces: SqlPiece[] = [];
  let words: string[] = [];
  let inExec = false;
  const flush = () => {
    if (words.length > 0) pieces.push({ kind: "sql", words });
    words = [];
  };
  const eol = (from: number) => {
    const n = text.indexOf("\n", from);
    return n < 0 ? text.length : n;
  };
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    const next = text[i + 1] ?? "";
    if (words.length === 0 && flavor === "dot" && (i === 0 || text[i - 1] === "\n") && (c === "." || c === "#")) {
      // SQLite and DuckDB: a line that starts with `.` is a dot command, `#` a comment line.
      const end = eol(i);
      if (c === ".") pieces.push({ kind: "meta", text: text.slice(i, end) });
      i = end;
      continue;
    }
    if (words.length === 0 && flavor === "mysql" && MYSQL_COMMANDS.test(text.slice(i, i + 10))) {
      const end = eol(i);
      pieces.push({ kind: "meta", text: text.slice(i, end) });
      i = end;
      continue;
    }
    if (c === " " || c === "\n" || c === "\t" || c === "\r" || c === "\f" || c === "\v") {
      i++;
      continue;
    }
    if (c === "'" || c === '"' || (p.backticks && c === "`")) {
      i = _quoted(text, i, c, p.backslash && c !== "`");
      words.push(c === "'" ? "'" : '"');
    } else if (p.brackets && c === "[") {
      const close = text.indexOf("]", i + 1);
      i = close < 0 ? text.length : close + 1;
      words.push('"');
    } else if (p.dollar && c === "$" && !WORD_REST.test(text[i - 1] ?? "")) {
      const tag = /^\$(?:[A-Za-z_][A-Za-z0-9_]*)?\$/.exec(text.slice(i, i + 66));
      if (tag) {
        const close = text.indexOf(tag[0], i + tag[0].length);
        i = close < 0 ? text.length : close + tag[0].length;
        words.push("'");
      } else {
        words.push(c);
        i++;
      }
    } else if (c === "-" && next === "-" && (!p.dashSpace || /^[\s]?$/.test(text[i + 2] ?? ""))) {
      i = eol(i);
    } else if (p.hash && c === "#") {
      i = eol(i);
    } else if (c === "/" && next === "*") {
      if (p.exec && text[i + 2] === "!") {
        // MySQL runs the text of `/*!50001 … */`: only the markers are dropped.
        inExec = true;
        i += 3;
        while (/[0-9]/.test(text[i] ?? "")) i++;
      } else i = _comment(text, i, p.nested);
    } else if (c === "*" && next === "/" && inExec) {
      inExec = false;
      i += 2;
    } else if (c === ";") {
      flush();
      i++;
    } else if (c === "\\" && (flavor === "psql" || flavor === "mysql")) {
      // A client command runs to the end of the line; what was typed before it is sent first.
      flush();
      const end = eol(i);
      pieces.push({ kind: "meta", text: text.slice(i, end) });
      i = end;
    } else if (WORD.test(c)) {
      let j = i + 1;
      while (j < text.length && WORD_REST.test(text[j]!)) j++;
      words.push(text.slice(i, j).toUpperCase());
      i = j;
    } else {
      words.push(c);
      i++;
    }
  }
  flush();
  return pieces;
}

/** The index after a quoted string or name starting at `i` (doubled quotes continue it). */
function _quoted(text: string, i: number, quote: string, backslash: boolean): number {
  let j = i + 1;
  while (j < text.length) {
    const c = text[j]!;
    if (backslash && c === "\\") j += 2;
    else if (c === quote && text[j + 1] === quote) j += 2;
    else if (c === quote) return j + 1;
    else j++;
  }
  return text.length;
}

/** The index after a block comment starting at `i` (an unterminated one runs to the end). */
function _comment(text: string, i: number, nested: boolean): number {
  let depth = 0;
  let j = i;
  while (j < text.length) {
    if (text[j] === "/" && text[j + 1] === "*" && (nested || depth === 0)) {
      depth++;
      j += 2;
    } else if (text[j] === "*" && text[j + 1] === "/") {
      depth--;
      j += 2;
      if (depth === 0) return j;
    } else j++;
  }
  return text.length;
}
