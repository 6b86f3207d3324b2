import { describe, expect, test } from "bun:test";
import { decodePayload, pae, signEnvelope, verifyEnvelope } from "../../../lib/core/dsse.ts";
import { generateKeyPair, keyIdOf } from "../../../lib/core/sign.ts";

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
const bytes = (s: string) => new TextEncoder().encode(s);

describe("DSSE", () => {
  test("PAE matches the DSSE protocol test vector", () => {
    expect(text(pae("http://example.com/HelloWorld", bytes("hello world")))).toBe(
      "DSSEv1 29 http://example.com/HelloWorld 11 hello world",
    );
  });

  test("PAE counts bytes, not characters", () => {
    expect(text(pae("t/é", bytes("€")))).toBe("DSSEv1 4 t/é 3 €");
  });

  test("a signed envelope verifies and round-trips its payload", () => {
    const pair = generateKeyPair();
    const keyid = keyIdOf(pair.publicKey);
    const env = signEnvelope("application/vnd.in-toto+json", bytes('{"a":1}'), { ...pair, keyid });
    expect(verifyEnvelope(env, pair.publicKey, keyid)).toBe(true);
    expect(text(decodePayload(env))).toBe('{"a":1}');
  });

  test.each([
    ["a changed payload", (e: ReturnType<typeof signEnvelope>) => ({ ...e, payload: Buffer.from('{"a":2}').toString("base64") })],
    ["a changed payload type", (e: ReturnType<typeof signEnvelope>) => ({ ...e, payloadType: "text/plain" })],
    ["a different key id", (e: ReturnType<typeof signEnvelope>) => ({ ...e, signatures: [{ ...e.signatures[0]!, keyid: "other" }] })],
  ])("rejects %s", (_name, tamper) => {
    const pair = generateKeyPair();
    const keyid = keyIdOf(pair.publicKey);
    const env = signEnvelope("application/vnd.in-toto+json", bytes('{"a":1}'), { ...pair, keyid });
    expect(verifyEnvelope(tamper(env), pair.publicKey, keyid)).toBe(false);
  });

  test("rejects a signature made by another key", () => {
    const a = generateKeyPair();
    const b = generateKeyPair();
    const keyid = keyIdOf(a.publicKey);
    const env = signEnvelope("x", bytes("y"), { secretKey: b.secretKey, keyid });
    expect(verifyEnvelope(env, a.publicKey, keyid)).toBe(false);
  });

  test("refuses a truncated signature with a typed error", () => {
    const pair = generateKeyPair();
    const keyid = keyIdOf(pair.publicKey);
    const env = signEnvelope("x", bytes("y"), { ...pair, keyid });
    env.signatures[0]!.sig = Buffer.alloc(40).toString("base64");
    expect(() => verifyEnvelope(env, pair.publicKey, keyid)).toThrow(expect.objectContaining({ code: "invalid_signature" }));
  });
});
