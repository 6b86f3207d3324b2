#!/usr/bin/env bun
// leogriel-install figures: directory-integrity throughput against `sha256sum` over the same
// files; cold / frozen installs of 50 skills from a local bare git repository and from a
// loopback npm registry; and the npm peer `skills` (devDependency) adding and restoring the same
// git skills. Everything is generated in a temp dir; nothing touches the network.
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { hashDirectory } from "../lib/skills/dir-integrity.ts";
import { installAll } from "../lib/skills/install/install.ts";
import { Project } from "../test/fixtures/install/project.ts";
import { GitRemote, Registry, removeDir, skillMd, tempDir } from "../test/fixtures/install/sources.ts";
import { buildTarGz } from "../test/fixtures/install/tar-builder.ts";

const SKILLS = 50;
const TREE_MIB = 200;

function time<T>(fn: () => T): [T, number] {
  const start = performance.now();
  const value = fn();
  return [value, performance.now() - start];
}

async function timeAsync<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  const value = await fn();
  return [value, performance.now() - start];
}

function integrityThroughput(): void {
  const dir = tempDir("leogriel-bench-tree-");
  try {
    const chunk = Buffer.alloc(1024 * 1024);
    for (let i = 0; i < chunk.length; i++) chunk[i] = (i * 2654435761) >>> 24;
    for (let i = 0; i < TREE_MIB - 4; i++) {
      mkdirSync(join(dir, `d${i % 10}`), { recursive: true });
      chunk[0] = i;
      writeFileSync(join(dir, `d${i % 10}`, `big-${i}.bin`), chunk);
    }
    // Plus 4 MiB in 1024 small files, the shape of references/ and scripts/.
    for (let i = 0; i < 1024; i++) writeFileSync(join(dir, `d${i % 10}`, `small-${i}.md`), chunk.subarray(0, 4096));
    const baseline = () => Bun.spawnSync(["sh", "-c", "find . -type f -print0 | LC_ALL=C sort -z | xargs -0 sha256sum | sha256sum"], { cwd: dir });
    baseline(); // warm the page cache for both
    const [, ours] = time(() => hashDirectory(dir));
    const [, theirs] = time(baseline);
    const mib = TREE_MIB;
    console.log(`| directory integrity, ${mib} MiB / ${TREE_MIB - 4 + 1024} files | ${(mib / (ours / 1000)).toFixed(0)} MiB/s (${ours.toFixed(0)} ms) | sha256sum: ${(mib / (theirs / 1000)).toFixed(0)} MiB/s (${theirs.toFixed(0)} ms) | ratio ${(theirs / ours).toFixed(2)} |`);
  } finally {
    removeDir(dir);
  }
}

const PEER_CLI = join(import.meta.dir, "../node_modules/skills/bin/cli.mjs");
const PEER_VERSION = (JSON.parse(readFileSync(join(import.meta.dir, "../node_modules/skills/package.json"), "utf8")) as { version: string }).version;

/**
 * Runs the peer CLI. Under Bun: skills 1.7.4 needs Node >= 22.20 (it imports `glob` from
 * fs/promises) and the dev machine has Node 20, so running it with Node fails at import time.
 */
async function peer(cwd: string, home: string, args: string[]): Promise<number> {
  const env = { PATH: process.env.PATH, HOME: home, DISABLE_TELEMETRY: "1", DO_NOT_TRACK: "1", CI: "1", NO_COLOR: "1" };
  const start = performance.now();
  const child = Bun.spawn([process.execPath, PEER_CLI, ...args], { cwd, env, stdin: "ignore", stdout: "pipe", stderr: "pipe" });
  const [code, out, err] = await Promise.all([child.exited, new Response(child.stdout).text(), new Response(child.stderr).text()]);
  if (code !== 0) throw new Error(`skills ${args.join(" ")} exited ${code}:\n${out}${err}`);
  return performance.now() - start;
}

/** The same 50 git skills through the peer: `add` (clone, copy to both folders) and its lock restore. */
async function peerInstalls(project: Project, remote: GitRemote): Promise<void> {
  const home = project.env.HOME!;
  const url = `${remote.url}/acme/skills.git`;
  const cold = project.sibling("peer-cold");
  const coldMs = await peer(cold.dir, home, ["add", url, "--skill", "*", "--agent", "claude-code", "codex", "--copy", "--yes"]);
  const restore = project.sibling("peer-restore");
  copyFileSync(join(cold.dir, "skills-lock.json"), join(restore.dir, "skills-lock.json"));
  const restoreMs = await peer(restore.dir, home, ["experimental_install", "--yes"]);
  const both = (p: Project) => `.agents ${existsSync(join(p.dir, ".agents/skills/s0/SKILL.md")) ? "yes" : "no"}, .claude ${existsSync(join(p.dir, ".claude/skills/s0/SKILL.md")) ? "yes" : "no"}`;
  console.log(`| ${SKILLS} git skills, npm \`skills\` ${PEER_VERSION} (under Bun) | add, cold ${coldMs.toFixed(0)} ms (${both(cold)}) | experimental_install, clean folder ${restoreMs.toFixed(0)} ms (${both(restore)}) | no lock-only no-op |`);
}

/** After the remote moves on, does a lock restore in a clean folder bring back the locked bytes? */
async function pinning(project: Project, remote: GitRemote): Promise<void> {
  remote.commit("acme", "skills", { "skills/s0/SKILL.md": skillMd("s0", "Moved upstream. Use when testing.") });
  const ours = project.sibling("pin-ours");
  for (const f of ["agent-skills.json", "agent-skills.lock"]) copyFileSync(join(project.root, "git-cold", f), join(ours.dir, f));
  await installAll({ layout: ours.layout(), env: ours.env, frozen: true });
  const theirs = project.sibling("pin-peer");
  copyFileSync(join(project.root, "peer-cold", "skills-lock.json"), join(theirs.dir, "skills-lock.json"));
  await peer(theirs.dir, project.env.HOME!, ["experimental_install", "--yes"]);
  const locked = (p: Project) => (readFileSync(join(p.dir, ".agents/skills/s0/SKILL.md"), "utf8").includes("Moved upstream") ? "upstream HEAD (lock not enforced)" : "locked bytes");
  console.log(`| restore after a new upstream commit | leogriel --frozen: ${locked(ours)} | skills experimental_install: ${locked(theirs)} | |`);
}

async function installs(): Promise<void> {
  const project = new Project();
  const remote = new GitRemote(join(project.root, "github"));
  const registry = new Registry();
  try {
    const files: Record<string, string> = {};
    for (let i = 0; i < SKILLS; i++) {
      files[`skills/s${i}/SKILL.md`] = skillMd(`s${i}`);
      files[`skills/s${i}/references/guide.md`] = "# Guide\n".repeat(200);
      const tgz = buildTarGz([
        { name: "package/package.json", content: JSON.stringify({ name: `skill-${i}`, version: "1.0.0" }) },
        { name: "package/SKILL.md", content: skillMd(`n${i}`) },
        { name: "package/scripts/run.sh", mode: 0o755, content: "#!/bin/sh\necho hi\n" },
      ]);
      registry.publish(`skill-${i}`, "1.0.0", tgz);
    }
    remote.commit("acme", "skills", files);
    project.env.LEOGRIEL_GITHUB_URL = remote.url;
    project.env.npm_config_registry = registry.url;
    for (const [kind, spec] of [["git", (i: number) => `github:acme/skills/skills/s${i}`], ["npm", (i: number) => `npm:skill-${i}@^1.0.0`]] as const) {
      const cold = project.sibling(`${kind}-cold`);
      const deps = Object.fromEntries(Array.from({ length: SKILLS }, (_, i) => [kind === "git" ? `s${i}` : `n${i}`, spec(i)]));
      writeFileSync(join(cold.dir, "agent-skills.json"), JSON.stringify({ agentSkills: { dependencies: deps } }));
      const [, coldMs] = await timeAsync(() => installAll({ layout: cold.layout(), env: cold.env }));
      const frozen = project.sibling(`${kind}-frozen`);
      for (const f of ["agent-skills.json", "agent-skills.lock"]) copyFileSync(join(cold.dir, f), join(frozen.dir, f));
      const [, frozenMs] = await timeAsync(() => installAll({ layout: frozen.layout(), env: frozen.env, frozen: true }));
      const [, noopMs] = await timeAsync(() => installAll({ layout: frozen.layout(), env: frozen.env, frozen: true }));
      console.log(`| ${SKILLS} skills from ${kind === "git" ? "a local bare git repo" : "a loopback npm registry"} | cold ${coldMs.toFixed(0)} ms | frozen, clean folder ${frozenMs.toFixed(0)} ms | frozen, already installed ${noopMs.toFixed(0)} ms |`);
    }
    await peerInstalls(project, remote);
    await pinning(project, remote);
  } finally {
    registry.stop();
    project.cleanup();
  }
}

console.log("| what | leogriel | baseline / frozen | ratio / no-op |\n|---|---|---|---|");
integrityThroughput();
await installs();
