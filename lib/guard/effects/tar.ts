import { op, type Op } from "../ops.ts";
import { literalWord, unknownWord, type SimpleCommand, type Word } from "../syntax.ts";
import { analyzeText } from "./analyze.ts";
import type { Handler } from "./context.ts";
import { sentOps } from "./network.ts";
import { analyzeFedText } from "./nested-stdin.ts";
import { isSecretFile } from "./secrets.ts";
import { tarSent, tarSources } from "./tar-sent.ts";
import { setArchiveSources } from "./archive-sources.ts";
import { tarArgs } from "./tar-args.ts";
import { tarFileOps, tarToStdout } from "./tar-files.ts";
import { envValue } from "./implicit-inputs.ts";
import { mayBeOption } from "./word-counts.ts";

// Options whose value is a command tar runs (`checkpoint-action` only as `exec=CMD`).
const RUNS = new Set(["use-compress-program", "to-command", "info-script", "new-volume-script", "rsh-command", "checkpoint-action"]);
// Of those, the ones fed bytes the guard does not see: each member (`to-command`), the archive or
// the stream written into it (`use-compress-program`). A shell or interpreter reading its code
// from that stdin runs it (red team 8, C12: `tar --to-command=sh -xf x.tar`, `-I 'sh -s --'`).
const FED = new Set(["use-compress-program", "to-command"]);

/**
 * tar: options that run a program, archives written to a remote host (`-f host:path`), and
 * extraction into a directory. GNU tar also reads options from TAR_OPTIONS and its default
 * archive from TAPE, so both are read from the command's environment: an unknown value there is
 * an unknown effect.
 */
export const tar: Handler = (inv) => {
  const options = envValue(inv, "TAR_OPTIONS", false);
  const tape = envValue(inv, "TAPE", false);
  if (options === null || tape === null) return [op("unknown", "tar")];
  const args = [...(options ? options.split(/\s+/).filter(Boolean).map((v) => literalWord(v)) : []), ...inv.args];
  const parsed = tarArgs(args);
  // An operand that may be split into options of any name (`tar $ARGS`: `--remove-files`,
  // `--to-command=…`; red team 14), or a computed option word whose rest may be any (`-c$X`).
  const ops: Op[] = parsed.unread || parsed.operands.some((w) => mayBeOption(w, inv.ctx)) ? [op("unknown", "tar")] : [];
  // Extracting, as tar's own parser reads it (tar-args.ts: `-x`, `xf` first, `--ext`, `--get`; not
  // `-fx`, whose x is the archive's name), or an option word it cannot read whose letters say so (`-x"$F"`).
  const extracts = parsed.short.has("x") || parsed.long.has("extract") || parsed.long.has("get") || args.some((a) => a.dynamic && /^-[a-zA-Z]*x/.test(a.value));
  // Options that run a program, however spelled (`--to-command CMD`, `--to-com=CMD`, `-ICMD`, `cIf CMD …`).
  for (const [name, value] of parsed.values) {
    if (!RUNS.has(name)) continue;
    // Each member goes to the command only when it is extracted: a listing, a diff or a new
    // archive runs none (red team 12: `tar --to-command=sh -tf a.tar` lists).
    if (name === "to-command" && !extracts && parsed.mode !== undefined) continue;
    if (name === "checkpoint-action" && !value.dynamic && !value.value.startsWith("exec=")) continue;
    const text = name === "checkpoint-action" ? value.value.slice(5) : value.value;
    ops.push(...(value.dynamic ? [op("unknown", "tar")] : FED.has(name) ? analyzeFedText(text, "posix", inv.ctx, _unseenInput()) : analyzeText(text, "posix", inv.ctx)));
  }
  let archive = parsed.archive && !parsed.archive.dynamic ? parsed.archive.value : undefined;
  archive ??= tape;
  // `host:path` is an archive on another machine (rmt); what goes into it leaves this one.
  if (archive && /^[^/]+:/.test(archive) && !args.some((a) => a.value === "--force-local")) {
    const sent = tarSent(args, inv.ctx);
    ops.push(...(sent === "secret" && args.some((a) => !a.value.startsWith("-") && isSecretFile(a)) ? [op("secret", "tar")] : sentOps("tar", sent)));
  }
  // Extracting writes into -C DIR or the working directory, replacing what is there (outside the
  // workspace that asks: policy-replaces.ts), and later parts of the line meet the extracted entries.
  if (extracts) ops.push(_extraction(parsed.directories, args, tarToStdout(parsed)));
  if (parsed.invalid) return ops;
  const written = tarFileOps(parsed, parsed.archive ?? (tape ? literalWord(tape) : undefined));
  // A created archive is made of its operands: sent later, it is judged by them (archive-sources.ts).
  const created = parsed.mode === "create" ? written.find((o) => o.lands === "created") : undefined;
  const sources = created && tarSources(args, inv.ctx);
  if (created && sources) setArchiveSources(created, sources);
  return [...ops, ...written];
};

/** A command whose stdin comes from a program the guard cannot read (analyze.ts stdinOf: unknown). */
function _unseenInput(): SimpleCommand {
  return { argv: [], assigns: [], redirects: [], pipeFrom: { argv: [unknownWord()], assigns: [], redirects: [] } };
}

/**
 * Where an extraction writes: the `-C DIR` as tar's own parser reads it (`-C DIR`, `-CDIR`, `-xC
 * DIR`, `--dir DIR`, `--directory=DIR`: session 4, only the first two were read), or the working
 * directory. Each `-C` changes directory from the one before, so a relative one after the first,
 * or an option word the guard cannot read (`-C"$D"`), leaves the folder unknown.
 */
function _extraction(dirs: Word[], args: Word[], toStdout: boolean): Op {
  const unread = args.some((a) => a.dynamic && a.value.startsWith("-"));
  if (unread || dirs.slice(1).some((d) => d.dynamic || !d.value.startsWith("/"))) return op("unknown", "tar");
  return { ...op("write-into", "tar", dirs.length ? dirs : [literalWord(".")]), lands: "spread", ...(!toStdout && { replaces: true }) };
}
