import { fnmatchRegExp } from "./fnmatch.ts";

/** A test of one item; null when its answer is unknown (a time close to the bound). `mtime`: its modification time in ms. */
type Test = (name: string, printed: string, type: string, empty: () => boolean, mtime: () => number) => boolean | null;

/** A parsed find expression; `acts` marks subtrees holding an action or -prune. */
export type FindNode = { acts: boolean } & (
  | { t: "and" | "or" | "comma"; a: FindNode; b: FindNode }
  | { t: "not"; a: FindNode }
  | { t: "test"; test: Test }
  | { t: "prune" }
  /** -delete, -exec …: `value` is its result, null when it is a command's exit status. */
  | { t: "action"; index: number; value: boolean | null; deletes: boolean }
);

export interface FindExpression {
  root: FindNode;
  actions: number;
  depthFirst: boolean;
  xdev: boolean;
  maxDepth: number;
  minDepth: number;
  /** find refuses to run at all (-prune with -delete but without an explicit -depth). */
  refused: boolean;
}

const EXECS = new Set(["-exec", "-execdir", "-ok", "-okdir"]);
// Options and actions that are true and need no evaluation here (the handler sees file writes).
const TRUE_FLAGS = new Set(["-print", "-print0", "-ls", "-noleaf", "-ignore_readdir_race", "-noignore_readdir_race", "-nowarn", "-warn", "-daystart", "-true"]);
const TRUE_VALUED = new Set(["-printf", "-fprint", "-fprint0", "-fls"]);

/**
 * Parses the expression part of a find command line (after the start points) with find's
 * precedence: `!` over implicit or explicit `-a` over `-o` over `,`. Null when it holds a test
 * this module does not evaluate, so the caller fails closed.
 */
export function parseFindExpression(tokens: string[]): FindExpression | null {
  const out: FindExpression = { root: _true(), actions: 0, depthFirst: false, xdev: false, maxDepth: Infinity, minDepth: 0, refused: false };
  let explicitDepth = false;
  let prunes = false;
  let deletes = false;
  let i = 0;
  const peek = () => tokens[i];
  const comma = (): FindNode | null => {
    let a = or();
    while (a && peek() === ",") {
      i++;
      const b = or();
      if (!b) return null;
      a = { t: "comma", a, b, acts: a.acts || b.acts };
    }
    return a;
  };
  const or = (): FindNode | null => {
    let a = and();
    while (a && (peek() === "-o" || peek() === "-or")) {
      i++;
      const b = and();
      if (!b) return null;
      a = { t: "or", a, b, acts: a.acts || b.acts };
    }
    return a;
  };
  const and = (): FindNode | null => {
    let a = unary();
    for (;;) {
      const next = peek();
      if (!a || next === undefined || next === "-o" || next === "-or" || next === "," || next === ")") return a;
      if (next === "-a" || next === "-and") i++;
      const b = unary();
      if (!b) return null;
      a = { t: "and", a, b, acts: a.acts || b.acts };
    }
  };
  const unary = (): FindNode | null => {
    const tok = tokens[i++];
    if (tok === "!" || tok === "-not") {
      const a = unary();
      return a && { t: "not", a, acts: a.acts };
    }
    if (tok === "(") {
      const a = comma();
      if (tokens[i++] !== ")") return null;
      return a;
    }
    return tok === undefined ? null : primary(tok);
  };
  const primary = (tok: string): FindNode | null => {
    const value = tokens[i];
    if (tok === "-name" || tok === "-iname") return value === undefined ? null : (i++, _test(fnmatchRegExp(value, tok === "-iname"), "name"));
    if (/^-i?(path|wholename)$/.test(tok)) return value === undefined ? null : (i++, _test(fnmatchRegExp(value, tok.startsWith("-i")), "printed"));
    if (tok === "-type") {
      if (value === undefined || !/^[fdlpsbcD](,[fdlpsbcD])*$/.test(value)) return null;
      i++;
      const types = new Set(value.split(","));
      return { t: "test", test: (_n, _p, type) => types.has(type), acts: false };
    }
    if (tok === "-mtime" || tok === "-mmin") return value === undefined || tokens.includes("-daystart") ? null : (i++, _age(value, tok === "-mtime" ? DAY : MINUTE));
    if (tok === "-empty") return { t: "test", test: (_n, _p, _t, empty) => empty(), acts: false };
    if (tok === "-false") return { t: "test", test: () => false, acts: false };
    if (tok === "-maxdepth" || tok === "-mindepth") {
      if (value === undefined || !/^\d+$/.test(value)) return null;
      i++;
      if (tok === "-maxdepth") out.maxDepth = Number(value);
      else out.minDepth = Number(value);
      return _true();
    }
    if (tok === "-depth" || tok === "-d") return (out.depthFirst = explicitDepth = true), _true();
    if (tok === "-xdev" || tok === "-mount") return (out.xdev = true), _true();
    if (TRUE_FLAGS.has(tok)) return _true();
    if (TRUE_VALUED.has(tok)) return value === undefined ? null : (i++, _true());
    if (tok === "-fprintf") return tokens[i + 1] === undefined ? null : ((i += 2), _true());
    if (tok === "-prune") return (prunes = true), { t: "prune", acts: true };
    if (tok === "-delete") {
      out.depthFirst = deletes = true;
      return { t: "action", index: out.actions++, value: true, deletes: true, acts: true };
    }
    if (EXECS.has(tok)) {
      const end = tokens.findIndex((t, k) => k >= i && (t === ";" || (t === "+" && tokens[k - 1] === "{}")));
      if (end < 0) return null;
      const batch = tokens[end] === "+";
      i = end + 1;
      // `-exec … {} +` is always true; `-exec … ;` and -ok are the command's (or person's) answer.
      return { t: "action", index: out.actions++, value: batch ? true : null, deletes: false, acts: true };
    }
    return null;
  };
  if (tokens.length > 0) {
    const root = comma();
    if (!root || i < tokens.length) return null;
    out.root = root;
  }
  // GNU find: "-prune does nothing when -depth is in effect" is an error unless -depth is explicit.
  out.refused = deletes && prunes && !explicitDepth;
  return out;
}

const MINUTE = 60_000;
const DAY = 86_400_000;
// How far a file's age may move between the check and find's run (a file crossing the bound then
// would be deleted without its copy): one this close to a bound keeps the test unknown.
const AGE_MARGIN = 5 * MINUTE;
/** How one find counts an age in units, and which counts a test holds for (`+N`, `-N`, `N`). */
interface Reading {
  units: (age: number, unit: number) => number;
  holds: (k: number, sign: string, n: number) => boolean;
}
// GNU find (and busybox's) drop the fraction of the age in units: `-mtime +7` is 8 days or more.
const WHOLE_UNITS: Reading = {
  units: (age, unit) => Math.floor(age / unit),
  holds: (k, sign, n) => (sign === "+" ? k > n : sign === "-" ? k < n : k === n),
};
// BSD find (macOS) rounds it up, and takes `-N` as at most N: `-mtime +7` is more than 7 days.
const UNITS_ROUNDED_UP: Reading = {
  units: (age, unit) => Math.ceil(age / unit),
  holds: (k, sign, n) => (sign === "+" ? k > n : sign === "-" ? k <= n : k === n),
};
// Linux's find is GNU's or busybox's; elsewhere (a GNU find first on a Mac's PATH) either may run.
const READINGS: readonly Reading[] = process.platform === "linux" ? [WHOLE_UNITS] : [WHOLE_UNITS, UNITS_ROUNDED_UP];

/**
 * `-mtime N` / `-mmin N` (`+N` more, `-N` fewer, `N` exactly), evaluated now: unknown unless
 * every count of units an age within AGE_MARGIN of the file's may have, under every reading of
 * the finds that may run, gives the same answer (`-mmin 3` on a file 3.5 minutes old is unknown:
 * the window spans counts 0 to 8).
 */
function _age(spec: string, unit: number): FindNode | null {
  const m = /^([+-]?)(\d{1,6})$/.exec(spec);
  if (!m) return null;
  const [, sign, n] = m as unknown as [string, string, string];
  const test: Test = (_n, _p, _t, _e, mtime) => {
    const age = Date.now() - mtime();
    let answer: boolean | undefined;
    for (const read of READINGS) {
      const last = read.units(age + AGE_MARGIN, unit);
      for (let k = read.units(age - AGE_MARGIN, unit); k <= last; k++) {
        const holds = read.holds(k, sign, Number(n));
        if (answer !== undefined && holds !== answer) return null;
        answer = holds;
      }
    }
    return answer ?? null;
  };
  return { t: "test", test, acts: false };
}

function _true(): FindNode {
  return { t: "test", test: () => true, acts: false };
}

/** A name or path test; null (the expression cannot be evaluated) for a pattern fnmatch.ts cannot read. */
function _test(re: RegExp | null, on: "name" | "printed"): FindNode | null {
  if (re === null) return null;
  return { t: "test", test: on === "name" ? (name) => re.test(name) : (_n, printed) => re.test(printed), acts: false };
}
