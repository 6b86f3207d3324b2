import { z } from "zod";
import { canonicalJson } from "../core/canonical-json.ts";
import { decodePayload, DsseEnvelope, verifyEnvelope } from "../core/dsse.ts";
import { fromHex } from "../core/hash.ts";
import { IN_TOTO_PAYLOAD_TYPE, Statement, type Subject } from "../core/in-toto.ts";
import type { TrustedKeysFile } from "../core/keys.ts";
import { keyIdOf } from "../core/sign.ts";
import { repoPathProblem, type Change } from "./changes.ts";
import { EventLog, eventLogIntact } from "./event-chain.ts";
import { SESSION_PREDICATE_TYPE, SessionPredicate } from "./session-predicate.ts";
import { subjectsOf } from "./session-receipt.ts";
import { RESERVED_KEY } from "../core/json-keys.ts";
import { holdsReservedKey } from "./strict-json.ts";

/** The individual checks behind `receipt_valid`. */
export interface ReceiptChecks {
  /** The file is exactly one line of RFC 8785 canonical JSON (so no duplicate keys either). */
  canonical: boolean;
  /** A DSSE envelope with one signature over an in-toto payload that is itself canonical. */
  envelope: boolean;
  /** An in-toto Statement v1 with the session predicate, and subjects matching its changes. */
  statement: boolean;
  /** The signature verifies under the public key the predicate names, with the matching key id. */
  signature: boolean;
  /** The event log's count and chain head recompute from its lines. */
  event_chain: boolean;
}

export interface ReceiptVerification {
  receipt_valid: boolean;
  checks: ReceiptChecks;
  /** One sentence per failed check, naming what was wrong. */
  problems: string[];
  signature: { keyid: string | null; valid: boolean; trusted?: boolean };
  /** The predicate when the statement parsed (even when other checks failed). */
  predicate?: SessionPredicate;
}

/**
 * Checks a session receipt's text: canonical form, DSSE envelope, statement and predicate
 * schema, signature and event chain. Pure: it never reads the repository.
 */
export function verifySessionReceipt(text: string, trustedKeys?: TrustedKeysFile): ReceiptVerification {
  const checks: ReceiptChecks = { canonical: false, envelope: false, statement: false, signature: false, event_chain: false };
  const problems: string[] = [];
  const result = (predicate?: SessionPredicate, keyid: string | null = null, publicKey?: string): ReceiptVerification => {
    const verification: ReceiptVerification = {
      receipt_valid: Object.values(checks).every(Boolean),
      checks,
      problems,
      signature: { keyid, valid: checks.signature },
      ...(predicate ? { predicate } : {}),
    };
    if (trustedKeys) verification.signature.trusted = trustedKeys.keys.some((k) => k.keyid === keyid && k.publicKey === publicKey);
    return verification;
  };

  const parsed = _json(text);
  if (parsed === undefined) return problems.push("the receipt is not JSON"), result();
  checks.canonical = _canonicalLine(parsed) === text;
  if (!checks.canonical) problems.push("the receipt is not exactly one line of RFC 8785 canonical JSON");

  const envelope = DsseEnvelope.safeParse(parsed);
  if (!envelope.success) return problems.push("the receipt is not a DSSE envelope"), result();
  const payload = decodePayload(envelope.data);
  const payloadText = new TextDecoder().decode(payload);
  const statementValue = _json(payloadText);
  checks.envelope =
    envelope.data.payloadType === IN_TOTO_PAYLOAD_TYPE &&
    envelope.data.signatures.length === 1 &&
    _canonicalBase64(envelope.data.payload) &&
    envelope.data.signatures.every((s) => _canonicalBase64(s.sig)) &&
    statementValue !== undefined &&
    _canonical(statementValue) === payloadText;
  if (!checks.envelope) problems.push("the envelope is not one signature over a canonical in-toto payload");

  // Why the statement cannot be used, when a precise reason is known. `__proto__` is checked on
  // the text: once zod copies an object, that key becomes its prototype and escapes the schema.
  const unusable = _pathProblems(statementValue);
  if (statementValue !== undefined && holdsReservedKey(payloadText)) {
    unusable.unshift(`the payload holds the key ${JSON.stringify(RESERVED_KEY)}, which no receipt may contain`);
  }
  const statement = Statement.safeParse(statementValue);
  const predicate = statement.success && statement.data.predicateType === SESSION_PREDICATE_TYPE ? SessionPredicate.safeParse(statement.data.predicate) : undefined;
  checks.statement = unusable.length === 0 && predicate?.success === true && _subjectsMatch(statement.data!.subject, predicate.data.changes);
  if (unusable.length > 0) problems.push(...unusable);
  else if (!checks.statement) problems.push(`the payload is not an in-toto Statement v1 with a valid ${SESSION_PREDICATE_TYPE} predicate and matching subjects`);

  // Signature and chain are checked even when the predicate is off-schema, to say precisely what broke.
  const raw = statement.success ? statement.data.predicate : undefined;
  const signer = SignerPart.safeParse(raw);
  let keyid: string | null = null;
  if (signer.success) {
    const publicKey = fromHex(signer.data.signer.public_key, 32);
    keyid = keyIdOf(publicKey);
    checks.signature = keyid === signer.data.signer.keyid && envelope.data.signatures[0]?.keyid === keyid && _verify(envelope.data, publicKey, keyid);
  }
  if (!checks.signature) problems.push("the signature does not verify under the key the receipt names");

  const events = EventsPart.safeParse(raw);
  checks.event_chain = events.success && eventLogIntact(events.data.events);
  if (!checks.event_chain) problems.push("the event chain does not recompute (an event was changed, added or removed)");
  const trustedKey = signer.success ? signer.data.signer.public_key : undefined;
  return result(predicate?.success ? predicate.data : undefined, keyid, trustedKey);
}

const SignerPart = z.object({ signer: SessionPredicate.shape.signer });
const EventsPart = z.object({ events: EventLog });

// One problem per path the receipt names that verify must never read (absolute, `..`, `.git`).
function _pathProblems(statement: unknown): string[] {
  const raw = statement as { subject?: unknown; predicate?: { changes?: unknown } } | null | undefined;
  const names = [
    ...(Array.isArray(raw?.predicate?.changes) ? raw.predicate.changes.map((c: { path?: unknown } | null) => c?.path) : []),
    ...(Array.isArray(raw?.subject) ? raw.subject.map((s: { name?: unknown } | null) => s?.name) : []),
  ];
  const problems = new Set<string>();
  for (const name of names) {
    const why = typeof name === "string" ? repoPathProblem(name) : undefined;
    if (why) problems.add(`the receipt names the path ${JSON.stringify(name)}, which verify never reads: ${why}`);
  }
  return [...problems];
}

function _subjectsMatch(subjects: Subject[], changes: Change[]): boolean {
  return canonicalJson(subjects) === canonicalJson(subjectsOf(changes)) && new Set(changes.map((c) => c.path)).size === changes.length;
}

function _verify(envelope: DsseEnvelope, publicKey: Uint8Array, keyid: string): boolean {
  try {
    return verifyEnvelope(envelope, publicKey, keyid);
  } catch {
    // A signature of the wrong length cannot verify.
    return false;
  }
}

// Base64 with non-zero padding bits decodes to the same bytes; only the canonical spelling is
// accepted, so no two receipt texts carry the same signed content.
function _canonicalBase64(text: string): boolean {
  return Buffer.from(text, "base64").toString("base64") === text;
}

function _json(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function _canonical(value: unknown): string | undefined {
  try {
    return canonicalJson(value);
  } catch {
    return undefined;
  }
}

function _canonicalLine(value: unknown): string | undefined {
  const canonical = _canonical(value);
  return canonical === undefined ? undefined : `${canonical}\n`;
}

