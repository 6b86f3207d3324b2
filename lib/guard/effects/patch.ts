import { op, type Op } from "../ops.ts";
import { literalWord, type Word } from "../syntax.ts";
import type { Handler } from "./context.ts";
import { scriptFile, stdinInput } from "./data-input.ts";
import { diffTargets } from "./diff-names.ts";
import { clusterValue, longValue, longWord, openOption, optionWalk } from "./getopt.ts";

// GNU patch's short options that take a value, and its long ones.
const VALUED = "BDdFgioprVxYz";
const VALUED_LONG = ["prefix", "ifdef", "directory", "fuzz", "get", "input", "output", "strip", "reject-file", "version-control", "basename-prefix", "suffix", "quoting-style", "reject-format", "read-only"];
const VALUED_LONG_SET = new Set(VALUED_LONG);

/**
 * patch: edits in place the file operand (red team 3: `patch ~/.bashrc < p.diff`), or the files
 * the diff's headers name, read as GNU patch reads them (diff-names.ts: timestamps, git's C-quoted
 * names, indented headers; red team 4), relative to `-d DIR`, each with every strip level when
 * `-p` is not given (patch takes the basename then, or a level it guesses). A name the guard cannot
 * decode is an unknown effect. A diff the guard cannot read (a pipe from another program) edits
 * files of unknown names under its folder, judged like an extraction there (outside the workspace
 * it asks). `-o FILE` writes that file instead; `-r FILE` takes the rejects; backups named by
 * `-B`/`-Y`/`-z` are written files; `--dry-run` writes nothing.
 */
export const patch: Handler = (inv) => {
  const { name, args, ctx } = inv;
  let dir: Word | undefined;
  let input: Word | undefined;
  let output: Word | undefined;
  let reject: Word | undefined;
  let strip: number | null = null;
  let dryRun = false;
  // Backup names the command chooses (`-B PREFIX`, `-Y PREFIX`, `-z SUFFIX`): patch backs up on a
  // mismatch even without -b.
  const backup: { prefix?: Word; basePrefix?: Word; suffix?: Word } = {};
  const take = (opt: string, value: Word | undefined) => {
    if (opt === "d" || opt === "directory") dir = value;
    else if (opt === "i" || opt === "input") input = value;
    else if (opt === "o" || opt === "output") output = value;
    else if (opt === "r" || opt === "reject-file") reject = value;
    else if (opt === "B" || opt === "prefix") backup.prefix = value;
    else if (opt === "Y" || opt === "basename-prefix") backup.basePrefix = value;
    else if (opt === "z" || opt === "suffix") backup.suffix = value;
    else if (opt === "p" || opt === "strip") strip = value && !value.dynamic ? Number.parseInt(value.value, 10) : Number.NaN;
  };
  // A computed word with a known option start is that option (`-o$F`, `--output=$F`: unknown
  // values); one whose rest may be any (getopt.ts openOption: `-N$X`, `--out$X`) may be `-o FILE`,
  // `-d DIR`, `-B PREFIX`: unknown.
  let open = false;
  const operands = optionWalk(
    args,
    (a, i) => {
      open ||= openOption(a, VALUED);
      if (a.value.startsWith("--")) {
        dryRun ||= !a.dynamic && longWord(a, ["dry-run"], 2).name !== undefined;
        // `--out$X` (no `=`) reads no value: it is open, above.
        const { name: long, value, i: end } = longValue(args, i, VALUED_LONG, VALUED_LONG_SET);
        if (long) take(long, value);
        return end;
      }
      const got = clusterValue(args, i, VALUED);
      if (got) take(got.letter, got.value);
      return got?.i ?? i;
    },
    true,
  );
  if (dryRun) return [];
  if (open) return [op("unknown", name)];
  const d = dir as Word | undefined;
  if (d?.dynamic) return [op("unknown", name)];
  const within = (w: Word): Word => (d && !w.dynamic && !w.value.startsWith("/") ? { ...w, value: `${d.value}/${w.value}`, pattern: `${d.value}/${w.value}`, glob: false } : w);
  const ops: Op[] = [];
  const out = output as Word | undefined;
  const rej = reject as Word | undefined;
  if (out && out.value !== "-") ops.push({ ...op("overwrite", name, [within(out)]), lands: "created" });
  // Rejected hunks go to `-r FILE` (`-` discards them).
  if (rej && (rej.dynamic || rej.value !== "-")) ops.push({ ...op("overwrite", name, [within(rej)]), lands: "created" });
  const backups = (targets: Word[]): Op[] => {
    // Names relative to the -d folder, as patch forms them after changing into it.
    const named = _backupNames(targets, backup);
    return named === null ? [op("unknown", name)] : named.length ? [{ ...op("overwrite", name, named.map(within)), lands: "created" }] : [];
  };
  if (operands[0] && !out) return [...ops, { ...op("overwrite", name, [within(operands[0])]), inPlace: true }, ...backups([operands[0]])];
  if (out) return ops;
  const from = input ?? operands[1];
  const text = from ? scriptFile(within(from), ctx) : stdinInput(inv);
  if (text === "none") return ops;
  const names = text === null || Number.isNaN(strip) ? null : diffTargets(text, strip);
  // A name the guard cannot decode may be any file (red team 4: a quoted `\056git` is `.git`).
  if (names === "undecodable") return [...ops, op("unknown", name)];
  if (names === null) {
    const spread = { ...op("write-into", name, [d ?? literalWord(".")]), lands: "spread" as const, replaces: true };
    return [...ops, spread, ...(backup.prefix || backup.basePrefix || backup.suffix ? [op("unknown", name)] : [])];
  }
  const targets = names.map((n) => literalWord(n, true));
  if (targets.length) ops.push({ ...op("overwrite", name, targets.map(within)), inPlace: true }, ...backups(targets));
  return ops;
};

/** The backups patch may make of `targets` under names the command chose; null when they cannot be known. */
function _backupNames(targets: Word[], backup: { prefix?: Word; basePrefix?: Word; suffix?: Word }): Word[] | null {
  const { prefix, basePrefix, suffix } = backup;
  if (!prefix && !basePrefix && !suffix) return [];
  if (prefix?.dynamic || basePrefix?.dynamic || suffix?.dynamic || targets.some((t) => t.dynamic)) return null;
  return targets.map((t) => {
    const at = t.value.lastIndexOf("/") + 1;
    const base = `${basePrefix?.value ?? ""}${t.value.slice(at)}${suffix?.value ?? ""}`;
    return literalWord(`${prefix?.value ?? ""}${t.value.slice(0, at)}${base}`, true);
  });
}
