import type { Word } from "../syntax.ts";

// The long options of `git archive` (git 2.39's archive.c and builtin/archive.c; `--mtime` of
// later versions), each read as parse-options reads it: any unambiguous prefix names it.
const LONGS = ["format", "prefix", "add-file", "add-virtual-file", "worktree-attributes", "mtime", "output", "verbose", "list", "remote", "exec"];
const VALUED = new Set(["format", "prefix", "add-file", "add-virtual-file", "mtime", "output", "remote", "exec"]);
// Read first by builtin/archive.c, which keeps the options it does not know for archive.c: there
// only the exact name counts. An abbreviation (`--out=F`, `--rem=R`, `--ex=C`) reaches archive.c,
// which refuses it ("Unexpected option --output"): git writes no archive.
const FIRST_PASS = new Set(["output", "remote", "exec"]);

/** What `git archive` makes of its options, when it writes an archive of the repository here. */
export interface GitArchiveOptions {
  /** The last `--format` (undefined: inferred from the output's name, or tar). */
  format: string | undefined;
  /** The last `--prefix` (`--no-prefix` clears it). */
  prefix: string;
  /** The last `-o`/`--output` (`--no-output`: stdout again). */
  output: Word | undefined;
}

/**
 * `git archive`'s options after the subcommand (up to `--`), as git reads them (checked in the
 * sandbox with git 2.39): long options by unambiguous prefix (`--form=zip`, `--pre=`), the last
 * `--format` and `--prefix` kept, `--no-format`/`--no-prefix` clearing them; `-o` alone or with its
 * value attached (`-oF`; in a cluster, `-vo F`, git refuses it). Null when git writes no archive of
 * this repository (`--remote`, `--list`, an ambiguous or refused option) or a word is computed.
 */
export function gitArchiveOptions(args: Word[]): GitArchiveOptions | null {
  const out: GitArchiveOptions = { format: undefined, prefix: "", output: undefined };
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a.dynamic) return null;
    const v = a.value;
    if (v === "--") break;
    if (!v.startsWith("-") || v === "-") continue;
    if (v.startsWith("--")) {
      const eq = v.indexOf("=");
      const flag = v.slice(2, eq < 0 ? undefined : eq);
      const negated = flag.startsWith("no-") && !LONGS.includes(flag);
      const name = _long(negated ? flag.slice(3) : flag);
      if (name === null) return null;
      if (name === undefined) continue;
      if (FIRST_PASS.has(name) && name !== (negated ? flag.slice(3) : flag)) return null;
      if (name === "list" || (name === "remote" && !negated)) return null;
      let value: Word | undefined;
      if (!negated && VALUED.has(name)) {
        value = eq < 0 ? args[++i] : { ...a, value: v.slice(eq + 1), pattern: v.slice(eq + 1) };
        if (value === undefined || value.dynamic) return null;
      }
      if (name === "format") out.format = value?.value;
      else if (name === "prefix") out.prefix = value?.value ?? "";
      else if (name === "output") out.output = value;
      continue;
    }
    // Short options: -o FILE, -l, -v and the compression levels -0 … -9.
    if (v[1] === "o") {
      const value = v.length > 2 ? { ...a, value: v.slice(2), pattern: v.slice(2) } : args[++i];
      if (value === undefined || value.dynamic) return null;
      out.output = value;
    } else if (v.includes("o") || v.includes("l")) return null;
  }
  return out;
}

/** The long option a name or prefix names: undefined for none, null for an ambiguous prefix. */
function _long(flag: string): string | null | undefined {
  if (LONGS.includes(flag)) return flag;
  const matches = LONGS.filter((n) => n.startsWith(flag));
  return matches.length === 1 ? matches[0] : matches.length > 1 ? null : undefined;
}
