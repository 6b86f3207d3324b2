import { realpathSync } from "node:fs";
import { resolve } from "node:path";
import { codexExecArgs, resolveCodexBinary, runCodexChild, type CodexChildResult } from "../core/codex-child.ts";
import { LeogrielError } from "../core/errors.ts";
import { sha256Hex } from "../core/hash.ts";
import { resolveSigningKey } from "../core/keys.ts";
import { publishNoClobber } from "../core/publish.ts";
import { VERSION } from "../core/version.ts";
import { diffSnapshots } from "./changes.ts";
import { ensureControlDir, receiptExistsError, receiptPathOf, RECEIPT_RELATIVE_PATH, refuseExistingReceipt, refuseSymlinkedPath } from "./control-paths.ts";
import { EventRecorder } from "./event-chain.ts";
import type { Limits } from "./limits.ts";
import { requireRepositoryRoot } from "./repository-root.ts";
import { headCommit, repositoryIdentity } from "./repository-identity.ts";
import { readRequest } from "./request.ts";
import { REPOSITORY_PROFILE, type SessionPredicate } from "./session-predicate.ts";
import { sessionReceiptText } from "./session-receipt.ts";
import { takeSnapshot, type Snapshot } from "./snapshot.ts";

export interface CaptureOptions {
  /** The request file, relative to `cwd` or absolute. */
  requestPath: string;
  cwd: string;
  limits: Limits;
  env: Record<string, string | undefined>;
}

/** What capture reports on success (and what a child failure's error names). */
export interface CaptureReport {
  receipt: string;
  receipt_sha256: string;
  changed_paths: number;
  subjects: number;
  events: { count: number; head: string };
  child: SessionPredicate["child"];
  signer: { keyid: string };
}

// The receipt and the private temp file it is published from are capture's own output.
const OWN_OUTPUT = /^\.agentproof\/(?:agent-session\.json|\.agent-session\.json\.[0-9a-f]+\.tmp)$/;

/**
 * The environment Codex gets: capture's own without `LEOGRIEL_SIGNING_KEY`, so the agent under
 * observation is not told where the signing key lives (the key is loaded before the child
 * starts). An agent running as the same user can still read a key file it finds; see
 * docs/capture-verify.md, "What a receipt does not protect against".
 */
export function childEnvironment(env: Record<string, string | undefined>): Record<string, string | undefined> {
  const { LEOGRIEL_SIGNING_KEY: _hidden, ...rest } = env;
  return rest;
}

/**
 * Runs one Codex session under a capture request and publishes its signed receipt: validate,
 * refuse unsafe control paths, snapshot, run Codex, snapshot again, sign, publish no-clobber.
 * A child that fails or times out still gets a receipt, then the matching error.
 * @throws {LeogrielError} the request, repository, child and publication errors of
 *   docs/contracts/agentproof-result-v1.md; `codex_failed` / `capture_timeout` after publishing
 */
export async function captureSession(options: CaptureOptions): Promise<CaptureReport> {
  const { cwd, limits, env } = options;
  const root = await requireRepositoryRoot(cwd);
  const requestFile = resolve(realpathSync(cwd), options.requestPath);
  refuseSymlinkedPath(root, requestFile);
  const request = readRequest(requestFile, "capture");
  const codex = resolveCodexBinary(env, cwd);
  ensureControlDir(root);
  refuseExistingReceipt(root);
  const key = resolveSigningKey(env);
  const startedAt = new Date();
  const identity = await repositoryIdentity(root);
  const headBefore = await headCommit(root);
  const before = await takeSnapshot(root, limits, (p) => OWN_OUTPUT.test(p));
  const recorder = new EventRecorder(limits, request.prompt);
  const child = await runCodexChild({
    codex,
    args: codexExecArgs({ model: request.model, sandbox: request.sandbox, root }),
    cwd: root,
    env: childEnvironment(env),
    stdin: request.prompt,
    timeoutMs: limits.timeout_ms,
    onLine: (line) => recorder.add(line),
    maxLineBytes: limits.event_max_bytes,
  });
  const after = await takeSnapshot(root, limits, (p) => OWN_OUTPUT.test(p));
  const changes = diffSnapshots(before, after);
  const predicate: Omit<SessionPredicate, "signer"> = {
    schema_version: 1,
    generator: { name: "leogriel-capture", version: VERSION },
    request: {
      action: "capture",
      model: request.model,
      sandbox: request.sandbox,
      prompt_sha256: sha256Hex(request.prompt),
      prompt_bytes: new TextEncoder().encode(request.prompt).length,
    },
    repository: {
      ...identity,
      head_before: headBefore,
      head_after: await headCommit(root),
      profile: REPOSITORY_PROFILE,
      observed_before: _observed(before),
      observed_after: _observed(after),
      unobserved_before: before.unobserved,
      unobserved_after: after.unobserved,
    },
    changes,
    child: _childRecord(child),
    events: recorder.log(),
    limits,
    timing: { started_at: startedAt.toISOString(), finished_at: new Date().toISOString() },
  };
  const text = sessionReceiptText(predicate, key);
  _publish(root, text);
  const report: CaptureReport = {
    receipt: RECEIPT_RELATIVE_PATH,
    receipt_sha256: sha256Hex(text),
    changed_paths: changes.length,
    subjects: changes.filter((c) => c.after !== null).length,
    events: { count: predicate.events.count, head: predicate.events.head },
    child: predicate.child,
    signer: { keyid: key.keyid },
  };
  _throwIfChildFailed(report);
  return report;
}

function _publish(root: string, text: string): void {
  // The agent ran inside the repository: check the control paths again before writing.
  ensureControlDir(root);
  try {
    publishNoClobber(receiptPathOf(root), text);
  } catch (err) {
    if (err instanceof LeogrielError && err.code === "output_already_exists") throw receiptExistsError();
    throw err;
  }
}

function _throwIfChildFailed(report: CaptureReport): void {
  const { child } = report;
  if (!child.timed_out && child.exit_code === 0) return;
  const details = {
    exit_code: child.exit_code,
    signal: child.signal,
    stderr_sha256: child.stderr.sha256,
    stderr_bytes: child.stderr.bytes,
    stderr_lines: child.stderr.lines,
    receipt: report.receipt,
    receipt_sha256: report.receipt_sha256,
  };
  if (child.timed_out) {
    throw new LeogrielError("capture_timeout", `Codex did not finish within the capture timeout and was stopped; the receipt records the partial session`, {
      exitCode: 1,
      details,
    });
  }
  const how = child.exit_code === null ? `was ended by ${child.signal}` : `exited ${child.exit_code}`;
  throw new LeogrielError("codex_failed", `Codex ${how}; the receipt records the session`, { exitCode: 1, details });
}

function _childRecord(child: CodexChildResult): SessionPredicate["child"] {
  return {
    program: "codex",
    exit_code: child.exitCode,
    signal: child.signal,
    timed_out: child.timedOut,
    duration_ms: child.durationMs,
    stdout: child.stdout,
    stderr: child.stderr,
  };
}

function _observed(snapshot: Snapshot): { paths: number; bytes: number } {
  return { paths: snapshot.entries.size, bytes: snapshot.bytes };
}
