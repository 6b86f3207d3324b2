import type { OpKind } from "../ops.ts";
import { longPrefix } from "./git-options.ts";

/**
 * Pushes that overwrite or delete remote history. A push is forced by the command line (`-f`,
 * `--force`, a `+refspec`, `--mirror` and the prefixes git expands to it, down to `--m`), through
 * the plumbing (`git send-pack --force|-f|+ref|--mirror`, `git http-push --force|+ref`), or by
 * configuration: `remote.<r>.mirror` (every push to r is a `push --mirror`) or a `+` refspec in
 * `remote.<r>.push` (used when the line names no refspec, and mapping a bare name such as
 * `git push origin main`), given with `-c`, the environment, earlier in the line or stored in the
 * repository's `.git/config`. `--force-with-lease` alone passes (seed 001).
 */

/** -f, --force[=…], +refspec, --mirror (or `--m`…); `--force-with-lease` alone is allowed (seed 001). */
export function forcePush(args: string[]): boolean {
  let operandsOnly = false;
  for (const a of args) {
    if (operandsOnly || !a.startsWith("-")) {
      if (a.startsWith("+")) return true;
      continue;
    }
    if (a === "--") operandsOnly = true;
    else if (longPrefix(a, "mirror", 1) || (a.startsWith("--force") && !_lease(a))) return true;
    else if (/^-[a-zA-Z]+$/.test(a) && a.includes("f")) return true;
  }
  return false;
}

/** `--force-with-lease[=…]`, `--force-if-includes`, or a prefix git expands to one (`--force-w`). */
function _lease(option: string): boolean {
  const flag = option.split("=")[0]!;
  return longPrefix(flag, "force-with-lease", 7) || longPrefix(flag, "force-if-includes", 7);
}

/**
 * `git push --force-with-lease=B:OLD . A:B`: pushing into the repository itself moves its own
 * branch off its commits as `branch -f` does (the lease only checks where it was). A force push
 * to `.` (`-f`, `+A:B`) stays a force push (BLOCK_FORCE_PUSH); an unforced one fast-forwards.
 */
export function leaseIntoOwnBranch(args: string[]): boolean {
  const lease = args.some((a) => a.startsWith("--force-w") && _lease(a));
  return lease && args.some((a) => /^(--repo=)?\.\/*$/.test(a));
}

/**
 * `git send-pack [--force|-f] [--mirror] [--stdin] DEST [+]REF…` and `git http-push [--force]
 * [-d|-D] URL [+]REF…`: the plumbing under push. A forced ref or `--mirror` (which deletes the
 * remote's other refs) is a force push; http-push's `-d`/`-D` delete a remote branch; refs read
 * from `--stdin` may be forced and are unseen.
 */
export function plumbingPush(sub: string, args: string[]): OpKind | null {
  if (args.some((a) => a === "--dry-run" || (sub === "send-pack" && /^-[a-zA-Z]*n[a-zA-Z]*$/.test(a)))) return "noop";
  if (forcePush(args)) return "git-force-push";
  if (sub === "send-pack" && args.includes("--stdin")) return "unknown";
  return sub === "http-push" && args.some((a) => a === "-d" || a === "-D") ? "git-history" : null;
}

const _false = (v: string) => /^(false|no|off|0|)$/i.test(v.trim());

/**
 * A stored `remote.<r>.mirror` (true, or an unknown value) or a forced `remote.<r>.push`
 * refspec: every later push to that remote is a force push, and no check sees it.
 */
export function storesForcedPush(key: string, value: string | null): boolean {
  const m = /^remote\..+\.(mirror|push)$/s.exec(key);
  if (!m) return false;
  if (value === null) return true;
  return m[1] === "mirror" ? !_false(value) : value.trim().startsWith("+");
}

// push's options whose value may be the next word (any prefix git takes), and short `-o`.
const VALUED = ["repo", "push-option", "receive-pack", "exec", "recurse-submodules"];

/** The repository a push names (its first operand, or `--repo`) and its refspecs. */
function _pushLine(args: string[]): { remote: string | null; refspecs: string[] } {
  const operands: string[] = [];
  let repo: string | null = null;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === "--") {
      operands.push(...args.slice(i + 1));
      break;
    }
    if (a.startsWith("--")) {
      const eq = a.indexOf("=");
      const flag = eq < 0 ? a : a.slice(0, eq);
      const valued = VALUED.some((n) => longPrefix(flag, n, 2));
      const value = eq >= 0 ? a.slice(eq + 1) : valued ? args[++i] : undefined;
      if (value !== undefined && longPrefix(flag, "repo", 3)) repo = value;
      continue;
    }
    if (a.startsWith("-") && a.length > 1) {
      // `-o VALUE` / `-oVALUE` / `-qo VALUE`: the letter takes the rest of its cluster or the next word.
      const o = a.indexOf("o");
      if (o === a.length - 1) i++;
      continue;
    }
    operands.push(a);
  }
  return { remote: operands[0] ?? repo, refspecs: operands.slice(1) };
}

/**
 * A push made forced or destructive by its configuration or its deleting options. `entries` are
 * the configuration in order (the line's `git config`, `-c`, the environment's, the repository's);
 * `head` gives the checked-out branch (for the remote a push naming none goes to). The remote: the
 * one named, else `branch.<b>.pushRemote`, `remote.pushDefault`, `branch.<b>.remote`, `origin`;
 * with no branch known, any (names compared without case, as `-c` lowercases them).
 */
export function configuredPush(values: string[], entries: Iterable<readonly [string, string | null]>, head: () => string | null): OpKind | null {
  if (values.some((v) => v === "-n" || v === "--dry-run")) return null;
  const line = _pushLine(values);
  if (_configForces(line, entries, head)) return "git-force-push";
  const deletes = values.some((v) => (/^-[a-zA-Z]+$/.test(v) && v.split("o")[0]!.includes("d")) || longPrefix(v, "delete", 2) || longPrefix(v, "prune", 3));
  return deletes || line.refspecs.some((v) => v.startsWith(":") && v.length > 1) ? "git-history" : null;
}

function _configForces(line: ReturnType<typeof _pushLine>, entries: Iterable<readonly [string, string | null]>, head: () => string | null): boolean {
  const mirror = new Map<string, boolean>();
  const forced = new Set<string>();
  const settings = new Map<string, string | null>();
  for (const [key, value] of entries) {
    const m = /^remote\.(.+)\.(mirror|push)$/s.exec(key);
    if (m) {
      const remote = m[1]!.toLowerCase();
      if (m[2] === "mirror") mirror.set(remote, value === null || !_false(value));
      else if (value === null || value.trim().startsWith("+")) forced.add(remote);
    } else if (key === "remote.pushdefault" || key.startsWith("branch.")) settings.set(key.toLowerCase(), value);
  }
  if (forced.size === 0 && ![...mirror.values()].some(Boolean)) return false;
  const remote = line.remote?.toLowerCase() ?? _defaultRemote(settings, head);
  // A mirror push with refspecs stops with an error; a refspec `SRC:DST` maps nothing through `remote.<r>.push`.
  const mirrored = line.refspecs.length === 0 && (remote === null ? [...mirror.values()].some(Boolean) : mirror.get(remote) === true);
  const mapped = !line.refspecs.every((r) => r.includes(":")) || line.refspecs.length === 0;
  return mirrored || (mapped && (remote === null ? forced.size > 0 : forced.has(remote)));
}

/** The remote `git push` with none named goes to, or null when it cannot be told (no branch known, an unknown value). */
function _defaultRemote(settings: Map<string, string | null>, head: () => string | null): string | null {
  const branch = head()?.toLowerCase();
  if (branch === undefined) return null;
  for (const key of [`branch.${branch}.pushremote`, "remote.pushdefault", `branch.${branch}.remote`]) {
    if (!settings.has(key)) continue;
    const remote = settings.get(key);
    return remote == null ? null : remote.toLowerCase();
  }
  return "origin";
}
