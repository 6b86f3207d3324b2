import { randomHex } from "../../core/random-hex.ts";

/** A transaction id: UTC creation time then 48 random bits, so ids sort by age and never collide. */
export const TXID_PATTERN = /^tx-\d{8}T\d{6}Z-[0-9a-f]{12}$/;

/** A fresh transaction id, e.g. `tx-20261129T223138Z-3f9a0c11d2e4`. */
export function newTxid(now: Date = new Date()): string {
  const stamp = now.toISOString().replace(/[-:]/g, "").replace(/\.\d+Z$/, "Z");
  return `tx-${stamp}-${randomHex(6)}`;
}

/** True for a well-formed transaction id (the only spelling ever used as a path component). */
export function isTxid(value: string): boolean {
  return TXID_PATTERN.test(value);
}

/** The creation time a transaction id encodes. */
export function txidTime(txid: string): Date {
  const m = /^tx-(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z-/.exec(txid);
  if (!m) throw new Error(`Cannot read the time of transaction id ${txid}`);
  return new Date(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}Z`);
}
