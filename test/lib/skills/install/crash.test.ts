import { afterEach, describe, expect, test } from "bun:test";
import { cpSync, existsSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { EnvelopeMessage } from "../../../../lib/core/envelope.ts";
import { addSkill } from "../../../../lib/skills/install/add.ts";
import { recoverIfInterrupted } from "../../../../lib/skills/install/run-context.ts";
import { verifyInstalled } from "../../../../lib/skills/install/verify.ts";
import { Project } from "../../../fixtures/install/project.ts";
import { skillMd, writeFiles } from "../../../fixtures/install/sources.ts";
import { snapshotTree } from "../../../fixtures/install/tree-snapshot.ts";

const ENTRY = join(import.meta.dir, "../../../../cmd/install.ts");
// Fixed so the lock written by every run of a scenario is the same bytes (fetchedAt).
const EPOCH = "1780000000";
let projects: Project[] = [];
afterEach(() => {
  for (const p of projects) p.cleanup();
  projects = [];
});

function fresh(): Project {
  const p = new Project({ SOURCE_DATE_EPOCH: EPOCH });
  projects.push(p);
  return p;
}

/** A copy of a prepared project in a new folder (modes and links kept), cheaper than installing again. */
function copyOf(template: Project): Project {
  const p = fresh();
  cpSync(template.dir, p.dir, { recursive: true, verbatimSymlinks: true });
  return p;
}

/** A project with skills a and b installed from file: sources, then changed the way each scenario needs. */
async function prepared(change: (p: Project) => void): Promise<Project> {
  const p = fresh();
  writeFiles(p.dir, {
    "src/a/SKILL.md": skillMd("a"),
    "src/a/run.sh": { content: "#!/bin/sh\necho a\n", exec: true },
    "src/b/SKILL.md": skillMd("b"),
    "src/b/docs/guide.md": "# b\n",
    "src/c/SKILL.md": skillMd("c"),
  });
  for (const s of ["a", "b"]) await addSkill({ layout: p.layout(), env: p.env, cwd: p.dir, specifier: `file:src/${s}`, dev: false, force: false, strict: false });
  change(p);
  return p;
}

/** Everything the install owns, byte for byte: manifest, lock and every agent folder. */
const snapshot = (p: Project) => snapshotTree(p.dir, ["src", ".leogriel"]);

async function run(p: Project, argv: string[], fault?: number): Promise<{ code: number | null; signal: unknown }> {
  // The killed run cannot remove its temporary folder: keep it inside the project's root, which
  // the test removes.
  const tmp = join(p.root, "tmp");
  mkdirSync(tmp, { recursive: true });
  const env = { ...p.env, TMPDIR: tmp, NO_COLOR: "1", ...(fault ? { LEOGRIEL_INSTALL_FAULT: `crash-at:${fault}` } : {}) };
  const child = Bun.spawn([process.execPath, ENTRY, ...argv, "--cwd", p.dir], { env, stdout: "ignore", stderr: "pipe" });
  await child.exited;
  return { code: child.exitCode, signal: child.signalCode };
}

// [label, command, change after a and b are installed, its durable steps + 1: one batch of runs covers them]
const SCENARIOS: Array<[string, string[], (p: Project) => void, number]> = [
  [
    "update: one skill changed, one dropped from the manifest, one new",
    ["update"],
    (p) => {
      writeFiles(p.dir, { "src/a/SKILL.md": skillMd("a", "Version two. Use when testing.") });
      writeFileSync(join(p.dir, "agent-skills.json"), JSON.stringify({ agentSkills: { dependencies: { a: "file:./src/a", c: "file:./src/c" } } }));
    },
    14,
  ],
  ["remove: manifest and lock written, two folders taken away", ["remove", "a"], () => {}, 9],
];

describe("an install killed at any step", () => {
  test.each(SCENARIOS)("%s: the next run leaves exactly the old or the new install, never a mix", async (_label, argv, change, batch) => {
    const reference = await prepared(change);
    const before = snapshot(reference);
    expect((await run(reference, argv)).code).toBe(0);
    const after = snapshot(reference);
    expect(after).not.toEqual(before);

    const template = await prepared(change);
    const outcomes: string[] = [];
    for (let first = 1; !outcomes.includes("done"); first += batch) {
      const ns = Array.from({ length: batch }, (_, i) => first + i);
      const rows = await Promise.all(
        ns.map(async (n) => {
          const p = copyOf(template);
          return { n, p, result: await run(p, argv, n) };
        }),
      );
      for (const { n, p, result } of rows) {
        if (result.code === 0) {
          outcomes.push("done");
          continue;
        }
        expect(result.signal, `crash-at:${n}`).toBe("SIGKILL");
        const warnings: EnvelopeMessage[] = [];
        await recoverIfInterrupted(p.layout(), p.env, warnings);
        const now = snapshot(p);
        expect([before, after], `crash-at:${n}`).toContainEqual(now);
        outcomes.push(JSON.stringify(now) === JSON.stringify(after) ? "new" : "old");
        expect(verifyInstalled(p.layout()).problems, `crash-at:${n}`).toBe(0);
        expect(readdirSync(join(p.dir, ".leogriel/install")), `crash-at:${n}`).toEqual([]);
        for (const agent of [".agents", ".claude"]) expect(readdirSync(join(p.dir, agent)), `crash-at:${n}`).toEqual(["skills"]);
      }
      // Cleaned as we go: twenty projects at once are slow to remove on a busy machine.
      for (const { p } of rows) p.cleanup();
      projects = projects.filter((p) => !rows.some((r) => r.p === p));
    }
    const crashes = outcomes.slice(0, outcomes.indexOf("done"));
    // Rolled back until the lock was written, forward after: one switch, and both sides seen.
    expect(crashes.join(" ")).toMatch(/^(old )+new( new)*$/);
  }, 60_000);

  test("a lock edited after the crash is a conflict: nothing is touched, the previous copies are kept", async () => {
    const p = await prepared(SCENARIOS[0]![2]);
    expect((await run(p, ["update"], 4)).signal).toBe("SIGKILL");
    const crashed = snapshot(p);
    writeFileSync(join(p.dir, "agent-skills.lock"), "{}\n");
    await expect(recoverIfInterrupted(p.layout(), p.env, [])).rejects.toMatchObject({ code: "tx_conflict", exitCode: 2 });
    expect(snapshot(p).filter((l) => !l.startsWith("agent-skills.lock "))).toEqual(crashed.filter((l) => !l.startsWith("agent-skills.lock ")));
    expect(existsSync(join(p.dir, ".leogriel/install/journal.json"))).toBe(true);
  });

  test.each([
    ["not JSON", "{", "invalid_json"],
    ["an unknown version", JSON.stringify({ version: 2, txid: "x", pid: 1, createdAt: "", txDirs: [], moves: [], files: [] }), "invalid_document"],
  ])("a damaged journal (%s) is a typed error, never a guess", async (_label, text, code) => {
    const p = await prepared(() => {});
    writeFiles(p.dir, { ".leogriel/install/journal.json": text });
    await expect(recoverIfInterrupted(p.layout(), p.env, [])).rejects.toMatchObject({ code, exitCode: 2 });
  });

  test("a transaction folder without a journal is removed when it holds only staged copies, and kept when it holds previous ones or its process lives", async () => {
    const p = await prepared(() => {});
    const live = Bun.spawn(["sleep", "600"]);
    try {
      writeFiles(p.dir, {
        ".agents/.leogriel-tx-999999999-aaaaaa/new/a/SKILL.md": skillMd("a"),
        [`.agents/.leogriel-tx-${live.pid}-bbbbbb/new/a/SKILL.md`]: skillMd("a"),
        ".claude/.leogriel-tx-aaaaaa/old/b/SKILL.md": skillMd("b"),
      });
      const warnings: EnvelopeMessage[] = [];
      await recoverIfInterrupted(p.layout(), p.env, warnings);
      expect(readdirSync(join(p.dir, ".agents")).sort()).toEqual([`.leogriel-tx-${live.pid}-bbbbbb`, "skills"]);
      expect(readdirSync(join(p.dir, ".claude")).sort()).toEqual([".leogriel-tx-aaaaaa", "skills"]);
      expect(warnings.map((w) => w.code)).toEqual(["tx_orphaned"]);
    } finally {
      live.kill();
      await live.exited;
    }
  });
});
