import { describe, expect, test } from "bun:test";
import { chmodSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createKeyFile, defaultKeyPath, loadKeyFile, loadTrustedKeys, resolveSigningKey } from "../../../lib/core/keys.ts";
import { toHex } from "../../../lib/core/hash.ts";
import { useTempDirs } from "../../support/temp-dir.ts";

const tempDir = useTempDirs();

describe("signing keys", () => {
  test("a created key file has mode 0600 and loads back to the same key", () => {
    const path = join(tempDir(), "k", "signing-key.json");
    const key = createKeyFile(path);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    const loaded = loadKeyFile(path);
    expect(loaded.keyid).toBe(key.keyid);
    expect(toHex(loaded.publicKey)).toBe(toHex(key.publicKey));
  });

  test("creating over an existing key file fails and keeps the old key", () => {
    const path = join(tempDir(), "signing-key.json");
    createKeyFile(path);
    const before = readFileSync(path, "utf8");
    expect(() => createKeyFile(path)).toThrow(expect.objectContaining({ code: "output_already_exists" }));
    expect(readFileSync(path, "utf8")).toBe(before);
  });

  test("a key file that others can read is refused", () => {
    const path = join(tempDir(), "signing-key.json");
    createKeyFile(path);
    chmodSync(path, 0o644);
    expect(() => loadKeyFile(path)).toThrow(expect.objectContaining({ code: "signing_key_insecure" }));
  });

  test.each([
    ["malformed JSON", "{", "invalid_json"],
    ["unknown keys", '{"schemaVersion":1,"type":"ed25519","keyid":"","publicKey":"","secretKey":"","extra":1}', "signing_key_invalid"],
    ["a short secret", JSON.stringify({ schemaVersion: 1, type: "ed25519", keyid: "a".repeat(64), publicKey: "a".repeat(64), secretKey: "ab" }), "signing_key_invalid"],
  ])("a key file with %s is refused", (_name, text, code) => {
    const path = join(tempDir(), "signing-key.json");
    writeFileSync(path, text, { mode: 0o600 });
    expect(() => loadKeyFile(path)).toThrow(expect.objectContaining({ code }));
  });

  test("a key file whose public key belongs to another secret is refused", () => {
    const dir = tempDir();
    const a = join(dir, "a.json");
    const b = join(dir, "b.json");
    createKeyFile(a);
    createKeyFile(b);
    const fa = JSON.parse(readFileSync(a, "utf8"));
    const fb = JSON.parse(readFileSync(b, "utf8"));
    writeFileSync(a, JSON.stringify({ ...fa, secretKey: fb.secretKey }), { mode: 0o600 });
    expect(() => loadKeyFile(a)).toThrow(expect.objectContaining({ code: "signing_key_invalid" }));
  });

  test("resolveSigningKey creates the per-user key once and reuses it", () => {
    const env = { XDG_CONFIG_HOME: tempDir(), HOME: "/nonexistent" };
    const first = resolveSigningKey(env);
    const second = resolveSigningKey(env);
    expect(second.keyid).toBe(first.keyid);
    expect(statSync(defaultKeyPath(env)).mode & 0o777).toBe(0o600);
  });

  test("resolveSigningKey prefers LEOGRIEL_SIGNING_KEY", () => {
    const path = join(tempDir(), "ci-key.json");
    const key = createKeyFile(path);
    expect(resolveSigningKey({ LEOGRIEL_SIGNING_KEY: path, XDG_CONFIG_HOME: tempDir() }).keyid).toBe(key.keyid);
  });

  test("a trusted-keys entry whose key id does not match its key is refused", () => {
    const path = join(tempDir(), "trusted.json");
    writeFileSync(path, JSON.stringify({ schemaVersion: 1, keys: [{ keyid: "0".repeat(64), publicKey: "1".repeat(64) }] }));
    expect(() => loadTrustedKeys(path)).toThrow(expect.objectContaining({ code: "trusted_keys_invalid" }));
  });
});
