#!/usr/bin/env bun
// leogriel-install figures: directory-integrity throughput against `sha256sum` over the same
// files, and cold / frozen installs of 50 skills from a local bare git repository and from a
// loopback npm registry. Everything is generated in a temp dir; nothing touches the network.
import { copyFileSync, mkdirSync, writeFileSync } from "node:fs";
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
  } finally {
    registry.stop();
    project.cleanup();
  }
}

console.log("| what | leogriel | baseline / frozen | ratio / no-op |\n|---|---|---|---|");
integrityThroughput();
await installs();
console.log("\nThe npm peer `skills` is not measured here: it clones from GitHub over the network and cannot use a local bare repository or lock-only install.");
