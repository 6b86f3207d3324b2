import { dirname } from "node:path";
import { op, type Op } from "../ops.ts";
import type { SimpleCommand, Word } from "../syntax.ts";
import { analyzeText } from "./analyze.ts";
import type { AnalyzeContext } from "./context.ts";
import { scanCode, type Language } from "./interpreters.ts";
import { copiedFrom } from "./copies.ts";
import { fileKeys } from "./file-identity.ts";
import { loaderSources } from "./loader-sources.ts";
import { programName } from "./names.ts";
import { stdinPath } from "./stdin-path.ts";
import { writtenInputRuns } from "./written-inputs.ts";
import { scriptsMatching, scriptText, stdinFiles } from "./written-scripts.ts";

// Shells that run a script operand, or stdin without one.
export const SHELLS = new Set(["sh", "bash", "rbash", "zsh", "dash", "ksh", "ash", "mksh", "yash", "posh"]);
export const LANGUAGES: Record<string, Language> = { python: "python", pypy: "python", node: "node", nodejs: "node", bun: "node", deno: "node", perl: "perl", ruby: "ruby", php: "php" };
// Interpreter options whose value is the next word; `code` ones mean no script file runs.
const VALUED: Record<Language, RegExp> = {
  python: /^-[WX]$/,
  node: /^(-C|--conditions|--loader|--experimental-loader|--env-file|--title|--input-type)$/,
  perl: /^-[IxC]$/,
  ruby: /^-[IC]$/,
  php: /^-[cdz]$/,
};
const CODE: Record<Language, RegExp> = {
  python: /^-[a-zA-Z]*[cm]/,
  node: /^(-e|--eval|-p|--print|-pe)$/,
  perl: /^-[a-zA-Z]*[eE]/,
  ruby: /^-[a-zA-Z]*e/,
  php: /^-r$/,
};
// Options that load another file before the script: its text runs too.
const PRELOAD: Record<Language, RegExp | null> = { python: null, node: /^(-r|--require|--import)$/, perl: null, ruby: /^-r$/, php: /^-f$/ };

type Source = { word: Word | "stdin"; language: Language | "posix" | "shebang" };

/**
 * Running a file the line wrote (red team 6, C4): `bash s.sh`, `bash -o pipefail s.sh`, `bash
 * s*.sh`, `bash < s.sh`, `cat s.sh | sh`, `exec 0<s.sh; bash`, `python3 x.py`, `node -r ./x.js`,
 * `./s.sh`, `source /dev/fd/3`. Text the guard read is analysed as the program's language; a file
 * the line filled some other way is unknown. Files the line did not touch are not this module's.
 */
export function writtenRuns(name: string, head: Word, args: Word[], cmd: SimpleCommand | undefined, ctx: AnalyzeContext): Op[] {
  const { scripts, fds, landed } = ctx.state;
  if (!scripts && !fds && !landed?.length) return [];
  // A build or test runner's own input the line wrote (`> Makefile; make`): written-inputs.ts.
  const ops: Op[] = writtenInputRuns(name, args, cmd, ctx);
  const sources = _sources(name, head, args);
  // Start-up code of loader variables and `python -m` (loader-sources.ts).
  sources.push(...loaderSources(name, LANGUAGES[name], args, cmd, ctx, sources.some((s) => s.word === "stdin")));
  if (sources.length === 0) return ops;
  for (const { word, language } of sources) {
    const words = word === "stdin" ? (cmd ? stdinFiles(cmd) : null) : [word];
    for (const w of words ?? []) ops.push(..._runFile(w, language, ctx, cmd));
  }
  return ops;
}

function _runFile(word: Word, language: Source["language"], ctx: AnalyzeContext, cmd: SimpleCommand | undefined): Op[] {
  // Computed words are the handlers' to judge (they answer unknown).
  if (word.dynamic) return [];
  const fd = /^\/dev\/fd\/(\d+)$/.exec(word.value)?.[1];
  if (fd !== undefined) {
    const text = ctx.state.fds?.get(fd);
    return text === undefined ? [] : analyseWritten(text, language, ctx);
  }
  if (!word.glob) {
    const text = lineWrittenText(word, ctx, cmd);
    return text === undefined ? [] : analyseWritten(text, language, ctx);
  }
  const { files, unknown } = scriptsMatching(word, ctx.state);
  const ops = files.flatMap((f) => {
    const text = scriptText(f, ctx.state);
    return text === undefined ? [] : analyseWritten(text, language, ctx);
  });
  return unknown ? [...ops, op("unknown", "script")] : ops;
}

/**
 * What a file (a literal word) the line wrote holds when a program runs it: its text, null when
 * unknown, undefined when the line did not write it or it is another module's to judge — a file
 * the line filled without a recorded writer that is a download (remote code, taint.ts) or an
 * unchanged copy of a file the line did not write (that file runs, copies.ts).
 */
export function lineWrittenText(word: Word, ctx: AnalyzeContext, cmd: SimpleCommand | undefined): string | null | undefined {
  const text = scriptText(word.value, ctx.state);
  if (text === null && (_downloaded(word, ctx.state) || (!_recordedUnknown(word, ctx.state) && copiedFrom(word, ctx, cmd) !== undefined))) return undefined;
  return text;
}

/** Whether a writer the guard models left text it could not read (`cmd > f`): unknown, whatever else holds. */
function _recordedUnknown(word: Word, state: AnalyzeContext["state"]): boolean {
  return fileKeys(word.value, state).some((k) => state.scripts?.get(k) === null);
}

/** Whether taint.ts counts the file as downloaded (itself, a folder around it, or any unknown name). */
function _downloaded(word: Word, state: AnalyzeContext["state"]): boolean {
  const tainted = state.tainted;
  if (!tainted?.size) return false;
  if (tainted.has("")) return true;
  for (const key of fileKeys(word.value, state)) {
    for (let at = key, hops = 0; hops < 256; at = dirname(at), hops++) {
      if (tainted.has(at) || tainted.has(`${at}/`)) return true;
      if (at === dirname(at)) break;
    }
  }
  return false;
}

/** Text the line wrote, run as `language` (`shebang`: by its path, its `#!` line picks). */
export function analyseWritten(text: string | null, language: Source["language"], ctx: AnalyzeContext): Op[] {
  if (text === null) return [op("unknown", "script")];
  // Run by its path, the file's `#!` line picks the program (none: the shell runs it); a shell or
  // interpreter given the file reads it as its own language whatever the first line says.
  const named = language === "shebang" ? _shebang(text) : language;
  const lang = named === undefined ? "posix" : named;
  if (lang === null) return [op("unknown", "script")];
  return lang === "posix" ? analyzeText(text, "posix", ctx) : scanCode(text, lang, ctx);
}

/** The language a `#!` line names (undefined: none; null: a program the guard does not read). */
function _shebang(text: string): Language | "posix" | null | undefined {
  if (!text.startsWith("#!")) return undefined;
  const words = text.slice(2, text.indexOf("\n") >>> 0).trim().split(/\s+/);
  let prog = words[0] ?? "";
  if (prog.endsWith("/env")) prog = words.slice(1).find((w) => !w.startsWith("-") && !w.includes("=")) ?? "";
  const name = programName({ value: prog, dynamic: false, glob: false, pattern: prog, quoted: true });
  return SHELLS.has(name) ? "posix" : (LANGUAGES[name] ?? null);
}

/** The files (or stdin) a command runs as scripts. */
function _sources(name: string, head: Word, args: Word[]): Source[] {
  if (name === "source" || name === ".") {
    const file = args[0]?.value === "--" ? args[1] : args[0];
    return file ? [{ word: file, language: "posix" }] : [];
  }
  if (SHELLS.has(name)) return _shellSources(args);
  const language = LANGUAGES[name];
  // bun and deno have subcommands (`bun install`): only `run` or a file-like operand runs a script.
  if (language && (name === "bun" || name === "deno") && args[0]?.value !== "run" && !/[./]/.test(args.find((a) => !a.value.startsWith("-"))?.value ?? "")) return [];
  if (language) return _interpreterSources(name, language, args);
  // A program named by its path runs that file.
  return head.value.includes("/") ? [{ word: head, language: "shebang" }] : [];
}

/**
 * bash's own option parsing: each `o`/`O` of a cluster (`-o`, `-euo`, `+O`) and `--rcfile`,
 * `--init-file` take the next word; `-c` runs text (the shell handler's); `-s` or no operand
 * reads stdin; `--` or `-` ends the options.
 */
function _shellSources(args: Word[]): Source[] {
  let i = 0;
  let fromStdin = false;
  for (; i < args.length; i++) {
    const a = args[i]!;
    if (a.dynamic) return [];
    const v = a.value;
    if (v === "--" || v === "-") {
      i++;
      break;
    }
    if (v.startsWith("--")) {
      if (v === "--rcfile" || v === "--init-file") i++;
      continue;
    }
    if (!/^[-+][a-zA-Z]+$/.test(v)) break;
    if (v.startsWith("-") && v.includes("c")) return [];
    i += v.replace(/[^oO]/g, "").length;
    if (v.startsWith("-") && v.includes("s")) fromStdin = true;
  }
  const operand = fromStdin ? undefined : args[i];
  if (!operand || stdinPath(operand) === "stdin") return [{ word: "stdin", language: "posix" }];
  return [{ word: operand, language: "posix" }];
}

function _interpreterSources(name: string, language: Language, all: Word[]): Source[] {
  const args = (name === "bun" || name === "deno") && all[0]?.value === "run" ? all.slice(1) : all;
  const sources: Source[] = [];
  const preload = PRELOAD[language];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a.dynamic) return sources;
    const v = a.value;
    if (preload?.test(v)) {
      const file = args[++i];
      if (file) sources.push({ word: file, language });
      continue;
    }
    if (language === "ruby" && /^-r./.test(v)) {
      sources.push({ word: { ...a, value: v.slice(2), pattern: v.slice(2) }, language });
      continue;
    }
    if (CODE[language].test(v)) return sources;
    if (v === "-") return [...sources, { word: "stdin", language }];
    if (v === "--") return args[i + 1] ? [...sources, { word: args[i + 1]!, language }] : sources;
    if (VALUED[language].test(v)) {
      i++;
      continue;
    }
    if (!v.startsWith("-")) return [...sources, { word: a, language }];
  }
  return [...sources, { word: "stdin", language }];
}
