import { beforeAll, describe, expect, test } from "bun:test";
import { realpathSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { canonicalJson } from "../../../lib/core/canonical-json.ts";
import { signEnvelope } from "../../../lib/core/dsse.ts";
import { toHex } from "../../../lib/core/hash.ts";
import { IN_TOTO_PAYLOAD_TYPE } from "../../../lib/core/in-toto.ts";
import type { SigningKey, TrustedKeysFile } from "../../../lib/core/keys.ts";
import { generateKeyPair, keyIdOf } from "../../../lib/core/sign.ts";
import { chainHead } from "../../../lib/proof/event-chain.ts";
import type { SessionPredicate } from "../../../lib/proof/session-predicate.ts";
import { sessionReceiptText, sessionStatement } from "../../../lib/proof/session-receipt.ts";
import { verifySessionReceipt, type ReceiptChecks } from "../../../lib/proof/verify-receipt.ts";
import { makeRepo } from "../../support/proof-harness.ts";
import { simulatedPredicate } from "../../support/session-receipt-factory.ts";
import { fileTempDir } from "../../support/temp-dir.ts";

const tempDir = () => fileTempDir("leogriel-receipt-");

const newKey = (): SigningKey => {
  const pair = generateKeyPair();
  return { ...pair, keyid: keyIdOf(pair.publicKey) };
};
const KEY = newKey();
const OTHER = newKey();
const trust = (k: SigningKey): TrustedKeysFile => ({ schemaVersion: 1, keys: [{ keyid: k.keyid, publicKey: toHex(k.publicKey) }] });

let predicate: Omit<SessionPredicate, "signer">;
let receipt: string;

beforeAll(async () => {
  const root = makeRepo(realpathSync(tempDir()), { "a.txt": "a\n", "b.txt": "b\n" });
  predicate = await simulatedPredicate(
    root,
    () => {
      writeFileSync(join(root, "a.txt"), "A\n");
      writeFileSync(join(root, "new.txt"), "n\n");
    },
    ['{"type":"thread.started","thread_id":"t"}', '{"type":"item.completed","item":{"id":"item_0","type":"agent_message","text":"done"}}', '{"type":"turn.completed"}'],
  );
  receipt = sessionReceiptText(predicate, KEY);
});

// Signs any statement-shaped value as the receipt text, bypassing the builder's guarantees.
function signRaw(statement: unknown, key: SigningKey, payloadText = canonicalJson(statement)): string {
  return `${canonicalJson(signEnvelope(IN_TOTO_PAYLOAD_TYPE, new TextEncoder().encode(payloadText), key))}\n`;
}

function envelopeOf(text: string) {
  return JSON.parse(text) as { payload: string; payloadType: string; signatures: { keyid: string; sig: string }[] };
}

const ALL_TRUE: ReceiptChecks = { canonical: true, envelope: true, statement: true, signature: true, event_chain: true };

describe("verifySessionReceipt", () => {
  test("accepts the receipt capture builds, with every check passing", () => {
    const result = verifySessionReceipt(receipt, trust(KEY));
    expect(result).toMatchObject({ receipt_valid: true, checks: ALL_TRUE, problems: [], signature: { keyid: KEY.keyid, valid: true, trusted: true } });
  });

  const tampered: Array<[string, () => string, Partial<ReceiptChecks>]> = [
    ["a flipped bit in the signature", () => receipt.replace(/"sig":"(.)/, (_m, c) => `"sig":"${c === "A" ? "B" : "A"}`), { signature: false }],
    ["non-canonical base64 padding bits", () => {
      const env = envelopeOf(receipt);
      const sig = env.signatures[0]!.sig;
      const last = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".indexOf(sig.at(-3)!);
      const alt = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"[last ^ 1]!;
      return `${canonicalJson({ ...env, signatures: [{ ...env.signatures[0], sig: `${sig.slice(0, -3)}${alt}==` }] })}\n`;
    }, { envelope: false }],
    ["the trailing newline removed", () => receipt.trimEnd(), { canonical: false }],
    ["pretty-printed", () => `${JSON.stringify(JSON.parse(receipt), null, 2)}\n`, { canonical: false }],
    ["re-ordered keys", () => `${JSON.stringify(Object.fromEntries(Object.entries(JSON.parse(receipt)).reverse()))}\n`, { canonical: false }],
    ["a duplicated key", () => receipt.replace('{"payload"', '{"payloadType":"x","payload"'), { canonical: false }],
    ["re-signed with another key under the original signer", () => signRaw(sessionStatement({ ...predicate, signer: { keyid: KEY.keyid, public_key: toHex(KEY.publicKey) } }), OTHER), { signature: false }],
    ["an event removed without re-signing", () => {
      const env = envelopeOf(receipt);
      const st = JSON.parse(Buffer.from(env.payload, "base64").toString());
      st.predicate.events.lines.splice(1, 1);
      st.predicate.events.count = 2;
      return `${canonicalJson({ ...env, payload: Buffer.from(canonicalJson(st)).toString("base64") })}\n`;
    }, { signature: false, event_chain: false }],
    ["an event removed and re-signed", () => sessionReceiptText({ ...predicate, events: { ...predicate.events, lines: predicate.events.lines.slice(1), count: 2 } }, KEY), { event_chain: false }],
    ["events re-ordered and re-signed", () => sessionReceiptText({ ...predicate, events: { ...predicate.events, lines: [...predicate.events.lines].reverse() } }, KEY), { event_chain: false }],
    ["a subject digest changed and re-signed", () => {
      const st = sessionStatement({ ...predicate, signer: { keyid: KEY.keyid, public_key: toHex(KEY.publicKey) } });
      st.subject[0]!.digest.sha256 = "f".repeat(64);
      return signRaw(st, KEY);
    }, { statement: false }],
    ["an extra predicate field, re-signed", () => signRaw(sessionStatement({ ...predicate, extra: 1, signer: { keyid: KEY.keyid, public_key: toHex(KEY.publicKey) } } as SessionPredicate), KEY), { statement: false }],
    ["a path that climbs out of the repository, re-signed", () => {
      const changes = predicate.changes.map((c, i) => (i === 0 ? { ...c, path: "../escape" } : c));
      return sessionReceiptText({ ...predicate, changes }, KEY);
    }, { statement: false }],
    ["a __proto__ key in the predicate, re-signed (zod would drop it into the prototype)", () => {
      const text = canonicalJson(sessionStatement({ ...predicate, signer: { keyid: KEY.keyid, public_key: toHex(KEY.publicKey) } }));
      return signRaw(null, KEY, text.replace('"predicate":{', '"predicate":{"__proto__":{"x":1},'));
    }, { statement: false }],
    ...[".git/config", ".GIT/config", "src/.Git/hooks/pre-commit", "/etc/passwd", "a/./b.txt", "a//b.txt", "a.txt/"].map(
      (path): [string, () => string, Partial<ReceiptChecks>] => [`the path ${JSON.stringify(path)}, re-signed`, () => {
        const changes = predicate.changes.map((c, i) => (i === 0 ? { ...c, path } : c));
        return sessionReceiptText({ ...predicate, changes }, KEY);
      }, { statement: false }],
    ),
    ["a second signature", () => {
      const env = envelopeOf(receipt);
      return `${canonicalJson({ ...env, signatures: [...env.signatures, env.signatures[0]] })}\n`;
    }, { envelope: false }],
    ["another payload type", () => {
      const env = envelopeOf(receipt);
      return `${canonicalJson({ ...env, payloadType: "application/json" })}\n`;
    }, { envelope: false, signature: false }],
    ["a pretty-printed payload, re-signed", () => {
      const st = sessionStatement({ ...predicate, signer: { keyid: KEY.keyid, public_key: toHex(KEY.publicKey) } });
      return signRaw(st, KEY, JSON.stringify(st, null, 1));
    }, { envelope: false }],
  ];

  test.each(tampered)("rejects a receipt with %s", (_name, make, failing) => {
    const result = verifySessionReceipt(make());
    expect(result.receipt_valid).toBe(false);
    expect(result.checks).toEqual({ ...ALL_TRUE, ...failing });
    expect(result.problems.length).toBe(Object.keys(failing).length);
  });

  test.each([
    ["truncated", () => receipt.slice(0, receipt.length / 2)],
    ["empty", () => ""],
    ["a JSON array", () => "[]\n"],
    ["a DSSE envelope over a release receipt", () => signRaw({ _type: "https://in-toto.io/Statement/v1", subject: [], predicateType: "https://leogriel.dev/release-receipt/v1", predicate: {} }, KEY)],
  ])("rejects a receipt that is %s without throwing", (_name, make) => {
    const result = verifySessionReceipt(make());
    expect(result.receipt_valid).toBe(false);
    expect(result.problems.length).toBeGreaterThan(0);
  });

  test("rejects the receipt with any one of 400 seeded random bytes flipped", () => {
    let seed = 8;
    const bytes = new TextEncoder().encode(receipt);
    for (let i = 0; i < 400; i++) {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      const at = seed % bytes.length;
      const copy = bytes.slice();
      copy[at] = copy[at]! ^ (1 << (seed % 7));
      expect(verifySessionReceipt(new TextDecoder().decode(copy)).receipt_valid).toBe(false);
    }
  });

  test("names the path verify refuses to read, once, in the problems", () => {
    const changes = predicate.changes.map((c, i) => (i === 0 ? { ...c, path: ".git/config" } : c));
    const result = verifySessionReceipt(sessionReceiptText({ ...predicate, changes }, KEY));
    expect(result.problems).toEqual(['the receipt names the path ".git/config", which verify never reads: it is inside .git']);
  });

  test("names a __proto__ key in the problems", () => {
    const text = canonicalJson(sessionStatement({ ...predicate, signer: { keyid: KEY.keyid, public_key: toHex(KEY.publicKey) } }));
    const result = verifySessionReceipt(signRaw(null, KEY, text.replace('"predicate":{', '"predicate":{"__proto__":{"x":1},')));
    expect(result.problems).toEqual(['the payload holds the key "__proto__", which no receipt may contain']);
  });

  test("accepts __proto__ as text inside an event line, where it is data", () => {
    const events = ['{"type":"item.completed","item":{"__proto__":{"polluted":true},"text":"__proto__"}}'];
    const lines = { ...predicate.events, lines: events, count: 1, head: chainHead(events) };
    expect(verifySessionReceipt(sessionReceiptText({ ...predicate, events: lines }, KEY))).toMatchObject({ receipt_valid: true, problems: [] });
  });

  test("accepts a receipt re-signed by another key as valid but not trusted", () => {
    const resigned = sessionReceiptText(predicate, OTHER);
    const result = verifySessionReceipt(resigned, trust(KEY));
    expect(result).toMatchObject({ receipt_valid: true, signature: { keyid: OTHER.keyid, valid: true, trusted: false } });
  });
});
