import { basename } from "node:path";
import { op, type Op } from "../ops.ts";
import { UNSET } from "../posix/vars.ts";
import { literalWord, type Word } from "../syntax.ts";
import { analyzeArgv, analyzeText, stdinOf } from "./analyze.ts";
import type { Handler, Invocation } from "./context.ts";
import { stdinEffects } from "./shells.ts";
import { stdinPath } from "./stdin-path.ts";
import { scanUnknownProgram } from "./unknown-program.ts";
import { isSink } from "./sinks.ts";
import { inDir } from "./wrappers.ts";

// script, runuser, sg and make run command text they are given (red team C14; 8, C9): `script
// -qc TEXT`, `runuser USER -c TEXT`, `sg GROUP -c TEXT`, `make -f /dev/stdin <<< RULES`. Their
// options (sg's aside: it has none) are read the way GNU
// getopt reads them (clusters, attached values, long-option prefixes, options after operands),
// so a spelling the guard reads differently from the program cannot hide the text.

interface Spec {
  /** Short option letters that take a value (`-cTEXT`, `-c TEXT`, `-qc TEXT`). */
  short: string;
  /** Long options that take a value (`--command=TEXT`, `--command TEXT`, `--comm TEXT`). */
  long: string[];
  /** Options whose attached value may be an unknown number (`make -j$(nproc)`: Word.numeric). */
  numeric?: RegExp;
  /** Long options without a value, where one is also the start of a valued one (`--start`, `--startas`). */
  flags?: string[];
}

interface Parsed {
  /** Options by canonical name (`-c`, `--command`) with their value (null: a flag). */
  opts: Array<[string, Word | null]>;
  /** Operands, including everything after `--`. */
  operands: Word[];
  /** Where each operand stands in the arguments (a program that does not permute runs from there). */
  at: number[];
}

/** Parses options anywhere before `--` (getopt permutes); null when an option word is computed. */
function _parse(args: Word[], spec: Spec): Parsed | null {
  const p: Parsed = { opts: [], operands: [], at: [] };
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const v = a.value;
    if (v === "--") {
      p.operands.push(...args.slice(i + 1));
      p.at.push(...args.slice(i + 1).map((_, k) => i + 1 + k));
      break;
    }
    if (a.dynamic && !(a.numeric && spec.numeric?.test(v))) return null;
    if (!v.startsWith("-") || v === "-") {
      p.operands.push(a);
      p.at.push(i);
    }
    else if (v.startsWith("--")) {
      const eq = v.indexOf("=");
      const name = v.slice(2, eq < 0 ? undefined : eq);
      // getopt_long accepts any unambiguous prefix: `--comm` is `--command`; an exact name wins.
      const long = spec.flags?.includes(name) ? undefined : (spec.long.find((l) => l === name) ?? spec.long.find((l) => l.startsWith(name)));
      const value = eq >= 0 ? { ...a, value: v.slice(eq + 1) } : long ? (args[++i] ?? null) : null;
      p.opts.push([`--${long ?? name}`, value]);
    } else {
      for (let j = 1; j < v.length; j++) {
        if (!spec.short.includes(v[j]!)) {
          p.opts.push([`-${v[j]}`, null]);
          continue;
        }
        p.opts.push([`-${v[j]}`, j + 1 < v.length ? { ...a, value: v.slice(j + 1) } : (args[++i] ?? null)]);
        break;
      }
    }
  }
  return p;
}

const values = (p: Parsed, names: string[]) => p.opts.filter(([n]) => names.includes(n)).map(([, w]) => w ?? literalWord(""));
const unknown = (inv: Invocation): Op[] => [op("unknown", inv.name)];
const text = (inv: Invocation, w: Word): Op[] => (w.dynamic ? unknown(inv) : analyzeText(w.value, "posix", inv.ctx));

/** SHELL set for this command or earlier in the line: script's `-c` text runs through it. */
function _shellSet(inv: Invocation): boolean {
  // One unset earlier (`unset SHELL`, `env -u SHELL`) is not.
  return (inv.cmd?.assigns.some((a) => a.name === "SHELL") ?? false) || (inv.ctx.vars.has("SHELL") && inv.ctx.vars.get("SHELL") !== UNSET);
}

const SCRIPT: Spec = { short: "cTIOBmEoF", long: ["command", "log-timing", "log-in", "log-out", "log-io", "logging-format", "echo", "output-limit"] };

/**
 * script (util-linux): `-c TEXT` runs through $SHELL -c; without it an interactive shell reads
 * stdin. BSD script runs `script FILE COMMAND…`. The typescript and log files are written.
 */
export const script: Handler = (inv) => {
  const p = _parse(inv.args, SCRIPT);
  if (!p) return unknown(inv);
  const texts = values(p, ["-c", "--command"]);
  const ops: Op[] = [];
  if (texts.length && _shellSet(inv)) ops.push(...unknown(inv));
  for (const t of texts) ops.push(...text(inv, t));
  const file = p.operands[0];
  // BSD `script FILE COMMAND…` stops reading options at FILE: the command keeps its own (`rm -rf`).
  const [head, ...tail] = p.at.length > 1 ? inv.args.slice(p.at[1]) : [];
  if (head) ops.push(...analyzeArgv(head, tail, inv.ctx, inv.cmd));
  else if (!texts.length) ops.push(...stdinEffects(inv, (t) => analyzeText(t, "posix", inv.ctx)));
  const kind = p.opts.some(([n]) => n === "-a" || n === "--append") ? "write-into" : "overwrite";
  const logs = values(p, ["-T", "-I", "-O", "-B", "--log-timing", "--log-in", "--log-out", "--log-io"]);
  // `script -q /dev/null` is the usual spelling for "no typescript": a sink, not a file written.
  const written = [file ?? literalWord("typescript"), ...logs].filter((w) => w.dynamic || !isSink(w.value));
  if (written.length) ops.push(op(kind, inv.name, written));
  return ops;
};

const RUNUSER: Spec = { short: "cgGsuw", long: ["command", "session-command", "group", "supp-group", "shell", "user", "whitelist-environment"] };
const POSIX_SHELLS = new Set(["sh", "bash", "zsh", "dash", "ksh", "ash", "mksh", "yash"]);

/**
 * runuser -u USER [--] COMMAND…: runs the command. runuser [-] USER [-c TEXT] [ARGS…] (the su
 * form): the user's shell runs TEXT, or gets ARGS (`runuser root -- -c TEXT`), or reads stdin.
 */
export const runuser: Handler = (inv) => {
  const p = _parse(inv.args, RUNUSER);
  if (!p) return unknown(inv);
  const texts = values(p, ["-c", "--command", "--session-command"]);
  // Another shell (`-s /usr/bin/python3`) would read the text in a language the guard does not parse.
  const shells = values(p, ["-s", "--shell"]);
  if (shells.some((s) => s.dynamic || !POSIX_SHELLS.has(basename(s.value)))) return unknown(inv);
  const ops = texts.flatMap((t) => text(inv, t));
  if (values(p, ["-u", "--user"]).length) {
    // The command is every word from the first operand on, its own options included.
    const [head, ...tail] = p.at.length ? inv.args.slice(p.at[0]) : [];
    return head ? [...ops, ...analyzeArgv(head, tail, inv.ctx, inv.cmd)] : texts.length ? ops : [...ops, ...stdinEffects(inv, (t) => analyzeText(t, "posix", inv.ctx))];
  }
  if (texts.length) return ops;
  const shellArgs = p.operands.filter((w) => w.value !== "-").slice(1);
  return analyzeArgv(literalWord(shells[0]?.value ?? "sh"), shellArgs, inv.ctx, inv.cmd);
};

/**
 * sg [-] GROUP [-c] TEXT (shadow): TEXT runs through `/bin/sh -c` with the group (red team 8, C9).
 * Without a command sg starts the user's shell on stdin, as newgrp does.
 */
export const sg: Handler = (inv) => {
  const args = inv.args[0]?.value === "-" ? inv.args.slice(1) : inv.args;
  if (args.slice(0, 2).some((w) => w.dynamic)) return unknown(inv);
  const words = args[1]?.value === "-c" ? args.slice(2) : args.slice(1);
  if (words.length === 0) return [];
  return words.some((w) => w.dynamic) ? unknown(inv) : analyzeText(words.map((w) => w.value).join(" "), "posix", inv.ctx);
};

const MAKE: Spec = {
  short: "fCIoWE",
  long: ["file", "makefile", "directory", "include-dir", "old-file", "assume-old", "what-if", "new-file", "assume-new", "eval"],
  numeric: /^(?:-j|-l|--jobs=|--load-average=|--max-load=|)$/,
};

/**
 * make reading its makefile from stdin (`-f -`, `-f /dev/stdin`): the rules are command text
 * (recipes, `$(shell …)`), which the guard does not model, so any text there is unknown; so is
 * `--eval` text. Otherwise make stays what it was before: an unmodelled program whose arguments
 * are scanned for a destructive program name.
 */
export const make: Handler = (inv) => {
  const p = _parse(inv.args, MAKE);
  if (!p) return unknown(inv);
  const ops: Op[] = values(p, ["-E", "--eval"]).length ? unknown(inv) : [];
  for (const f of values(p, ["-f", "--file", "--makefile"])) ops.push(...descriptorScript(inv, f, true));
  return [...ops, ...scanUnknownProgram(inv.args, inv.ctx, inv.name)];
};

/**
 * A script file that is this process's input (`/dev/stdin`, and `-` when `dash`) or another
 * descriptor, in a language the guard does not read (make's rules, CMake's, cmake-e.ts): any
 * text there is unknown. A computed name may be /dev/stdin: it matters only when stdin carries
 * something.
 */
export function descriptorScript(inv: Invocation, file: Word, dash: boolean): Op[] {
  const where = file.dynamic ? (stdinOf(inv.cmd).kind === "none" ? null : "stdin") : dash && file.value === "-" ? "stdin" : stdinPath(file);
  if (where === "other") return unknown(inv);
  return where === "stdin" ? stdinEffects(inv, (t) => (t.trim() ? unknown(inv) : [])) : [];
}

const START_STOP_DAEMON: Spec = {
  short: "anprsuxcNPIkRgdO",
  long: ["startas", "name", "pidfile", "chroot", "signal", "user", "exec", "chuid", "nicelevel", "procsched", "iosched", "umask", "retry", "group", "chdir", "output", "notify-timeout", "ppid"],
  flags: ["start", "stop", "status", "test", "oknodo", "quiet", "verbose", "background", "make-pidfile", "remove-pidfile", "no-close", "notify-await", "help", "version"],
};

/**
 * start-stop-daemon (dpkg): `--start` runs `--startas` (or else `--exec`) with the other operands
 * and the words after `--` as its arguments (its `--` ends its own options: `--exec /bin/rm --
 * -rf ~` is `rm -rf ~`), in `--chdir`. `--test`, `--stop` and `--status` run nothing; under
 * `--chroot` every path means another file, so the effects are unknown. `--output` is appended to,
 * a `--make-pidfile` written.
 */
export const startStopDaemon: Handler = (inv) => {
  const p = _parse(inv.args, START_STOP_DAEMON);
  if (!p) return unknown(inv);
  const has = (...names: string[]) => p.opts.some(([n]) => names.includes(n));
  if (!has("-S", "--start") || has("-t", "--test")) return [];
  const program = values(p, ["-a", "--startas"])[0] ?? values(p, ["-x", "--exec"])[0];
  if (!program) return [];
  if (program.dynamic || has("-r", "--chroot")) return unknown(inv);
  const ops = inDir(values(p, ["-d", "--chdir"])[0], inv, () => analyzeArgv(program, p.operands, inv.ctx, inv.cmd));
  for (const w of values(p, ["-O", "--output"])) ops.push(op("write-into", inv.name, [w]));
  if (has("-m", "--make-pidfile")) for (const w of values(p, ["-p", "--pidfile"])) ops.push(op("overwrite", inv.name, [w]));
  return ops;
};
