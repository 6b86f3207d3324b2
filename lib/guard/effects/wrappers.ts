import { isAbsolute } from "node:path";
import { op, type Op } from "../ops.ts";
import { keptPathOf } from "../posix/path-var.ts";
import { sshAgentEval } from "../posix/ssh-agent-eval.ts";
import { UNSET } from "../posix/vars.ts";
import { literalWord, unknownWord, type Word } from "../syntax.ts";
import { physicalPath } from "../paths.ts";
import { analyzeArgv, analyzeText } from "./analyze.ts";
import type { Handler, Invocation } from "./context.ts";
import { envWrapped } from "./own-assignments.ts";
import { substitutedNames } from "./exported-env.ts";
import { analyzeFedText } from "./nested-stdin.ts";
import { listingRunsItself } from "./git-listing.ts";
import { packageCommand } from "./package-installs.ts";
import { pipedToPeer, remoteCopy } from "./network.ts";
import { shellQuote } from "../shell-quote.ts";


/**
 * Wrappers run their trailing words as a command: sudo, env, nice, timeout, busybox, ….
 * Each entry says which options take a value and how many leading operands are not the command.
 */
interface WrapperSpec {
  valued: string[];
  /** Operands before the command (timeout's duration, flock's lock file, taskset's mask). */
  skip?: number;
  /** Options after which nothing runs (`command -v`, `sudo -l`). */
  lookupOnly?: string[];
  /** Options naming the folder the command runs in (`sudo -D DIR`, `--chdir=DIR`). */
  chdir?: string[];
}

const SPECS: Record<string, WrapperSpec> = {
  sudo: { valued: ["-u", "-g", "-h", "-p", "-C", "-D", "-r", "-t", "-U", "-T", "-R", "--user", "--group", "--chdir"], lookupOnly: ["-l", "-v", "-k", "-K", "-e", "--list", "--validate", "--edit"], chdir: ["-D", "--chdir"] },
  doas: { valued: ["-u", "-C"] },
  run0: { valued: ["-u", "--user", "-D", "--chdir"], chdir: ["-D", "--chdir"] },
  command: { valued: [], lookupOnly: ["-v", "-V"] },
  builtin: { valued: [] },
  exec: { valued: ["-a"] },
  nohup: { valued: [] },
  nice: { valued: ["-n", "--adjustment"] },
  timeout: { valued: ["-s", "-k", "--signal", "--kill-after"], skip: 1 },
  gtimeout: { valued: ["-s", "-k", "--signal", "--kill-after"], skip: 1 },
  time: { valued: ["-o", "-f", "--output", "--format"] },
  stdbuf: { valued: ["-i", "-o", "-e"] },
  ionice: { valued: ["-c", "-n", "--class", "--classdata"], lookupOnly: ["-p", "--pid"] },
  chrt: { valued: [], skip: 1 },
  taskset: { valued: [], skip: 1, lookupOnly: ["-p"] },
  setsid: { valued: [] },
  flock: { valued: ["-w", "-E", "--timeout", "--conflict-exit-code"], skip: 1 },
  caffeinate: { valued: ["-t", "-w"] },
  unbuffer: { valued: [] },
  strace: { valued: ["-o", "-e", "-p", "-s", "-u", "-E"] },
  ltrace: { valued: ["-o", "-e", "-p", "-s", "-u"] },
  torsocks: { valued: [] },
  proxychains: { valued: ["-f"] },
  "proxychains4": { valued: ["-f"] },
  firejail: { valued: [] },
  "xvfb-run": { valued: ["-n", "-s", "-f", "-e"] },
  npx: { valued: ["-p", "--package", "-c", "--call"] },
  bunx: { valued: ["-p", "--package"] },
  busybox: { valued: [] },
  watch: { valued: ["-n", "--interval", "-d"] },
};

/** Runs the wrapped command through the analysis with the wrapper's options removed. */
export const wrapper: Handler = (inv) => {
  const where: { chdir?: Word } = {};
  const rest = _unwrap(inv.name, inv.args, where);
  if (rest === "dynamic") return [op("unknown", inv.name)];
  if (rest === "lookup") return [];
  if (inv.name === "watch") return analyzeText(rest.map((w) => w.value).join(" "), "posix", inv.ctx);
  const first = rest[0];
  if (!first) return [];
  const tail = rest.slice(1);
  // `flock FILE -c TEXT` (or `--command`) runs TEXT through `sh -c` (red team 8, C8).
  if (inv.name === "flock" && (first.value === "-c" || first.value === "--command")) return tail[0] ? analyzeArgv(literalWord("sh"), [literalWord("-c"), tail[0]], inv.ctx, inv.cmd) : [];
  // npx/bunx run a package by its name: `http-server@14`, `@scope/name@latest` are that package.
  const head = (inv.name === "npx" || inv.name === "bunx") && !first.dynamic ? _unversioned(first) : first;
  // `sudo NAME=VALUE cmd` sets the variable for the command, as env does (git reads GIT_EDITOR…).
  if (inv.name === "sudo" && /^[A-Za-z_][A-Za-z0-9_]*=/.test(head.value)) return inDir(where.chdir, inv, () => env({ ...inv, args: rest }));
  return inDir(where.chdir, inv, () => analyzeArgv(head, tail, inv.ctx, inv.cmd));
};

/**
 * bun's runner subcommands: `bun x PKG ARGS` is bunx (`bun x rimraf DIR` deletes DIR); `bun exec
 * TEXT` runs TEXT in Bun Shell, whose builtins (rm, mv, cp…) and syntax the guard does not read.
 */
export const bunRunner: Handler = (inv) => {
  const sub = inv.args[0];
  // `bun rm --cwd DIR x` rewrites DIR's package.json (red team 15), as `npm rm --prefix DIR` does.
  const removal = packageCommand("bun", inv.args, inv.ctx, inv.cmd);
  if (removal) return removal;
  if (sub?.dynamic !== false) return [];
  if (sub.value === "x") return wrapper({ ...inv, name: "bunx", args: inv.args.slice(1) });
  return sub.value === "exec" && inv.args.length > 1 ? [op("unknown", "bun exec")] : [];
};

/** A package spec without its `@version` or `@tag` (`serve@14` → `serve`, `@a/b@1` → `@a/b`). */
function _unversioned(w: Word): Word {
  const m = /^(@?[^@/]+(?:\/[^@/]+)?)@[^/]*$/.exec(w.value);
  return m ? { ...w, value: m[1]!, pattern: m[1]! } : w;
}

/**
 * Analyses a command a wrapper runs in another folder (`env -C DIR`, `sudo -D DIR`): the inner
 * analysis sees DIR as the running directory (a file server serves it, relative paths are in
 * it), and the effects are fixed there. A folder the guard cannot name makes any effect unknown.
 */
export function inDir(chdir: Word | undefined, inv: Invocation, run: () => Op[]): Op[] {
  if (!chdir) return run();
  const state = inv.ctx.state;
  const [cwd, afterCd] = [state.cwd, state.afterCd];
  // chdir(2) takes `..` physically (`env -C link/..` is the link target's parent).
  const dir = chdir.dynamic || chdir.glob ? null : isAbsolute(chdir.value) ? physicalPath(chdir.value, cwd) : cwd === null ? null : physicalPath(`${cwd}/${chdir.value}`, cwd);
  state.cwd = dir;
  state.afterCd = true;
  let ops: Op[];
  try {
    ops = run();
  } finally {
    state.cwd = cwd;
    state.afterCd = afterCd;
  }
  if (ops.length === 0) return ops;
  if (dir === null) return [op("unknown", inv.name)];
  // Fixes the directory of the inner effects here (the caller fills only unset ones).
  for (const o of ops) {
    if (o.cwdUnknown !== true) o.cwd ??= dir;
    o.afterCd = true;
  }
  return ops;
}

/**
 * The command a wrapper runs (`sudo -u x tar …` → `tar …`): undefined when `name` is no wrapper,
 * null when it cannot be told (a dynamic option, a lookup, watch's shell text).
 */
export function wrappedCommand(name: string, args: Word[]): Word[] | null | undefined {
  if (!SPECS[name]) return undefined;
  const rest = _unwrap(name, args);
  return rest === "dynamic" || rest === "lookup" || name === "watch" ? null : rest;
}

function _unwrap(name: string, args: Word[], where?: { chdir?: Word }): Word[] | "dynamic" | "lookup" {
  const spec = SPECS[name]!;
  let i = 0;
  for (; i < args.length; i++) {
    const a = args[i]!;
    if (a.dynamic) return "dynamic";
    if (!a.value.startsWith("-") || a.value === "-") break;
    if (a.value === "--") {
      i++;
      break;
    }
    if (spec.lookupOnly?.includes(a.value)) return "lookup";
    if (name === "env") break;
    if (where && spec.chdir) {
      // `-D DIR`, `-DDIR`, `--chdir DIR`, `--chdir=DIR`.
      if (spec.chdir.includes(a.value)) where.chdir = args[i + 1] ?? unknownWord();
      else if (a.value.startsWith("--chdir=")) where.chdir = { ...a, value: a.value.slice(8) };
      else if (/^-D./.test(a.value)) where.chdir = { ...a, value: a.value.slice(2) };
    }
    if (spec.valued.includes(a.value)) i++;
  }
  return args.slice(i + (spec.skip ?? 0));
}

export const WRAPPER_NAMES = Object.keys(SPECS);

/** env: drops options and NAME=VALUE words; `-S STRING` splits its string into words. */
export const env: Handler = (inv) => {
  const words: Word[] = [];
  const args = inv.args;
  // `-C DIR`, `-CDIR`, `--chdir=DIR`: the inner command runs there (undefined: not given).
  let chdir: Word | undefined;
  // The variables env sets (`NAME=VALUE`) and unsets (`-u NAME`), in order: the program sees
  // them over the line's and the command's own (tar reads TAR_OPTIONS and TAPE; envWrapped).
  let changes: Array<[string, string | null]> | undefined;
  // `-i`, `-`, `--ignore-environment`: env empties the environment before its own assignments.
  let cleared = false;
  const enter = () => {
    if (cleared) changes = [..._clearedNames(inv).map((n): [string, string] => [n, UNSET]), ...(changes ?? [])];
    if (changes) inv.ctx = { ...inv.ctx, vars: envWrapped(inv.ctx.vars, changes) };
  };
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const v = a.value;
    if (words.length === 0 && !a.dynamic && _clears(v)) cleared = true;
    if (words.length > 0) words.push(a);
    else if (a.dynamic && _setsFileNames(a, inv, (changes ??= []))) continue;
    else if (a.dynamic && !(v.startsWith("PATH=") && keptPathOf(a) !== undefined)) return [op("unknown", "env")];
    else if (v === "-S" || v === "--split-string" || v.startsWith("-S") || v.startsWith("--split-string=")) {
      const text = v === "-S" || v === "--split-string" ? (args[++i]?.value ?? "") : v.replace(/^-S|^--split-string=/, "");
      const split = [text, ...args.slice(i + 1).map((w) => shellQuote(w.value))].join(" ");
      enter();
      return inDir(chdir, inv, () => analyzeFedText(split, "posix", inv.ctx, inv.cmd));
    } else if (v === "--chdir" || /^-[i0v]*C$/.test(v)) {
      chdir = args[++i] ?? unknownWord();
    } else if (v === "--unset" || /^-[i0v]*u$/.test(v)) {
      // `-u NAME`, `-iu NAME`, `--unset NAME`.
      const name = args[++i];
      if (name) (changes ??= []).push([name.value, UNSET]);
    } else if (/^(?:-[i0v]*u.|--unset=)/.test(v)) {
      // `-uNAME`, `-iuNAME`, `--unset=NAME`.
      (changes ??= []).push([v.replace(/^-[i0v]*u|^--unset=/, ""), UNSET]);
    } else if (/^(?:-[a-zA-Z0-9]*C.|--chdir=)/.test(v)) {
      chdir = { ...a, value: v.replace(/^-[a-zA-Z0-9]*?C|^--chdir=/, "") };
    } else if (/^[A-Za-z_][A-Za-z0-9_]*=/.test(v)) {
      const eq = v.indexOf("=");
      // A PATH keeping the environment's one with literal folders stays searchable (path-var.ts).
      const value = a.dynamic ? (v.startsWith("PATH=") ? (keptPathOf(a) ?? null) : null) : v.slice(eq + 1);
      (changes ??= []).push([v.slice(0, eq), value]);
    } else if (v.startsWith("-")) continue;
    else words.push(a);
  }
  enter();
  const [head, ...tail] = words;
  return head ? inDir(chdir, inv, () => analyzeArgv(head, tail, inv.ctx, inv.cmd)) : [];
};

/**
 * `env $(grep -v '^#' .env | xargs) CMD` (session 19): the substitution gives env one `NAME=VALUE`
 * word per line of the file (exported-env.ts substitutedNames); the names are set to values the
 * guard does not know. False for any other computed word.
 */
function _setsFileNames(a: Word, inv: Invocation, changes: Array<[string, string | null]>): boolean {
  const names = substitutedNames(a, inv.ctx.state.cwd);
  if (names === null) return false;
  for (const n of names) changes.push([n, null]);
  return true;
}

/** Whether an option word of env empties the environment (`-i`, `-vi`, `-iu NAME`, `-`, `--ignore-environment` or a prefix getopt takes for it). */
const _clears = (v: string): boolean => v === "-" || /^-[0v]*i/.test(v) || (v.length >= 10 && "--ignore-environment".startsWith(v));

/**
 * The variables `env -i` takes from the program it runs: every one the check's environment, the
 * line or the command's own assignments set. PATH is kept as the line has it: env then searches
 * the system's default folders, and the line's PATH is the stricter reading.
 */
function _clearedNames(inv: Invocation): string[] {
  const names = new Set([...Object.keys(inv.ctx.env ?? {}), ...inv.ctx.vars.keys(), ...(inv.cmd?.assigns.map((a) => a.name) ?? [])]);
  names.delete("PATH");
  return [...names].filter((n) => /^[A-Za-z_][A-Za-z0-9_]*$/.test(n));
}

/** eval joins its arguments and runs them as shell text. */
export const evalText: Handler = (inv) => {
  // `eval "$(ssh-agent -s)"`: the agent's fixed output sets two variables (posix/ssh-agent-eval.ts), from the real ssh-agent only.
  if (sshAgentEval(inv.args) && listingRunsItself(inv.args[0]!.outputOf![0]!, inv.ctx)) return [];
  if (inv.args.some((w) => w.dynamic)) return [op("unknown", "eval")];
  return analyzeFedText(inv.args.map((w) => w.value).join(" "), "posix", inv.ctx, inv.cmd);
};

/** su -c STRING, ssh/scp -o ProxyCommand=…: a string run by a local shell. */
export const commandString: Handler = (inv) => {
  const ops: Op[] = [];
  for (let i = 0; i < inv.args.length; i++) {
    const v = inv.args[i]!.value;
    let text: Word | undefined;
    if (inv.name === "su" && (v === "-c" || v === "--command")) text = inv.args[i + 1];
    if (inv.name === "ssh" || inv.name === "scp") {
      // `-o X`, `-oX`, and clusters such as `-voProxyCommand=…`.
      const cluster = /^-[a-zA-Z]*?o(.*)$/s.exec(v);
      const opt = cluster ? cluster[1] || inv.args[i + 1]?.value || "" : "";
      const m = /^(ProxyCommand|LocalCommand|KnownHostsCommand)\s*[= ]\s*(.*)$/is.exec(opt);
      if (m) text = { ...inv.args[i]!, value: m[2]! };
    }
    if (!text) continue;
    // su's command reads su's stdin; ssh's ProxyCommand talks to the connection.
    ops.push(...(text.dynamic ? [op("unknown", inv.name)] : analyzeFedText(text.value, "posix", inv.ctx, inv.name === "su" ? inv.cmd : undefined)));
  }
  if (inv.name === "scp") ops.push(...remoteCopy(inv));
  if (inv.name === "ssh") ops.push(...pipedToPeer(inv));
  return ops;
};

const TMUX_RUNNERS = new Set(["new-session", "new", "new-window", "neww", "split-window", "splitw", "respawn-pane", "respawnp", "respawn-window", "respawnw", "run-shell", "run"]);
const TMUX_VALUED = new Set(["-s", "-n", "-t", "-c", "-F", "-x", "-y", "-e", "-l", "-f", "-L", "-S"]);

/** tmux new-session/new-window/split-window/run-shell run their trailing shell command. */
export const tmux: Handler = (inv) => {
  const start = inv.args.findIndex((a) => TMUX_RUNNERS.has(a.value));
  if (start < 0) return [];
  const rest: Word[] = [];
  for (let i = start + 1; i < inv.args.length; i++) {
    const a = inv.args[i]!;
    if (a.value.startsWith("-") && rest.length === 0 && !a.dynamic) {
      if (TMUX_VALUED.has(a.value) || /^-[a-zA-Z]*[sntcFxyelfLS]$/.test(a.value)) i++;
      continue;
    }
    rest.push(a);
  }
  if (rest.length === 0) return [];
  if (rest.some((w) => w.dynamic)) return [op("unknown", "tmux")];
  return analyzeText(rest.map((w) => w.value).join(" "), "posix", inv.ctx);
};
