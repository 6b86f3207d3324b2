import { op, type Op } from "../ops.ts";
import type { SimpleCommand, Word } from "../syntax.ts";
import { analyzeArgv, stdinOf } from "./analyze.ts";
import type { AnalyzeContext, Invocation } from "./context.ts";
import { programName } from "./names.ts";
import { readsToolFiles } from "./implicit-inputs.ts";
import { MANAGER_VALUED, packageCommand } from "./package-installs.ts";
import { PROGRAMS } from "./programs.ts";
import { LANGUAGES } from "./runner-names.ts";
import { scriptOperands } from "./script-operands.ts";

// Programs that never run their arguments as commands: a destructive word among their arguments
// is data (`grep rm`, `echo rm -rf /`, `man git-reset`).
const INERT = new Set(
  "echo printf grep egrep fgrep ag ack jq yq ls tree file stat du df ps pwd whoami id date info which type whereis diff cmp uniq wc cut tr column tac basename dirname realpath readlink test [ [[ true false sleep read export declare local set unset shift return exit alias history wait jobs ping host dig nslookup printenv uname hostname seq yes expr bc let mktemp code nano open xdg-open sha256sum sha1sum md5sum shasum cksum tput clear tar gzip gunzip zcat bzip2 xz cat head tail bat nl od hexdump strings base64 xxd".split(
    " ",
  ),
);

// Program names that are everyday argument words too (`make -C r`, `git log -- dc`, `ip link`,
// `brew link`): not taken as a wrapped program (R and dc run their stdin: stdin-code.ts).
const ARGUMENT_WORDS = new Set(["r", "R", "dc", "m4", "link"]);

/**
 * A word holding `=` or a `:` (not a drive letter's) is an option's value or a spec, never the
 * program: `docker run -v /:/host IMAGE rm …` and `--mount type=bind,src=/,dst=/host` end in
 * `/host`, which read as the program `host` and hid the `rm` after it (session 7).
 */
function _spec(value: string): boolean {
  return value.includes("=") || (value.includes(":") && !/^[A-Za-z]:[\\/]/.test(value));
}

// Options whose value is a format name, never a program, for the notebook converters: `jupyter
// nbconvert --to script` and `jupytext --to script` export a notebook as a script file.
const FORMAT_OPTION: Record<string, string> = { jupyter: "--to", jupytext: "--to" };

/**
 * A program the guard does not model. When one of its arguments names a known destructive
 * program (`rtk git reset --hard`, `$WRAP rm -rf /`), it may be a wrapper running it: the inner
 * effect is analysed and marked `wrapped`, and the policy fails closed on it. A shell or
 * interpreter named there is judged by what the command's stdin feeds it (red team 5, C7).
 */
export function scanUnknownProgram(args: Word[], ctx: AnalyzeContext, name: string, cmd?: SimpleCommand): Op[] {
  if (INERT.has(name)) return [];
  // A package manager's install or removal (`npm install a b`, `npm rm lodash`) is no coreutils
  // install or rm, and no program follows.
  const managed = packageCommand(name, args, ctx, cmd);
  if (managed) return managed;
  const bin = name === "yarn" || name === "pnpm" ? _managerBin(name, args, ctx) : undefined;
  if (bin?.length) return bin;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a.dynamic || a.value.startsWith("-") || _spec(a.value) || ARGUMENT_WORDS.has(a.value)) continue;
    // A task runner reading its folder's files (`uv run poe x`, `poetry run just`) is a program too.
    if (!PROGRAMS.has(programName(a)) && !readsToolFiles(a.value)) continue;
    if (FORMAT_OPTION[name] !== undefined && args[i - 1]?.dynamic === false && args[i - 1]!.value === FORMAT_OPTION[name]) continue;
    // The wrapped program inherits the command's stdin: `curl … | unshare bash` runs what curl
    // prints, as `| setpriv bash`, `| chroot / bash` and other wrappers the guard does not list.
    // (Only then: without stdin the wrapped program is judged as before, with none known.)
    // Only as the program operand, though: `git diff | delta --language bash` names a language.
    const fed = cmd && stdinOf(cmd).kind !== "none" && programOperandAt(args, i) ? cmd : undefined;
    const inner = analyzeArgv(a, args.slice(i + 1), ctx, fed);
    // A `--` right after the program may be the unknown program's own, ending its options
    // (`start-stop-daemon --exec /bin/rm -- -rf ~` runs `rm -rf ~`): both readings are judged.
    const after = args[i + 1];
    if (after && !after.dynamic && after.value === "--") inner.push(...analyzeArgv(a, args.slice(i + 2), ctx, fed));
    return inner.map((o) => ({ ...o, verb: `wrapped>${o.verb}`, wrapped: true }));
  }
  return name === "dynamic" ? [op("unknown", "dynamic")] : [];
}

// yarn's (classic and berry) and pnpm's own commands; any other first word is a script of
// package.json or else the bin of that name in node_modules/.bin (`yarn jest`, `pnpm vite build`).
const MANAGER_COMMANDS: Record<string, ReadonlySet<string>> = {
  yarn: new Set(
    "add audit autoclean bin cache check config constraints create dedupe dlx exec explain generate-lock-entry global help import info init install licenses link list login logout node npm outdated owner pack patch patch-commit plugin policies publish rebuild remove run search set stage tag team test unlink unplug up upgrade upgrade-interactive version versions why workspace workspaces".split(" "),
  ),
  pnpm: new Set(
    "add i install update up upgrade remove rm uninstall un link ln unlink import rebuild rb prune fetch install-test it patch patch-commit patch-remove audit list ls ll la outdated why licenses run exec dlx create start test t store root bin setup init deploy doctor config c get set publish pack recursive server env cat-file cat-index find-hash self-update approve-builds ignored-builds dedupe help".split(" "),
  ),
};
/**
 * `yarn [run] NAME …`/`pnpm [run] NAME …` where NAME is none of their commands: the bin NAME of the
 * project's node_modules/.bin runs (when no package.json script has that name), judged as that
 * program would be and marked wrapped (review B: a written x.test.js, then `yarn jest`, was
 * ALLOW_NOOP while `pnpm exec jest` blocked). Undefined when the first word is a command, a
 * known program (the scan below judges it) or unknown.
 */
function _managerBin(name: string, args: Word[], ctx: AnalyzeContext): Op[] | undefined {
  for (let i = 0, run = false; i < args.length; i++) {
    const a = args[i]!;
    if (a.dynamic) return undefined;
    if (a.value.startsWith("-")) {
      // Their options that take the next word (`yarn --cwd DIR jest`, `pnpm -C DIR jest`).
      if (MANAGER_VALUED[name]!.has(a.value)) i++;
      continue;
    }
    // `yarn run NAME`, `pnpm run NAME`: a script, else the bin.
    if (a.value === "run" && !run) {
      run = true;
      continue;
    }
    if (MANAGER_COMMANDS[name]!.has(a.value) || PROGRAMS.has(programName(a)) || _spec(a.value) || a.value.includes("/")) return undefined;
    return analyzeArgv(a, args.slice(i + 1), ctx).map((o) => ({ ...o, verb: `wrapped>${o.verb}`, wrapped: true }));
  }
  return undefined;
}

// Long options of the usual wrappers (unshare, setpriv, nsenter, bwrap, firejail) that take no
// value, so the word after them may be the program: `| unshare --map-root-user bash`.
const VALUELESS = new Set(
  "--user --map-root-user --map-current-user --fork --pid --mount --net --uts --ipc --cgroup --time --mount-proc --kill-child --all --noprofile --private --quiet --nnp --no-new-privs --clear-groups --init-groups --keep-groups --reset-env --unshare-all --share-net --die-with-parent --new-session --as-pid-1 --preserve-credentials".split(" "),
);

/**
 * The unmodelled program's reading of an invocation's words (installs, wrapped commands), which a
 * handler for a program that had none before keeps besides its own effects.
 */
export function unmodelledReading(inv: Invocation): Op[] {
  return scanUnknownProgram(inv.args, inv.ctx, inv.name, inv.cmd);
}

// Words after which a tool runs the program named next (`uv run gh …`, `npm exec env`, `pnpm dlx x`).
const RUN_WORDS = new Set(["run", "exec", "x", "dlx"]);

/**
 * The command a program the guard does not model as a wrapper may run, read from its words:
 * the first known program at a program operand (`fakeroot env`, `chroot / env`, `unshare -r
 * env`) or after a run word (`uv run gh auth token`); undefined when none is named, or for a
 * program that never runs its arguments (`echo env`). Used for what a command prints
 * (sent-data.ts): the wrapped program's output is the command's.
 */
export function wrappedArgv(name: string, args: Word[]): Word[] | undefined {
  // A shell's or interpreter's words are code or a script (`deno eval 'console.log(…)'`), read by their own readers.
  if (INERT.has(name) || Object.hasOwn(LANGUAGES, name) || scriptOperands(name, args) !== null) return undefined;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a.dynamic || a.value.startsWith("-") || _spec(a.value) || ARGUMENT_WORDS.has(a.value) || !PROGRAMS.has(programName(a))) continue;
    const before = args[i - 1];
    if (programOperandAt(args, i) || (before !== undefined && !before.dynamic && RUN_WORDS.has(before.value))) return args.slice(i);
  }
  return undefined;
}

/**
 * Whether `args[i]` may be the program an unknown wrapper runs (so it gets the command's stdin):
 * it follows `--`, `-c` or `exec`, or every word before it is an option, a short option's
 * possible value or a folder (`nsenter -t 1 -m bash`, `chroot / bash`), and it is not the value
 * of a long option (`delta --language bash`, `fzf --query python`) nor a later argument
 * (`mycli filter bash`).
 */
function programOperandAt(args: Word[], i: number): boolean {
  const before = args[i - 1];
  if (before && !before.dynamic && (before.value === "--" || before.value === "-c" || before.value === "exec")) return true;
  if (before && !before.dynamic && before.value.startsWith("--") && !before.value.includes("=") && !VALUELESS.has(before.value)) return false;
  for (let j = 0; j < i; j++) {
    const w = args[j]!;
    if (w.dynamic || w.value.startsWith("-") || w.value.startsWith("/")) continue;
    const prev = args[j - 1];
    if (!prev || prev.dynamic || !/^-[^-]/.test(prev.value)) return false;
  }
  return true;
}
