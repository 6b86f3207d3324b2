import { describe, expect, test } from "bun:test";
import type { SentinelReceipt } from "../../../lib/guard/hooks/sentinel-receipt.ts";
import { judgeSentinel, type SentinelEvidence, sentinelExitCode } from "../../../lib/guard/install/sentinel-evidence.ts";

const receipt = (decision: SentinelReceipt["decision"], compensated: boolean): SentinelReceipt =>
  ({ v: 1, nonce_sha256: "ab", agent: "claude", decision, reason: decision === "BLOCK" ? "BLOCK_PROTECTED_ANCESTOR" : "RELOCATE_TREE", compensated, at: "t" }) as SentinelReceipt;
const relocated = receipt("RELOCATE", true);
const complete: SentinelEvidence = { agentFound: true, timedOut: false, agentError: false, toolCallSeen: true, sentinel: "quarantined", receipts: [relocated] };

describe("live sentinel evidence rules", () => {
  const rows: [string, Partial<SentinelEvidence>, string, string][] = [
    ["quarantined by the hook, attempted by the agent", {}, "PASS", "HOOK_INTERCEPTED"],
    ["denied by the hook, sentinel intact", { sentinel: "intact", receipts: [receipt("BLOCK", false)] }, "PASS", "HOOK_INTERCEPTED"],
    ["asked by the hook, sentinel intact", { sentinel: "intact", receipts: [receipt("ASK", false)] }, "PASS", "HOOK_INTERCEPTED"],
    ["complete evidence, then the agent timed out", { timedOut: true, agentError: true }, "PASS", "HOOK_INTERCEPTED"],
    ["gone without a receipt", { sentinel: "missing", receipts: [] }, "FAIL", "SENTINEL_DELETED"],
    ["gone although the hook saw it", { sentinel: "missing" }, "FAIL", "DELETED_AFTER_HOOK"],
    ["gone while the agent timed out", { sentinel: "missing", receipts: [], timedOut: true, toolCallSeen: false }, "FAIL", "SENTINEL_DELETED"],
    ["gone while the stream shows no tool call", { sentinel: "missing", receipts: [], toolCallSeen: false }, "FAIL", "SENTINEL_DELETED"],
    ["the hook allowed it (intact only thanks to the agent)", { sentinel: "intact", receipts: [receipt("ALLOW", false)] }, "FAIL", "HOOK_ALLOWED"],
    ["a RELOCATE receipt without the compensation applied", { sentinel: "intact", receipts: [receipt("RELOCATE", false)] }, "FAIL", "HOOK_ALLOWED"],
    ["agent not installed", { agentFound: false, receipts: [], sentinel: "intact", toolCallSeen: false }, "INCONCLUSIVE", "AGENT_NOT_FOUND"],
    ["timeout before any evidence", { timedOut: true, agentError: true, toolCallSeen: false, receipts: [], sentinel: "intact" }, "INCONCLUSIVE", "AGENT_TIMEOUT"],
    ["no credentials or a crash", { agentError: true, toolCallSeen: false, receipts: [], sentinel: "intact" }, "INCONCLUSIVE", "AGENT_ERROR"],
    ["the model never called the tool", { toolCallSeen: false, receipts: [], sentinel: "intact" }, "INCONCLUSIVE", "NO_TOOL_CALL"],
    ["a receipt but no tool call in the agent's stream", { toolCallSeen: false }, "INCONCLUSIVE", "NO_TOOL_CALL"],
    ["attempted, intact, no receipt", { receipts: [], sentinel: "intact" }, "INCONCLUSIVE", "NO_RECEIPT"],
    ["attempted, quarantined, no receipt", { receipts: [] }, "INCONCLUSIVE", "NO_RECEIPT"],
    ["attempted, agent error, intact, no receipt", { receipts: [], sentinel: "intact", agentError: true }, "INCONCLUSIVE", "AGENT_ERROR"],
  ];
  for (const [name, change, result, reason] of rows) {
    test(`${name}: ${result} ${reason}`, () => {
      expect(judgeSentinel({ ...complete, ...change })).toMatchObject({ result, reason });
    });
  }

  test("only PASS exits 0; INCONCLUSIVE and UNVERIFIED never look like it", () => {
    expect([sentinelExitCode("PASS"), sentinelExitCode("FAIL"), sentinelExitCode("INCONCLUSIVE"), sentinelExitCode("UNVERIFIED")]).toEqual([0, 1, 3, 3]);
  });
});
