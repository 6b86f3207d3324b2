#!/usr/bin/env bun
// `bun run build [--target host|all|<name>,...] [--out dist]`: compiles every cmd/*.ts into
// dist/leogriel-<entry>-<os>-<arch>[.exe], then writes SHA256SUMS and one signed release receipt
// per binary (<binary>.receipt.json). The signing key is LEOGRIEL_SIGNING_KEY or the per-user key.
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { parseArgs } from "node:util";
import { writeFileAtomic } from "../lib/core/atomic-write.ts";
import { sha256File } from "../lib/core/hash.ts";
import { resolveSigningKey } from "../lib/core/keys.ts";
import { createReleaseReceipt } from "../lib/core/release-receipt.ts";
import { REPO_ROOT } from "../lib/core/schema-files.ts";
import { VERSION } from "../lib/core/version.ts";
import { checkBuildFlags, RELEASE_FLAGS } from "./check-profile.ts";
import { runtimeFor } from "./runtime.ts";
import { hostTarget, selectTargets, type Target } from "./targets.ts";

const { values } = parseArgs({
  options: { target: { type: "string" }, out: { type: "string", default: join(REPO_ROOT, "dist") } },
  strict: true,
});
const out = values.out!;
const targets = selectTargets(values.target);
const entries = [...new Bun.Glob("*.ts").scanSync({ cwd: join(REPO_ROOT, "cmd") })].map((f) => f.replace(/\.ts$/, "")).sort();
const key = resolveSigningKey();
mkdirSync(out, { recursive: true });
const profileDir = mkdtempSync(join(tmpdir(), "leogriel-build-"));
const checkFlags = entries.includes("check") ? checkBuildFlags(profileDir, (outfile, flags) => compile(join(REPO_ROOT, "cmd", "check.ts"), outfile, hostTarget(), undefined, flags)) : [];

const built: string[] = [];
for (const target of targets) {
  const executable = target.name === hostTarget().name ? undefined : runtimeFor(target, join(out, ".runtimes"));
  for (const entry of entries) {
    const outfile = join(out, `leogriel-${entry}-${target.name}${target.ext}`);
    compile(join(REPO_ROOT, "cmd", `${entry}.ts`), outfile, target, executable, entry === "check" ? checkFlags : []);
    const receipt = await createReleaseReceipt(outfile, { target: target.name, leogriel: VERSION }, key);
    writeFileAtomic(`${outfile}.receipt.json`, receipt);
    built.push(outfile);
    console.error(`built ${basename(outfile)}`);
  }
}
const sums = await Promise.all(built.map(async (file) => `${await sha256File(file)}  ${basename(file)}`));
writeFileAtomic(join(out, "SHA256SUMS"), `${sums.sort((a, b) => a.slice(66).localeCompare(b.slice(66))).join("\n")}\n`);
rmSync(profileDir, { recursive: true, force: true });
console.error(`wrote ${built.length} binaries, their receipts and SHA256SUMS to ${out} (signing key ${key.keyid})`);

function compile(entry: string, outfile: string, target: Target, executable: string | undefined, extra: string[]): void {
  rmSync(outfile, { force: true });
  const args = [
    "build",
    entry,
    ...RELEASE_FLAGS,
    `--target=${target.bun}`,
    `--outfile=${outfile}`,
    ...extra,
    ...(executable ? [`--compile-executable-path=${executable}`] : []),
  ];
  const proc = Bun.spawnSync([process.execPath, ...args], { cwd: REPO_ROOT, stdout: "pipe", stderr: "pipe" });
  if (proc.exitCode !== 0) {
    throw new Error(`Cannot compile ${basename(entry)} for ${target.name}: ${proc.stderr.toString().trim()}`);
  }
}
