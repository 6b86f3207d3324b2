import { describe, expect, test } from "bun:test";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { canonicalJson } from "../../../lib/core/canonical-json.ts";
import { createKeyFile } from "../../../lib/core/keys.ts";
import { createReleaseReceipt, verifyReleaseReceipt } from "../../../lib/core/release-receipt.ts";
import { toHex } from "../../../lib/core/hash.ts";
import { useTempDirs } from "../../support/temp-dir.ts";
import { runEntry } from "../../support/run-cli.ts";

const tempDir = useTempDirs();

async function release() {
  const dir = tempDir();
  const key = createKeyFile(join(dir, "key.json"));
  const binary = join(dir, "leogriel-check-linux-x64");
  writeFileSync(binary, new Uint8Array(4096).map((_, i) => i % 251));
  writeFileSync(`${binary}.receipt.json`, await createReleaseReceipt(binary, { target: "linux-x64", leogriel: "0.1.0" }, key));
  return { dir, key, binary, receipt: `${binary}.receipt.json` };
}

describe("release receipts", () => {
  test("a fresh receipt verifies its binary", async () => {
    const { binary, receipt, key } = await release();
    const result = await verifyReleaseReceipt(binary, receipt);
    expect(result).toMatchObject({ valid: true, signatureValid: true, digestMatches: true, keyid: key.keyid, target: "linux-x64" });
    expect(result.trusted).toBeUndefined();
  });

  test("the receipt is one line of canonical JSON", async () => {
    const { receipt } = await release();
    const text = readFileSync(receipt, "utf8");
    expect(text.endsWith("\n")).toBe(true);
    expect(text.slice(0, -1)).toBe(canonicalJson(JSON.parse(text)));
  });

  test("a binary with one changed byte fails verification", async () => {
    const { binary, receipt } = await release();
    const bytes = readFileSync(binary);
    bytes[100] = bytes[100]! ^ 0xff;
    writeFileSync(binary, bytes);
    expect(await verifyReleaseReceipt(binary, receipt)).toMatchObject({ valid: false, signatureValid: true, digestMatches: false });
  });

  test("a receipt whose payload was re-signed by another key names that key, not a trusted one", async () => {
    const { binary, receipt, dir } = await release();
    const trusted = { schemaVersion: 1 as const, keys: [] };
    const other = createKeyFile(join(dir, "other.json"));
    writeFileSync(receipt, await createReleaseReceipt(binary, { target: "linux-x64", leogriel: "0.1.0" }, other));
    const result = await verifyReleaseReceipt(binary, receipt, trusted);
    expect(result.valid).toBe(true);
    expect(result.trusted).toBe(false);
    expect(result.keyid).toBe(other.keyid);
  });

  test("a receipt with a forged signer public key fails the signature check", async () => {
    const { binary, receipt, dir } = await release();
    const envelope = JSON.parse(readFileSync(receipt, "utf8"));
    const statement = JSON.parse(Buffer.from(envelope.payload, "base64").toString());
    const other = createKeyFile(join(dir, "other.json"));
    statement.predicate.signer = { keyid: other.keyid, publicKey: toHex(other.publicKey) };
    envelope.payload = Buffer.from(canonicalJson(statement)).toString("base64");
    envelope.signatures[0].keyid = other.keyid;
    writeFileSync(receipt, `${canonicalJson(envelope)}\n`);
    expect((await verifyReleaseReceipt(binary, receipt)).signatureValid).toBe(false);
  });

  test.each([
    ["signed twice", (t: string) => {
      const env = JSON.parse(t);
      return `${canonicalJson({ ...env, signatures: [...env.signatures, env.signatures[0]] })}\n`;
    }],
    ["a pretty-printed payload", (t: string) => {
      const env = JSON.parse(t);
      const pretty = JSON.stringify(JSON.parse(Buffer.from(env.payload, "base64").toString()), null, 1);
      return `${canonicalJson({ ...env, payload: Buffer.from(pretty).toString("base64") })}\n`;
    }],
    ["pretty-printed JSON", (t: string) => JSON.stringify(JSON.parse(t), null, 2)],
    ["truncated JSON", (t: string) => t.slice(0, 50)],
    ["an unknown envelope key", (t: string) => `${canonicalJson({ ...JSON.parse(t), extra: 1 })}\n`],
  ])("refuses a receipt that is %s", async (_name, mangle) => {
    const { binary, receipt } = await release();
    writeFileSync(receipt, mangle(readFileSync(receipt, "utf8")));
    await expect(verifyReleaseReceipt(binary, receipt)).rejects.toMatchObject({ code: expect.stringMatching(/invalid_receipt|invalid_json/) });
  });

  test("leogriel-verify --release exits 0 for a valid binary and 1 after tampering", async () => {
    const { binary } = await release();
    const ok = runEntry("verify", ["--release", binary, "--json"], { env: { XDG_CONFIG_HOME: tempDir() } });
    expect(ok.exitCode).toBe(0);
    expect(JSON.parse(ok.stdout)).toMatchObject({ ok: true, command: "verify", data: { valid: true } });
    writeFileSync(binary, "tampered");
    const bad = runEntry("verify", ["--release", binary], { env: { XDG_CONFIG_HOME: tempDir() } });
    expect(bad.exitCode).toBe(1);
    expect(bad.stdout).toBe("");
    expect(bad.stderr).toContain("INVALID");
  });

  test("leogriel-verify --release exits 2 for a missing binary", () => {
    const result = runEntry("verify", ["--release", join(tempDir(), "none"), "--json"]);
    expect(result.exitCode).toBe(2);
    expect(JSON.parse(result.stdout).errors[0].code).toBe("file_not_found");
  });
});

describe("trusted keys for release verification", () => {
  test("a missing receipt or trusted-keys file is exit 2 with a message naming the file, not an errno dump", async () => {
    const { binary } = await release();
    const receipt = join(tempDir(), "nope.receipt.json");
    const noReceipt = runEntry("verify", ["--release", binary, "--receipt", receipt, "--json"], { env: { XDG_CONFIG_HOME: tempDir() } });
    expect([noReceipt.exitCode, JSON.parse(noReceipt.stdout).errors[0]]).toEqual([2, { code: "file_not_found", message: `Cannot read release receipt ${receipt}: no such file` }]);
    const keys = join(tempDir(), "release-keys.json");
    const noKeys = runEntry("verify", ["--release", binary, "--trusted-keys", keys, "--json"], { env: { XDG_CONFIG_HOME: tempDir() } });
    expect([noKeys.exitCode, JSON.parse(noKeys.stdout).errors[0]]).toEqual([2, { code: "trusted_keys_invalid", message: `Cannot read trusted keys ${keys}: no such file` }]);
  });

  test("without a trusted-keys file the envelope warns that the signer was not checked", async () => {
    const { binary } = await release();
    const result = runEntry("verify", ["--release", binary, "--json"], { env: { XDG_CONFIG_HOME: tempDir() } });
    expect(result.exitCode).toBe(0);
    expect(JSON.parse(result.stdout).warnings).toEqual([expect.objectContaining({ code: "signer_not_checked" })]);
  });

  test("the user's default trusted-keys file is used when present, and a foreign signer fails", async () => {
    const { binary, dir } = await release();
    const xdg = tempDir();
    const other = createKeyFile(join(dir, "other.json"));
    mkdirSync(join(xdg, "leogriel"));
    writeFileSync(join(xdg, "leogriel", "trusted-keys.json"), JSON.stringify({ schemaVersion: 1, keys: [{ keyid: other.keyid, publicKey: toHex(other.publicKey) }] }));
    const result = runEntry("verify", ["--release", binary, "--json"], { env: { XDG_CONFIG_HOME: xdg } });
    expect(result.exitCode).toBe(1);
    const doc = JSON.parse(result.stdout);
    expect(doc.data).toMatchObject({ valid: true, trusted: false });
    expect(doc.warnings).toEqual([]);
  });
});
