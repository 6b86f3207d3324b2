import { basename } from "node:path";
import { gitListingArgs } from "../effects/git-listing.ts";
import { statOrUndefined } from "../fs-probe.ts";
import { gitFact } from "../git-preflight.ts";
import { PLAIN_NAME } from "../posix/listing-words.ts";
import { fitsUnroll, globNames, MAX_WORDS } from "../posix/loop-unroll.ts";
import { lexPowerShell, listElements, type PsCommand } from "./powershell-lexer.ts";

/** The values a loop body's variables take in one pass: `name` and `name.property`, lower case. */
export type Item = ReadonlyMap<string, string>;

/**
 * How a loop statement is read: the nested text that is its collection (`cond`, judged as
 * `list` instead: the `$x in` is no command) and the nested body read once per item (`items`;
 * null keeps one reading with the variable unknown).
 */
export interface LoopReading {
  /** `foreach` or the ForEach-Object spelling: the statement's command, its brackets read here. */
  keyword: string;
  cond?: { index: number; list: string };
  body: number;
  items: Item[] | null;
}

/** Where the statement stands: its pipeline source, and whether it is the line's first, in a known folder. */
export interface LoopPlace {
  source: PsCommand | undefined;
  /** The source (or, without one, the statement) is the line's first statement, at the top level, and nothing runs beside it. */
  first: boolean;
  cwd: string | null;
}

const FOREACH_OBJECT = new Set(["foreach-object", "%", "foreach"]);
const LISTING = new Set(["get-childitem", "gci", "ls", "dir"]);

/**
 * PowerShell's loops as the POSIX `for` loop is read (posix/loop-unroll.ts): `foreach ($x in
 * LIST) { BODY }` and `SOURCE | ForEach-Object { BODY }` read BODY once per item with `$x` (`$_`,
 * `$PSItem`) set to it, when the items are known: a list of string or number literals (`@("web",
 * "api")`), the files a plain relative `Get-ChildItem PATTERN` lists (a FileInfo: `$f`,
 * `$f.FullName` and `$f.Name` name the file), or the names a git name listing prints (read by
 * running it, as `git ls-files | xargs` is: effects/git-listing.ts). These sets are fixed before
 * the body first runs: `foreach` collects its list first, the provider expands a wildcard path
 * into its matches before Get-ChildItem writes them, a plain name is the file itself, and git reads
 * the index once. A listing is read only where
 * it cannot differ when the line runs: it is the line's first statement, in the folder the check
 * knows. The body may only read the variable (no assignment, no other property, no nested
 * scriptblock where `$_` means something else, no Set-Variable, Invoke-Expression or
 * dot-sourcing) and stays within the POSIX loop's bounds. Otherwise the body is read once with
 * the variable unknown, and a `foreach` collection is judged as the statement it is.
 * Undefined: no loop statement.
 */
export function loopReading(ps: PsCommand, place: LoopPlace): LoopReading | undefined {
  // The keyword and, beside it, only the bracketed parts (`foreach(…){…}` is one word).
  if (!ps.words[0] || ps.words.some((w) => w.quoted)) return undefined;
  const keyword = ps.words.map((w) => w.value).join("").toLowerCase();
  if (keyword === "foreach" && !ps.piped && ps.nested.length === 2) {
    const m = /^\s*\$([A-Za-z_]\w*)\s+in\s+([\s\S]*\S)\s*$/i.exec(ps.nested[0]!);
    if (!m) return undefined;
    const name = m[1]!.toLowerCase();
    const literals = _literals(m[2]!);
    const items = literals ? literals.map((v) => new Map([[name, v]])) : place.first && place.source === undefined ? _files(m[2]!, place.cwd, [name]) : null;
    // A list of literals runs nothing: no statement to judge.
    return { keyword, cond: { index: 0, list: literals ? "" : m[2]! }, body: 1, items: items && _onlyRead(ps.nested[1]!, [name], items) ? items : null };
  }
  if (FOREACH_OBJECT.has(keyword) && ps.piped && ps.nested.length === 1 && place.source && place.first) {
    const names = ["_", "psitem"];
    const items = _gitNames(place.source, place.cwd, names) ?? _listed(place.source, place.cwd, names);
    return { keyword, body: 0, items: items && _onlyRead(ps.nested[0]!, names, items) ? items : null };
  }
  return undefined;
}

/** `@("a", 'b', 3)`, `"a","b"`: the values of a list of string and number literals, or null. */
function _literals(text: string): string[] | null {
  const [only, ...more] = _statements(text, /^@\(([\s\S]*)\)$/) ?? [];
  if (!only || more.length || only.words.length !== 1 || only.nested.length || only.redirects.length || only.verbatim !== undefined) return null;
  const word = only.words[0]!;
  const elements = listElements.get(word) ?? [word];
  if (elements.length > MAX_WORDS || elements.some((e) => e.dynamic || !(e.quoted || /^-?\d+$/.test(e.value)))) return null;
  return elements.map((e) => e.value);
}

/** `Get-ChildItem PATTERN` (optionally in `( )`) of regular files in `cwd`: each file as an item. */
function _files(text: string, cwd: string | null, names: string[]): Item[] | null {
  const statements = _statements(text, /^\(([\s\S]*)\)$/);
  return statements?.length === 1 ? _listed(statements[0]!, cwd, names) : null;
}

/** The statements of `text` (inside the brackets `wrapper` takes off, when it has them), or null when they do not lex. */
function _statements(text: string, wrapper: RegExp): PsCommand[] | null {
  try {
    return lexPowerShell(wrapper.exec(text.trim())?.[1] ?? text, () => null);
  } catch {
    return null;
  }
}

/** The files a plain `Get-ChildItem PATTERN` lists in `cwd` (every match a regular file), or null. */
function _listed(listing: PsCommand, cwd: string | null, names: string[]): Item[] | null {
  const [head, pattern, ...more] = listing.words;
  if (cwd === null || !head || !pattern || more.length || listing.piped || listing.nested.length || listing.redirects.length) return null;
  if (head.dynamic || !LISTING.has(head.value.toLowerCase()) || pattern.dynamic || pattern.value.startsWith("-") || listElements.has(pattern)) return null;
  const found = /[*?[]/.test(pattern.value) ? globNames(pattern.value, cwd) : PLAIN_NAME.test(pattern.value) ? [pattern.value] : null;
  if (!found || found.length > MAX_WORDS || !found.every((f) => statOrUndefined(`${cwd}/${f}`)?.isFile())) return null;
  return found.map((f) => {
    const full = `${cwd}/${f}`;
    return new Map(names.flatMap((n) => [[n, full], [`${n}.fullname`, full], [`${n}.name`, basename(f)]]));
  });
}

/** The names a plain git name listing prints in `cwd` (effects/git-listing.ts), each plain, or null. */
function _gitNames(source: PsCommand, cwd: string | null, names: string[]): Item[] | null {
  const [head, ...args] = source.words;
  if (cwd === null || !head || head.dynamic || head.quoted || head.value !== "git" || source.piped || source.nested.length || source.redirects.length || source.verbatim !== undefined) return null;
  const listing = gitListingArgs(args);
  const output = listing && gitFact(cwd, listing);
  if (!output) return null;
  const listed = output.split("\n").filter(Boolean);
  if (listed.length > MAX_WORDS || !listed.every((n) => PLAIN_NAME.test(n) && !n.includes("="))) return null;
  return listed.map((n) => new Map(names.map((v) => [v, n])));
}

// What may set a variable without naming it as `$x = …` (about_Variables, about_Scopes,
// about_Script_Blocks): the variable cmdlets and their aliases, references, text run as code,
// dot-sourcing; and a nested scriptblock, where `$_` is another item.
const UNSEEN_SETTERS = /[{}]|\b(?:set|new|remove|clear|get)-variable\b|(?:^|[\s;(|])(?:sv|nv|rv|clv|gv|set|iex)(?=\s|$)|invoke-expression|\[ref\]|executioncontext|variable:|(?:^|[\s;(|])\.\s/i;

/**
 * Whether `body` only reads the loop's variables, each mention `$name` or `${name}`, with a
 * property only where the items have it (`$f.FullName`), never assigned (`$x = …`, `$x++`).
 */
function _onlyRead(body: string, names: string[], items: Item[]): boolean {
  if (!fitsUnroll(body, items.length) || UNSEEN_SETTERS.test(body)) return false;
  for (const name of names) {
    for (const m of body.matchAll(new RegExp(`(?<![A-Za-z0-9_])${name}(?![A-Za-z0-9_])`, "gi"))) {
      const braced = body.slice(m.index - 2, m.index) === "${" && body[m.index + name.length] === "}";
      if (body[m.index - 1] !== "$" && !braced) return false;
      const after = body.slice(m.index + name.length + (braced ? 1 : 0));
      const property = /^\.([A-Za-z_]\w*)/.exec(after);
      if (property && !items[0]!.has(`${name}.${property[1]!.toLowerCase()}`)) return false;
      if (/^\s*(?:[-+*/%]?=(?!=)|\+\+|--(?!\w))|^[[(.]/.test(property ? after.slice(property[0].length) : after)) return false;
    }
  }
  return true;
}
