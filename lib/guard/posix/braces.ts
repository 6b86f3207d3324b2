/** One piece of a word as read: unquoted text, quoted text, or an expansion (null: unknown). */
export type Piece = { kind: "plain" | "quoted"; text: string } | { kind: "expansion"; text: string | null; quoted: boolean; digits?: { empty: boolean } | null };

/** The most words one brace expansion may produce before the word counts as unknown. */
export const MAX_BRACE_WORDS = 256;
/** The most pieces all results together may hold (keeps long words with braces linear). */
const _MAX_PIECES = 1 << 14;

type Token = Piece | "{" | "," | "}";

/**
 * Bash brace expansion over the pieces of one word: only unquoted `{`, `,`, `}` and `x..y[..n]`
 * count (`{'a',b}` expands, `"{a,b}"` does not). null when nothing expands; undefined when the
 * result would exceed the bound (the caller makes the word unknown). The size is counted before
 * anything is generated, so the work stays linear in the word.
 */
export function expandBraces(pieces: Piece[]): Piece[][] | null | undefined {
  const t = _tokens(pieces);
  const match = new Int32Array(t.length).fill(-1);
  const commas = new Map<number, number[]>();
  const stack: number[] = [];
  t.forEach((tok, i) => {
    if (tok === "{") stack.push(i);
    else if (tok === "}" && stack.length > 0) match[stack.pop()!] = i;
    else if (tok === "," && stack.length > 0) {
      const top = stack.at(-1)!;
      let list = commas.get(top);
      if (!list) commas.set(top, (list = []));
      list.push(i);
    }
  });
  const ex = new _Expander(t, match, commas);
  const n = ex.count(0, t.length);
  if (n === 1 && ex.first(0, t.length) < 0) return null;
  if (n > MAX_BRACE_WORDS || n * t.length > _MAX_PIECES) return undefined;
  return ex.generate(0, t.length).map((list) => list.map((tok) => (typeof tok === "string" ? { kind: "plain", text: tok } : tok)));
}

/** Splits plain text at the brace characters; `{}` at the start of a word stays literal (find's `{}`). */
function _tokens(pieces: Piece[]): Token[] {
  const out: Token[] = [];
  for (const p of pieces) {
    if (p.kind !== "plain") {
      out.push(p);
      continue;
    }
    for (const part of p.text.split(/([{},])/)) {
      if (part === "") continue;
      if ((part === "{" || part === "}" || part === ",") && !(part === "{" && out.length === 0 && p.text.startsWith("{}"))) out.push(part);
      else out.push({ kind: "plain", text: part });
    }
  }
  return out;
}

class _Expander {
  constructor(
    private readonly t: Token[],
    private readonly match: Int32Array,
    private readonly commas: Map<number, number[]>,
  ) {}

  /** The first `{` in [lo, hi) that opens a valid brace expression, or -1. */
  first(lo: number, hi: number): number {
    for (let i = lo; i < hi; i++) {
      if (this.t[i] !== "{" || this.match[i]! < 0 || this.match[i]! >= hi) continue;
      if (this.commas.has(i) || this.sequence(i) !== null) return i;
    }
    return -1;
  }

  /** `{x..y}` / `{x..y..step}` with integers or single letters: its words. */
  sequence(open: number): { n: number; at: (k: number) => string } | null {
    if (this.match[open] !== open + 2) return null;
    const inner = this.t[open + 1];
    if (typeof inner === "string" || inner?.kind !== "plain") return null;
    const num = /^([+-]?\d+)\.\.([+-]?\d+)(?:\.\.([+-]?\d+))?$/.exec(inner.text);
    const chr = num ? null : /^([A-Za-z])\.\.([A-Za-z])(?:\.\.([+-]?\d+))?$/.exec(inner.text);
    const m = num ?? chr;
    if (!m) return null;
    const a = num ? Number(m[1]) : m[1]!.charCodeAt(0);
    const b = num ? Number(m[2]) : m[2]!.charCodeAt(0);
    const step = Math.abs(Number(m[3] ?? 1)) || 1;
    if (!Number.isSafeInteger(a) || !Number.isSafeInteger(b) || !Number.isSafeInteger(step)) return null;
    const dir = a <= b ? step : -step;
    const n = Math.floor(Math.abs(b - a) / step) + 1;
    // A leading zero on either end pads every number to the wider end's width.
    const width = num && (/^[+-]?0\d/.test(m[1]!) || /^[+-]?0\d/.test(m[2]!)) ? Math.max(m[1]!.length, m[2]!.length) : 0;
    return {
      n,
      at: (k) => {
        const v = a + k * dir;
        if (!num) return String.fromCharCode(v);
        const digits = String(Math.abs(v)).padStart(v < 0 ? width - 1 : width, "0");
        return v < 0 ? `-${digits}` : digits;
      },
    };
  }

  /** How many words [lo, hi) expands to, saturating just above the bound. */
  count(lo: number, hi: number): number {
    const open = this.first(lo, hi);
    if (open < 0) return 1;
    const close = this.match[open]!;
    let alts = 0;
    const seq = this.commas.has(open) ? null : this.sequence(open);
    if (seq) alts = seq.n;
    else for (const [from, to] of this.parts(open)) alts = Math.min(alts + this.count(from, to), MAX_BRACE_WORDS + 1);
    return Math.min(alts * this.count(close + 1, hi), MAX_BRACE_WORDS + 1);
  }

  generate(lo: number, hi: number): Token[][] {
    const open = this.first(lo, hi);
    if (open < 0) return [this.t.slice(lo, hi)];
    const close = this.match[open]!;
    const pre = this.t.slice(lo, open);
    const seq = this.commas.has(open) ? null : this.sequence(open);
    const alts = seq ? Array.from({ length: seq.n }, (_, k) => [seq.at(k) as Token]) : this.parts(open).flatMap(([f, to]) => this.generate(f, to));
    const posts = this.generate(close + 1, hi);
    return alts.flatMap((alt) => posts.map((post) => [...pre, ...alt, ...post]));
  }

  private parts(open: number): Array<[number, number]> {
    const bounds = [open, ...this.commas.get(open)!, this.match[open]!];
    return bounds.slice(1).map((b, k) => [bounds[k]! + 1, b]);
  }
}
