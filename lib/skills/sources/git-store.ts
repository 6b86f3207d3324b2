import { join } from "node:path";
import { LeogrielError } from "../../core/errors.ts";
import { git, gitOk } from "../../core/git.ts";
import type { TreeFile, TreeLimits } from "../tree-write.ts";
import { freshDir, type SourceContext } from "./source.ts";

export const DEFAULT_GITHUB_URL = "https://github.com";
const COMMIT = /^[0-9a-f]{40}$/;

/** `<base>/<owner>/<repo>.git`, the base from LEOGRIEL_GITHUB_URL (a mirror or a folder of bare repositories). */
export function githubUrl(owner: string, repo: string, env: Record<string, string | undefined>): string {
  const base = (env.LEOGRIEL_GITHUB_URL || DEFAULT_GITHUB_URL).replace(/\/+$/, "");
  return `${base}/${owner}/${repo}.git`;
}

/**
 * The 40-hex commit a ref names on the remote: a full commit as given, else a tag (peeled to its
 * commit), a branch, or a full ref name; no ref means the remote's HEAD.
 * @throws {LeogrielError} `repository_unavailable`, `ref_not_found` (exit 2)
 */
export async function resolveRef(url: string, label: string, ref: string | undefined, ctx: SourceContext): Promise<string> {
  if (ref !== undefined && COMMIT.test(ref)) return ref;
  // One listing per repository and run: 50 skills from one repository cost one round trip.
  const key = `ls-remote:${url}`;
  let refs = ctx.memo.get(key) as Map<string, string> | undefined;
  if (!refs) {
    const result = await git(["ls-remote", url], { cwd: ctx.tmpDir, env: _gitEnv(ctx) });
    if (result.exitCode !== 0) throw _unavailable(label, result.stderr);
    refs = new Map<string, string>();
    for (const line of result.stdout.split("\n")) {
      const [sha, name] = line.split("\t");
      if (sha && name) refs.set(name, sha);
    }
    ctx.memo.set(key, refs);
  }
  const wanted = ref ?? "HEAD";
  for (const name of [`refs/tags/${wanted}^{}`, `refs/tags/${wanted}`, `refs/heads/${wanted}`, wanted]) {
    const sha = refs.get(name);
    if (sha && COMMIT.test(sha)) return sha;
  }
  const hint = /^[0-9a-f]{7,39}$/.test(wanted) ? " (abbreviated commits are not accepted: give all 40 hex digits)" : "";
  throw new LeogrielError("ref_not_found", `Cannot resolve ${label}#${wanted}: no such tag or branch${hint}`);
}

/**
 * A local object store holding `commit` from `url`, fetched once per run and repository. A
 * shallow fetch of the exact commit is tried first; servers that refuse it get a full fetch.
 * @throws {LeogrielError} `repository_unavailable`, `commit_not_found` (exit 2)
 */
export async function ensureCommit(url: string, label: string, commit: string, ctx: SourceContext): Promise<string> {
  const key = `git:${url}`;
  let gitDir = ctx.memo.get(key) as string | undefined;
  if (!gitDir) {
    gitDir = join(freshDir(ctx, "git"), "repo.git");
    await gitOk(["init", "--quiet", "--bare", gitDir], { cwd: ctx.tmpDir, env: _gitEnv(ctx) });
    ctx.memo.set(key, gitDir);
  }
  const opts = { cwd: gitDir, env: _gitEnv(ctx) };
  if ((await git(["cat-file", "-e", `${commit}^{commit}`], opts)).exitCode === 0) return gitDir;
  const shallow = await git(["fetch", "--quiet", "--no-tags", "--depth", "1", url, commit], opts);
  if (shallow.exitCode !== 0) {
    const full = await git(["fetch", "--quiet", "--no-tags", url, "+refs/*:refs/remotes/leogriel/*"], opts);
    if (full.exitCode !== 0) throw _unavailable(label, full.stderr);
  }
  if ((await git(["cat-file", "-e", `${commit}^{commit}`], opts)).exitCode !== 0) {
    throw new LeogrielError("commit_not_found", `Cannot fetch ${label}: the commit ${commit} does not exist there`);
  }
  return gitDir;
}

/** Every path in the commit's tree (for finding SKILL.md files). */
export async function listPaths(gitDir: string, commit: string, ctx: SourceContext): Promise<string[]> {
  const out = await gitOk(["ls-tree", "-r", "-z", "--name-only", commit], { cwd: gitDir, env: _gitEnv(ctx) });
  return out.split("\0").filter((p) => p !== "");
}

/**
 * The files below `subpath` in `commit` exactly as git stores them: blob bytes (no line-ending
 * conversion, no export-ignore), the exec bit from the tree mode, symlinks as targets.
 * @throws {LeogrielError} `skill_path_not_found`, `tree_unsupported_type`, `tree_too_large`
 */
export async function readGitTree(gitDir: string, commit: string, subpath: string, label: string, limits: TreeLimits, ctx: SourceContext): Promise<TreeFile[]> {
  const opts = { cwd: gitDir, env: _gitEnv(ctx) };
  const kind = await git(["cat-file", "-t", `${commit}:${subpath}`], opts);
  if (kind.exitCode !== 0 || kind.stdout.trim() !== "tree") {
    throw new LeogrielError("skill_path_not_found", `Cannot find ${subpath || "the repository root"} in ${label} at ${commit}: not a folder there`);
  }
  const listing = await gitOk(["ls-tree", "-r", "-z", "--full-tree", commit, "--", subpath === "" ? "." : `${subpath}/`], opts);
  const items = listing
    .split("\0")
    .filter((l) => l !== "")
    .map((line) => {
      const [meta, path] = [line.slice(0, line.indexOf("\t")), line.slice(line.indexOf("\t") + 1)];
      const [mode, , sha] = meta.split(" ") as [string, string, string];
      return { mode, sha, path: subpath === "" ? path : path.slice(subpath.length + 1) };
    });
  if (items.length > limits.maxFiles) throw new LeogrielError("tree_too_large", `Cannot fetch ${label}: more than ${limits.maxFiles} files`);
  for (const item of items) {
    if (!["100644", "100755", "120000"].includes(item.mode)) {
      throw new LeogrielError("tree_unsupported_type", `Cannot fetch ${label}: ${item.path} is a ${item.mode === "160000" ? "submodule" : `mode ${item.mode} entry`}, which a skill cannot contain`);
    }
  }
  const blobs = await _catBlobs(gitDir, items.map((i) => i.sha), limits.maxBytes, label, ctx);
  return items.map((item, i) => {
    const data = blobs[i]!;
    if (item.mode === "120000") return { path: item.path, type: "symlink" as const, target: Buffer.from(data).toString("utf8") };
    return { path: item.path, type: item.mode === "100755" ? ("exec" as const) : ("file" as const), data };
  });
}

/** One blob's bytes by path (small files such as SKILL.md). */
export async function readBlob(gitDir: string, commit: string, path: string, ctx: SourceContext): Promise<Uint8Array> {
  const sha = await gitOk(["rev-parse", `${commit}:${path}`], { cwd: gitDir, env: _gitEnv(ctx) });
  return (await _catBlobs(gitDir, [sha], 1024 * 1024, path, ctx))[0]!;
}

// `git cat-file --batch` streams "<sha> <type> <size>\n<bytes>\n" per requested object.
async function _catBlobs(gitDir: string, shas: string[], maxBytes: number, label: string, ctx: SourceContext): Promise<Uint8Array[]> {
  if (shas.length === 0) return [];
  const proc = Bun.spawn(["git", "cat-file", "--batch"], { cwd: gitDir, env: { ...process.env, ..._gitEnv(ctx) }, stdin: "pipe", stdout: "pipe", stderr: "pipe" });
  proc.stdin.write(`${shas.join("\n")}\n`);
  await proc.stdin.end();
  const [out, code] = await Promise.all([new Response(proc.stdout).arrayBuffer(), proc.exited]);
  if (code !== 0) throw new LeogrielError("git_failed", `Cannot read ${label} from git: cat-file exited ${code}`);
  const bytes = new Uint8Array(out);
  const blobs: Uint8Array[] = [];
  let off = 0;
  let total = 0;
  for (const sha of shas) {
    const nl = bytes.indexOf(0x0a, off);
    const [gotSha, type, sizeText] = Buffer.from(bytes.subarray(off, nl)).toString("latin1").split(" ");
    if (gotSha !== sha || type !== "blob") throw new LeogrielError("git_failed", `Cannot read ${label} from git: object ${sha} is missing or not a file`);
    const size = Number(sizeText);
    total += size;
    if (total > maxBytes) throw new LeogrielError("tree_too_large", `Cannot fetch ${label}: over the ${maxBytes}-byte limit`);
    blobs.push(bytes.slice(nl + 1, nl + 1 + size));
    off = nl + 1 + size + 1;
  }
  return blobs;
}

function _gitEnv(ctx: SourceContext): Record<string, string | undefined> {
  // Isolated from repository hooks and LFS smudging; the user's credential helpers still apply.
  return { ...ctx.env, GIT_TERMINAL_PROMPT: "0", GIT_LFS_SKIP_SMUDGE: "1", LC_ALL: "C" };
}

function _unavailable(label: string, stderr: string): LeogrielError {
  const first = stderr.split("\n").find((l) => l.trim() !== "")?.trim() ?? "git failed";
  return new LeogrielError("repository_unavailable", `Cannot reach ${label}: ${first}`);
}
