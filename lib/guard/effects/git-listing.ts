import { gitFact } from "../git-preflight.ts";
import type { SimpleCommand, Word } from "../syntax.ts";
import type { AnalyzeContext } from "./context.ts";
import { programName } from "./names.ts";

// The options of the two listings read here that change nothing but which names are printed
// (or their separator); any other option (`--format`, `-s`, `--output`, `--ext-diff`, `-x`)
// keeps the listing unknown.
const LS_FILES = new Set(["-z", "-c", "--cached", "-m", "--modified", "-o", "--others", "-d", "--deleted", "--exclude-standard", "--full-name"]);
const DIFF = new Set(["-z", "--name-only", "--cached", "--staged", "--relative"]);
const DIFF_FILTER = /^--diff-filter=[ACDMRTUXBacdmrtuxb*]+$/;

/**
 * The arguments after `git` when they are a plain name listing, `ls-files …` or `diff
 * --name-only …` with only the options above and literal words: it writes no file and prints
 * only names. Null otherwise.
 */
export function gitListingArgs(args: Word[]): string[] | null {
  const [sub, ...rest] = args;
  if (sub?.value !== "ls-files" && sub?.value !== "diff") return null;
  if (args.some((w) => w.dynamic || w.glob)) return null;
  const allowed = sub.value === "ls-files" ? LS_FILES : DIFF;
  let operands = false;
  let names = sub.value === "ls-files";
  for (const a of rest) {
    if (operands || a.value === "--") operands = true;
    else if (a.value.startsWith("-") && !allowed.has(a.value) && !(sub.value === "diff" && DIFF_FILTER.test(a.value))) return null;
    else names ||= a.value === "--name-only";
  }
  return names ? args.map((w) => w.value) : null;
}

/**
 * What a git name listing feeding a pipe prints (`git diff --name-only | xargs npx prettier
 * --write`), listed by running that read-only listing now, as the find dry run lists find's
 * matches. Only where the listing cannot differ when the line runs: the feeder is plain `git`
 * (no option before the subcommand, no assignment, redirection, alias, function or hash entry,
 * no GIT_* variable or git setting in the line), the directory is known, and nothing earlier in
 * the line may have changed files or the index (`rewritten`: unseen-writes.ts). Null otherwise.
 */
export function gitListing(feeder: SimpleCommand, ctx: AnalyzeContext, rewritten: boolean): string | null {
  const [head, ...args] = feeder.argv;
  const cwd = ctx.state.cwd;
  if (!head || head.dynamic || head.value !== "git" || programName(head) !== "git" || feeder.group || feeder.assigns.length > 0 || feeder.redirects.length > 0) return null;
  if (cwd === null || ctx.depth > 0 || rewritten || ctx.state.landed?.length || ctx.state.changes?.length) return null;
  if (ctx.state.aliases?.has("git") || ctx.state.functions?.has("git") || ctx.state.hashed?.has("git") || ctx.state.gitConfig !== undefined) return null;
  if ([...ctx.vars.keys()].some((k) => k.startsWith("GIT_"))) return null;
  const listing = gitListingArgs(args);
  return listing === null ? null : gitFact(cwd, listing);
}
