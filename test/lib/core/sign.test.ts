import { describe, expect, test } from "bun:test";
import { fromHex, sha256Hex, sha512, toHex } from "../../../lib/core/hash.ts";
import { generateKeyPair, keyIdOf, publicKeyOf, sign, verify } from "../../../lib/core/sign.ts";

// RFC 8032 section 7.1, tests 1 to 3.
const vectors = [
  {
    secret: "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60",
    public: "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a",
    message: "",
    signature:
      "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b",
  },
  {
    secret: "4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb",
    public: "3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c",
    message: "72",
    signature:
      "92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da085ac1e43e15996e458f3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c00",
  },
  {
    secret: "c5aa8df43f9f837bedb7442f31dcb7b166d38535076f094b85ce3a2e0b4458f7",
    public: "fc51cd8e6218a1a38da47ed00230f0580816ed13ba3303ac5deb911548908025",
    message: "af82",
    signature:
      "6291d657deec24024827e69c3abe01a30ce548a284743a445e3680d7db5ac3ac18ff9b538d16f290ae67f760984dc6594a7c15e9716ed28dc027beceea1ec40a",
  },
];

describe("ed25519", () => {
  test.each(vectors)("signs and verifies the RFC 8032 vector for message '$message'", (v) => {
    const secret = fromHex(v.secret, 32);
    expect(toHex(publicKeyOf(secret))).toBe(v.public);
    const sig = sign(fromHex(v.message), secret);
    expect(toHex(sig)).toBe(v.signature);
    expect(verify(sig, fromHex(v.message), fromHex(v.public, 32))).toBe(true);
  });

  test("rejects a signature over a different message", () => {
    const pair = generateKeyPair();
    const sig = sign(new Uint8Array([1, 2, 3]), pair.secretKey);
    expect(verify(sig, new Uint8Array([1, 2, 4]), pair.publicKey)).toBe(false);
  });

  test("rejects a signature with one flipped bit", () => {
    const pair = generateKeyPair();
    const message = new TextEncoder().encode("payload");
    const sig = sign(message, pair.secretKey);
    for (const index of [0, 31, 32, 63]) {
      const bad = sig.slice();
      bad[index]! ^= 1;
      expect(verify(bad, message, pair.publicKey)).toBe(false);
    }
  });

  test.each([
    ["a 63-byte signature", () => verify(new Uint8Array(63), new Uint8Array(), new Uint8Array(32)), "invalid_signature"],
    ["a 31-byte public key", () => verify(new Uint8Array(64), new Uint8Array(), new Uint8Array(31)), "invalid_key"],
    ["a 33-byte secret key", () => sign(new Uint8Array(), new Uint8Array(33)), "invalid_key"],
    ["a 16-byte public key id", () => keyIdOf(new Uint8Array(16)), "invalid_key"],
  ])("refuses %s with a typed error", (_name, call, code) => {
    expect(call).toThrow(expect.objectContaining({ code }));
  });

  test("derives the key id as the sha256 of the raw public key", () => {
    const pair = generateKeyPair();
    expect(keyIdOf(pair.publicKey)).toBe(sha256Hex(pair.publicKey));
    expect(keyIdOf(pair.publicKey)).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe("hash", () => {
  test("computes the FIPS 180-2 abc digests", () => {
    expect(sha256Hex("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    expect(toHex(sha512("abc"))).toBe(
      "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f",
    );
  });

  test.each([["abc"], ["zz"], ["0"]])("fromHex rejects %s", (text) => {
    expect(() => fromHex(text)).toThrow(expect.objectContaining({ code: "invalid_hex" }));
  });
});
