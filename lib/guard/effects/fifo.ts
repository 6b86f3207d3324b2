import { op, type Op } from "../ops.ts";
import { FILE_WRITES, type SimpleCommand, type Word } from "../syntax.ts";
import type { AnalyzeContext, Handler, Invocation, PipeUse } from "./context.ts";
import { addFile, fileKeys } from "./file-identity.ts";
import { UNKNOWN_UPLOAD, uploadSources } from "./network.ts";
import { statOrUndefined } from "../fs-probe.ts";

// Clients that send what they read to another machine, and programs that run what they read.
const FETCHERS = new Set(["curl", "wget", "http", "https", "xh"]);
const SHELLS = new Set(["sh", "bash", "zsh", "dash", "ksh", "ash", "mksh", "source", "."]);
// Programs whose stdin decides what they send or run (a FIFO given as `< fifo`).
const STDIN_READERS = new Set([...FETCHERS, ...SHELLS, "socat", "nc", "ncat", "netcat", "ssh", "mail", "mailx", "sendmail", "python", "python3", "node", "perl", "ruby", "php"]);
const SOCAT_FILE = /^(PIPE|OPEN|GOPEN|FILE):([^,]+)/i;
// What a re-analysed reader may add: the kinds a FIFO's content decides.
const FLOW_KINDS = new Set<Op["kind"]>(["secret", "egress", "remote-code", "unknown"]);
// The programs recordPipeUses looks at beyond redirections: pipe makers, mv, tee, tar, and the
// readers of _readSources.
const PIPE_PROGRAMS = new Set(["mkfifo", "mknod", "mv", "tee", "tar", "socat", ...FETCHERS, ...SHELLS]);

/**
 * Named pipes: what one command writes into a FIFO, whichever command reads that FIFO in the
 * same line reads, in either order (writer and reader run at the same time, one usually in the
 * background). The pipes are those that exist (through any symlink to them) and those `mkfifo`
 * or `mknod … p` made earlier in the line (and moved by `mv`). Each use is recorded while the
 * line is analysed; at its end each reader of a pipe is analysed again as if its writer were
 * piped into it, so `curl --data-binary @fifo … & tar -cf - certs > fifo` is judged like
 * `tar -cf - certs | curl --data-binary @- …`.
 */
export function recordPipeUses(name: string, args: Word[], cmd: SimpleCommand | undefined, ctx: AnalyzeContext): void {
  // Most commands neither redirect nor name a pipe: nothing to record, nothing allocated (the
  // invocation a use keeps is made here, not by every caller). Past the redirections, every step
  // of _recordPipeUses is about a program of PIPE_PROGRAMS.
  if (PIPE_PROGRAMS.has(name)) _recordPipeUses(name, args, { name, args, cmd, ctx });
  else if (cmd?.redirects.length) _recordRedirectUses(name, args, cmd, ctx);
}

function _recordPipeUses(name: string, args: Word[], inv: Invocation): void {
  const { state } = inv.ctx;
  _recordRedirectUses(name, args, inv.cmd, inv.ctx, inv);
  const operands = args.filter((a) => !a.value.startsWith("-"));
  if (name === "mkfifo") for (const a of _mkfifoNames(args)) addFile((state.fifos ??= new Set()), a.value, state);
  if (name === "mknod" && operands[1]?.value === "p" && !operands[0]!.dynamic) addFile((state.fifos ??= new Set()), operands[0]!.value, state);
  if (name === "mv" && operands.length === 2 && operands.every((a) => !a.dynamic) && state.fifos && fileKeys(operands[0]!.value, state).some((k) => state.fifos!.has(k))) {
    addFile(state.fifos, operands[1]!.value, state);
  }
  const use = (role: PipeUse["role"], value: string) => inv.cmd && (state.pipeUses ??= []).push({ role, keys: fileKeys(value, state), inv, cwd: state.cwd, spelled: value });
  if (name === "tee" && inv.cmd?.pipeFrom) for (const a of operands) if (!a.dynamic) use("writer", a.value);
  const archive = name === "tar" ? _tarFile(args) : undefined;
  if (archive && !archive.dynamic && archive.value !== "-") use("writer", archive.value);
  for (const source of _readSources(name, args)) use("reader", source);
}

/** The files a command's redirections write its output into, or feed it as stdin (the invocation is made for the first). */
function _recordRedirectUses(name: string, args: Word[], cmd: SimpleCommand | undefined, ctx: AnalyzeContext, inv?: Invocation): void {
  for (const r of cmd?.redirects ?? []) {
    if (r.target.dynamic || r.heredoc) continue;
    const writes = FILE_WRITES.has(r.op) && (r.fd === "" || r.fd === "1");
    // fifoOps reads a pipe only for a program of STDIN_READERS: another's `< file` is not recorded
    // (no lookup of the file's names).
    const reads = r.op === "<" && (r.fd === "" || r.fd === "0") && STDIN_READERS.has(name);
    if (!writes && !reads) continue;
    const { state } = ctx;
    inv ??= { name, args, cmd, ctx };
    (state.pipeUses ??= []).push({ role: writes ? "writer" : "reader", keys: fileKeys(r.target.value, state), inv, cwd: state.cwd, stdin: reads });
  }
}

/** After the line: each reader of a named pipe analysed with the pipe's writers piped into it. */
export function fifoOps(ctx: AnalyzeContext, handlerOf: (name: string) => Handler | undefined): Op[] {
  const uses = ctx.state.pipeUses;
  if (!uses?.some((u) => u.role === "reader")) return [];
  const ops: Op[] = [];
  // A network client reading a named pipe sends whatever any process writes into it, also a
  // writer started by an earlier line (its shell readers are unknown code: shells.ts). Listed
  // after what this line's own writers are known to send (the more specific reason).
  const unpaired: Op[] = [];
  const cwd = ctx.state.cwd;
  for (const reader of uses.filter((u) => u.role === "reader")) {
    if (!STDIN_READERS.has(reader.inv.name) || !reader.keys.some((k) => _isFifo(k, ctx))) continue;
    if (!SHELLS.has(reader.inv.name)) unpaired.push(op("egress", reader.inv.name));
    const writers = uses.filter((w) => w.role === "writer" && w.inv.cmd !== reader.inv.cmd && w.keys.some((k) => reader.keys.includes(k)));
    const handler = handlerOf(reader.inv.name);
    for (const writer of writers) {
      const source = writer.inv.name === "tee" ? writer.inv.cmd?.pipeFrom : writer.inv.cmd;
      ctx.state.cwd = reader.cwd;
      if (reader.keys.some((k) => ctx.state.derived?.has(k)) && !SHELLS.has(reader.inv.name)) ops.push(op("secret", reader.inv.name));
      if (handler && source) ops.push(...handler(_fedFrom(reader, { ...source, cwd: writer.cwd })).filter((o) => FLOW_KINDS.has(o.kind)));
    }
  }
  ctx.state.cwd = cwd;
  return ops.concat(unpaired);
}

/** The reader as if the writer were piped into it, with the pipe's name turned into stdin. */
function _fedFrom(reader: PipeUse, source: SimpleCommand): Invocation {
  const { inv, spelled } = reader;
  const cmd: SimpleCommand = { ...inv.cmd!, pipeFrom: source, redirects: inv.cmd!.redirects.filter((r) => !r.op.startsWith("<")) };
  if (reader.stdin || spelled === undefined) return { ...inv, cmd };
  const stdin = (a: Word): Word => ({ ...a, value: "-", pattern: "-" });
  // A shell's script operand goes (it then reads stdin); a socat address becomes `-` (stdio); an
  // upload source becomes `@-`.
  if (SHELLS.has(inv.name)) return { ...inv, args: inv.args.filter((a) => a.value !== spelled), cmd };
  if (inv.name === "socat") return { ...inv, args: inv.args.map((a) => (a.value.includes(spelled) ? stdin(a) : a)), cmd };
  const args = inv.args.map((a) => (a.value.endsWith(spelled) ? { ...a, value: `${a.value.slice(0, -spelled.length)}-`, pattern: "-" } : a));
  return { ...inv, args, cmd };
}

/** Files a program reads as data it sends (curl uploads, socat file addresses) or runs (a shell's script). */
function _readSources(name: string, args: Word[]): string[] {
  if (FETCHERS.has(name)) return uploadSources(args).filter((s) => s !== "-" && s !== "" && s !== UNKNOWN_UPLOAD);
  if (name === "socat") {
    const addresses = args.filter((a) => !a.value.startsWith("-") || a.value === "-");
    const unidirectional = args.some((a) => a.value === "-u") ? addresses.slice(0, 1) : args.some((a) => a.value === "-U") ? addresses.slice(1, 2) : addresses;
    return unidirectional.flatMap((a) => {
      const file = SOCAT_FILE.exec(a.value)?.[2] ?? (!a.value.includes(":") && a.value.includes("/") ? a.value.split(",")[0] : undefined);
      return file && !a.dynamic ? [file] : [];
    });
  }
  if (SHELLS.has(name)) {
    const script = args.find((a) => !a.value.startsWith("-") && !a.value.startsWith("+"));
    return script && !script.dynamic && !args.some((a) => /^-[a-zA-Z]*c/.test(a.value)) ? [script.value] : [];
  }
  return [];
}

function _mkfifoNames(args: Word[]): Word[] {
  const out: Word[] = [];
  for (let i = 0; i < args.length; i++) {
    const v = args[i]!.value;
    if (v === "-m" || v === "--mode" || v === "--context") i++;
    else if (!v.startsWith("-") && !args[i]!.dynamic) out.push(args[i]!);
  }
  return out;
}

function _tarFile(args: Word[]): Word | undefined {
  for (let i = 0; i < args.length; i++) {
    const v = args[i]!.value;
    if (v.startsWith("--file=")) return { ...args[i]!, value: v.slice(7) };
    if (/^-[a-zA-Z]*f$/.test(v) || (i === 0 && /^[a-zA-Z]*f$/.test(v))) return args[i + 1];
  }
  return undefined;
}

/**
 * Whether a word names a named pipe: one on disk (through any symlink to it) or one `mkfifo` or
 * `mknod … p` made earlier in the line. What comes out of a pipe is whatever any process writes
 * into it, now or later (a writer started by an earlier line in the background too): a shell
 * reading its script from one runs unknown code, and a client uploading one sends unknown data,
 * whatever writers this line pairs with it.
 */
export function namesPipe(word: Word, ctx: AnalyzeContext): boolean {
  if (word.dynamic || word.glob || word.value === "" || word.value === "-") return false;
  return fileKeys(word.value, ctx.state).some((k) => _isFifo(k, ctx));
}

function _isFifo(key: string, ctx: AnalyzeContext): boolean {
  if (ctx.state.fifos?.has(key)) return true;
  return statOrUndefined(key)?.isFIFO() === true;
}
