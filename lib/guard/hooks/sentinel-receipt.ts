import { appendFileSync, readFileSync } from "node:fs";
import { basename } from "node:path";
import { sha256Hex } from "../../core/hash.ts";
import type { DecisionJson } from "../decision-json.ts";
import type { Decision } from "../decision.ts";
import type { ReasonCode } from "../reasons.ts";

/**
 * The live sentinel's hook receipt (`leogriel-check doctor --live-sentinel`, docs/check-hooks.md).
 * The doctor starts the agent with these two variables; agents pass their environment to hook
 * processes, so the hook learns where to leave its receipt and which nonce to look for.
 */
export const SENTINEL_RECEIPT_ENV = "LEOGRIEL_SENTINEL_RECEIPT";
export const SENTINEL_NONCE_ENV = "LEOGRIEL_SENTINEL_NONCE_SHA256";
/** The receipt file's name: the hook writes to no other file, whatever the variable says. */
export const SENTINEL_RECEIPT_NAME = "leogriel-sentinel-receipt.jsonl";
/** The sentinel's file name prefix; a 32-hex-digit nonce follows it. */
export const SENTINEL_PREFIX = "leogriel-sentinel-";

/** One receipt line: hashes and fixed fields only, never the command or any model text. */
export interface SentinelReceipt {
  v: 1;
  nonce_sha256: string;
  agent: string;
  decision: Decision;
  reason: ReasonCode;
  /** The hook moved the targets into the quarantine (or took a snapshot) before answering. */
  compensated: boolean;
  at: string;
}

/**
 * Appends a receipt when `command` names the sentinel whose nonce hashes to the value in
 * `env`. Called by the hook only when the receipt variable is set. A receipt that cannot be
 * written is left out: the hook's answer never depends on it (the doctor then reports
 * INCONCLUSIVE, not PASS).
 */
export function recordSentinelReceipt(agent: string, command: string, json: DecisionJson, env: Record<string, string | undefined>, now = new Date()): boolean {
  const path = env[SENTINEL_RECEIPT_ENV];
  const expected = env[SENTINEL_NONCE_ENV];
  if (!path || !expected || basename(path) !== SENTINEL_RECEIPT_NAME) return false;
  const nonceHash = sentinelNonceHash(command, expected);
  if (!nonceHash) return false;
  const receipt: SentinelReceipt = {
    v: 1,
    nonce_sha256: nonceHash,
    agent,
    decision: json.decision,
    reason: json.reason,
    compensated: json.compensation?.applied !== undefined,
    at: now.toISOString(),
  };
  try {
    appendFileSync(path, `${JSON.stringify(receipt)}\n`, { mode: 0o600 });
    return true;
  } catch {
    return false;
  }
}

/** The hash of the sentinel nonce in `command` when it equals `expected`, else null. */
export function sentinelNonceHash(command: string, expected: string): string | null {
  for (const match of command.matchAll(/leogriel-sentinel-([0-9a-f]{32})/g)) {
    const hash = sha256Hex(match[1]!);
    if (hash === expected) return hash;
  }
  return null;
}

/**
 * The receipts in `path` for the nonce hashing to `nonceHash`. Lines that are not a receipt of
 * this shape (or name another nonce) are skipped; a missing file is no receipt.
 */
export function readSentinelReceipts(path: string, nonceHash: string): SentinelReceipt[] {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch {
    return [];
  }
  const out: SentinelReceipt[] = [];
  for (const line of text.split("\n")) {
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      continue;
    }
    if (_isReceipt(value) && value.nonce_sha256 === nonceHash) out.push(value);
  }
  return out;
}

function _isReceipt(value: unknown): value is SentinelReceipt {
  const r = value as Partial<SentinelReceipt> | null;
  return (
    typeof r === "object" && r !== null && r.v === 1 && typeof r.nonce_sha256 === "string" && typeof r.agent === "string" &&
    typeof r.decision === "string" && typeof r.reason === "string" && typeof r.compensated === "boolean" && typeof r.at === "string"
  );
}
