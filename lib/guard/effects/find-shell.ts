import { findDryRun } from "../find-dry-run.ts";
import { realPathOrNull } from "../fs-probe.ts";
import type { Op } from "../ops.ts";
import { findWorkspace } from "../paths.ts";
import { mark, restore, settle, UNSET } from "../posix/vars.ts";
import { literalWord, type Word } from "../syntax.ts";
import { analyzeArgv } from "./analyze.ts";
import type { AnalyzeContext } from "./context.ts";
import { programName } from "./names.ts";
import { workspacePath } from "./search-listing.ts";
import { mayBeRewritten } from "./unseen-writes.ts";

/**
 * `find ROOT EXPR -exec sh -c CODE NAME {} \;` (or `… NAME {} +`): the shell's positional
 * parameters are the words after CODE ($0 the first), and find puts its matches where `{}`
 * stands. Where the in-process dry run lists those matches (one plain start point inside the
 * workspace, no `-L`, nothing earlier in the line that may have changed the tree), CODE is read
 * once per run with the parameters known: once per match with `;`, once with every match with
 * `+` (at most 64 matches and 16 KiB of names, less than find gathers into one run), so `mv
 * "$1" "${1%.js}.ts"` is a move of each match and `for f in "$@"` a loop over them. The code
 * must leave the parameters as given and spell them so the guard reads every one: no quote,
 * backslash, backtick, substitution or heredoc (each `$` is then an expansion), no `shift`,
 * `set`, `eval`, `source`, `.`, alias or function (which has parameters of its own), `"$@"`
 * only as a whole word, no `$*`, `${@…}`, `${#N}` or `${!N}`. Null otherwise: the caller keeps
 * the parameters unknown.
 */
export function boundShellRuns(head: Word, rest: Word[], batch: boolean, roots: Word[], expr: Word[], action: number, ctx: AnalyzeContext, cmd: Parameters<typeof mayBeRewritten>[1]): Op[] | null {
  if (head.dynamic || !SHELLS.has(programName(head))) return null;
  const [option, code, ...params] = rest;
  if (!option || !code || option.dynamic || code.dynamic || !/^-[eux]*c[eux]*$/.test(option.value)) return null;
  const slots = params.flatMap((w, i) => (w.value === "{}" ? [i] : []));
  if (slots.length === 0 || params.some((w) => w.dynamic || (w.value !== "{}" && w.value.includes("{}")))) return null;
  if (batch && (slots.length !== 1 || slots[0] !== params.length - 1)) return null;
  const rewritten = _rewrite(code.value, batch ? null : params.length - 1);
  if (rewritten === null) return null;
  const matches = _matches(roots, expr, action, ctx, cmd);
  if (matches === null) return null;
  const runs = batch ? (matches.length === 0 ? [] : [[...params.slice(0, -1).map((w) => w.value), ...matches]]) : matches.map((m) => params.map((w) => (w.value === "{}" ? m : w.value)));
  if (batch && runs[0] && runs[0].join("").length > MAX_TEXT) return null;
  return runs.flatMap((values) => _run(head, option, rewritten, values, ctx));
}

const SHELLS = new Set(["sh", "bash", "dash"]);
const MAX_MATCHES = 64;
const MAX_TEXT = 16_384;
// Words that change or replace the positional parameters, or run text the guard reads later.
const UNSEEN = /(?:^|[^A-Za-z0-9_])(?:shift|set|eval|source|alias|getopts|function)(?:[^A-Za-z0-9_]|$)|(?:^|[\s;&|(])\.(?:\s|$)|[A-Za-z0-9_]\s*\(\s*\)/;
const PARAM = "__leogriel_p";

interface Rewritten {
  text: string;
  /** The highest positional parameter the code names, and how `"$@"` spreads (null: not used). */
  highest: number;
  spreads: boolean;
}

/**
 * CODE with each positional parameter spelled as a variable the guard sets (`$1` → `${P1}`,
 * `${1%.js}` → `${P1%.js}`, `$#` → `${Pn}`) and `"$@"` as a placeholder the run replaces with one
 * quoted word per parameter. `count` is the number of parameters when it is fixed (`;`).
 */
function _rewrite(code: string, count: number | null): Rewritten | null {
  if (/['\\`]|<<|\{\}|\$\(/.test(code) || UNSEEN.test(code)) return null;
  let text = "";
  let highest = 0;
  let spreads = false;
  let quoted = false;
  for (let i = 0; i < code.length; i++) {
    const c = code[i]!;
    if (c === '"') quoted = !quoted;
    if (c !== "$") {
      text += c;
      continue;
    }
    const next = code[i + 1];
    if (next === "$") {
      // `$$`, the shell's process id, then whatever follows (`$$1` is the id and `1`).
      text += "$$";
      i++;
    } else if (next === "{") {
      const close = code.indexOf("}", i);
      const inner = close < 0 ? "" : code.slice(i + 2, close);
      // Only plain operator text inside: no nested expansion, quote or brace.
      if (close < 0 || !/^[A-Za-z0-9_%#:=+?.\/*-]*$/.test(inner)) return null;
      const n = /^(\d+)(?:[%#:=+?-]|$)/.exec(inner)?.[1];
      if (n !== undefined) {
        highest = Math.max(highest, Number(n));
        text += `\${${PARAM}${Number(n)}${inner.slice(n.length)}}`;
      } else if (inner === "#") text += `\${${PARAM}n}`;
      else if (/^[#!]?[\d@*]/.test(inner) || inner.startsWith("#")) return null;
      else text += `\${${inner}}`;
      i = close;
    } else if (next !== undefined && /\d/.test(next)) {
      highest = Math.max(highest, Number(next));
      text += `\${${PARAM}${next}}`;
      i++;
    } else if (next === "#") {
      text += `\${${PARAM}n}`;
      i++;
    } else if (next === "@" && quoted && code[i - 1] === '"' && code[i + 2] === '"' && _boundary(code[i - 2]) && _boundary(code[i + 3])) {
      // `"$@"` as a whole word: the opening quote is replaced with the words.
      text = `${text.slice(0, -1)}\0`;
      spreads = true;
      quoted = false;
      i += 2;
    } else if (next === "@" || next === "*") return null;
    else text += c;
  }
  if (quoted || (count !== null && highest > 64)) return null;
  return { text, highest, spreads };
}

function _boundary(c: string | undefined): boolean {
  return c === undefined || /[\s;&|()]/.test(c);
}

/** One run of the shell with its parameters (`values[0]` is $0) bound. */
function _run(head: Word, option: Word, code: Rewritten, values: string[], ctx: AnalyzeContext): Op[] {
  const [zero, ...args] = values;
  const text = code.text.replaceAll("\0", args.map((_, k) => `"\${${PARAM}${k + 1}}"`).join(" "));
  const vars = ctx.vars;
  const at = mark(vars);
  // Journaled (settle), so the one restore below takes them back with what the run assigned.
  settle(vars, `${PARAM}0`, zero ?? head.value);
  settle(vars, `${PARAM}n`, String(args.length));
  for (let k = 1; k <= Math.max(code.highest, args.length); k++) settle(vars, `${PARAM}${k}`, args[k - 1] ?? UNSET);
  try {
    return analyzeArgv(head, [option, literalWord(text, true), ...values.map((v) => literalWord(v, true))], ctx);
  } finally {
    restore(vars, at);
  }
}

/**
 * The paths find prints for action `action`, as the dry run lists them (find-dry-run.ts), or null:
 * one literal start point without `..` that is no symlink and lies in the workspace, an expression
 * the dry run reads, no more than 64 matches, and a tree nothing earlier in the line may change.
 */
function _matches(roots: Word[], expr: Word[], action: number, ctx: AnalyzeContext, cmd: Parameters<typeof mayBeRewritten>[1]): string[] | null {
  const [root, ...more] = roots;
  const cwd = ctx.state.cwd;
  if (!root || more.length > 0 || root.dynamic || root.glob || cwd === null || ctx.state.afterCd) return null;
  if (root.value.split("/").includes("..") || expr.some((w) => w.dynamic || w.glob)) return null;
  if (mayBeRewritten(ctx, cmd) || ctx.state.landed?.length || ctx.state.changes?.length) return null;
  const workspace = realPathOrNull(findWorkspace(cwd));
  const path = workspace ? workspacePath(cwd, root.value, workspace) : null;
  if (path === null) return null;
  const reach = findDryRun(path, root.value, expr.map((w) => w.value), false);
  const hits = reach?.hits[action];
  if (!hits || hits.length > MAX_MATCHES) return null;
  return hits.map((h) => h.printed);
}
