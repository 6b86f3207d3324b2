import { z } from "zod";
import { LeogrielError } from "./errors.ts";
import { toBytes } from "./hash.ts";
import { sign, verify } from "./sign.ts";

/** A DSSE envelope (secure-systems-lab/dsse v1.0): base64 payload and signatures. */
export const DsseEnvelope = z
  .strictObject({
    payloadType: z.string().min(1),
    payload: z.base64(),
    signatures: z.array(z.strictObject({ keyid: z.string(), sig: z.base64() })).min(1),
  })
  .meta({ id: "dsse-envelope", title: "DSSE envelope" });
export type DsseEnvelope = z.infer<typeof DsseEnvelope>;

/** The DSSE pre-authentication encoding: `DSSEv1 <len> <type> <len> <payload>` (byte lengths). */
export function pae(payloadType: string, payload: Uint8Array): Uint8Array {
  const type = toBytes(payloadType);
  const head = toBytes(`DSSEv1 ${type.length} ${payloadType} ${payload.length} `);
  const out = new Uint8Array(head.length + payload.length);
  out.set(head, 0);
  out.set(payload, head.length);
  return out;
}

/** Signs `payload` into a DSSE envelope with one ed25519 signature. */
export function signEnvelope(
  payloadType: string,
  payload: Uint8Array,
  key: { secretKey: Uint8Array; keyid: string },
): DsseEnvelope {
  const sig = sign(pae(payloadType, payload), key.secretKey);
  return {
    payloadType,
    payload: Buffer.from(payload).toString("base64"),
    signatures: [{ keyid: key.keyid, sig: Buffer.from(sig).toString("base64") }],
  };
}

/**
 * Whether the envelope carries a valid signature by `publicKey` under `keyid`.
 * @throws {LeogrielError} `invalid_signature` when the signature is not 64 bytes
 */
export function verifyEnvelope(envelope: DsseEnvelope, publicKey: Uint8Array, keyid: string): boolean {
  const message = pae(envelope.payloadType, decodePayload(envelope));
  const candidates = envelope.signatures.filter((s) => s.keyid === keyid);
  return candidates.some((s) => verify(Buffer.from(s.sig, "base64"), message, publicKey));
}

/**
 * The payload bytes of an envelope.
 * @throws {LeogrielError} `invalid_envelope` when the payload is not base64
 */
export function decodePayload(envelope: DsseEnvelope): Uint8Array {
  if (!z.base64().safeParse(envelope.payload).success) {
    throw new LeogrielError("invalid_envelope", "Cannot decode DSSE payload: not base64");
  }
  return new Uint8Array(Buffer.from(envelope.payload, "base64"));
}
