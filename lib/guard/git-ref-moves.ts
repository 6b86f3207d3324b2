// The refs a forced branch create (`checkout -B`, `switch -C`, `branch -f`), a forced branch
// rename or copy (`branch -M`, `-C`), a forced tag or a tag delete would overwrite or drop, read
// from the words alone (git-refs-preflight.ts asks whether they exist). Only the options listed
// are followed: any other makes the answer null and the command keeps asking
// (ASK_GIT_HISTORY_LOSS).

// Options that change nothing of which ref is written: quiet, and the upstream settings.
const QUIET_TRACK = new Set(["--quiet", "--track", "--no-track"]);

/**
 * The full ref names (`refs/heads/…`, `refs/tags/…`) a command overwrites or deletes; with
 * `unlessCurrent`, its one ref is overwritten only when it is not the checked-out branch.
 */
export interface MovedRefs {
  refs: string[];
  unlessCurrent?: boolean;
}

/** The refs `git SUB ARGS` overwrites or deletes, or null when the command is none of these shapes or names a ref the words cannot tell. */
export function movedRefs(verb: string, args: string[]): MovedRefs | null {
  if (verb === "git checkout") return _forcedCreate(args, "B", null);
  if (verb === "git switch") return _forcedCreate(args, "C", "--force-create");
  if (verb === "git branch") return _forcedBranch(args);
  if (verb === "git tag") return _tags(args);
  return null;
}

/** A ref name git takes as written (not `@{-1}`, `-`, `@`, an option or empty). */
function _plainName(name: string | undefined): name is string {
  return name !== undefined && name !== "" && name !== "@" && !name.startsWith("-") && !name.includes("@{");
}

/** `checkout -B NAME [START]` (`-qB`, `-BNAME`) or `switch -C NAME [START]` (`--force-create[=]NAME`). */
function _forcedCreate(args: string[], letter: string, long: string | null): MovedRefs | null {
  let name: string | undefined;
  const operands: string[] = [];
  const cluster = new RegExp(`^-q*${letter}(.*)$`, "s");
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const m = cluster.exec(a);
    if (a === "--") return null;
    if (m && name === undefined) name = m[1] !== "" ? m[1] : args[++i];
    else if (long !== null && name === undefined && a === long) name = args[++i];
    else if (long !== null && name === undefined && a.startsWith(`${long}=`)) name = a.slice(long.length + 1);
    else if (a.startsWith("-")) {
      if (a !== "-q" && a !== "-t" && !QUIET_TRACK.has(a)) return null;
    } else operands.push(a);
  }
  // NAME and at most a start point (`--` is left to the asking: `checkout -B x -- path`).
  return _plainName(name) && operands.length <= 1 ? { refs: [`refs/heads/${name}`] } : null;
}

/**
 * `branch -f NAME [START]` (`--force`), or a forced rename or copy `branch -M|-C [OLD] NEW`
 * (`--move --force`, `--copy --force`) onto NEW, with `-q`/`-t`/`--track`/`--no-track`. A
 * rename or copy of a branch onto itself overwrites nothing (`git branch -M main` on main).
 */
function _forcedBranch(args: string[]): MovedRefs | null {
  let force = false;
  let moves = false;
  const operands: string[] = [];
  for (const a of args) {
    if (a === "--force") force = true;
    else if (a === "--move" || a === "--copy") moves = true;
    else if (/^-[fqtMCmc]+$/.test(a)) {
      force ||= /[fMC]/.test(a);
      moves ||= /[MCmc]/.test(a);
    } else if (QUIET_TRACK.has(a)) continue;
    else if (a.startsWith("-")) return null;
    else operands.push(a);
  }
  if (!force || operands.length < 1 || operands.length > 2 || !operands.every(_plainName)) return null;
  if (!moves) return { refs: [`refs/heads/${operands[0]}`] };
  const target = operands.at(-1)!;
  if (operands.length === 2 && operands[0] === target) return { refs: [] };
  return { refs: [`refs/heads/${target}`], unlessCurrent: operands.length === 1 };
}

/**
 * `tag -d NAME…` (`--delete`), or `tag -f NAME [COMMIT]` (`--force`) with `-a`, `-s`, `-m MSG`,
 * `-F FILE` (attached or not; `-fam MSG` clusters them), `--annotate`, `--sign`,
 * `--message[=]MSG`, `--file[=]FILE`.
 */
function _tags(args: string[]): MovedRefs | null {
  let del = false;
  let force = false;
  const operands: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === "--delete") del = true;
    else if (a === "--force") force = true;
    else if (a === "--annotate" || a === "--sign" || a.startsWith("--message=") || a.startsWith("--file=")) continue;
    else if (a === "--message" || a === "--file") i++;
    else if (/^-[adfs]*([mF].*)?$/s.test(a) && a !== "-") {
      const letters = a.replace(/[mF].*$/s, "");
      del ||= letters.includes("d");
      force ||= letters.includes("f");
      if (/[mF]$/.test(a)) i++;
    } else if (a.startsWith("-")) return null;
    else operands.push(a);
  }
  if (del) return operands.length > 0 && operands.every(_plainName) ? { refs: operands.map((n) => `refs/tags/${n}`) } : null;
  if (!force || operands.length < 1 || operands.length > 2 || !_plainName(operands[0])) return null;
  return { refs: [`refs/tags/${operands[0]}`] };
}
