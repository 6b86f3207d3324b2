// Random hex digits drawn from UUIDs, 16 at a time: one draw serves about 30 check ids.
let _pool = "";
let _at = 0;

/**
 * `bytes` random bytes, hex-encoded, from `crypto.randomUUID()` (the platform's CSPRNG). Of a
 * UUID's 32 hex digits the version digit and the variant digit are fixed or biased; the other
 * 30 are uniform and are used. Neither node:crypto nor Buffer's hex encoding: leogriel-check
 * draws a check id on every agent command, and in the compiled hook `getRandomValues` with
 * `Buffer#toString("hex")` cost about 0.3 MiB more memory than this (docs/check.md "Speed").
 */
export function randomHex(bytes: number): string {
  const n = 2 * bytes;
  if (_pool.length - _at < n) {
    let fresh = _pool.slice(_at);
    while (fresh.length < n + 480) {
      // xxxxxxxx-xxxx-4xxx-Vxxx-xxxxxxxxxxxx: every digit but the 4 and V.
      const u = crypto.randomUUID();
      fresh += u.slice(0, 8) + u.slice(9, 13) + u.slice(15, 18) + u.slice(20, 23) + u.slice(24);
    }
    _pool = fresh;
    _at = 0;
  }
  _at += n;
  return _pool.slice(_at - n, _at);
}
