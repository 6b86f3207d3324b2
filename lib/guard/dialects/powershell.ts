import { MAX_DEPTH, type Vars } from "../posix/parser.ts";
import { trackDefinitions } from "../posix/track.ts";
import { literalWord, ParseError, SYNTHETIC, unknownWord, type Script, type SimpleCommand, type Word } from "../syntax.ts";
import { cmdLine, forfiles } from "./cmd.ts";
import { translateFindstr } from "./findstr.ts";
import { translateRobocopy } from "./cmd-robocopy.ts";
import { assignedValue, translateAssignment } from "./powershell-assign.ts";
import { bindParameters, isParameter, switchOff, valuesOf } from "./powershell-bind.ts";
import { isExpressionHead, lexPowerShell, listElements, openColons, type PsCommand } from "./powershell-lexer.ts";
import { joinedPath } from "./powershell-join-path.ts";
import { type Item, loopReading } from "./powershell-loops.ts";
import { resolveRemoveItemParam } from "./powershell-params.ts";
import { START_PROCESS, translateStartProcess } from "./powershell-process.ts";
import { FETCHERS, translateWeb } from "./powershell-web.ts";
import { listedDeletes } from "./powershell-listing.ts";
import { providerPath } from "./windows-names.ts";
import { translateWrite, WRITE_CMDLETS } from "./powershell-writes.ts";
import { translateDownload, WINDOWS_DOWNLOADERS } from "./windows-downloads.ts";

const REMOVE = new Set(["remove-item", "ri", "rm", "del", "erase", "rd", "rmdir"]);
// Storage module cmdlets that erase a disk, a partition or a volume, or a storage pool's disks.
const DISK = new Set(["format-volume", "clear-disk", "initialize-disk", "remove-partition", "format", "remove-virtualdisk", "remove-storagepool", "reset-physicaldisk"]);
const LISTING = new Set(["get-childitem", "gci", "ls", "dir", "get-item", "gi"]);
const CHILD_LISTING = new Set(["get-childitem", "gci", "ls", "dir"]);
// Formatting cmdlets pass what they are given on to the next command (as text or objects).
// Cmdlets that read FileSystem provider paths (the write cmdlets are powershell-writes.ts's).
const PATH_READERS = new Set(["get-content", "gc", "cat", "type", "get-item", "gi", "get-childitem", "gci", "ls", "dir", "test-path", "resolve-path", "rvpa", "get-filehash", "select-string", "sls", "import-csv", "ipcsv", "import-clixml"]);
// Commands that make a name run another command (about_Aliases): `Set-Alias build Remove-Item;
// build -Recurse -Force ~` removes the home (red team 13), as an item written on the Alias:
// drive does (`Set-Item Alias:build Remove-Item`).
const ALIAS_DEFINERS = new Set(["set-alias", "sal", "new-alias", "nal", "import-alias", "ipal"]);
const ITEM_WRITERS = new Set(["set-item", "si", "new-item", "ni", "copy-item", "copy", "cp", "cpi", "move-item", "move", "mv", "mi", "rename-item", "ren", "rni"]);
const ALIAS_DRIVE = /^(?:-[a-z]+:)?(?:microsoft\.powershell\.core\/)?alias::?/i;
// PowerShell's aliases (about_Aliases) of cmdlets windows-programs.ts judges.
const CMDLET_ALIASES = new Map(Object.entries({ sp: "set-itemproperty", si: "set-item", rp: "remove-itemproperty", clp: "clear-itemproperty", rnp: "rename-itemproperty", mp: "move-itemproperty", cpp: "copy-itemproperty", swmi: "set-wmiinstance", ncim: "new-ciminstance", scim: "set-ciminstance", iwmi: "invoke-wmimethod", icim: "invoke-cimmethod" }));
const PASS_THROUGH = new Set(["out-string", "oss", "convertto-json", "convertto-csv", "convertto-xml", "format-list", "fl", "format-table", "ft", "select-object", "select", "sort-object", "sort", "write-output", "echo", "write"]);

/**
 * PowerShell command text as simple commands in the POSIX effect vocabulary: Remove-Item and its
 * aliases become `rm`/`find -delete`, -WhatIf a no-op, an unresolvable parameter an unknown
 * effect; other commands (git, cmd, bash, …) pass through with their words.
 */
export function parsePowerShell(text: string, depth: number, vars: Vars, item?: Item): Script {
  if (depth > MAX_DEPTH) throw new ParseError("nesting too deep");
  // A loop's item (powershell-loops.ts) comes before the variables the dialect resolves.
  const lookup = (name: string) => item?.get(name) ?? _variable(name, vars);
  const commands: SimpleCommand[] = [];
  let prev: PsCommand | undefined;
  let prevCmd: SimpleCommand | undefined;
  // The current location while no command of the line changed it (null: unknown).
  let cwd = depth === 0 ? (vars.get("PWD") ?? null) : null;
  const statements = lexPowerShell(text, lookup);
  for (const [at, ps] of statements.entries()) {
    // The last command of each `(…)`/`$(…)`/`{…}` body: what the body outputs.
    const tails: SimpleCommand[] = [];
    // A listing is read only as the line's first statement, with nothing running beside it.
    const alone = depth === 0 && at === (ps.piped ? 1 : 0) && !statements[at + 1]?.piped && ps.redirects.length === 0;
    const loop = loopReading(ps, { source: ps.piped ? prev : undefined, first: alone, cwd });
    for (const [k, nested] of ps.nested.entries()) {
      const body = loop?.cond?.index === k ? loop.cond.list : nested;
      for (const one of loop?.body === k && loop.items ? loop.items.map((i) => new Map([...(item ?? []), ...i])) : [item]) {
        const inner = parsePowerShell(body, depth + 1, vars, one).commands;
        commands.push(...inner);
        if (inner.length) tails.push(inner[inner.length - 1]!);
      }
    }
    const assigns = ps.words[0] && isExpressionHead(ps.words[0]) ? translateAssignment(ps.words[0], ps.words.slice(1)) : undefined;
    if (assigns) {
      const cmd: SimpleCommand = { argv: [], assigns, redirects: [] };
      trackDefinitions(vars, cmd);
      commands.push(cmd);
      prev = ps;
      prevCmd = cmd;
      continue;
    }
    // `$out = npm run build 2>&1`, `$null = New-Item …`: the command runs, its output is assigned.
    const value = ps.words[0] && isExpressionHead(ps.words[0]) ? assignedValue(ps.words[0], ps.words.slice(1)) : undefined;
    // `(Join-Path $PWD "build")` of known parts is that path (powershell-join-path.ts).
    const statement = loop ? [literalWord(loop.keyword)] : (value && !_isValue(value[0]!) ? value : ps.words).map((w) => joinedPath(w, lookup) ?? w);
    const called = statement[0]?.value === "&" || statement[0]?.value === ".";
    const words = called ? statement.slice(1) : statement;
    // `& $x …` runs the command $x names: not an expression.
    const argv = !words.length ? [] : called && isExpressionHead(words[0]!) ? [unknownWord()] : _translate(words, { source: ps.piped ? prev : undefined, tails, depth, vars, out: commands, cwd, verbatim: ps.verbatim });
    if (argv[0]?.value === "cd" || argv[0]?.value === "popd" || argv[0]?.value === "pop-location") cwd = null;
    const cmd: SimpleCommand = {
      argv,
      assigns: [],
      redirects: ps.redirects.map((r) => ({ op: r.op, fd: "", target: r.target })),
      pipeFrom: ps.piped ? prevCmd : undefined,
    };
    commands.push(cmd);
    prev = ps;
    prevCmd = cmd;
  }
  return { commands };
}

interface _Context {
  /** The previous command of the pipeline, when this one is piped. */
  source: PsCommand | undefined;
  tails: SimpleCommand[];
  depth: number;
  vars: Vars;
  out: SimpleCommand[];
  cwd: string | null;
  /** The command line after `--%`, spelled as the program gets it. */
  verbatim?: string;
}

function _translate(all: Word[], cx: _Context): Word[] {
  // After `--%` the words are the line's own text; a `%NAME%` in them is expanded by PowerShell.
  const words = cx.verbatim === undefined || _nativeName(all[0]!.value) === "cmd" ? all : [...all, ...cx.verbatim.split(/\s+/).filter(Boolean).map((v) => (v.includes("%") ? { ...unknownWord(), value: v } : literalWord(v)))];
  const [head, ...args] = words;
  if (isExpressionHead(head!)) {
    // `$x = 'text'`, `$n = $m + 1`: an expression's value is what is assigned.
    const value = assignedValue(head!, args);
    if (value) return _expression(value.slice(1)) && _expression([value[0]!]) ? [] : [literalWord(SYNTHETIC.unknown)];
    return _expression(args) ? [] : [literalWord(SYNTHETIC.unknown)];
  }
  if (head!.dynamic) return words;
  // A module-qualified name (`Microsoft.PowerShell.Management\Remove-Item`) is the command itself.
  const name = head!.value.toLowerCase().replace(/^[a-z_][\w.]*\/(?=[a-z]+-[a-z]+$)/, "");
  if (ALIAS_DEFINERS.has(name) || (ITEM_WRITERS.has(name) && args.some((a) => ALIAS_DRIVE.test(a.value)))) return [literalWord(SYNTHETIC.unknown)];
  if (REMOVE.has(name) || WRITE_CMDLETS.has(name) || PATH_READERS.has(name) || FETCHERS.has(name)) _providerHome(args, cx.vars);
  if (REMOVE.has(name)) return _removeItem(args, cx.source, cx.cwd);
  // A piped string or number binds no parameter by a property (`'text' | New-Item -Name x`).
  const literal = cx.source?.words.length === 1 && cx.source.nested.length === 0 && !cx.source.words[0]!.dynamic && (cx.source.words[0]!.quoted || /^-?\d+$/.test(cx.source.words[0]!.value));
  const write = translateWrite(name, args, cx.source !== undefined && !literal);
  if (write) return write;
  if (DISK.has(name)) return [literalWord(SYNTHETIC.disk)];
  if (name === "clear-recyclebin") return _clearRecycleBin(args);
  if (FETCHERS.has(name)) return translateWeb(name, args, cx.source !== undefined, cx.tails, cx.out) ?? [literalWord(name), ...args];
  if (START_PROCESS.has(name)) return translateStartProcess(args, cx.out, (program, argv) => _native(program, argv, cx));
  // `type` is Get-Content's alias, not the shells' builtin of that name: it prints the files.
  if (name === "type") return [literalWord("get-content"), ...args];
  // Aliases of the registry and WMI cmdlets windows-programs.ts judges (`sp` is Set-ItemProperty,
  // `cpp` Copy-ItemProperty: a program of that name elsewhere is another one).
  const cmdlet = CMDLET_ALIASES.get(name);
  if (cmdlet) return [literalWord(cmdlet), ...args];
  const native = _native(name, args, cx);
  if (native) return native;
  if (_environmentListing(name, args)) return [literalWord("env")];
  // Test-Path answers whether an item exists (or a path is well formed); it reads no content.
  if (name === "test-path") return [];
  if (PASS_THROUGH.has(name) && cx.source) return [literalWord("cat")];
  if (name === "invoke-expression" || name === "iex") return _invokeExpression(args, cx);
  return [literalWord(name), ...args];
}

/**
 * Windows programs that delete through their options, read as cmd reads them, by any spelling
 * of their name (`robocopy.exe`, `C:\Windows\System32\ROBOCOPY.EXE`). cmd receives its
 * arguments as one command line: PowerShell quotes those with blanks.
 */
function _native(spelled: string, args: Word[], cx: _Context): Word[] | undefined {
  const name = _nativeName(spelled);
  if (name === "robocopy") return translateRobocopy(args, cx.out);
  if (name === "forfiles") return forfiles(args, cx.depth, cx.vars, cx.out);
  if (name === "findstr") return translateFindstr(args, (w) => !w.dynamic && w.value.startsWith("/"));
  if (WINDOWS_DOWNLOADERS.has(name)) return translateDownload(name, args, cx.out);
  if (name === "cmd") {
    const line = args.map((w) => (w.dynamic ? "%LEOGRIEL_UNKNOWN%" : /[\s"]/.test(w.value) ? `"${w.value.replace(/"/g, '\\"')}"` : w.value));
    return cmdLine([...line, ...(cx.verbatim === undefined ? [] : [cx.verbatim])].join(" "), cx.depth + 1, cx.vars, cx.out, cx.cwd);
  }
  return undefined;
}

/** A native program's name however it is spelled (`C:\…\ROBOCOPY.EXE` is robocopy). */
function _nativeName(spelled: string): string {
  const lower = spelled.toLowerCase();
  return lower.slice(lower.lastIndexOf("/") + 1).replace(/\.(?:exe|com|bat|cmd)$/, "");
}

// Operators of an expression statement (about_Operators): comparison, string, logical, bitwise.
const OPERATOR = /^-[ci]?(?:eq|ne|gt|ge|lt|le|like|notlike|match|notmatch|replace|contains|notcontains|in|notin|split|join|is|isnot|as|and|or|xor|not|band|bor|bxor|bnot|shl|shr|f)$/i;

/** A word that starts an expression rather than a command (about_Parsing): a string, a number, a variable. */
function _isValue(w: Word): boolean {
  return w.quoted || isExpressionHead(w) || /^-?\d/.test(w.value) || w.dynamic;
}

/**
 * A statement that begins with a variable is an expression (about_Parsing, expression mode): it
 * computes a value and runs nothing, as long as it calls no method and holds no command (`(…)`
 * and `$(…)` bodies are analysed as commands of their own). Only operators, literals and other
 * plain variables are known to be such; anything else (`$x = cmd`, `$d.Delete()`) is unknown.
 */
function _expression(rest: Word[]): boolean {
  return rest.every((w) => isExpressionHead(w) || (w.quoted && !w.dynamic && !listElements.get(w)?.some((e) => e.dynamic)) || (!w.quoted && !w.dynamic && (OPERATOR.test(w.value) || /^(?:[-+*/%]|-?\d+(?:\.\d+)?(?:kb|mb|gb|tb|pb)?)$/i.test(w.value))));
}

/**
 * A leading `~` in a provider cmdlet's argument is the home folder however it was quoted: the
 * cmdlet receives the text, and the FileSystem provider substitutes ProviderInfo.Home for it
 * (learn.microsoft.com/dotnet/api/system.management.automation.providerinfo.home), -LiteralPath
 * included (believed so; judged so, failing closed). The lexer already expanded unquoted ones;
 * native programs get a quoted `~` as text. The words are this line's own: changed in place.
 */
function _providerHome(args: Word[], vars: Vars): void {
  const home = vars.get("HOME") ?? null;
  const expand = (w: Word) => {
    if (w.dynamic) return;
    const m = /^((?:[-\u2013\u2014\u2015][A-Za-z_]\w*:)?)~(?=\/|$)/.exec(w.value);
    if (!m) return;
    if (home === null) w.dynamic = true;
    else w.value = w.pattern = `${m[1]}${home}${w.value.slice(m[0].length)}`;
  };
  for (const w of args) {
    expand(w);
    for (const e of listElements.get(w) ?? []) expand(e);
  }
}

// Clear-RecycleBin [[-DriveLetter] <string[]>] [-Force] (learn.microsoft.com/powershell/module/
// microsoft.powershell.management/clear-recyclebin).
const CLEAR_RECYCLE_BIN = { params: { driveletter: true, force: false }, positional: ["driveletter"], shouldProcess: true };

/**
 * Clear-RecycleBin deletes the recycled files of the drives it names (every drive without
 * -DriveLetter) for good: `rm -rf /$Recycle.Bin`, the folder each NTFS drive keeps them in, as
 * `gio trash --empty` is the removal of the user's Trash (effects/desktop-files.ts). The
 * confirmation it asks without -Force is not counted on; -WhatIf is a dry run.
 */
function _clearRecycleBin(args: Word[]): Word[] {
  const b = bindParameters(args, CLEAR_RECYCLE_BIN);
  if (!b) return [literalWord(SYNTHETIC.unknown)];
  if (b.has("whatif")) return [literalWord(SYNTHETIC.noop)];
  return ["rm", "-rf", "--", "/$Recycle.Bin"].map((v) => literalWord(v));
}

/** Invoke-Expression [-Command] <string>: the text is PowerShell, parsed here; piped text is unknown. */
function _invokeExpression(args: Word[], cx: _Context): Word[] {
  if (args.length === 0) {
    const srcName = cx.source?.words[0]?.value.toLowerCase() ?? "";
    return [literalWord(FETCHERS.has(srcName) ? SYNTHETIC.remote : SYNTHETIC.unknown)];
  }
  const b = bindParameters(args, { params: { command: true }, positional: ["command"] });
  const text = valuesOf(b?.get("command"));
  if (!b || text.length !== 1 || text[0]!.dynamic) return [literalWord(SYNTHETIC.unknown)];
  cx.out.push(...parsePowerShell(text[0]!.value, cx.depth + 1, cx.vars).commands);
  return [];
}

/** `Get-ChildItem env:`, `dir Env:\`: the environment drive's items, names and values. */
function _environmentListing(name: string, args: Word[]): boolean {
  return LISTING.has(name) && args.some((a) => !a.dynamic && /^(-path:)?env:\/?\*?$/i.test(a.value));
}

function _removeItem(args: Word[], source: PsCommand | undefined, cwd: string | null): Word[] {
  const targets: Word[] = [];
  let recurse = false;
  let filtered = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    // `-Path:'x y'` is the parameter with a quoted value; a quoted `'-x'` is a name.
    if (a.dynamic || !isParameter(a)) {
      targets.push(...valuesOf(a).map(providerPath));
      continue;
    }
    const [written, spelled] = a.value.slice(1).split(/:(.*)/s);
    const param = resolveRemoveItemParam(written!);
    if (!param) return [literalWord(SYNTHETIC.unknown)];
    // `-Name: VALUE`: a blank after the colon, the value is the next word.
    const open = spelled !== undefined && openColons.has(a);
    const value = param.value ? (spelled !== undefined && !open ? { ...a, value: spelled } : args[++i]) : undefined;
    const given = !param.value && open ? args[++i] : undefined;
    if (open && !param.value && (!given || given.dynamic)) return [literalWord(SYNTHETIC.unknown)];
    const inline = given ? given.value : spelled;
    const off = !param.value && inline !== undefined && switchOff(inline);
    if (param.value && !value) return [literalWord(SYNTHETIC.unknown)];
    if (param.effect === "noop" && !off) return [literalWord(SYNTHETIC.noop)];
    if (param.effect === "recurse" && !off) recurse = true;
    if (param.effect === "filter") filtered = true;
    if (param.effect === "path") targets.push(...valuesOf(value!).map(providerPath));
    if (param.effect === "literal") targets.push(...valuesOf(value!).map((w) => ({ ...w, glob: false })));
  }
  if (targets.length === 0 && source) {
    // Piped input: the items the listing command names, whose members cannot be listed now.
    const srcName = source.words[0]?.value.toLowerCase() ?? "";
    const listed = source.words.slice(1).filter((w) => w.dynamic || !w.value.startsWith("-")).map(providerPath);
    const found = CHILD_LISTING.has(srcName) ? listedDeletes(source.words.slice(1), cwd) : undefined;
    if (found) return found;
    if (!LISTING.has(srcName) || listed.length === 0) return [literalWord("rm"), literalWord("--"), unknownWord()];
    return [literalWord(SYNTHETIC.subtree), ...listed];
  }
  if (targets.length === 0) return [];
  if (filtered) return [literalWord(SYNTHETIC.subtree), ...targets];
  return [literalWord("rm"), ...(recurse ? [literalWord("-r")] : []), literalWord("--"), ...targets];
}

function _variable(name: string, vars: Vars): string | null {
  const home = vars.get("HOME") ?? null;
  const table: Record<string, string | null> = {
    home,
    "env:home": home,
    "env:userprofile": home,
    // The roaming application data at its default place, the all-users data folder (as cmd.ts reads them).
    "env:appdata": home === null ? null : `${home}/AppData/Roaming`,
    "env:programdata": "C:/ProgramData",
    "env:allusersprofile": "C:/ProgramData",
    pwd: vars.get("PWD") ?? null,
    "env:temp": vars.get("TMPDIR") ?? null,
    "env:tmp": vars.get("TMPDIR") ?? null,
    true: "True",
    false: "False",
    null: "",
  };
  return name in table ? table[name]! : null;
}
