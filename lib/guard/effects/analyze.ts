import { isAbsolute, join, normalize } from "node:path";
import { op, type Op } from "../ops.ts";
import type { Script, SimpleCommand, Word } from "../syntax.ts";
import type { AnalyzeContext, Dialect } from "./context.ts";
import { fetchOutput } from "./fetch-output.ts";
import { forkBombOps } from "./fork-bomb.ts";
import { programName } from "./names.ts";
import { PROGRAMS } from "./programs.ts";
import { isSecretPath, secretArgOps } from "./secrets.ts";
import { taintOps } from "./taint.ts";
import { scanUnknownProgram } from "./unknown-program.ts";

const HARMLESS_DEVICES = /^\/dev\/(null|stdout|stderr|tty|fd\/\d+|zero)$/;

/** Every effect of a parsed command line, in execution order, with `cd` followed. */
export function analyzeScript(script: Script, ctx: AnalyzeContext): Op[] {
  const ops: Op[] = forkBombOps(script.commands);
  for (const cmd of script.commands) {
    const before = ops.length;
    ops.push(...redirectOps(cmd));
    const [head, ...args] = cmd.argv;
    if (head && !_changeDirectory(head, args, ctx)) ops.push(...analyzeArgv(head, args, ctx, cmd));
    for (let i = before; i < ops.length; i++) {
      const o = ops[i]!;
      if (o.cwd === null) o.cwd = ctx.state.cwd;
      o.afterCd ||= ctx.state.afterCd;
    }
  }
  return ops;
}

/** The effects of one program with its arguments (wrappers call back in with their inner command). */
export function analyzeArgv(head: Word, args: Word[], ctx: AnalyzeContext, cmd?: SimpleCommand): Op[] {
  if (head.dynamic) return scanUnknownProgram(args, ctx, "dynamic");
  const name = programName(head);
  const alias = ctx.state.aliases?.get(name);
  if (alias !== undefined && ctx.depth < 8) return analyzeText(`${alias} ${args.map((w) => _quote(w.value)).join(" ")}`, "posix", ctx);
  const handler = PROGRAMS.get(name);
  const ops = handler ? handler({ name, args, cmd, ctx }) : scanUnknownProgram(args, ctx, name);
  return [...ops, ...secretArgOps(name, args), ...taintOps(name, head, args, cmd, ctx)];
}

/** Parses and analyses nested command text (`bash -c`, `eval`, a heredoc fed to a shell). */
export function analyzeText(text: string, dialect: Dialect, ctx: AnalyzeContext): Op[] {
  const script = ctx.parse(text, dialect, ctx.depth + 1, ctx.vars);
  return analyzeScript(script, { ...ctx, depth: ctx.depth + 1 });
}

/**
 * `> file` truncates (an overwrite); `>> file` appends (only protected storage matters); a
 * credential file as input is a secret read; `/dev/tcp/…` as output sends data away.
 */
export function redirectOps(cmd: SimpleCommand): Op[] {
  const ops: Op[] = [];
  for (const r of cmd.redirects) {
    if (/^\d+$|^-$/.test(r.target.value) && (r.op === ">&" || r.op === "<&")) continue;
    if (isSecretPath(r.target)) ops.push(op("secret", "redirect"));
    if (!r.target.dynamic && /^\/dev\/(tcp|udp)\//.test(r.target.value) && r.op !== "<") {
      ops.push(op("egress", "redirect"));
      continue;
    }
    if (!r.target.dynamic && HARMLESS_DEVICES.test(r.target.value)) continue;
    if (r.op === ">" || r.op === ">|" || r.op === "&>" || r.op === ">&") ops.push(op("overwrite", "redirect", [r.target]));
    else if (r.op === ">>" || r.op === "&>>" || r.op === "<>") ops.push(op("write-into", "redirect", [r.target]));
  }
  return ops;
}

/** What a command reads on stdin: text the guard can analyse, or where it comes from. */
export type Stdin =
  | { kind: "text"; text: string; dynamic: boolean }
  | { kind: "remote" }
  | { kind: "file" }
  | { kind: "unknown" }
  | { kind: "none" };

const FETCHERS = new Set(["curl", "wget", "fetch", "nc", "ncat", "netcat", "socat", "http", "https", "xh", "aria2c", "lynx", "iwr", "irm"]);

export function stdinOf(cmd: SimpleCommand | undefined): Stdin {
  if (!cmd) return { kind: "none" };
  for (const r of cmd.redirects) {
    if (r.heredoc) return { kind: "text", text: r.heredoc.body, dynamic: r.heredoc.dynamic };
    if (r.op === "<<<") return { kind: "text", text: `${r.target.value}\n`, dynamic: r.target.dynamic };
    if (r.op === "<" && /^\/dev\/(tcp|udp)\//.test(r.target.value)) return { kind: "remote" };
    if (r.op === "<") return r.target.dynamic ? { kind: "unknown" } : { kind: "file" };
    // `<&3`, `<&$fd`: stdin is another descriptor, whose source is not followed.
    if (r.op === "<&" && (r.fd === "" || r.fd === "0") && r.target.value !== "0") return r.target.value === "-" ? { kind: "none" } : { kind: "unknown" };
  }
  const from = cmd.pipeFrom;
  if (!from) return { kind: "none" };
  const [head, ...args] = from.argv;
  if (from.group || !head || head.dynamic) return { kind: "unknown" };
  const name = programName(head);
  if (FETCHERS.has(name)) {
    const output = fetchOutput(name, args);
    return output === "remote" ? { kind: "remote" } : output === "file" ? { kind: "file" } : { kind: "none" };
  }
  if (name === "echo" || name === "printf") return _printed(name, args);
  if (name === "cat") {
    if (args.length === 0) return stdinOf(from);
    return args.every((a) => !a.dynamic) ? { kind: "file" } : { kind: "unknown" };
  }
  return { kind: "unknown" };
}

function _printed(name: string, args: Word[]): Stdin {
  const dynamic = args.some((a) => a.dynamic);
  if (name === "echo") {
    const words = args.map((a) => a.value);
    while (words[0] === "-n" || words[0] === "-e" || words[0] === "-E") words.shift();
    return { kind: "text", text: words.join(" "), dynamic };
  }
  const [format, ...rest] = args.map((a) => a.value);
  return { kind: "text", text: _printf(format ?? "", rest), dynamic };
}

/** A small printf: `%s`/`%b` substitution (the format repeats while arguments remain) and escapes. */
function _printf(format: string, args: string[]): string {
  let i = 0;
  let out = "";
  do {
    out += format.replace(/%[sbdq%]/g, (m) => (m === "%%" ? "%" : (args[i++] ?? "")));
  } while (i < args.length && /%[sbdq]/.test(format));
  return out.replace(/\\([0-7]{1,3}|x[0-9a-fA-F]{1,2}|u[0-9a-fA-F]{1,4}|[ntr\\])/g, (_, e: string) => {
    if (/^[0-7]/.test(e)) return String.fromCharCode(Number.parseInt(e, 8) & 0xff);
    if (e[0] === "x" || e[0] === "u") return String.fromCharCode(Number.parseInt(e.slice(1), 16));
    return ({ n: "\n", t: "\t", r: "\r", "\\": "\\" } as Record<string, string>)[e]!;
  });
}

function _quote(value: string): string {
  return `'${value.replace(/'/g, "'\\''")}'`;
}

/** Follows `cd`/`pushd`/`popd`; returns true when the command was one of them. */
function _changeDirectory(head: Word, args: Word[], ctx: AnalyzeContext): boolean {
  const name = head.dynamic ? "" : head.value;
  if (name !== "cd" && name !== "pushd" && name !== "popd" && name !== "chdir") return false;
  const state = ctx.state;
  state.afterCd = true;
  if (name === "popd") {
    state.cwd = null;
    return true;
  }
  const target = args.find((a) => a.dynamic || !a.value.startsWith("-") || a.value === "-");
  if (!target) state.cwd = ctx.home;
  else if (target.dynamic || target.glob || target.value === "-") state.cwd = null;
  else if (isAbsolute(target.value)) state.cwd = normalize(target.value);
  else if (state.cwd !== null) state.cwd = normalize(join(state.cwd, target.value));
  return true;
}
