import { describe, expect, test } from "bun:test";
import { randomHex, uuidHex } from "../../../lib/core/random-hex.ts";
import { newCheckId } from "../../../lib/guard/classify.ts";
import { isCheckId } from "../../../lib/guard/recovery/check-id.ts";
import { isTxid, newTxid } from "../../../lib/guard/recovery/txid.ts";

describe("randomHex: random ids from /dev/urandom (crypto.randomUUID where it cannot be read)", () => {
  test("as many lowercase hex digits as asked, longer than one UUID holds too", () => {
    for (const bytes of [1, 4, 6, 8, 15, 16, 100]) expect(randomHex(bytes)).toMatch(new RegExp(`^[0-9a-f]{${2 * bytes}}$`));
  });

  test("no repeats, and every digit about equally often", () => {
    const seen = new Set<string>();
    const counts = new Map<string, number>();
    for (let i = 0; i < 20_000; i++) {
      const id = randomHex(8);
      seen.add(id);
      for (const c of id) counts.set(c, (counts.get(c) ?? 0) + 1);
    }
    expect(seen.size).toBe(20_000);
    expect(counts.size).toBe(16);
    // 320,000 digits: 20,000 expected per digit; a fixed "4" would add 20,000 to one of them.
    for (const n of counts.values()) expect(Math.abs(n - 20_000)).toBeLessThan(1_500);
  });

  test("check ids and transaction ids keep their shapes", () => {
    const id = newCheckId();
    expect(id).toMatch(/^chk_[0-9a-f]{16}$/);
    expect(isCheckId(id)).toBe(true);
    expect(newCheckId()).not.toBe(id);
    expect(isTxid(newTxid())).toBe(true);
  });

  test("the fallback: UUID digits without the version and variant digits, every digit about equally often", () => {
    const counts = new Map<string, number>();
    const digits = uuidHex(320_000);
    expect(digits).toMatch(/^[0-9a-f]+$/);
    expect(digits.length).toBeGreaterThanOrEqual(320_000);
    for (const c of digits.slice(0, 320_000)) counts.set(c, (counts.get(c) ?? 0) + 1);
    expect(counts.size).toBe(16);
    for (const n of counts.values()) expect(Math.abs(n - 20_000)).toBeLessThan(1_500);
  });
});
