import { existsSync } from "node:fs";
import { join } from "node:path";
import { gitProgram } from "./git-program.ts";

/**
 * The one way the guard (while it judges) and its recovery layer (when it snapshots or
 * restores) start git. A repository an agent works in may be hostile: its config, a file it
 * includes, or the environment can name programs git runs by itself. Every run gets options that
 * switch those off (found with real git 2.39 in `git-safe-runs.test.ts`; docs/check.md "Git the
 * guard runs itself"):
 * - `core.fsmonitor`: run on every index read (ls-files, status, clean -n, write-tree, …);
 * - `core.hooksPath` (and `.git/hooks`): `reference-transaction` runs on every ref update
 *   (update-ref, stash store|drop, reset), `post-index-change` when the index is written;
 * - `diff.external`, `log.showSignature` (gpg.program on `stash list`), `commit.gpgSign`, and a
 *   pager (none runs without a terminal; `--no-pager` all the same).
 * The clean, smudge and process programs of a filter driver are switched off by name
 * ({@link filterOverrides}); the guard's answer for a filtered repository is in git-preflight.ts.
 * The `-c` options reach the git processes git starts in submodules (GIT_CONFIG_PARAMETERS) and
 * come after any the environment sets, so they win.
 */
export const SAFE_OPTIONS = [
  "--no-pager",
  "-c",
  "core.fsmonitor=false",
  "-c",
  "core.hooksPath=/dev/null",
  "-c",
  "diff.external=",
  "-c",
  "log.showSignature=false",
  "-c",
  "commit.gpgSign=false",
];

// Variables that name a program git may run, or a file it writes (the traces); the variables
// that locate the repository (GIT_DIR, GIT_WORK_TREE, GIT_INDEX_FILE, …) and the config ones
// stay, so git reads what the command itself will read (their program keys are overridden).
const PROGRAM_VARIABLE = /^(?:GIT_(?:EXTERNAL_DIFF|PAGER|EDITOR|SEQUENCE_EDITOR|ASKPASS|SSH|SSH_COMMAND|PROXY_COMMAND|EXEC_PATH|TRACE\w*)|SSH_ASKPASS)$/;

/** The process environment without {@link PROGRAM_VARIABLE}s, with `extra` on top. */
export function safeGitEnv(extra: Record<string, string | undefined>): Record<string, string | undefined> {
  const env: Record<string, string | undefined> = {};
  for (const [k, v] of Object.entries(process.env)) if (!PROGRAM_VARIABLE.test(k)) env[k] = v;
  return { ...env, GIT_TERMINAL_PROMPT: "0", LC_ALL: "C", ...extra };
}

/**
 * Starts git in `dir` as every run of the guard and its recovery layer does: the git gitProgram
 * finds (never one of the project's), {@link SAFE_OPTIONS}, {@link safeGitEnv} with `env`. Null
 * when there is no such git; throws what Bun.spawnSync throws.
 */
export function spawnSafeGit(dir: string, args: string[], options: { env?: Record<string, string | undefined>; stdin?: Uint8Array; stderr?: boolean; timeout?: number } = {}): { exitCode: number | null; stdout: Buffer; stderr: Buffer } | null {
  const git = gitProgram(dir);
  if (git === null) return null;
  const proc = Bun.spawnSync([git, ...SAFE_OPTIONS, ...args], { cwd: dir, env: safeGitEnv(options.env ?? {}), stdin: options.stdin ?? "ignore", stdout: "pipe", stderr: options.stderr ? "pipe" : "ignore", timeout: options.timeout });
  return { exitCode: proc.exitCode, stdout: proc.stdout ?? Buffer.alloc(0), stderr: proc.stderr ?? Buffer.alloc(0) };
}

/** One git run's exit code and stdout (null when git could not be started or timed out). */
export type GitRunner = (dir: string, args: string[]) => { exitCode: number; stdout: string } | null;

/**
 * A filter driver named in the config git reads in `repo` (the repository asked about or a
 * checked-out submodule of it), and whether that repository's own config (`local`, `worktree`)
 * defines a program of it.
 */
export interface FilterDriver {
  name: string;
  repo: string;
  repository: boolean;
}

/**
 * The filter facts of each repository for one check, each costing git runs: its drivers
 * ({@link filterDrivers}: two, more with submodules) and whether a tracked file uses one
 * ({@link filtersInUse}), asked once however many of the check's facts need them. Never kept
 * across checks: the repository may change between them.
 */
export type FilterMemo = Map<string, { drivers: FilterDriver[] | null; inUse?: boolean | null }>;

/** {@link filterDrivers} of `repo`, from `memo` when this check listed them already. */
export function checkFilterDrivers(repo: string, run: GitRunner, memo: FilterMemo | undefined): FilterDriver[] | null {
  let facts = memo?.get(repo);
  if (facts === undefined) {
    facts = { drivers: filterDrivers(repo, run) };
    memo?.set(repo, facts);
  }
  return facts.drivers;
}

/** {@link filtersInUse} of `repo`'s drivers (checkFilterDrivers gave them), from `memo` when this check asked already. */
export function checkFiltersInUse(repo: string, drivers: FilterDriver[], run: GitRunner, memo: FilterMemo | undefined): boolean | null {
  const facts = memo?.get(repo);
  if (facts?.inUse !== undefined) return facts.inUse;
  const used = filtersInUse(drivers, run);
  if (facts) facts.inUse = used;
  return used;
}

// How deep the submodules of submodules are followed before the answer is unknown.
const MAX_DEPTH = 4;

/**
 * The filter drivers git may run in `repo` or a checked-out submodule of it (each `filter.<name>.*`
 * of any scope: a driver runs on the files whose attributes name it, and the attributes are the
 * repository's). Null when git cannot list them, a name cannot be passed back as a `-c` option,
 * or the submodules nest deeper than {@link MAX_DEPTH}.
 */
export function filterDrivers(repo: string, run: GitRunner, depth = 0): FilterDriver[] | null {
  if (depth > MAX_DEPTH) return null;
  const config = run(repo, ["config", "-z", "--show-scope", "--get-regexp", "^filter\\."]);
  // Exit 1: no key matched.
  if (config === null || (config.exitCode !== 0 && config.exitCode !== 1)) return null;
  const drivers = new Map<string, boolean>();
  const fields = config.exitCode === 0 ? config.stdout.split("\0") : [];
  for (let i = 0; i + 1 < fields.length; i += 2) {
    const scope = fields[i]!;
    const key = fields[i + 1]!.split("\n")[0]!;
    const m = /^filter\.(.*)\.([^.]*)$/s.exec(key);
    if (!m) continue;
    if (m[1]!.includes("=") || m[1]!.includes("\n")) return null;
    const program = m[2] === "clean" || m[2] === "smudge" || m[2] === "process";
    drivers.set(m[1]!, (drivers.get(m[1]!) ?? false) || (program && (scope === "local" || scope === "worktree")));
  }
  const found = [...drivers].map(([name, repository]) => ({ name, repo, repository }));
  const index = run(repo, ["ls-files", "-s", "-z"]);
  if (index === null || index.exitCode !== 0) return null;
  for (const entry of index.stdout.split("\0")) {
    const tab = entry.indexOf("\t");
    if (!entry.startsWith("160000 ") || tab < 0) continue;
    const sub = join(repo, entry.slice(tab + 1));
    if (!existsSync(join(sub, ".git"))) continue;
    const nested = filterDrivers(sub, run, depth + 1);
    if (nested === null) return null;
    found.push(...nested);
  }
  return found;
}

/** `-c` options that leave every named driver without a program (and not required, so git goes on without it). */
export function filterOverrides(drivers: FilterDriver[]): string[] {
  const names = new Set(drivers.map((d) => d.name));
  return [...names].flatMap((n) => ["clean=", "smudge=", "process=", "required=false"].flatMap((k) => ["-c", `filter.${n}.${k}`]));
}

// A driver name pathspec magic can match (`:(attr:filter=NAME)` takes no `.` or blank).
const MATCHABLE = /^[A-Za-z0-9_-]+$/;

/**
 * Whether a tracked file's `filter` attribute (from any attributes file, macros expanded) names
 * one of the drivers in the repository that lists it: only then does git hash that file through
 * the driver. Read with `ls-files -- ':(attr:filter=NAME)'…`, which runs nothing. A name the
 * magic cannot match counts as used; null when git cannot tell. A driver configured for every
 * repository but used in none (`git lfs install` writes one into the global config) is unused.
 */
export function filtersInUse(drivers: FilterDriver[], run: GitRunner): boolean | null {
  const byRepo = new Map<string, string[]>();
  for (const d of drivers) byRepo.set(d.repo, [...(byRepo.get(d.repo) ?? []), d.name]);
  for (const [repo, names] of byRepo) {
    if (!names.every((n) => MATCHABLE.test(n))) return true;
    const listed = run(repo, ["ls-files", "-z", "--", ...names.map((n) => `:(attr:filter=${n})`)]);
    if (listed === null || listed.exitCode !== 0) return null;
    if (listed.stdout !== "") return true;
  }
  return false;
}
