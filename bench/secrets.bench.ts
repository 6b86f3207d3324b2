#!/usr/bin/env bun
// `bun run bench secrets`: the secret detector against the basic regex redactor (baseline) and
// the npm peer secretlint (preset-recommend) on the labelled corpus (../shared/corpora, read in
// place, never copied) and on a 100 MiB tree of real text files (node_modules sources).
import { join } from "node:path";
import { lintSource } from "@secretlint/core";
import { creator as recommend } from "@secretlint/secretlint-rule-preset-recommend";
import { basicRedactor } from "../lib/core/redact.ts";
import { detectSecrets } from "../lib/core/secrets/detect.ts";
import { secretRedactor } from "../lib/core/secrets/redactor.ts";
import { decideSpan } from "../lib/guard/span/decide.ts";

interface Row { text: string; expected: "secret" | "clean"; rule: string; span?: [number, number]; priority?: boolean }
type Tool = { name: string; found: (text: string, span?: [number, number]) => Promise<boolean> };

const ROOT = join(import.meta.dir, "..");
const CORPUS = join(ROOT, "..", "shared", "corpora", "secrets.jsonl");
const config = { rules: [{ id: "@secretlint/secretlint-rule-preset-recommend", rule: recommend }] };
const secretlint = async (text: string) =>
  (await lintSource({ source: { content: text, filePath: "/bench.txt", ext: ".txt", contentType: "text" }, options: { config, noPhysicFilePath: true } })).messages;

// A secret row counts as found when the tool's redaction (or reported range) covers its span.
const TOOLS: Tool[] = [
  { name: "leogriel", found: async (t, s) => (s ? !secretRedactor(t).text.includes(t.slice(...s)) : detectSecrets(t).length > 0) },
  { name: "basic regex", found: async (t, s) => (s ? !basicRedactor(t).text.includes(t.slice(...s)) : basicRedactor(t).text !== t) },
  { name: "secretlint", found: async (t, s) => (await secretlint(t)).some((m) => !s || (m.range[0] <= s[0] && m.range[1] >= s[1])) },
];

const rows: Row[] = (await Bun.file(CORPUS).text()).trim().split("\n").map((l) => JSON.parse(l));
const pct = (n: number, d: number) => (d === 0 ? "-" : `${((100 * n) / d).toFixed(1)}%`);

console.log("### Corpus: recall on secret rows, false alarms on clean rows\n");
console.log("| tool | recall (all) | false alarms (all) | recall (priority) | false alarms (priority) |");
console.log("|---|---|---|---|---|");
const perRule = new Map<string, { n: number; hit: number[] }>();
for (const tool of TOOLS) {
  const c = { s: 0, sHit: 0, c: 0, cHit: 0, ps: 0, psHit: 0, pc: 0, pcHit: 0 };
  for (const row of rows) {
    const hit = await tool.found(row.text, row.expected === "secret" ? row.span : undefined);
    if (row.expected === "secret") {
      c.s++, (c.sHit += +hit);
      if (row.priority) c.ps++, (c.psHit += +hit);
      if (row.priority) {
        const r = perRule.get(row.rule) ?? { n: 0, hit: TOOLS.map(() => 0) };
        if (tool === TOOLS[0]) r.n++;
        r.hit[TOOLS.indexOf(tool)]! += +hit;
        perRule.set(row.rule, r);
      }
    } else {
      c.c++, (c.cHit += +hit);
      if (row.priority) c.pc++, (c.pcHit += +hit);
    }
  }
  console.log(`| ${tool.name} | ${pct(c.sHit, c.s)} (${c.sHit}/${c.s}) | ${pct(c.cHit, c.c)} (${c.cHit}/${c.c}) | ${pct(c.psHit, c.ps)} (${c.psHit}/${c.ps}) | ${pct(c.pcHit, c.pc)} (${c.pcHit}/${c.pc}) |`);
}
console.log(`\n### Recall per priority rule\n\n| rule | rows | ${TOOLS.map((t) => t.name).join(" | ")} |\n|---|---|${TOOLS.map(() => "---|").join("")}`);
for (const [rule, r] of [...perRule].sort()) console.log(`| ${rule} | ${r.n} | ${r.hit.map((h) => pct(h, r.n)).join(" | ")} |`);

// Throughput: real text files, repeated up to 100 MiB; "dirty" interleaves corpus secrets.
const TREE_BYTES = 100 * 1024 * 1024;
const files: string[] = [];
let size = 0;
let loaded = 0;
const sources = [...new Bun.Glob("**/*.{js,mjs,cjs,ts,md,json,txt,yml,yaml}").scanSync({ cwd: join(ROOT, "node_modules") })].sort();
for (const f of sources) {
  const text = await Bun.file(join(ROOT, "node_modules", f)).text();
  if (text.length > 0 && text.length < 4 * 1024 * 1024 && !text.includes("\u0000")) files.push(text), (loaded += text.length);
  if (loaded > 40 * 1024 * 1024) break;
}
const clean: string[] = [];
for (let i = 0; size < TREE_BYTES; i++) clean.push(files[i % files.length]!), (size += files[i % files.length]!.length);
const secrets = rows.filter((r) => r.expected === "secret").map((r) => r.text);
const dirty = clean.map((t, i) => t.replace(/\n/g, (nl, at: number) => (at % 4096 < 1 ? `\n${secrets[(i + at) % secrets.length]}\n` : nl)));
const utf8Bytes = new Map<string[], number[]>([clean, dirty].map((tree) => [tree, tree.map((t) => Buffer.byteLength(t))]));

// Wall-clock MiB/s, and MiB per second of this process's CPU time: the machine is shared, so the
// second figure is the steadier one when other work competes for the cores.
async function throughput(tree: string[], run: (t: string) => unknown, limit = Infinity): Promise<string> {
  const lengths = utf8Bytes.get(tree)!;
  let bytes = 0;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  for (const [i, text] of tree.entries()) {
    await run(text);
    bytes += lengths[i]!;
    if (bytes >= limit) break;
  }
  const mib = bytes / 1024 / 1024;
  const cpu = process.cpuUsage(cpu0);
  const wall = `${(mib / ((performance.now() - t0) / 1000)).toFixed(1)} MiB/s`;
  const onCpu = `${(mib / ((cpu.user + cpu.system) / 1e6)).toFixed(1)} on CPU`;
  return `${wall} (${onCpu}${limit < Infinity ? `, first ${mib.toFixed(0)} MiB` : ""})`;
}

console.log(`\n### Throughput on ${(size / 1024 / 1024).toFixed(0)} MiB of text files (${clean.length} files)\n`);
console.log("| tool | clean | dirty |\n|---|---|---|");
console.log(`| leogriel detectSecrets | ${await throughput(clean, (t) => detectSecrets(t))} | ${await throughput(dirty, (t) => detectSecrets(t))} |`);
console.log(`| leogriel redactor | ${await throughput(clean, secretRedactor)} | ${await throughput(dirty, secretRedactor)} |`);
// The span guard: the detector on the text and on its readable view, and the joins of split tokens.
console.log(`| leogriel span (decideSpan) | ${await throughput(clean, (t) => decideSpan(t))} | ${await throughput(dirty, (t) => decideSpan(t))} |`);
console.log(`| basic regex | ${await throughput(clean, basicRedactor)} | ${await throughput(dirty, basicRedactor)} |`);
const SL_LIMIT = 10 * 1024 * 1024;
console.log(`| secretlint | ${await throughput(clean, secretlint, SL_LIMIT)} | ${await throughput(dirty, secretlint, SL_LIMIT)} |`);

// Start-up: every tool imports the redactor and redacts its first line, so both costs are paid on
// each run of leogriel-check. Fresh processes, CPU milliseconds, median of 11.
const PROBE = `const c0 = process.cpuUsage();
const { redactText } = await import(${JSON.stringify(join(ROOT, "lib/core/redact.ts"))});
const c1 = process.cpuUsage(c0);
redactText("compiled 42 modules in 1.2s, see https://example.com/build?id=7");
const c2 = process.cpuUsage(c0);
console.log((c1.user + c1.system) / 1000, (c2.user + c2.system - c1.user - c1.system) / 1000);`;
const probes: number[][] = [];
for (let i = 0; i < 11; i++) {
  const out = Bun.spawnSync([process.execPath, "-e", PROBE], { stderr: "inherit" }).stdout.toString();
  probes.push(out.trim().split(" ").map(Number));
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
console.log("\n### Start-up (fresh `bun` process, CPU ms, median of 11)\n");
console.log(`| import lib/core/redact.ts | first redaction of a clean line |\n|---|---|\n| ${median(probes.map((p) => p[0]!)).toFixed(1)} | ${median(probes.map((p) => p[1]!)).toFixed(1)} |`);

// secretlint's profiler observes every performance mark and compares each with all earlier ones;
// Bun delivers those observer callbacks at exit, minutes of quadratic work after the figures are
// out (the timed loops above do not include it). Leave without waiting for them.
process.exit(0);
