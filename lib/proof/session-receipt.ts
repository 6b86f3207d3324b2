import { canonicalJson } from "../core/canonical-json.ts";
import { signEnvelope } from "../core/dsse.ts";
import { toHex } from "../core/hash.ts";
import { IN_TOTO_PAYLOAD_TYPE, statement, type Statement, type Subject } from "../core/in-toto.ts";
import type { SigningKey } from "../core/keys.ts";
import type { Change } from "./changes.ts";
import { SESSION_PREDICATE_TYPE, type SessionPredicate } from "./session-predicate.ts";

/** The subjects of a receipt: every changed path present afterwards, with its final sha256. */
export function subjectsOf(changes: readonly Change[]): Subject[] {
  return changes.flatMap((c) => (c.after ? [{ name: c.path, digest: { sha256: c.after.sha256 } }] : []));
}

/** The in-toto Statement of a session. */
export function sessionStatement(predicate: SessionPredicate): Statement {
  return statement(subjectsOf(predicate.changes), SESSION_PREDICATE_TYPE, predicate);
}

/**
 * The receipt text: one line of RFC 8785 canonical JSON holding a DSSE envelope over the
 * canonical Statement, signed with `key` (which the predicate's `signer` must name).
 */
export function sessionReceiptText(predicate: Omit<SessionPredicate, "signer">, key: SigningKey): string {
  const signed: SessionPredicate = { ...predicate, signer: { keyid: key.keyid, public_key: toHex(key.publicKey) } };
  const payload = new TextEncoder().encode(canonicalJson(sessionStatement(signed)));
  return `${canonicalJson(signEnvelope(IN_TOTO_PAYLOAD_TYPE, payload, key))}\n`;
}
