import { op, type Op } from "../ops.ts";
import { literalWord, type Word } from "../syntax.ts";
import { type Bound, bindParameters, valuesOf } from "../dialects/powershell-bind.ts";
import { analyzeText } from "./analyze.ts";
import type { Handler, Invocation } from "./context.ts";
import { scriptFile, stdinInput } from "./data-input.ts";
import { persistentCode } from "./git-persistent-config.ts";

/*
 * Windows programs both cmd and PowerShell run, and the cmdlets beside them, that persist code,
 * destroy backups, take ownership or change ACLs, delete registry keys, zero a file's bytes
 * (fsutil) or run a Linux command (wsl). The dialects hand them over with their words (`\`
 * already `/`, quotes removed); a switch is a word that starts with `/` or `-`, compared without
 * case. Microsoft's documentation of each program
 * (learn.microsoft.com/windows-server/administration/windows-commands/NAME) is the source.
 */

const unknown = (verb: string): Op[] => [op("unknown", verb)];
const disk = (verb: string): Op[] => [op("disk", verb)];
const lower = (w: Word | undefined): string => (w && !w.dynamic ? w.value.toLowerCase() : "");
// A switch: `/x` or `-x` without a further `/` (a path the dialect spelled with `/` is no switch).
const isSwitch = (w: Word): boolean => !w.dynamic && /^[/-][^/]*$/.test(w.value);

// Registry keys whose values Windows runs (at logon, at boot, when a program starts, at every
// cmd start), below HKCU or HKLM (or a user's hive under HKU), with `Wow6432Node` folded away:
// Run, RunOnce, RunOnceEx, RunServices(Once), the policies' Run, Winlogon (Userinit, Shell),
// Windows NT's `Windows` (AppInit_DLLs, Load), Image File Execution Options (Debugger), the
// services, cmd's AutoRun, the shell folders (where the Startup folder lies), and Active Setup's
// installed components (StubPath runs at each user's logon).
const PERSISTENCE_KEYS = [
  "software/microsoft/windows/currentversion/run",
  "software/microsoft/windows/currentversion/runonce",
  "software/microsoft/windows/currentversion/runonceex",
  "software/microsoft/windows/currentversion/runservices",
  "software/microsoft/windows/currentversion/runservicesonce",
  "software/microsoft/windows/currentversion/policies/explorer/run",
  "software/microsoft/windows/currentversion/explorer/shell folders",
  "software/microsoft/windows/currentversion/explorer/user shell folders",
  "software/microsoft/windows nt/currentversion/winlogon",
  "software/microsoft/windows nt/currentversion/windows",
  "software/microsoft/windows nt/currentversion/image file execution options",
  "software/microsoft/command processor",
  "software/microsoft/active setup/installed components",
  "system/currentcontrolset/services",
];
// Keys of which only some values run code: the logon script of HKCU\Environment, and Session
// Manager's programs run at boot before Windows starts (BootExecute, …) and its boot-time renames.
const PERSISTENCE_VALUES: Record<string, RegExp> = {
  environment: /^userinitmprlogonscript$/,
  "system/currentcontrolset/control/session manager": /^(bootexecute|bootexecutenoppl|setupexecute|execute|s0initialcommand|pendingfilerenameoperations2?)$/,
};
// Below Software\Classes (HKCR): the command a verb of a file type, protocol or class runs, at
// any depth (`ms-settings\shell\open\command`, the UAC bypass; `Applications\x.exe\shell`,
// `Directory\Background\shell`, `SystemFileAssociations\.txt\shell`), shell extensions, and COM
// servers (a class's in-process or local server, its handler, a scriptlet, or TreatAs, which
// sends every use of the class to another one: COM hijacks, also below HKCU where no
// administrator is asked).
const CLASSES_KEY = /^software\/classes\/(?:(?:[^/]+\/)+shell(?:ex)?|(?:wow6432node\/)?clsid\/[^/]+\/(?:inprocserver(?:32)?|localserver(?:32)?|inprochandler(?:32)?|scriptleturl|treatas))(?:\/|$)/;
const CLASSES_ABOVE = /^software(?:\/classes(?:\/.*)?)?$/;
// A key's root as reg.exe (`HKCU\…`, `\\HOST\HKLM\…`) and PowerShell's registry provider
// (`HKCU:\…`, `Registry::HKEY_CURRENT_USER\…`) spell it.
const KEY_ROOT = /^(?:[\w.]*\/?registry::)?(?:\/\/[^/]+\/)?(hkcu|hkey_current_user|hklm|hkey_local_machine|hku|hkey_users|hkcr|hkey_classes_root)(?::\/*|\/+|$)/;

/**
 * Whether a registry key is (`below`: at or below) a key Windows runs values of, or (`above`)
 * one of its ancestors, whose import or restore may write it. `value` is the value name written
 * (for keys of which only some values run code; undefined when it may be any). A key the guard
 * cannot read may be either; a path without a registry root is none (a file, for Set-ItemProperty).
 */
function persistenceKey(key: Word | undefined, above: boolean, value?: string): boolean {
  if (!key || key.dynamic) return true;
  const m = KEY_ROOT.exec(key.value.toLowerCase());
  if (!m) return false;
  // Doubled separators name the same key (`HKCU:\\Software\\Classes…`).
  let rest = key.value.toLowerCase().slice(m[0].length).replace(/\/+/g, "/").replace(/\/$/, "");
  // HKU\SID\…: a user's hive; HKCR is HKLM's and HKCU's Software\Classes merged; HKLM\SYSTEM\ControlSet001 is CurrentControlSet.
  if (m[1] === "hku" || m[1] === "hkey_users") rest = rest.slice(rest.indexOf("/") + 1 || rest.length);
  if (m[1] === "hkcr" || m[1] === "hkey_classes_root") rest = rest ? `software/classes/${rest}` : "software/classes";
  rest = rest.replace(/^software\/wow6432node(?=\/|$)/, "software").replace(/^system\/controlset\d{3}(?=\/|$)/, "system/currentcontrolset");
  if (CLASSES_KEY.test(rest) || (above && CLASSES_ABOVE.test(rest))) return true;
  for (const [k, names] of Object.entries(PERSISTENCE_VALUES)) {
    if (rest === k) return value === undefined || names.test(value);
    if (above && (rest === "" || k.startsWith(`${rest}/`))) return true;
  }
  return PERSISTENCE_KEYS.some((p) => rest === p || rest.startsWith(`${p}/`) || (above && (rest === "" || p.startsWith(`${rest}/`))));
}

/** The value name `reg add` writes: `/v NAME`, "" for `/ve` or none, undefined when computed. */
function regValueName(args: Word[]): string | undefined {
  const at = args.findIndex((a) => /^[/-]v$/i.test(lower(a)));
  if (at < 0) return args.some((a) => a.dynamic) ? undefined : "";
  const name = args[at + 1];
  return !name || name.dynamic ? undefined : name.value.toLowerCase();
}

/** A file the program writes: an overwrite of it, which later parts of the line meet as created. */
function written(verb: string, file: Word | undefined): Op[] {
  return file && file.value !== "-" ? [{ ...op("overwrite", verb, [file]), lands: "created" }] : [];
}

// fsutil's verbs that zero or cut off a file's bytes, as `GROUP VERB`.
const FSUTIL_ZEROES = new Set(["file setzerodata", "file seteof", "file setvaliddata", "sparse setrange"]);

/**
 * `fsutil file setzerodata offset=O length=L FILE`, `file seteof|setvaliddata FILE N`, `sparse
 * setrange FILE O L`: the file's bytes are zeroed or cut off in place (s14 red team: ALLOW), an
 * overwrite of it as truncate's. The other verbs read or tune volumes and files.
 */
export const fsutil: Handler = (inv) => {
  const [group, verb, ...rest] = inv.args;
  if (group?.dynamic || verb?.dynamic) return unknown("fsutil");
  if (!FSUTIL_ZEROES.has(`${lower(group)} ${lower(verb)}`)) return [];
  const file = rest.find((a) => a.dynamic || !/^(offset|length)=/i.test(a.value));
  return file ? [op("overwrite", "fsutil", [file])] : [];
};

/**
 * `schtasks /create|/change|/run …`: a task runs its command later (at logon, on a schedule) or
 * now, outside any hook: ASK_PERSISTENT_CODE, as crontab asks. The command `/tr` names is judged
 * too, as cmd text. /query, /delete and /end pass.
 */
export const schtasks: Handler = (inv) => {
  const [verb, next] = inv.args;
  if (!verb) return [];
  if (verb.dynamic) return [persistentCode("schtasks")];
  // cmd's dialect reads `/create` and `/change` as `/c` with text attached (`cmd /c"…"`): joined back.
  const spelled = lower(verb) === "/c" && next && !next.dynamic ? `/c${next.value}` : verb.value;
  if (!/^[/-](create|change|run)$/i.test(spelled)) return [];
  const ops = [persistentCode("schtasks")];
  const at = inv.args.findIndex((a) => /^[/-]tr$/i.test(lower(a)));
  const task = at < 0 ? undefined : inv.args[at + 1];
  if (task && !task.dynamic) ops.push(...analyzeText(task.value, "cmd", inv.ctx));
  return ops;
};

/**
 * reg.exe: `add` (and `copy` onto, `restore` into) a key Windows runs values of asks
 * (ASK_PERSISTENT_CODE); `import FILE` asks when the file names such a key or cannot be read (a
 * UTF-16 export included); `delete` is unknown, as `Remove-Item -Path HKLM:\KEY -Recurse` is (no
 * quarantine holds a key); `export`/`save KEY FILE` write FILE; query, compare, load pass.
 */
export const reg: Handler = (inv) => {
  const [verb, ...rest] = inv.args;
  if (!verb) return [];
  if (verb.dynamic) return unknown("reg");
  const operands = rest.filter((a) => !isSwitch(a));
  switch (verb.value.toLowerCase()) {
    case "add":
      return persistenceKey(operands[0], false, regValueName(rest)) ? [persistentCode("reg")] : [];
    case "copy":
    case "restore":
      return persistenceKey(operands[verb.value.toLowerCase() === "copy" ? 1 : 0], true) ? [persistentCode("reg")] : [];
    case "import":
      return _regFile(scriptFile(operands[0], inv.ctx)) ? [persistentCode("reg")] : [];
    case "delete":
      return unknown("reg");
    case "export":
    case "save":
      return written("reg", operands[1]);
    default:
      return [];
  }
};

/** Whether a .reg file may write a key Windows runs values of: any section naming one, or text the guard cannot read. */
function _regFile(text: string | null): boolean {
  if (text === null || !/^(?:\uFEFF)?(?:Windows Registry Editor Version|REGEDIT4)/.test(text) || text.includes("\0")) return true;
  for (const m of text.matchAll(/^\s*\[(-?)([^\]\r\n]*)\]/gm)) if (m[1] === "" && persistenceKey(literalWord(m[2]!.replace(/\\/g, "/")), false)) return true;
  return false;
}

/** `sc [\\HOST] create|config|failure NAME …`: a service runs its program at boot, as its account. */
export const sc: Handler = (inv) => {
  const words = inv.args[0] && !inv.args[0].dynamic && inv.args[0].value.startsWith("//") ? inv.args.slice(1) : inv.args;
  const verb = words[0];
  if (!verb) return [];
  return verb.dynamic || /^(create|config|failure)$/i.test(verb.value) ? [persistentCode("sc")] : [];
};

// Register-ScheduledTask, Set-ScheduledTask (a new action), Start-ScheduledTask (runs it now, as
// `systemctl --user start` does) and New-Service: code that runs outside any hook.
const PERSISTING_CMDLETS = new Set(["register-scheduledtask", "set-scheduledtask", "start-scheduledtask", "new-service"]);

/** The cmdlets that register a task or a service: ASK_PERSISTENT_CODE unless -WhatIf. */
export const persistingCmdlet: Handler = (inv) => {
  if (!PERSISTING_CMDLETS.has(inv.name)) return [];
  return inv.args.some((a) => !a.dynamic && /^-whatif(?::\$?true)?$/i.test(a.value)) ? [] : [persistentCode(inv.name)];
};

// New-ItemProperty [-Path] <string[]> [-Name] <string> [[-Value] <Object>] …; Set-ItemProperty
// [-Path] <string[]> [-Name] <string> [-Value] <Object> … (learn.microsoft.com/powershell/module/
// microsoft.powershell.management/new-itemproperty, set-itemproperty).
const ITEM_PROPERTY = {
  params: { path: true, literalpath: true, name: true, value: true, propertytype: true, type: true, inputobject: true, filter: true, include: true, exclude: true, credential: true, force: false, passthru: false, usetransaction: false },
  aliases: { pspath: "literalpath", lp: "literalpath", pn: "name" },
  positional: ["path", "name", "value"],
  shouldProcess: true,
};

/**
 * New-ItemProperty and Set-ItemProperty (`sp`) on a registry key Windows runs values of (a Run
 * key, Winlogon, …; `HKCU:\…`, `HKCU:Software\…`, `Registry::…`): ASK_PERSISTENT_CODE. A path
 * the guard cannot bind or read, one piped in, or a relative one after a `cd` may be such a key;
 * a file's property passes.
 */
export const itemProperty: Handler = (inv) =>
  _keyWrite(inv, ITEM_PROPERTY, (b) => {
    const names = valuesOf(b.get("name"));
    return names.length === 1 && !names[0]!.dynamic ? names[0]!.value.toLowerCase() : undefined;
  });

// Set-Item [-Path] <string[]> [[-Value] <Object>] … (learn.microsoft.com/powershell/module/
// microsoft.powershell.management/set-item): on a registry key it sets the key's default value.
const SET_ITEM = {
  params: { path: true, literalpath: true, value: true, filter: true, include: true, exclude: true, credential: true, force: false, passthru: false, usetransaction: false },
  aliases: { pspath: "literalpath", lp: "literalpath" },
  positional: ["path", "value"],
  shouldProcess: true,
};

/**
 * Set-Item (`si`) on a registry key Windows runs the default value of (a COM server's
 * `InprocServer32`, a verb's `shell\open\command`): ASK_PERSISTENT_CODE, as Set-ItemProperty
 * of `(default)`. Other drives (a file, `Env:`, `Variable:`) pass here; the Alias: drive is the
 * dialect's.
 */
export const setItem: Handler = (inv) => _keyWrite(inv, SET_ITEM, () => "");

/**
 * New-Item (`ni`) of registry keys, as the dialect hands it over (`[-force] -- KEY…`,
 * powershell-writes.ts): a key Windows runs values of (a Run key, IFEO's program key, a COM
 * server's `InprocServer32`, a verb's `shell\open\command`, whose default value `-Value` sets)
 * asks (ASK_PERSISTENT_CODE), as New-ItemProperty and Set-Item there do. Without -Force an
 * existing key is an error and a new one holds nothing but that value: any other key passes.
 * With -Force the registry provider deletes an existing key with its values and subkeys and
 * makes it again empty (github.com/PowerShell/PowerShell/issues/5444): unknown, as `reg delete`.
 * Copy-Item of keys comes as `-copy [-above] -- KEY…` (session 10): the keys its values land on,
 * any value name, and with `-above` the keys below them too.
 */
export const newRegistryKey: Handler = (inv) => {
  const at = inv.args.findIndex((a) => a.value === "--");
  const flags = new Set(inv.args.slice(0, at).map((a) => a.value));
  const keys = inv.args.slice(at + 1);
  // Copy-Item of keys (`-copy`, powershell-writes.ts _copyKeys): values of any name land on the
  // keys, and with `-above` subkeys below them, as with `reg copy … /s`.
  const copy = flags.has("-copy");
  const ops = keys.some((k) => persistenceKey(k, flags.has("-above"), copy ? undefined : "")) ? [persistentCode(copy ? "copy-item" : "new-item")] : [];
  if (at < 0 || flags.has("-force")) ops.push(op("unknown", "new-item"));
  return ops;
};

/**
 * A write to the registry key the bound `-Path`/`-LiteralPath` names, with the value name `named`
 * gives (undefined: any): ASK_PERSISTENT_CODE on a key Windows runs values of, or on a path the
 * guard cannot bind, one piped in, or a relative one after a `cd` (Set-Location HKCU:\… moves to
 * a key of that drive).
 */
function _keyWrite(inv: Invocation, spec: typeof ITEM_PROPERTY | typeof SET_ITEM, named: (b: Bound) => string | undefined): Op[] {
  const b = bindParameters(inv.args, spec);
  if (b?.has("whatif")) return [];
  const paths = b ? _paths(b) : [];
  if (!b || (paths.length === 0 && inv.cmd?.pipeFrom)) return [persistentCode(inv.name)];
  const name = named(b);
  return paths.some((p) => persistenceKey(p, false, name) || _movedRelative(p, inv)) ? [persistentCode(inv.name)] : [];
}

/** The paths bound to `-Path` and `-LiteralPath`. */
const _paths = (b: Bound): Word[] => [...valuesOf(b.get("path")), ...valuesOf(b.get("literalpath"))];

/** A relative path after a `cd` (or from an unknown folder): `Set-Location HKCU:\…` may have made it a key's. */
const _movedRelative = (p: Word, inv: Invocation): boolean => (inv.ctx.state.afterCd || inv.ctx.state.cwd === null) && !/^(?:\/|[a-z]+:)/i.test(p.value);

// Remove-, Clear-, Rename-, Move- and Copy-ItemProperty: [-Path] <string[]> [-Name] <string[]>;
// Move and Copy take [-Destination] second, Rename [-NewName] third.
const PROPERTY_CHANGE = {
  params: { path: true, literalpath: true, name: true, destination: true, newname: true, filter: true, include: true, exclude: true, credential: true, force: false, passthru: false, usetransaction: false },
  aliases: { pspath: "literalpath", lp: "literalpath", pn: "name", psproperty: "name" },
  positional: ["path", "name"],
  shouldProcess: true,
};
const PROPERTY_MOVES: Record<string, string[]> = { "move-itemproperty": ["path", "destination", "name"], "copy-itemproperty": ["path", "destination", "name"], "rename-itemproperty": ["path", "name", "newname"] };

/**
 * Registry values removed, cleared, renamed or moved away (Remove-ItemProperty, Clear-, Rename-,
 * Move-ItemProperty: `rp`, `clp`, `rnp`, `mp`) are unknown, as `reg delete` is (no quarantine
 * holds a value); a file's property passes. A value copied or moved onto a key Windows runs
 * values of (Copy-/Move-ItemProperty `-Destination`) asks, as `reg copy` does.
 */
export const itemPropertyChange: Handler = (inv) => {
  const b = bindParameters(inv.args, { ...PROPERTY_CHANGE, positional: PROPERTY_MOVES[inv.name] ?? PROPERTY_CHANGE.positional });
  if (b?.has("whatif")) return [];
  const paths = b ? _paths(b) : [];
  const ops: Op[] = [];
  const dest = b?.get("destination");
  if (dest !== undefined && dest !== true && persistenceKey(dest, false)) ops.push(persistentCode(inv.name));
  if (inv.name === "copy-itemproperty") return b ? ops : [persistentCode(inv.name)];
  // A path the guard cannot bind or read, or one piped in, may be a registry key.
  const registry = (p: Word) => p.dynamic || KEY_ROOT.test(p.value.toLowerCase()) || _movedRelative(p, inv);
  if (!b || (paths.length === 0 && inv.cmd?.pipeFrom) || paths.some(registry)) ops.push(op("unknown", inv.name));
  return ops;
};

// WMI's permanent event subscriptions (learn.microsoft.com/windows/win32/wmisdk/receiving-events-at-all-times):
// a filter, a consumer (CommandLineEventConsumer runs a program, ActiveScriptEventConsumer a
// script) and the binding between them, kept in the `root\subscription` namespace, run their
// action on every matching event (at boot, at logon, on a timer) with no hook in the way.
// The parameters that name the instance's class or the instance itself.
const WMI_TARGET = /^-(?:class|classname|path|namespace|inputobject|ciminstance|cimclass|query)(?::|$)/i;
const SUBSCRIPTION = /(?:^|[^a-z0-9_])(?:__eventfilter|__filtertoconsumerbinding|__eventconsumer|\w*eventconsumer|__\w*timerinstruction)(?:$|[^a-z0-9_])|root\/+subscription/i;

/**
 * Set-WmiInstance (`swmi`), New-CimInstance and Set-CimInstance creating or changing an event
 * filter, consumer or binding (by class, path or namespace, or piped from a listing of one):
 * ASK_PERSISTENT_CODE, as a scheduled task is; a class, path or input the guard cannot read may be
 * one. Another class (Win32_Environment) passes here.
 */
export const wmiInstance: Handler = (inv) => {
  const from = inv.cmd?.pipeFrom?.argv ?? [];
  if ([...from, ...inv.args].some((w) => !w.dynamic && SUBSCRIPTION.test(w.value))) return [persistentCode(inv.name)];
  // A computed class (also by position), path, namespace, query or input object, or an object
  // piped from something the guard cannot read, may be an event subscription.
  const computed = inv.args.some((w, i) => {
    if (i === 0 && w.dynamic) return true;
    if (!WMI_TARGET.test(w.value)) return false;
    return w.dynamic || (!w.value.includes(":") && inv.args[i + 1]?.dynamic === true);
  });
  const piped = inv.cmd?.pipeFrom !== undefined && (from.length === 0 || from.some((w) => w.dynamic));
  return computed || piped ? [persistentCode(inv.name)] : [];
};

// WMI classes whose Create (or Change) method registers code that runs later: a service, an
// `at` job.
const PERSISTING_CLASSES = /^(?:win32_service|win32_scheduledjob)$/;

/**
 * Invoke-WmiMethod (`iwmi`) and Invoke-CimMethod (`icim`): Win32_Process's Create starts its
 * command line now, judged as cmd text as `wmic process call create` is (Invoke-WmiMethod's
 * first `-ArgumentList` element; unknown when the guard cannot read it, Invoke-CimMethod's
 * hashtable included); Win32_Service's and Win32_ScheduledJob's Create and Change register code
 * that runs later (ASK_PERSISTENT_CODE). A class, method or piped instance the guard cannot read
 * is unknown.
 */
export const wmiMethod: Handler = (inv) => {
  const words = inv.args.map(lower);
  const valueOf = (param: RegExp): Word | undefined => {
    const at = words.findIndex((w) => param.test(w));
    return at < 0 ? undefined : inv.args[at + 1];
  };
  const cls = valueOf(/^-(?:class|classname)$/) ?? (isParameterWord(inv.args[0]) ? undefined : inv.args[0]);
  const method = valueOf(/^-(?:name|methodname)$/) ?? (isParameterWord(inv.args[1]) ? undefined : inv.args[1]);
  // A path (`-Path 'Win32_Service.Name="x"'`) or an instance piped in names the class instead.
  const path = valueOf(/^-path$/);
  const from = inv.cmd?.pipeFrom?.argv ?? [];
  if (cls?.dynamic || path?.dynamic || method?.dynamic || from.some((w) => w.dynamic)) return unknown(inv.name);
  const spelled = cls?.value ?? path?.value.split(":").at(-1)?.split(".")[0] ?? from.find((w) => /^win32_\w+$/i.test(w.value))?.value;
  if (spelled === undefined) return inv.cmd?.pipeFrom ? unknown(inv.name) : [];
  const [className, name] = [spelled.toLowerCase(), method?.value.toLowerCase() ?? ""];
  if (PERSISTING_CLASSES.test(className) && (name === "create" || name === "change")) return [persistentCode(inv.name)];
  if (className !== "win32_process" || name !== "create") return [];
  // Invoke-WmiMethod's `-ArgumentList 'cmd …'` (its first element); Invoke-CimMethod's
  // `-Arguments @{CommandLine=…}` is a hashtable the guard does not read.
  const args = inv.name === "invoke-wmimethod" ? valueOf(/^-argumentlist$/) : undefined;
  const line = args && !args.dynamic ? valuesOf(args)[0] : undefined;
  return line && !line.dynamic && line.value ? analyzeText(line.value, "cmd", inv.ctx) : unknown(inv.name);
};
const isParameterWord = (w: Word | undefined): boolean => w !== undefined && !w.dynamic && /^-[a-z]/i.test(w.value);

/**
 * `mofcomp FILE`: a MOF file that creates a WMI event filter, consumer or binding registers a
 * permanent subscription (ASK_PERSISTENT_CODE), as does one the guard cannot read; `-check` only
 * checks its syntax.
 */
export const mofcomp: Handler = (inv) => {
  if (inv.args.some((a) => /^[-/]check$/i.test(lower(a)))) return [];
  const file = inv.args.findLast((a) => a.dynamic || !/^[-/]/.test(a.value));
  if (!file) return [];
  const text = scriptFile(file, inv.ctx);
  return text === null || SUBSCRIPTION.test(text) ? [persistentCode("mofcomp")] : [];
};

/** `vssadmin delete shadows|shadowstorage`, `vssadmin resize shadowstorage`: the volume's shadow copies go. */
export const vssadmin: Handler = (inv) => {
  const [verb, object] = inv.args;
  if (!verb) return [];
  if (verb.dynamic) return unknown("vssadmin");
  const v = verb.value.toLowerCase();
  return v === "delete" || (v === "resize" && (object?.dynamic || lower(object) === "shadowstorage")) ? disk("vssadmin") : [];
};

/**
 * wmic: `shadowcopy … delete` (the alias or `path Win32_ShadowCopy`) removes shadow copies;
 * `process call create TEXT` starts TEXT, judged as cmd text. A word the guard cannot read may
 * be either: unknown.
 */
export const wmic: Handler = (inv) => {
  const words = inv.args.map(lower);
  const at = words.indexOf("create");
  if (words.includes("process") && words.includes("call") && at >= 0) {
    const text = inv.args[at + 1];
    return !text || text.dynamic ? unknown("wmic") : analyzeText(text.value, "cmd", inv.ctx);
  }
  if (inv.args.some((a) => a.dynamic)) return unknown("wmic");
  if (words.some((w) => w === "shadowcopy" || w === "win32_shadowcopy") && words.includes("delete")) return disk("wmic");
  // `wmic /namespace:\\root\subscription PATH __EventFilter|CommandLineEventConsumer|… CREATE|SET …`: a permanent event subscription.
  return words.some((w) => w === "create" || w === "set") && inv.args.some((a) => SUBSCRIPTION.test(a.value)) ? [persistentCode("wmic")] : [];
};

/** Remove-WmiObject and Remove-CimInstance: piped shadow copies are BLOCK_DISK_DESTROY; any other class is unknown. */
export const removeInstance: Handler = (inv) => {
  const from = inv.cmd?.pipeFrom?.argv ?? [];
  const words = [...from, ...inv.args];
  if (words.some((w) => !w.dynamic && /win32_shadowcopy/i.test(w.value))) return disk(inv.name);
  return unknown(inv.name);
};

/** `wbadmin delete catalog|systemstatebackup|backup`: the backups (or the catalog that finds them) go. */
export const wbadmin: Handler = (inv) => {
  const [verb, object] = inv.args;
  if (!verb) return [];
  if (verb.dynamic) return unknown("wbadmin");
  if (verb.value.toLowerCase() !== "delete") return [];
  return object?.dynamic || /^(catalog|systemstatebackup|backup)$/.test(lower(object)) ? disk("wbadmin") : [];
};

// `bcdedit /set` settings that switch off Windows' recovery from a failed boot (ransomware's
// step before encrypting), with the values that do.
const BCD_SETTINGS: Record<string, RegExp> = {
  recoveryenabled: /^(no|off|false|0)$/,
  bootstatuspolicy: /^(ignoreallfailures|ignoreshutdownfailures|ignorebootfailures)$/,
};

/**
 * bcdedit: `/delete` (a boot entry: `{current}` no longer boots) and `/import` (the whole boot
 * store replaced) are BLOCK_DISK_DESTROY, as is `/set … recoveryenabled no` or `bootstatuspolicy
 * ignoreallfailures`. A word the guard cannot read in a `/set` is unknown; /enum and others pass.
 */
export const bcdedit: Handler = (inv) => {
  const words = inv.args.map(lower);
  if (words.some((w) => /^[/-](delete|import)$/.test(w))) return disk("bcdedit");
  if (!words.includes("/set") && !words.includes("-set")) return [];
  const at = words.findIndex((w) => w in BCD_SETTINGS);
  if (at < 0) return inv.args.some((a) => a.dynamic) ? unknown("bcdedit") : [];
  const value = inv.args[at + 1];
  return !value || value.dynamic || BCD_SETTINGS[words[at]!]!.test(lower(value)) ? disk("bcdedit") : [];
};

// diskpart's commands that erase or rewrite a disk's layout. diskpart takes any unambiguous
// prefix (`sel dis 1`, `cre par pri`), so a line's first word is read as the prefix it may be.
const DISKPART_DESTROYS = ["clean", "delete", "format", "create", "convert"];

/**
 * `diskpart /s FILE`, or a script on stdin: BLOCK_DISK_DESTROY when a line erases a disk or
 * rewrites its layout, unknown when the script cannot be read. Without a script it is an
 * interactive session the agent's shell does not feed.
 */
export const diskpart: Handler = (inv) => {
  const at = inv.args.findIndex((a) => /^[/-]s$/i.test(lower(a)));
  const text = at >= 0 ? scriptFile(inv.args[at + 1], inv.ctx) : stdinInput(inv);
  if (text === "none") return [];
  if (text === null) return unknown("diskpart");
  for (const line of text.split(/\r?\n/)) {
    const first = line.trim().split(/\s+/)[0]!.toLowerCase();
    if (first && DISKPART_DESTROYS.some((d) => d.startsWith(first))) return disk("diskpart");
  }
  return [];
};

/**
 * takeown, icacls, cacls and attrib change ownership, ACLs or attributes: a permission op, as
 * chmod is (recursive with takeown's /r, icacls' and cacls' /t, attrib's /s), so a protected tree
 * blocks and the workspace passes. Showing an ACL (icacls PATH, /verify, /findsid) changes
 * nothing; icacls /save writes its file.
 */
export const permissions: Handler = (inv) => {
  const words = inv.args.map(lower);
  // A computed word may be a recursing switch or a changing one.
  const computed = inv.args.some((a) => a.dynamic);
  switch (inv.name) {
    case "takeown": {
      const at = words.findIndex((w) => /^[/-]f$/.test(w));
      const target = at < 0 ? undefined : inv.args[at + 1];
      return target ? [op("permission", "takeown", [target], computed || words.some((w) => /^[/-]r$/.test(w)))] : [];
    }
    case "icacls":
    case "cacls": {
      const target = inv.args[0];
      if (!target || (isSwitch(target) && !target.dynamic)) return [];
      const save = words.findIndex((w) => w === "/save");
      if (save >= 0) return written(inv.name, inv.args[save + 1]);
      const changes = inv.name === "icacls" ? /^\/(grant|deny|remove|reset|setowner|inheritance|setintegritylevel|substitute|restore)(?::|$)/ : /^\/[egrpd]$/;
      if (!computed && !words.some((w) => changes.test(w))) return [];
      return [op("permission", inv.name, [target], computed || words.includes("/t") || words.includes("/restore"))];
    }
    default: {
      // attrib [+r|-r] [+h|-h] … PATH … [/s [/d]]: without a + or - it only shows.
      if (!computed && !words.some((w) => /^[+-][rashiox]$/.test(w))) return [];
      const targets = inv.args.filter((a) => a.dynamic || !/^(?:[+-][a-z]|\/[a-z])$/i.test(a.value));
      return targets.length ? [op("permission", "attrib", targets, computed || words.includes("/s"))] : [];
    }
  }
};

// wsl's options before the Linux command (wsl --help): those taking a value, those that stop it
// from running one (management that loses nothing), and --unregister, which deletes the
// distribution's whole file system.
const WSL_VALUED = new Set(["-d", "--distribution", "-u", "--user", "--distribution-id"]);
const WSL_PASSING = new Set(["-l", "--list", "--status", "--shutdown", "-t", "--terminate", "--version", "-v", "--help", "--install", "--update", "-s", "--set-default", "--set-version", "--set-default-version"]);

/**
 * `wsl [-d DISTRO] [-u USER] [--cd DIR] [-e|--exec|--] CMD…` runs CMD in Linux, judged as the
 * POSIX dialect judges it: the words joined as the Linux shell receives them (a word with blanks
 * in double quotes, as PowerShell and cmd pass it), so its `~` is the home (a protected ancestor)
 * and its `$X` unknown. `-e` runs CMD without a shell; its words are judged the same way (a `~`
 * or `*` the shell would expand counts, failing closed). `--cd ~` is the Linux home, `--cd /x` a
 * Linux path, any other folder unknown. Without CMD the default shell reads stdin. `--unregister`
 * is BLOCK_DISK_DESTROY; `--export` writes its file; an option the guard cannot read is unknown.
 */
export const wsl: Handler = (inv) => {
  const args = inv.args;
  let cd: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a.dynamic) return unknown("wsl");
    const v = a.value.toLowerCase();
    if (v === "--unregister") return disk("wsl");
    if (v === "-e" || v === "--exec" || v === "--") return _linux(args.slice(i + 1), cd, inv);
    if (v === "--cd") {
      const dir = args[++i];
      cd = !dir || dir.dynamic ? '"$LEOGRIEL_UNKNOWN"' : dir.value === "~" || dir.value.startsWith("~/") ? dir.value : dir.value.startsWith("/") ? _quoted(dir.value) : '"$LEOGRIEL_UNKNOWN"';
    } else if (v === "--export") return written("wsl", args[i + 2]);
    else if (WSL_VALUED.has(v) || v === "--shell-type") i++;
    else if (v === "--system") continue;
    else if (v.startsWith("-")) return WSL_PASSING.has(v) ? [] : unknown("wsl");
    else return _linux(args.slice(i), cd, inv);
  }
  const text = stdinInput(inv);
  if (text === "none") return [];
  return text === null ? unknown("wsl") : analyzeText(cd ? `cd ${cd} && ${text}` : text, "posix", inv.ctx);
};

function _linux(words: Word[], cd: string | undefined, inv: Invocation): Op[] {
  if (words.length === 0) return [];
  const text = words.map((w) => (w.dynamic ? "$LEOGRIEL_UNKNOWN" : w.value === "" || /\s/.test(w.value) ? _quoted(w.value) : w.value)).join(" ");
  return analyzeText(cd ? `cd ${cd} && ${text}` : text, "posix", inv.ctx);
}

/** A double-quoted POSIX word (`$` and backquotes still expand, as in what Windows passes on). */
function _quoted(value: string): string {
  return `"${value.replace(/["\\]/g, "\\$&")}"`;
}
