import { existsSync, mkdirSync, readFileSync, statSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, join } from "node:path";
import { z } from "zod";
import { LeogrielError, isErrno } from "./errors.ts";
import { fromHex, toHex } from "./hash.ts";
import { parseJsonText } from "./json-file.ts";
import { publishNoClobber } from "./publish.ts";
import { generateKeyPair, keyIdOf, publicKeyOf, type KeyPair } from "./sign.ts";

const Hex32 = z.string().regex(/^[0-9a-f]{64}$/, "expected 64 lowercase hex characters");

/** A signing key file (mode 0600): the ed25519 seed, its public key and key id. */
export const SigningKeyFile = z
  .strictObject({
    schemaVersion: z.literal(1),
    type: z.literal("ed25519"),
    keyid: Hex32,
    publicKey: Hex32,
    secretKey: Hex32,
  })
  .meta({ id: "signing-key", title: "Leogriel signing key file" });
export type SigningKeyFile = z.infer<typeof SigningKeyFile>;

/** A trusted-keys file: the public keys whose signatures a verifier accepts as trusted. */
export const TrustedKeysFile = z
  .strictObject({
    schemaVersion: z.literal(1),
    keys: z.array(z.strictObject({ keyid: Hex32, publicKey: Hex32, name: z.string().optional() })),
  })
  .meta({ id: "trusted-keys", title: "Leogriel trusted keys file" });
export type TrustedKeysFile = z.infer<typeof TrustedKeysFile>;

/** A loaded signing key. */
export interface SigningKey extends KeyPair {
  keyid: string;
}

/** Where the per-user key lives: `${XDG_CONFIG_HOME:-~/.config}/leogriel/signing-key.json`. */
export function defaultKeyPath(env: Record<string, string | undefined> = process.env): string {
  const base = env.XDG_CONFIG_HOME || join(env.HOME || homedir(), ".config");
  return join(base, "leogriel", "signing-key.json");
}

/** Where a user keeps the keys they trust: `${XDG_CONFIG_HOME:-~/.config}/leogriel/trusted-keys.json`. */
export function defaultTrustedKeysPath(env: Record<string, string | undefined> = process.env): string {
  const base = env.XDG_CONFIG_HOME || join(env.HOME || homedir(), ".config");
  return join(base, "leogriel", "trusted-keys.json");
}

/** The trusted-keys file a verifier uses: the one given, else the user's default when it exists. */
export function resolveTrustedKeysPath(explicit: string | undefined, env: Record<string, string | undefined> = process.env): string | undefined {
  if (explicit) return explicit;
  const fallback = defaultTrustedKeysPath(env);
  return existsSync(fallback) ? fallback : undefined;
}

/**
 * Writes a new key file with mode 0600 (never replacing one) and returns the key.
 * @throws {LeogrielError} `output_already_exists` when a key file is already there
 */
export function createKeyFile(path: string): SigningKey {
  const pair = generateKeyPair();
  const keyid = keyIdOf(pair.publicKey);
  const file: SigningKeyFile = {
    schemaVersion: 1,
    type: "ed25519",
    keyid,
    publicKey: toHex(pair.publicKey),
    secretKey: toHex(pair.secretKey),
  };
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  publishNoClobber(path, `${JSON.stringify(file, null, 2)}\n`, { mode: 0o600 });
  return { ...pair, keyid };
}

/**
 * Reads a key file, refusing one that others can read and one whose public key or key id do not
 * belong to its secret key.
 * @throws {LeogrielError} `signing_key_missing`, `signing_key_insecure`, `signing_key_invalid`
 */
export function loadKeyFile(path: string): SigningKey {
  let text: string;
  try {
    if (process.platform !== "win32" && (statSync(path).mode & 0o077) !== 0) {
      throw new LeogrielError("signing_key_insecure", `Cannot use signing key ${path}: group or others can access it (chmod 600)`);
    }
    text = readFileSync(path, "utf8");
  } catch (err) {
    if (err instanceof LeogrielError) throw err;
    if (isErrno(err, "ENOENT")) throw new LeogrielError("signing_key_missing", `Cannot read signing key ${path}: no such file`);
    throw new LeogrielError("signing_key_invalid", `Cannot read signing key ${path}: ${(err as Error).message}`);
  }
  const parsed = SigningKeyFile.safeParse(parseJsonText(text, "signing key"));
  if (!parsed.success) throw new LeogrielError("signing_key_invalid", `Cannot use signing key ${path}: not a Leogriel ed25519 key file`);
  const secretKey = fromHex(parsed.data.secretKey, 32);
  const publicKey = publicKeyOf(secretKey);
  if (toHex(publicKey) !== parsed.data.publicKey || keyIdOf(publicKey) !== parsed.data.keyid) {
    throw new LeogrielError("signing_key_invalid", `Cannot use signing key ${path}: public key or key id does not match the secret key`);
  }
  return { secretKey, publicKey, keyid: parsed.data.keyid };
}

/**
 * The key to sign with: the file named by `LEOGRIEL_SIGNING_KEY`, else the per-user key,
 * created with mode 0600 on first use.
 */
export function resolveSigningKey(env: Record<string, string | undefined> = process.env): SigningKey {
  if (env.LEOGRIEL_SIGNING_KEY) return loadKeyFile(env.LEOGRIEL_SIGNING_KEY);
  const path = defaultKeyPath(env);
  try {
    return loadKeyFile(path);
  } catch (err) {
    if (!(err instanceof LeogrielError) || err.code !== "signing_key_missing") throw err;
  }
  try {
    return createKeyFile(path);
  } catch (err) {
    // Another process created it first; use theirs.
    if (err instanceof LeogrielError && err.code === "output_already_exists") return loadKeyFile(path);
    throw err;
  }
}

/**
 * Reads a trusted-keys file, checking that each key id matches its public key.
 * @throws {LeogrielError} `trusted_keys_invalid`
 */
export function loadTrustedKeys(path: string): TrustedKeysFile {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (err) {
    if (isErrno(err, "ENOENT")) throw new LeogrielError("trusted_keys_invalid", `Cannot read trusted keys ${path}: no such file`);
    throw new LeogrielError("trusted_keys_invalid", `Cannot read trusted keys ${path}: ${(err as Error).message}`);
  }
  const parsed = TrustedKeysFile.safeParse(parseJsonText(text, "trusted keys"));
  if (!parsed.success) throw new LeogrielError("trusted_keys_invalid", `Cannot use trusted keys ${path}: ${z.prettifyError(parsed.error)}`);
  for (const key of parsed.data.keys) {
    if (keyIdOf(fromHex(key.publicKey, 32)) !== key.keyid) {
      throw new LeogrielError("trusted_keys_invalid", `Cannot use trusted keys ${path}: key id ${key.keyid} does not match its public key`);
    }
  }
  return parsed.data;
}
