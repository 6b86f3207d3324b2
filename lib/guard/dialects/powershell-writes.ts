import { isAbsolute } from "node:path";
import { lstatOrUndefined } from "../fs-probe.ts";
import { literalWord, SYNTHETIC, unknownWord, type Word } from "../syntax.ts";
import { bindParameters, type Bound, type CmdletSpec, valuesOf } from "./powershell-bind.ts";
import { providerPath } from "./windows-names.ts";

// Parameter sets of the FileSystem provider's write cmdlets (PowerShell 7.4 reference,
// learn.microsoft.com/powershell/module/microsoft.powershell.management and .utility). Only
// what decides the target, the mode and a dry run matters; the rest is bound so that it does
// not shift positions.
const PATHS = { path: true, literalpath: true, filter: true, include: true, exclude: true, force: false, credential: true, passthru: false, stream: true };
const PATH_ALIASES = { pspath: "literalpath", lp: "literalpath" };
const CONTENT: CmdletSpec = { params: { ...PATHS, value: true, nonewline: false, encoding: true, asbytestream: false }, aliases: PATH_ALIASES, positional: ["path", "value"], shouldProcess: true };
const CLEAR: CmdletSpec = { params: PATHS, aliases: PATH_ALIASES, positional: ["path"], shouldProcess: true };
// Out-File binds -Encoding by position (Out-File [-FilePath] <string> [[-Encoding] <Encoding>]).
const OUT_FILE: CmdletSpec = { params: { filepath: true, literalpath: true, encoding: true, append: false, force: false, noclobber: false, width: true, nonewline: false, inputobject: true }, aliases: { path: "filepath", ...PATH_ALIASES }, positional: ["filepath", "encoding"], shouldProcess: true };
const TEE: CmdletSpec = { params: { filepath: true, literalpath: true, append: false, encoding: true, variable: true, inputobject: true }, aliases: { path: "filepath", ...PATH_ALIASES }, positional: ["filepath"] };
const EXPORT_CSV: CmdletSpec = { params: { path: true, literalpath: true, inputobject: true, force: false, noclobber: false, encoding: true, append: false, delimiter: true, useculture: false, includetypeinformation: false, notypeinformation: false, quotefields: true, usequotes: true, noheader: false }, aliases: { ...PATH_ALIASES, iti: "includetypeinformation", nti: "notypeinformation", qf: "quotefields", uq: "usequotes" }, positional: ["path", "delimiter"], shouldProcess: true };
const EXPORT_CLIXML: CmdletSpec = { params: { path: true, literalpath: true, depth: true, inputobject: true, force: false, noclobber: false, encoding: true }, aliases: PATH_ALIASES, positional: ["path"], shouldProcess: true };
// New-Item -Force over an existing file replaces it with an empty one (or -Value).
const NEW_ITEM: CmdletSpec = { params: { path: true, name: true, itemtype: true, value: true, force: false, credential: true }, aliases: { type: "itemtype", target: "value" }, positional: ["path"], shouldProcess: true };
const RENAME: CmdletSpec = { params: { path: true, literalpath: true, newname: true, force: false, passthru: false, credential: true }, aliases: PATH_ALIASES, positional: ["path", "newname"], shouldProcess: true };
const EXPAND: CmdletSpec = { params: { path: true, literalpath: true, destinationpath: true, force: false, passthru: false }, aliases: { pspath: "literalpath" }, positional: ["path", "destinationpath"], shouldProcess: true };
const COPY: CmdletSpec = { params: { ...PATHS, destination: true, container: false, recurse: false, fromsession: true, tosession: true }, aliases: PATH_ALIASES, positional: ["path", "destination"], shouldProcess: true };
const MOVE: CmdletSpec = { params: { ...PATHS, destination: true }, aliases: PATH_ALIASES, positional: ["path", "destination"], shouldProcess: true };
const LOCATION: CmdletSpec = { params: { path: true, literalpath: true, passthru: false, stackname: true }, aliases: PATH_ALIASES, positional: ["path"] };

type Mode = "overwrite" | "append";
type Writer = { spec: CmdletSpec; target: string; mode: (b: Bound) => Mode };
const always = (m: Mode) => () => m;
const appendIf = (b: Bound): Mode => (b.has("append") ? "append" : "overwrite");
const WRITERS = new Map<string, Writer>([
  ...["set-content", "sc"].map((n) => [n, { spec: CONTENT, target: "path", mode: always("overwrite") }] as const),
  ...["add-content", "ac"].map((n) => [n, { spec: CONTENT, target: "path", mode: always("append") }] as const),
  ...["clear-content", "clc", "clear-item", "cli"].map((n) => [n, { spec: CLEAR, target: "path", mode: always("overwrite") }] as const),
  ["out-file", { spec: OUT_FILE, target: "filepath", mode: appendIf }],
  ...["tee-object", "tee"].map((n) => [n, { spec: TEE, target: "filepath", mode: appendIf }] as const),
  ...["export-csv", "epcsv"].map((n) => [n, { spec: EXPORT_CSV, target: "path", mode: appendIf }] as const),
  ["export-clixml", { spec: EXPORT_CLIXML, target: "path", mode: always("overwrite") }],
]);
// Copy-Item's and Move-Item's aliases (`cpp` is Copy-ItemProperty's: windows-programs.ts).
const COPIERS = new Map([["copy-item", "cp"], ["cpi", "cp"], ["cp", "cp"], ["copy", "cp"], ["move-item", "mv"], ["mi", "mv"], ["mv", "mv"], ["move", "mv"]]);
const LOCATIONS = new Set(["set-location", "sl", "cd", "chdir", "push-location", "pushd"]);

/** The cmdlets of this module: each takes FileSystem provider paths. */
export const WRITE_CMDLETS: ReadonlySet<string> = new Set([...WRITERS.keys(), ...COPIERS.keys(), ...LOCATIONS, "new-item", "ni", "rename-item", "rni", "ren", "expand-archive"]);

const UNKNOWN = [literalWord(SYNTHETIC.unknown)];
const NOOP = [literalWord(SYNTHETIC.noop)];

/**
 * A FileSystem write cmdlet as the POSIX command with the same effect on its target: an
 * overwrite is `truncate`, an append `tee -a`, a copy or move `cp`/`mv` with the destination
 * last, an archive expansion `unzip`, a location change `cd`. `undefined`: not one of these.
 * `piped`: the command reads a pipeline (an object's property may bind a parameter).
 */
export function translateWrite(name: string, args: Word[], piped = false): Word[] | undefined {
  const writer = WRITERS.get(name);
  // `tee` is Tee-Object on Windows and the program elsewhere: arguments only the program takes.
  if (writer) return _write(args, writer) ?? (name === "tee" ? [literalWord(name), ...args] : UNKNOWN);
  const copier = COPIERS.get(name);
  if (copier) return _copy(copier, args, piped) ?? (name === copier ? [literalWord(name), ...args] : UNKNOWN);
  if (LOCATIONS.has(name)) {
    const b = bindParameters(args, LOCATION);
    if (!b) return UNKNOWN;
    const target = [..._paths(b, "path")];
    return [literalWord("cd"), ...target];
  }
  if (name === "new-item" || name === "ni") return _newItem(args, piped);
  // PowerShell's mkdir function (and its alias md) is New-Item -ItemType Directory: on a registry
  // key it makes the key as New-Item does (`mkdir -Force` recreating it); a folder is the program's.
  if ((name === "mkdir" || name === "md") && args.some(_registryKey)) return _newItem(args, piped);
  if (name === "rename-item" || name === "rni" || name === "ren") return _rename(args);
  if (name === "expand-archive") return _expand(args);
  return undefined;
}

function _write(args: Word[], w: Writer): Word[] | undefined {
  const b = bindParameters(args, w.spec);
  if (!b) return undefined;
  if (b.has("whatif")) return NOOP;
  const targets = _paths(b, w.target);
  if (targets.length === 0) return [];
  return w.mode(b) === "append" ? [literalWord("tee"), literalWord("-a"), literalWord("--"), ...targets] : [literalWord("truncate"), literalWord("--"), ...targets];
}

/** `undefined`: the arguments do not bind (`cp -f a b`: on Linux and macOS `cp`/`mv` are the programs). */
function _copy(program: string, args: Word[], piped: boolean): Word[] | undefined {
  const b = bindParameters(args, program === "cp" ? COPY : MOVE);
  if (!b) return undefined;
  if (b.has("whatif")) return NOOP;
  // -FromSession reads from another computer; -ToSession sends the files there.
  if (b.has("tosession") || b.has("fromsession")) return UNKNOWN;
  const sources = _paths(b, "path");
  const destination = valuesOf(b.get("destination"));
  if (destination.length > 1) return UNKNOWN;
  if (destination.some(_registryKey) || sources.some(_registryKey)) return _copyKeys(program, sources, destination[0], b, piped);
  return [literalWord(program), ...(b.has("recurse") ? [literalWord("-r")] : []), literalWord("--"), ...sources, destination[0] ?? literalWord(".")];
}

/**
 * Copy-Item and Move-Item of registry keys (the registry provider's CopyRegistryKey): the key's
 * values are set on DEST\LEAF when DEST is a key already, else on DEST, made; with -Recurse (a
 * move always recurses) its subkeys land below. The copies are judged as New-Item's keys are
 * (windows-programs.ts newRegistryKey, `-copy`: any value name; `-above`: subkeys the guard cannot
 * name may land below, so DEST's and DEST\LEAF's descendants count): a key Windows runs values of
 * asks, another passes (-Force changes nothing here: existing values of those names are replaced,
 * as Set-ItemProperty replaces them). A move removes the source key with its subkeys, which no
 * quarantine holds: unknown, as Remove-Item and Rename-Item of a key are. The provider refuses a
 * copy across providers (keys onto an absolute file path copy nothing); keys mixed with files, a
 * destination the guard cannot read, a relative one (a key's after Set-Location) or none (the
 * current location) are unknown.
 */
function _copyKeys(program: string, sources: Word[], destination: Word | undefined, b: Bound, piped: boolean): Word[] {
  // Keys copied onto a file system path: "CopyItemSourceAndDestinationNotSameProvider", nothing copied.
  if (program === "cp" && destination && !destination.dynamic && /^(?:[a-z]:)?\//i.test(destination.value) && !_registryKey(destination) && sources.every(_registryKey)) return NOOP;
  if (program === "mv" || !destination || !_registryKey(destination) || !sources.every(_registryKey)) return UNKNOWN;
  if (sources.length === 0 && !piped) return UNKNOWN;
  const base = destination.value.replace(/\/+$/, "");
  // A source's last name, when the guard can read it (a piped key, a wildcard or a filter selects keys it cannot).
  const selects = piped || b.has("filter") || b.has("include") || b.has("exclude");
  const leaves = sources.map((s) => (selects || s.glob || /[*?[]/.test(s.value) ? null : /[^/:]*$/.exec(s.value.replace(/\/+$/, ""))![0]));
  const above = b.has("recurse") || selects || leaves.some((l) => !l);
  const targets = [destination, ...leaves.filter((l): l is string => !!l).map((l) => literalWord(`${base}/${l}`))];
  return [literalWord(SYNTHETIC.registryKey), literalWord("-copy"), ...(above ? [literalWord("-above")] : []), literalWord("--"), ...targets];
}

function _newItem(args: Word[], piped: boolean): Word[] {
  const b = bindParameters(args, NEW_ITEM);
  if (!b) return UNKNOWN;
  if (b.has("whatif")) return [];
  // -Path takes a piped object's Path property (`Resolve-Path HKCU:\… | New-Item -Name Run`,
  // `Resolve-Path ~ | New-Item -Name .bashrc -Force`): without one of its own the folder is unknown.
  if (piped && !b.has("path")) return UNKNOWN;
  const type = b.get("itemtype");
  const name = b.get("name");
  const parents = _paths(b, "path");
  const targets = name === undefined || name === true ? parents : (parents.length ? parents : [literalWord(".")]).map((p) => _join(p, name));
  if (type !== undefined && type !== true && (type.dynamic || /^[sjh]|[*?[]/i.test(type.value))) return _link(type, targets, b);
  // Registry keys (`HKCU:\…`, `Registry::HKEY_…`): windows-programs.ts newRegistryKey judges them;
  // keys beside files (or names the guard cannot read) are unknown.
  const keys = targets.filter(_registryKey).length;
  if (keys) return keys < targets.length ? UNKNOWN : [literalWord(SYNTHETIC.registryKey), ...(b.has("force") ? [literalWord("-force")] : []), literalWord("--"), ...targets];
  // Without -Force only a new item is made (an existing one is an error): created like `touch`, so
  // protected storage and a Startup folder are judged; an existing absolute path is left alone.
  if (!b.has("force")) {
    const made = targets.filter((t) => t.dynamic || t.glob || !isAbsolute(t.value) || lstatOrUndefined(t.value) === undefined);
    return made.length ? [literalWord("touch"), literalWord("--"), ...made] : [];
  }
  // -Force on an existing folder returns it unchanged; on a file (or link) it replaces it.
  if (type !== undefined && type !== true && !type.dynamic && /^d/i.test(type.value)) return [];
  return targets.length ? [literalWord("truncate"), literalWord("--"), ...targets] : [];
}

/**
 * `New-Item -ItemType SymbolicLink|Junction|HardLink -Path LINK -Target|-Value TARGET` as `ln`
 * (the FileSystem provider matches -ItemType by prefix: `sym`, `j`, `h`). A symbolic link names
 * TARGET relative to LINK's folder, a junction and a hard link relative to the current location;
 * a relative symbolic target for a link in another folder is read either way by PowerShell
 * versions, so it is unknown. -Force replaces an existing LINK. Later commands through LINK are
 * judged at TARGET (effects/file-identity.ts recordLink).
 */
function _link(type: Word, links: Word[], b: Bound): Word[] {
  const targets = valuesOf(b.get("value"));
  if (type.dynamic || /[*?[]/.test(type.value) || links.length !== 1 || targets.length !== 1) return UNKNOWN;
  const [link, target] = [links[0]!, targets[0]!];
  const kind = type.value[0]!.toLowerCase();
  const relative = !target.dynamic && !/^(?:\/|[a-z]:)/i.test(target.value);
  if (kind === "s" && relative && !link.dynamic && link.value.replace(/\/+$/, "").includes("/")) return UNKNOWN;
  const flags = `-${kind === "h" ? "" : "s"}${kind === "j" ? "r" : ""}${b.has("force") ? "f" : ""}T`;
  return [literalWord("ln"), literalWord(flags), target, link];
}

function _rename(args: Word[]): Word[] {
  const b = bindParameters(args, RENAME);
  if (!b) return UNKNOWN;
  if (b.has("whatif")) return NOOP;
  const [path, ...more] = _paths(b, "path");
  const newName = b.get("newname");
  if (!path || more.length || newName === undefined || newName === true) return UNKNOWN;
  const dir = path.dynamic ? undefined : path.value.replace(/\/*[^/]*\/*$/, "");
  const target = dir === undefined || newName.dynamic ? unknownWord() : literalWord(newName.value.includes("/") ? newName.value : dir ? `${dir}/${newName.value}` : newName.value);
  return [literalWord("mv"), literalWord("--"), path, target];
}

function _expand(args: Word[]): Word[] {
  const b = bindParameters(args, EXPAND);
  if (!b) return UNKNOWN;
  if (b.has("whatif")) return NOOP;
  const [archive, ...more] = _paths(b, "path");
  const destination = valuesOf(b.get("destinationpath"));
  if (!archive || more.length || destination.length > 1) return UNKNOWN;
  // Without -Force an existing file stops the expansion instead of being replaced.
  return [literalWord("unzip"), literalWord(b.has("force") ? "-o" : "-n"), archive, literalWord("-d"), destination[0] ?? literalWord(".")];
}

/** The targets of -Path (or the cmdlet's path parameter) and -LiteralPath (no wildcards). */
/**
 * The paths a cmdlet names: `-Path` is expanded by the provider whether or not it is quoted
 * (`Set-Content -Path '.gi[t]/config'` writes .git/config: red team 11), `-LiteralPath` never is;
 * Out-File's and Tee-Object's `-FilePath` take no wildcards.
 */
function _paths(b: Bound, name: string): Word[] {
  const named = valuesOf(b.get(name));
  return [...(name === "path" ? named.map(providerPath) : named), ...valuesOf(b.get("literalpath")).map((w) => ({ ...w, glob: false }))];
}

// A path of PowerShell's registry provider: its drives (HKCU: and HKLM:, and HKCR:/HKU: as New-PSDrive
// names them) or the provider-qualified form (`Registry::`, `Microsoft.PowerShell.Core\Registry::`).
const REGISTRY_PATH = /^(?:(?:microsoft\.powershell\.core\/)?registry::|hk(?:cu|lm|cr|u):)/i;
const _registryKey = (w: Word): boolean => !w.dynamic && REGISTRY_PATH.test(w.value);

function _join(parent: Word, name: Word): Word {
  if (parent.dynamic || name.dynamic) return unknownWord();
  const value = `${parent.value.replace(/\/+$/, "")}/${name.value}`;
  return { ...parent, value, pattern: value, glob: parent.glob || name.glob };
}
