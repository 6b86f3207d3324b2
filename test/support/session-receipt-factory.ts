/**
 * Builds real session receipts without running Codex: snapshot, apply `mutate` as the "agent",
 * snapshot again, and sign the predicate capture would have built. For verify tests and the
 * verify benchmark; capture's own tests run the real Codex CLI instead.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { SigningKey } from "../../lib/core/keys.ts";
import { diffSnapshots } from "../../lib/proof/changes.ts";
import { EventRecorder } from "../../lib/proof/event-chain.ts";
import { standardLimits } from "../../lib/proof/limits.ts";
import { headCommit, repositoryIdentity } from "../../lib/proof/repository-identity.ts";
import { REPOSITORY_PROFILE, type SessionPredicate } from "../../lib/proof/session-predicate.ts";
import { sessionReceiptText } from "../../lib/proof/session-receipt.ts";
import { takeSnapshot } from "../../lib/proof/snapshot.ts";

const SUMMARY = { sha256: "0".repeat(64), bytes: 0, lines: 0 };

/** The unsigned predicate of a simulated session in `root`. */
export async function simulatedPredicate(
  root: string,
  mutate: () => void,
  events: string[] = ['{"type":"thread.started","thread_id":"t"}', '{"type":"turn.completed","usage":{}}'],
): Promise<Omit<SessionPredicate, "signer">> {
  const limits = standardLimits();
  const before = await takeSnapshot(root, limits, (p) => p.startsWith(".agentproof/agent-session"));
  mutate();
  const after = await takeSnapshot(root, limits, (p) => p.startsWith(".agentproof/agent-session"));
  const recorder = new EventRecorder(limits);
  for (const line of events) recorder.add(new TextEncoder().encode(line));
  const head = await headCommit(root);
  return {
    schema_version: 1,
    generator: { name: "leogriel-capture", version: "0.0.0-test" },
    request: { action: "capture", model: "mock-model", sandbox: "workspace-write", prompt_sha256: "1".repeat(64), prompt_bytes: 5 },
    repository: {
      ...(await repositoryIdentity(root)),
      head_before: head,
      head_after: head,
      profile: REPOSITORY_PROFILE,
      observed_before: { paths: before.entries.size, bytes: before.bytes },
      observed_after: { paths: after.entries.size, bytes: after.bytes },
      unobserved_before: before.unobserved,
      unobserved_after: after.unobserved,
    },
    changes: diffSnapshots(before, after),
    child: { program: "codex", exit_code: 0, signal: null, timed_out: false, duration_ms: 1, stdout: SUMMARY, stderr: SUMMARY },
    events: recorder.log(),
    limits,
    timing: { started_at: "2026-11-29T00:00:00.000Z", finished_at: "2026-11-29T00:00:01.000Z" },
  };
}

/** Signs a simulated session and writes it to `.agentproof/agent-session.json`; returns the text. */
export async function writeSimulatedReceipt(root: string, key: SigningKey, mutate: () => void, events?: string[]): Promise<string> {
  const text = sessionReceiptText(await simulatedPredicate(root, mutate, events), key);
  mkdirSync(join(root, ".agentproof"), { recursive: true });
  writeFileSync(join(root, ".agentproof", "agent-session.json"), text);
  return text;
}
