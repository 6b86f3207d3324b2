import { MAX_DEPTH, type Vars } from "../posix/parser.ts";
import { literalWord, ParseError, SYNTHETIC, unknownWord, type Script, type SimpleCommand, type Word } from "../syntax.ts";
import { lexPowerShell, type PsCommand } from "./powershell-lexer.ts";
import { resolveRemoveItemParam } from "./powershell-params.ts";

const REMOVE = new Set(["remove-item", "ri", "rm", "del", "erase", "rd", "rmdir"]);
const OVERWRITE = new Set(["set-content", "sc", "clear-content", "clc", "out-file"]);
const APPEND = new Set(["add-content", "ac"]);
const MOVE = new Map([["move-item", "mv"], ["mi", "mv"], ["mv", "mv"], ["move", "mv"], ["copy-item", "cp"], ["cpi", "cp"], ["cp", "cp"], ["copy", "cp"], ["cpp", "cp"]]);
const LOCATION = new Set(["set-location", "sl", "cd", "chdir", "push-location", "pushd"]);
const DISK = new Set(["format-volume", "clear-disk", "initialize-disk", "remove-partition", "format"]);
const FETCH = new Set(["invoke-webrequest", "iwr", "invoke-restmethod", "irm", "curl", "wget"]);
const LISTING = new Set(["get-childitem", "gci", "ls", "dir", "get-item", "gi"]);

/**
 * PowerShell command text as simple commands in the POSIX effect vocabulary: Remove-Item and its
 * aliases become `rm`/`find -delete`, -WhatIf a no-op, an unresolvable parameter an unknown
 * effect; other commands (git, cmd, bash, …) pass through with their words.
 */
export function parsePowerShell(text: string, depth: number, vars: Vars): Script {
  if (depth > MAX_DEPTH) throw new ParseError("nesting too deep");
  const lookup = (name: string) => _variable(name, vars);
  const commands: SimpleCommand[] = [];
  let prev: PsCommand | undefined;
  let prevCmd: SimpleCommand | undefined;
  for (const ps of lexPowerShell(text, lookup)) {
    for (const body of ps.nested) commands.push(...parsePowerShell(body, depth + 1, vars).commands);
    const words = ps.words[0]?.value === "&" || ps.words[0]?.value === "." ? ps.words.slice(1) : ps.words;
    const argv = words.length ? _translate(words, ps.piped ? prev : undefined, depth, vars, commands) : [];
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

function _translate(words: Word[], source: PsCommand | undefined, depth: number, vars: Vars, out: SimpleCommand[]): Word[] {
  const [head, ...args] = words;
  if (head!.dynamic) return words;
  const name = head!.value.toLowerCase();
  if (REMOVE.has(name)) return _removeItem(args, source);
  if (OVERWRITE.has(name) || APPEND.has(name)) {
    const path = _namedOrFirst(args, ["path", "filepath", "literalpath"]);
    if (!path) return [];
    const append = APPEND.has(name) || args.some((a) => /^-app/i.test(a.value));
    return [literalWord(append ? "tee" : "truncate"), ...(append ? [literalWord("-a")] : []), literalWord("--"), path];
  }
  const move = MOVE.get(name);
  if (move) {
    const operands = args.filter((a) => a.dynamic || !a.value.startsWith("-"));
    return [literalWord(move), literalWord("--"), ...operands];
  }
  if (LOCATION.has(name)) return [literalWord("cd"), ...args.filter((a) => a.dynamic || !a.value.startsWith("-"))];
  if (DISK.has(name)) return [literalWord(SYNTHETIC.disk)];
  if (FETCH.has(name)) return [literalWord("curl")];
  if (name === "invoke-expression" || name === "iex") {
    const srcName = source?.words[0]?.value.toLowerCase() ?? "";
    if (args.length === 0) return [literalWord(FETCH.has(srcName) ? SYNTHETIC.remote : SYNTHETIC.unknown)];
    if (args.some((a) => a.dynamic)) return [literalWord(SYNTHETIC.unknown)];
    out.push(...parsePowerShell(args.map((a) => a.value).join(" "), depth + 1, vars).commands);
    return [];
  }
  return [literalWord(name), ...args];
}

function _removeItem(args: Word[], source: PsCommand | undefined): Word[] {
  const targets: Word[] = [];
  let recurse = false;
  let filtered = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a.dynamic || !a.value.startsWith("-") || a.quoted) {
      targets.push(..._commaList(a));
      continue;
    }
    const [written, inline] = a.value.slice(1).split(/:(.*)/s);
    const param = resolveRemoveItemParam(written!);
    if (!param) return [literalWord(SYNTHETIC.unknown)];
    const value = param.value ? (inline !== undefined ? { ...a, value: inline } : args[++i]) : undefined;
    const off = !param.value && inline !== undefined && /^(false|0)$/i.test(inline);
    if (param.value && !value) return [literalWord(SYNTHETIC.unknown)];
    if (param.effect === "noop" && !off) return [literalWord(SYNTHETIC.noop)];
    if (param.effect === "recurse" && !off) recurse = true;
    if (param.effect === "filter") filtered = true;
    if (param.effect === "path") targets.push(..._commaList(value!));
    if (param.effect === "literal") targets.push(..._commaList(value!).map((w) => ({ ...w, glob: false })));
  }
  if (targets.length === 0 && source) {
    // Piped input: the items the listing command names, whose members cannot be listed now.
    const srcName = source.words[0]?.value.toLowerCase() ?? "";
    const listed = source.words.slice(1).filter((w) => w.dynamic || !w.value.startsWith("-"));
    if (!LISTING.has(srcName) || listed.length === 0) return [literalWord("rm"), literalWord("--"), unknownWord()];
    return [literalWord(SYNTHETIC.subtree), ...listed];
  }
  if (targets.length === 0) return [];
  if (filtered) return [literalWord(SYNTHETIC.subtree), ...targets];
  return [literalWord("rm"), ...(recurse ? [literalWord("-r")] : []), literalWord("--"), ...targets];
}

function _namedOrFirst(args: Word[], names: string[]): Word | undefined {
  for (let i = 0; i < args.length; i++) {
    const v = args[i]!.value.toLowerCase();
    if (v.startsWith("-") && names.some((n) => n.startsWith(v.slice(1)))) return args[i + 1];
  }
  return args.find((a) => a.dynamic || !a.value.startsWith("-"));
}

function _commaList(word: Word): Word[] {
  if (word.dynamic || word.quoted || !word.value.includes(",")) return [word];
  return word.value.split(",").filter(Boolean).map((v) => ({ ...word, value: v, pattern: v }));
}

function _variable(name: string, vars: Vars): string | null {
  const home = vars.get("HOME") ?? null;
  const table: Record<string, string | null> = {
    home,
    "env:home": home,
    "env:userprofile": home,
    pwd: vars.get("PWD") ?? null,
    "env:temp": vars.get("TMPDIR") ?? null,
    "env:tmp": vars.get("TMPDIR") ?? null,
    true: "True",
    false: "False",
    null: "",
  };
  return name in table ? table[name]! : null;
}
