#!/usr/bin/env bun
// `bun run bench check`: leogriel-check against the npm peer cc-safety-net and a regex-only
// baseline on the labelled corpora in ../shared/corpora (read there, never copied here).
// 1. accuracy on guard-peers.jsonl POSIX rows (block row passes when not ALLOW; allow row
//    passes when not ASK/BLOCK) and on the allow rows of guard-peers-dippy.jsonl;
// 2. in-process classification latency per command;
// 3. hook round trip of the compiled binary vs `cc-safety-net hook --claude-code`, with peak RSS.
import { existsSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { checkCommand } from "cc-safety-net/api";
import { checkBuildFlags, compileCheckForHost } from "../build/check-profile.ts";
import { classify } from "../lib/guard/classify.ts";
import { CATEGORIES, loadDisputes, splitDisputed } from "./check-disputes.ts";
import { makeCheckFixture } from "./check-fixture.ts";
import { dropPageCache } from "./page-cache.ts";
import { compileBunFloor } from "./runtime-floor.ts";

interface Row {
  command: string;
  expected: "block" | "allow";
  dialect: string;
}

const CORPORA = join(import.meta.dir, "..", "..", "shared", "corpora");
const ROUND_TRIPS = Number(process.env.BENCH_ROUND_TRIPS ?? 40);
const NAIVE = /\brm\s+-\S*[rRf]|\bgit\s+(reset\s+--hard|clean\s+-\S*f|push\s.*(-f\b|--force\b)|checkout\s+--|stash\s+(drop|clear)|branch\s+-D)|\bmkfs|\bdd\s.*of=\/dev|\bchmod\s+-R|\b(curl|wget)\b.*\|\s*(ba|z)?sh\b|\bshred\b/;

const rows = (file: string) =>
  readFileSync(join(CORPORA, file), "utf8")
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Row);

const { root, ws, env } = makeCheckFixture();

const peers = rows("guard-peers.jsonl").filter((r) => r.dialect === "posix");
const dippyAllow = rows("guard-peers-dippy.jsonl").filter((r) => r.expected === "allow" && r.dialect === "posix");

type Guard = (command: string) => "allow" | "ask" | "block";
const ours: Guard = (command) => {
  const d = classify({ command, cwd: ws, env }).decision;
  return d === "BLOCK" ? "block" : d === "ASK" ? "ask" : d === "ALLOW" || d === "SANITIZE" ? "allow" : "ask";
};
// RELOCATE/SNAPSHOT are neither ALLOW nor ASK/BLOCK: map them apart for the pass rules.
const oursDecision = (command: string) => classify({ command, cwd: ws, env }).decision;
const peer: Guard = (command) => (command.trim() !== "" && checkCommand({ command, cwd: ws }).kind === "deny" ? "block" : "allow");
const naive: Guard = (command) => (NAIVE.test(command) ? "block" : "allow");

function rates(guard: (c: string) => string, set: Row[]) {
  let blockPass = 0;
  let blocks = 0;
  let allowPass = 0;
  let allows = 0;
  const misses: Row[] = [];
  for (const r of set) {
    const d = guard(r.command).toLowerCase();
    if (r.expected === "block") {
      blocks++;
      if (d !== "allow") blockPass++;
      else misses.push(r);
    } else {
      allows++;
      if (d !== "ask" && d !== "block") allowPass++;
      else misses.push(r);
    }
  }
  return { block: blocks ? blockPass / blocks : 1, allow: allows ? allowPass / allows : 1, misses };
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
const mine = rates(oursDecision, peers);
const theirs = rates(peer, peers);
const base = rates(naive, peers);
const dippyMine = rates(oursDecision, dippyAllow);
const dippyPeer = rates(peer, dippyAllow);
const dippyBase = rates(naive, dippyAllow);
console.log(`accuracy on guard-peers.jsonl (${peers.length} POSIX rows) and guard-peers-dippy.jsonl allow rows (${dippyAllow.length})\n`);
console.log("| guard | block rows not ALLOW | allow rows not ASK/BLOCK | dippy allow rows not ASK/BLOCK |");
console.log("|---|---|---|---|");
console.log(`| leogriel-check | ${pct(mine.block)} | ${pct(mine.allow)} | ${pct(dippyMine.allow)} |`);
console.log(`| cc-safety-net 2.4.5 | ${pct(theirs.block)} | ${pct(theirs.allow)} | ${pct(dippyPeer.allow)} |`);
console.log(`| regex baseline | ${pct(base.block)} | ${pct(base.allow)} | ${pct(dippyBase.allow)} |`);

// The same rates over the rows whose peer label is not disputed (bench/check-disputes.ts says
// how a row qualifies; every disputed row is listed with its reason in check-disputes.json).
const answer = (command: string) => {
  const d = oursDecision(command);
  return d === "SANITIZE" ? "ALLOW" : d;
};
const disputes = loadDisputes();
const split = splitDisputed(peers, disputes, answer);
const dippySplit = splitDisputed(dippyAllow, disputes, answer);
const stale = split.stale.filter((d) => dippySplit.stale.includes(d));
const agreedMine = rates(oursDecision, split.agreed);
const agreedPeer = rates(peer, split.agreed);
const agreedDippyMine = rates(oursDecision, dippySplit.agreed);
const agreedDippyPeer = rates(peer, dippySplit.agreed);
const agreedBlocks = split.agreed.filter((r) => r.expected === "block").length;
console.log(`
rows whose label agrees with seed 001 and bash (${split.agreed.length}: ${agreedBlocks} block, ${split.agreed.length - agreedBlocks} allow; dippy ${dippySplit.agreed.length}; ${split.disputed.length + dippySplit.disputed.length} disputed rows listed in bench/check-disputes.json)\n`);
console.log("| guard | block rows not ALLOW | allow rows not ASK/BLOCK | dippy allow rows not ASK/BLOCK |");
console.log("|---|---|---|---|");
console.log(`| leogriel-check | ${pct(agreedMine.block)} | ${pct(agreedMine.allow)} | ${pct(agreedDippyMine.allow)} |`);
console.log(`| cc-safety-net 2.4.5 | ${pct(agreedPeer.block)} | ${pct(agreedPeer.allow)} | ${pct(agreedDippyPeer.allow)} |`);
const byCategory = new Map<string, number>();
for (const { dispute } of [...split.disputed, ...dippySplit.disputed]) byCategory.set(dispute.category, (byCategory.get(dispute.category) ?? 0) + 1);
console.log(`\ndisputed rows by category: ${Object.keys(CATEGORIES).map((c) => `${c} ${byCategory.get(c) ?? 0}`).join(", ")}`);
if (stale.length) console.log(`stale disputes (listed, but no longer answered as recorded): ${stale.length}`);
if (process.env.BENCH_MISSES) for (const s of stale) console.log(`stale ${s.expected} ${s.ours} ${JSON.stringify(s.command)}`);
if (process.env.BENCH_MISSES) for (const m of [...mine.misses, ...dippyMine.misses]) console.log(`miss ${m.expected} ${oursDecision(m.command)} ${JSON.stringify(m.command)}`);

// In-process latency: every POSIX row, after one warm-up pass, then PASSES measured passes. The
// figure is the median over rows of each row's median time (one pass alone is at the mercy of
// whatever else the machine runs); the first measured pass is reported beside it. Then the same
// rows each measured back to back (REPEATS runs of one row, its median): the cost of the analysis
// itself with its caches warm. The passes measure every row after 1,822 different ones (220 of
// them start git), which is closer to a hook's one cold check. The peer is measured the same two
// ways through its library API (`checkCommand`, as the accuracy figures above call it).
// Last, the steady state of a long-lived caller (an editor extension, a server embedding the
// library): STEADY_PASSES more unmeasured passes, then PASSES measured ones again, in sequence.
// JavaScriptCore keeps compiling for many passes over rows this varied (docs/check.md "Session 13:
// the steady state"), so this figure is the one a long-lived caller sees; the headline stays the
// first one.
const PASSES = Number(process.env.BENCH_PASSES ?? 5);
const REPEATS = Number(process.env.BENCH_REPEATS ?? 7);
const STEADY_PASSES = Number(process.env.BENCH_STEADY_PASSES ?? 30);
interface InProcess {
  rowMedians: number[];
  firstPass: number[];
  warm: number[];
  steady: number[];
}
function inProcess(guard: Guard): InProcess {
  for (const r of peers) guard(r.command);
  const first = _inSequence(guard);
  // No back-to-back runs (BENCH_REPEATS=0): no figure ("n/a"), as for the steady state.
  const warm = REPEATS <= 0 ? [] : peers.map((r) => {
    const times: number[] = [];
    for (let k = 0; k < REPEATS; k++) {
      const t = Bun.nanoseconds();
      guard(r.command);
      times.push((Bun.nanoseconds() - t) / 1000);
    }
    return quantile(times, 0.5);
  });
  for (let pass = 0; pass < STEADY_PASSES; pass++) for (const r of peers) guard(r.command);
  const steady = STEADY_PASSES > 0 ? _inSequence(guard) : null;
  return { rowMedians: first.medians, firstPass: first.first, warm, steady: steady?.medians ?? [] };
}
/** PASSES passes over the rows in sequence: each row's median and its first measured time. */
function _inSequence(guard: Guard): { medians: number[]; first: number[] } {
  const perRow: number[][] = peers.map(() => []);
  for (let pass = 0; pass < PASSES; pass++) {
    peers.forEach((r, i) => {
      const t = Bun.nanoseconds();
      guard(r.command);
      perRow[i]!.push((Bun.nanoseconds() - t) / 1000);
    });
  }
  return { medians: perRow.map((x) => quantile(x, 0.5)), first: perRow.map((x) => x[0]!) };
}
const ourTimes = inProcess(ours);
const { rowMedians, firstPass, warm } = ourTimes;
const load = existsSync("/proc/loadavg") ? readFileSync("/proc/loadavg", "utf8").split(" ")[0] : "n/a";
console.log(`\nin-process classification over ${peers.length} commands (${PASSES} passes, load average ${load}): median ${quantile(rowMedians, 0.5).toFixed(1)} µs, p90 ${quantile(rowMedians, 0.9).toFixed(1)} µs (per-row medians); single pass median ${quantile(firstPass, 0.5).toFixed(1)} µs`);
if (REPEATS > 0) console.log(`the same rows measured back to back (${REPEATS} runs each): median ${quantile(warm, 0.5).toFixed(1)} µs, p90 ${quantile(warm, 0.9).toFixed(1)} µs (per-row medians)`);
const peerTimes = inProcess(peer);
const figure = (w: number[]) => (w.length > 0 ? `${quantile(w, 0.5).toFixed(1)} µs` : "n/a");
console.log(`\n| in process, per-row medians | rows in sequence | back to back | in sequence after ${STEADY_PASSES} more passes |\n|---|---|---|---|`);
console.log(`| leogriel-check | ${figure(rowMedians)} | ${figure(warm)} | ${figure(ourTimes.steady)} |`);
console.log(`| cc-safety-net 2.4.5 | ${figure(peerTimes.rowMedians)} | ${figure(peerTimes.warm)} | ${figure(peerTimes.steady)} |`);

// Hook round trip: compiled binary vs the peer's hook, same payloads.
const bin = join(root, "leogriel-check");
// The release flags (build/build.ts): bytecode and code splitting, and leogriel-check's own JIT
// policy and start-up profile (build/check-profile.ts), keep start-up and memory low (docs/check.md).
compileCheckForHost(bin, checkBuildFlags(root, compileCheckForHost));
const sample = peers.filter((_, i) => i % Math.max(1, Math.floor(peers.length / ROUND_TRIPS)) === 0).slice(0, ROUND_TRIPS);
const payload = (command: string) => JSON.stringify({ session_id: "bench", cwd: ws, hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command } });
const peerBin = join(import.meta.dir, "..", "node_modules", ".bin", "cc-safety-net");
const trip = (argv: string[], rss = true) => {
  const ms: number[] = [];
  for (const r of sample) {
    const t = performance.now();
    Bun.spawnSync(argv, { cwd: ws, env, stdin: new TextEncoder().encode(payload(r.command)), stdout: "pipe", stderr: "pipe" });
    ms.push(performance.now() - t);
  }
  return { median: quantile(ms, 0.5), p90: quantile(ms, 0.9), rss: rss ? peakRss(argv) : "" };
};
// Peak RSS of one answer, read by GNU time (the rusage a parent sees mixes all its children).
// Reported for a harmless command and as the peak over sampled rows (a compensated delete loads
// the recovery layer).
function peakRss(argv: string[]): string {
  if (!existsSync("/usr/bin/time")) return "n/a";
  const rss = (command: string) => {
    const p = Bun.spawnSync(["/usr/bin/time", "-f", "%M", ...argv], { cwd: ws, env, stdin: new TextEncoder().encode(payload(command)), stdout: "pipe", stderr: "pipe" });
    return Number(p.stderr.toString().trim().split("\n").at(-1)) / 1024;
  };
  const peak = Math.max(...sample.slice(0, 10).map((r) => rss(r.command)));
  return `${rss("git status").toFixed(1)} MiB (peak ${peak.toFixed(1)} MiB)`;
}
const a = trip([bin, "--hook", "claude"]);
const b = trip([peerBin, "hook", "--claude-code"]);
console.log(`\nhook round trip, process start to answer (${sample.length} commands)\n`);
console.log("| hook | median | p90 | peak RSS |");
console.log("|---|---|---|---|");
console.log(`| leogriel-check --hook claude (compiled) | ${a.median.toFixed(1)} ms | ${a.p90.toFixed(1)} ms | ${a.rss} |`);
console.log(`| cc-safety-net hook --claude-code | ${b.median.toFixed(1)} ms | ${b.p90.toFixed(1)} ms | ${b.rss} |`);
console.log(`\nratio: ${(a.median / b.median).toFixed(3)} of the peer's median`);
// The runtimes' floor on this machine: a process that starts and exits (bench/runtime-floor.ts).
const bunFloor = trip([compileBunFloor(root)], false).median;
const nodeFloor = trip(["node", "-e", "0"], false).median;
console.log(`runtime floor (a process that does nothing): compiled Bun, same flags ${bunFloor.toFixed(1)} ms; node -e 0 ${nodeFloor.toFixed(1)} ms`);
console.log(`above its runtime's floor: leogriel-check ${(a.median - bunFloor).toFixed(1)} ms, cc-safety-net ${(b.median - nodeFloor).toFixed(1)} ms`);
// The RSS above counts the executable's file pages each answer maps, and how many it maps depends
// on how the file entered the page cache: pages the compiler wrote (or a full read of the file,
// `sha256sum`) sit in large folios, mapped whole, while pages read back by the answers' own faults
// are mapped one by one. The same binary measured with its page cache dropped first, after one
// answer has read back what it needs (docs/check.md "Session 10: the page cache and the hook's RSS").
if (dropPageCache(bin)) {
  Bun.spawnSync([bin, "--hook", "claude"], { cwd: ws, env, stdin: new TextEncoder().encode(payload("git status")), stdout: "pipe", stderr: "pipe" });
  console.log(`leogriel-check peak RSS with its page cache dropped first (pages read back by the answers alone): ${peakRss([bin, "--hook", "claude"])}`);
}
rmSync(root, { recursive: true, force: true });

function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}
