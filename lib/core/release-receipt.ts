import { existsSync, statSync } from "node:fs";
import { basename } from "node:path";
import { z } from "zod";
import { canonicalJson } from "./canonical-json.ts";
import { decodePayload, DsseEnvelope, signEnvelope, verifyEnvelope } from "./dsse.ts";
import { LeogrielError } from "./errors.ts";
import { fromHex, sha256File, toHex } from "./hash.ts";
import { IN_TOTO_PAYLOAD_TYPE, Statement, statement } from "./in-toto.ts";
import { parseJsonText, readTextFile } from "./json-file.ts";
import type { SigningKey, TrustedKeysFile } from "./keys.ts";
import { keyIdOf } from "./sign.ts";

export const RELEASE_PREDICATE_TYPE = "https://leogriel.dev/release-receipt/v1";

/** The predicate of a release receipt: what was built, for which target, and who signed it. */
export const ReleasePredicate = z
  .strictObject({
    name: z.string().min(1),
    target: z.string().min(1),
    size: z.number().int().nonnegative(),
    builtAt: z.iso.datetime(),
    builder: z.strictObject({ leogriel: z.string(), bun: z.string() }),
    signer: z.strictObject({ keyid: z.string().regex(/^[0-9a-f]{64}$/), publicKey: z.string().regex(/^[0-9a-f]{64}$/) }),
  })
  .meta({ id: "release-receipt-predicate", title: "Leogriel release receipt predicate" });
export type ReleasePredicate = z.infer<typeof ReleasePredicate>;

/** Creates the signed receipt text (one canonical JSON line) for a built binary. */
export async function createReleaseReceipt(
  binaryPath: string,
  info: { target: string; leogriel: string; builtAt?: string },
  key: SigningKey,
): Promise<string> {
  const name = basename(binaryPath);
  const predicate: ReleasePredicate = {
    name,
    target: info.target,
    size: statSync(binaryPath).size,
    builtAt: info.builtAt ?? new Date().toISOString(),
    builder: { leogriel: info.leogriel, bun: Bun.version },
    signer: { keyid: key.keyid, publicKey: toHex(key.publicKey) },
  };
  const st = statement([{ name, digest: { sha256: await sha256File(binaryPath) } }], RELEASE_PREDICATE_TYPE, predicate);
  const envelope = signEnvelope(IN_TOTO_PAYLOAD_TYPE, new TextEncoder().encode(canonicalJson(st)), key);
  return `${canonicalJson(envelope)}\n`;
}

export interface ReleaseVerification {
  /** Signature, digest, size and name all check out. */
  valid: boolean;
  signatureValid: boolean;
  digestMatches: boolean;
  sizeMatches: boolean;
  nameMatches: boolean;
  /** Whether the signer is in the trusted-keys file; undefined when none was given. */
  trusted?: boolean;
  keyid: string;
  target: string;
  sha256: string;
}

/**
 * Verifies a binary against its release receipt: canonical form, DSSE signature by the key the
 * predicate names, and the binary's name, size and sha256.
 * @throws {LeogrielError} `invalid_receipt` when the receipt cannot be read as one
 */
export async function verifyReleaseReceipt(
  binaryPath: string,
  receiptPath: string,
  trustedKeys?: TrustedKeysFile,
): Promise<ReleaseVerification> {
  if (!existsSync(binaryPath)) throw new LeogrielError("file_not_found", `Cannot verify ${binaryPath}: no such file`);
  const text = readTextFile(receiptPath, { label: `release receipt ${receiptPath}` });
  const envelope = _parse(DsseEnvelope, parseJsonText(text, "release receipt"));
  if (`${canonicalJson(envelope)}\n` !== text) _invalid("not one line of canonical JSON");
  if (envelope.payloadType !== IN_TOTO_PAYLOAD_TYPE) _invalid(`unexpected payloadType ${envelope.payloadType}`);
  if (envelope.signatures.length !== 1) _invalid("expected exactly one signature");
  const payloadText = new TextDecoder().decode(decodePayload(envelope));
  const payload = parseJsonText(payloadText, "release receipt payload");
  if (canonicalJson(payload) !== payloadText) _invalid("the payload is not canonical JSON");
  const st = _parse(Statement, payload);
  if (st.predicateType !== RELEASE_PREDICATE_TYPE) _invalid(`unexpected predicateType ${st.predicateType}`);
  const predicate = _parse(ReleasePredicate, st.predicate);
  const subject = st.subject[0];
  if (st.subject.length !== 1 || !subject?.digest.sha256) _invalid("expected exactly one subject with a sha256 digest");
  const publicKey = fromHex(predicate.signer.publicKey, 32);
  const keyid = keyIdOf(publicKey);
  const signatureValid = keyid === predicate.signer.keyid && verifyEnvelope(envelope, publicKey, keyid);
  const sha256 = await sha256File(binaryPath);
  const result: ReleaseVerification = {
    valid: false,
    signatureValid,
    digestMatches: sha256 === subject.digest.sha256,
    sizeMatches: statSync(binaryPath).size === predicate.size,
    nameMatches: basename(binaryPath) === subject.name && subject.name === predicate.name,
    keyid,
    target: predicate.target,
    sha256,
  };
  if (trustedKeys) result.trusted = trustedKeys.keys.some((k) => k.keyid === keyid && k.publicKey === predicate.signer.publicKey);
  result.valid = result.signatureValid && result.digestMatches && result.sizeMatches && result.nameMatches;
  return result;
}

function _parse<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) _invalid(parsed.error.issues.map((i) => i.message).join("; "));
  return parsed.data;
}

function _invalid(why: string): never {
  throw new LeogrielError("invalid_receipt", `Cannot verify release receipt: ${why}`, { exitCode: 1 });
}
