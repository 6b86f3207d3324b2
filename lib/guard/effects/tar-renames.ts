import { op, type Op } from "../ops.ts";
import { literalWord, type Word } from "../syntax.ts";
import { AGENT_FILES } from "../agent-files.ts";
import type { AnalyzeContext } from "./context.ts";
import { LOADED } from "./loaded-analysers.ts";
import { caseInsensitiveNames } from "../paths.ts";
import { absolutePath } from "./program-path.ts";
import { VALUED_SHORT, type TarArgs } from "./tar-args.ts";
import { type Rename, shownNames } from "./tar-rename-names.ts";

// The agent-folder judge loads with the first rename that leads into a folder (not with every tar line).
const agentFolders = (): typeof import("./agent-folders.ts") => (LOADED.agentFolders ??= require("./agent-folders.ts"));

// GNU tar's flags (transform.c) and bsdtar's (subst.c): an unknown one makes tar refuse the option.
const GNU_FLAGS = /^[gixrRsShH0-9]*$/;
const BSD_FLAGS = /^[bBgGhHpPrRsS]*$/;
// The names at the top of a folder that an agent or git reads from (agent-files.ts, `.git`): a
// rename that leaves a member's first name partly known (`s,^,.cl,`) may complete one of them.
const READ_NAMES = [...new Set([".git", ".mcp.json", ".claude.json", ...AGENT_FILES.map((f) => f.path.split("/")[0]!).filter((n) => n.startsWith("."))])];

/**
 * The writes an extraction's renames make known (session 14): GNU tar's `--transform`/`--xform`
 * (several values, each `;`-separated expressions) and bsdtar's (macOS tar's) `-s PATTERN`, read
 * for `tar` too, as the guard cannot tell which tar runs. The members' names are not known, so
 * what a rename shows is the literal text its replacement begins with, which begins every name
 * the rename matches at its start: `s,^,.claude/,` puts each member below `.claude` (a copy into
 * it from a source the guard cannot read: agent-folders.ts), `s,.*,.git/hooks/pre-commit,` writes
 * that file. GNU tar then drops a leading `/` and everything up to a `..` name (checked with GNU
 * tar 1.34: `s,^,../,` writes in the folder; bsdtar drops the `/` and refuses `..`), unless `-P`;
 * `--strip-components` applies after the rename. A last name only partly given (`s,^,.cl,`) may
 * be completed by the member's own name: each name an agent or git reads that it begins is
 * judged. A rename that cannot be read (computed, not `s`, unknown flags) or whose replacement
 * begins with the matched text leaves the names unknown: the extraction's own op judges them, as
 * every entry of `tar -xf a.tar` is. Several GNU renames compose in order, case conversions
 * (`\U`, `\L`, `\u`, `\l`, `\E`) included (session 15: tar-rename-names.ts); a composition the guard cannot
 * follow is unknown. Not followed: a member named on the command line under its new name.
 */
export function renamedWrites(parsed: TarArgs, args: Word[], strip: number | undefined, ctx: AnalyzeContext): Op[] {
  const renames = _renames(parsed, args);
  const dirs = parsed.directories;
  if (!renames?.length || strip === undefined || dirs.length > 1 || dirs[0]?.dynamic) return [];
  const shown = shownNames(renames);
  if (shown === null) return [op("unknown", "tar")];
  const base = dirs[0]?.value ?? ".";
  const absolute = parsed.short.has("P") || parsed.long.has("absolute-names");
  const same = (a: string, b: string): boolean => (caseInsensitiveNames.value ? a.toLowerCase().startsWith(b.toLowerCase()) : a.startsWith(b));
  const ops: Op[] = [];
  for (const { text, exact } of shown) {
    const parts = _safer(text, absolute).split("/").slice(strip);
    // A name that is the whole replacement is known to its end; else its last name goes on.
    const partial = exact ? "" : parts.pop()!;
    if (parts.length === 0 && partial === "" && !exact) continue;
    const folder = parts.filter((p) => p !== "").join("/");
    if (exact) {
      if (folder !== "") ops.push({ ...op("write-into", "tar", [literalWord(_join(base, folder), true)]), replaces: true });
      continue;
    }
    const into = [folder, ...READ_NAMES.filter((n) => partial !== "" && same(n, partial)).map((n) => (folder ? `${folder}/${n}` : n))].filter((f) => f !== "");
    for (const f of into) {
      const at = _join(base, f);
      const abs = absolutePath(at, ctx.state.cwd);
      if (abs !== null) ops.push(...agentFolders().fetchedAgentFiles("tar", abs, ctx));
      ops.push({ ...op("write-into", "tar", [literalWord(at, true)]), lands: "spread", replaces: true });
    }
  }
  return ops;
}

const _join = (base: string, rest: string): string => (rest.startsWith("/") || base === "." ? rest : `${base}/${rest}`);

/** The name as GNU tar writes it without `-P`: no leading `/`, nothing up to the last `..` name. */
function _safer(name: string, absolute: boolean): string {
  if (absolute) return name;
  const parts = name.replace(/^\/+/, "").split("/");
  // The last name may go on (`..x`): only a `..` followed by `/` is one.
  const last = parts.slice(0, -1).lastIndexOf("..");
  return parts.slice(last + 1).join("/");
}

/** The renames an extraction gives (null: one cannot be read). */
function _renames(parsed: TarArgs, args: Word[]): Rename[] | null {
  const out: Rename[] = [];
  for (const [name, value] of parsed.values) {
    if (name !== "transform" && name !== "xform") continue;
    if (value.dynamic) return null;
    const read = _gnu(value.value);
    if (read === null) return null;
    out.push(...read);
  }
  for (let i = 0; i < args.length - 1; i++) {
    const a = args[i]!;
    // `-s PATTERN`, `-xs PATTERN`: no letter before `s` takes a value.
    if (a.dynamic || !/^-[a-zA-Z]*s$/.test(a.value) || [...a.value.slice(1, -1)].some((c) => VALUED_SHORT.includes(c))) continue;
    const pattern = args[i + 1]!;
    if (pattern.dynamic) return null;
    const read = _expression(pattern.value, true);
    if (read === null) return null;
    out.push(read.rename);
  }
  return out;
}

/** GNU tar's `--transform` value: expressions separated by `;`. */
function _gnu(text: string): Rename[] | null {
  const out: Rename[] = [];
  let rest = text;
  while (rest !== "") {
    const read = _expression(rest, false);
    if (read === null) return null;
    out.push(read.rename);
    rest = read.rest.replace(/^;/, "");
  }
  return out;
}

/** One `sDREGEXDREPLDFLAGS` (bsdtar: `DREGEXDREPLDFLAGS`), and what follows it. */
function _expression(text: string, bsd: boolean): { rename: Rename; rest: string } | null {
  let at = bsd ? 0 : 1;
  if (!bsd && text[0] !== "s") return null;
  const delim = text[at++];
  if (delim === undefined || delim === "\\") return null;
  const segments: string[] = [];
  for (let k = 0; k < 2; k++) {
    let s = "";
    for (; at < text.length && text[at] !== delim; at++) {
      const c = text[at]!;
      // bsdtar splits at the delimiter alone; GNU tar reads `\D` as the delimiter itself.
      if (bsd || c !== "\\" || at + 1 >= text.length) s += c;
      else s += text[++at] === delim ? delim : `\\${text[at]}`;
    }
    if (text[at] !== delim) return null;
    at++;
    segments.push(s);
  }
  const end = bsd ? text.length : text.indexOf(";", at) < 0 ? text.length : text.indexOf(";", at);
  const flags = text.slice(at, end);
  if (!(bsd ? BSD_FLAGS : GNU_FLAGS).test(flags)) return null;
  const names = !/R[^r]*$/.test(flags);
  const nth = Number(/\d+/.exec(flags)?.[0] ?? 1);
  const rename = { regex: segments[0]!, replacement: segments[1]!, names, nth, global: flags.includes("g"), icase: !bsd && flags.includes("i"), extended: !bsd && flags.includes("x"), bsd };
  return { rename, rest: text.slice(end) };
}
