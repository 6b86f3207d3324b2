import { closeSync, openSync, readSync } from "node:fs";

// Random hex digits from a pool. The first draw is 64 random bytes (128 digits): enough for a
// hook answer's check id and the ids and temporary names of a compensation. A process that checks
// on (the CLI over many commands, the tests, the bench) refills 512 bytes at a time.
let _pool = "";
let _at = 0;
let _draws = 0;
const HEX = "0123456789abcdef";
// Windows has no /dev/urandom; a system that lacks it or refuses it falls back for good.
let _urandom = process.platform !== "win32";

/**
 * `bytes` random bytes, hex-encoded, from the platform's CSPRNG: read from `/dev/urandom` with
 * the plain read(2) the hook already makes for its payload, else from `crypto.randomUUID()`
 * ({@link uuidHex}). Neither node:crypto nor Buffer's hex encoding, and no WebCrypto either where
 * /dev/urandom opens: leogriel-check draws a check id on every agent command, and in the compiled
 * hook the first `crypto.randomUUID()` cost about 0.3 MiB of peak RSS more than reading the
 * device (`getRandomValues` with `Buffer#toString("hex")` about 0.3 MiB more again; docs/check.md
 * "Speed").
 */
export function randomHex(bytes: number): string {
  const n = 2 * bytes;
  if (_pool.length - _at < n) {
    let fresh = _pool.slice(_at);
    while (fresh.length < n) fresh += _draw();
    _pool = fresh;
    _at = 0;
  }
  _at += n;
  return _pool.slice(_at - n, _at);
}

function _draw(): string {
  const bytes = _draws++ === 0 ? 64 : 512;
  if (_urandom) {
    try {
      return _fromDevice(bytes);
    } catch {
      _urandom = false;
    }
  }
  return uuidHex(2 * bytes);
}

/** `bytes` bytes of /dev/urandom as hex digits; throws when the device cannot be read in full. */
function _fromDevice(bytes: number): string {
  const fd = openSync("/dev/urandom", "r");
  try {
    const buffer = new Uint8Array(bytes);
    for (let got = 0; got < bytes; ) {
      const k = readSync(fd, buffer, got, bytes - got, null);
      if (k <= 0) throw new Error("Cannot read /dev/urandom");
      got += k;
    }
    let digits = "";
    for (let i = 0; i < bytes; i++) digits += HEX[buffer[i]! >> 4]! + HEX[buffer[i]! & 15]!;
    return digits;
  } finally {
    closeSync(fd);
  }
}

/**
 * At least `digits` uniform random hex digits from `crypto.randomUUID()`: of a UUID's 32 digits
 * the version digit and the variant digit are fixed or biased; the other 30 are used. The
 * fallback where /dev/urandom cannot be read.
 */
export function uuidHex(digits: number): string {
  let out = "";
  while (out.length < digits) {
    // xxxxxxxx-xxxx-4xxx-Vxxx-xxxxxxxxxxxx: every digit but the 4 and V.
    const u = crypto.randomUUID();
    out += u.slice(0, 8) + u.slice(9, 13) + u.slice(15, 18) + u.slice(20, 23) + u.slice(24);
  }
  return out;
}
