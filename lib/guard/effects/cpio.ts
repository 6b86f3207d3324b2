import { op, type Op } from "../ops.ts";
import { literalWord, type Word } from "../syntax.ts";
import { analyzeText, HARMLESS_DEVICES } from "./analyze.ts";
import type { Handler, Invocation } from "./context.ts";
import { isSecretPath } from "./secrets.ts";
import { type CopyOut, copyOutSources, cpioArgs, cpioOut, paxArgs, paxOut } from "./copy-out.ts";
import { setArchiveSources } from "./archive-sources.ts";
import { unmodelledReading } from "./unknown-program.ts";
import { filledFolder, realOutput } from "./sinks.ts";

/**
 * cpio (GNU): `-i` extracts the archive on stdin (or `-F`/`-I FILE`) into the working directory
 * or `-D DIR`, judged like `tar -x` there (outside the workspace it asks: policy-replaces.ts). GNU
 * cpio keeps a member's absolute name and its `../` unless `--no-absolute-filenames` is given
 * (global.c: `no_abs_paths_flag = false`), so without it the members may land anywhere: an
 * unknown effect, like `tar -xP` (the archive is not read); so are names renamed interactively
 * (`-r`) or from a file (`--rename-batch-file`). `-p DEST` copies the files named on stdin into
 * DEST. `-o` writes the archive `-O`/`-F FILE` (replaced; `-A` changes it in place); `host:file`
 * sends it to another machine; the files named on its stdin are read (copy-out.ts).
 * `--rsh-command` runs its command. `-t`, `--to-stdout` and `--only-verify-crc` write no file.
 */
export const cpio: Handler = (inv) => {
  const parsed = cpioArgs(inv.args);
  // An option word with an expansion (`-D"$D"`, `"$MODE"` aside) may set any folder or mode.
  if (parsed.unread) return [op("unknown", "cpio")];
  const { letters, values, operands, absolute, quiet } = parsed;
  const ops: Op[] = [];
  const rsh = values.get("rsh-command");
  if (rsh) ops.push(...(rsh.dynamic ? [op("unknown", "cpio")] : analyzeText(rsh.value, "posix", inv.ctx)));
  if (quiet) return ops;
  const dir = values.get("D");
  if (letters.has("i") && !letters.has("t")) {
    // Members keep their absolute names and `../` (the archive is not read), or are renamed.
    if (absolute || letters.has("r") || values.has("rename-batch-file")) return [...ops, op("unknown", "cpio")];
    return [...ops, filledFolder("cpio", [dir ?? literalWord(".")])];
  }
  if (letters.has("p")) {
    // DEST is relative to the directory cpio started in, also with -D (copypass.c).
    const dest = operands[0];
    return dest ? [...ops, filledFolder("cpio", [dest])] : ops;
  }
  if (letters.has("o")) {
    const out = cpioOut(parsed, inv.cmd, inv.ctx);
    ops.push(..._sourced(_archive("cpio", parsed.archive, letters.has("A"), inv.args), out));
    // The files it archives are read: a credential among the names on its stdin is asked about
    // as `tar -c ~/.ssh` is (copy-out.ts).
    ops.push(..._secretNames("cpio", out, inv));
  }
  return ops;
};

/**
 * pax: `-w` archives its operands or, with none, the files named on its stdin (copy-out.ts); a
 * credential among them is read, as by `cpio -o`. What it writes, as cpio's modes: `-w -f FILE`
 * the archive (`-a` appends), `-r` the members into the working directory (as `tar -x`), `-rw`
 * the files into the last operand (as `cpio -p DEST`). Otherwise an unknown program's reading.
 */
export const pax: Handler = (inv) => {
  const ops = unmodelledReading(inv);
  const parsed = paxArgs(inv.args);
  const { letters, operands, archive } = parsed;
  const [read, write] = [letters.has("r"), letters.has("w")];
  if (read && write) {
    const dest = operands.at(-1);
    if (dest) ops.push(filledFolder("pax", [dest]));
  } else if (read) ops.push(filledFolder("pax", [literalWord(".")]));
  const out = paxOut(parsed, inv.cmd, inv.ctx);
  if (write && !read) ops.push(..._sourced(_archive("pax", archive, letters.has("a"), inv.args), out));
  return [...ops, ..._secretNames("pax", out, inv)];
};

/** A credential the names a copy-out reads name (`echo ~/.ssh/id_rsa | cpio -o`, `find ~/.aws | …`), as secrets.ts judges a reader's operands. */
function _secretNames(verb: string, out: CopyOut | undefined, inv: Invocation): Op[] {
  // An operand (`pax -w ~/.ssh`) is judged where it is read already (secrets.ts).
  const named = out?.roots()?.map((r) => r.word).filter((w) => !inv.args.includes(w) && isSecretPath(w, inv.ctx.state.cwd));
  return named?.length ? [op("secret", verb, named)] : [];
}

/** The archive file a copy-out creates carries its sources: sent later, it is judged by them (copy-out.ts copyOutSources). */
function _sourced(ops: Op[], out: CopyOut | undefined): Op[] {
  const created = ops.find((o) => o.lands === "created");
  if (created && out) setArchiveSources(created, copyOutSources(out));
  return ops;
}

/** The archive copy-out writes: replaced, or changed in place with `-A`; `host:file` leaves the machine. */
function _archive(verb: string, archive: Word | undefined, append: boolean, args: Word[]): Op[] {
  if (!archive || !realOutput(archive)) return [];
  if (verb === "cpio" && !archive.dynamic && /^[^/]+:/.test(archive.value) && !args.some((a) => a.value.startsWith("--force-l"))) return [op("egress", "cpio")];
  if (!archive.dynamic && HARMLESS_DEVICES.test(archive.value)) return [];
  // A device other than the harmless ones is a disk (or tape) written over, as with dd.
  if (!archive.dynamic && archive.value.startsWith("/dev/")) return [op("disk", verb, [archive])];
  return [append ? { ...op("overwrite", verb, [archive]), inPlace: true } : { ...op("overwrite", verb, [archive]), lands: "created" }];
}
