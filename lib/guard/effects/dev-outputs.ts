import { op, type Op } from "../ops.ts";
import { literalWord, unknownWord, type SimpleCommand, type Word } from "../syntax.ts";
import type { Handler, Invocation } from "./context.ts";
import { clusterValue, longValues, wordFrom } from "./getopt.ts";
import { analyzeFedText } from "./nested-stdin.ts";
import { fromFolder, goChdir, outputOption, type OutputSpec } from "./output-options.ts";
import { npmSubcommandAt } from "./remote-packages.ts";
import { filledFolder, realOutput } from "./sinks.ts";
import { unmodelledReading } from "./unknown-program.ts";

// Everyday developer tools whose option names a file (or folder) they write: bundlers and
// compilers (`bun build --outfile`, `deno compile -o`), linters' and test runners' reports
// (`eslint -o`, `pytest --junitxml=`, `go test -coverprofile=`), tracers' logs (`strace -o`,
// `valgrind --log-file=`) and downloads into a folder (`pip download -d`, `gh release download
// -D`). Red team session 11, finding 7: each was ALLOW with a git hook, an agent's hook settings or
// a startup file as that file, while `esbuild --outfile` and `go build -o` to the same path were
// judged (output-writers.ts). The file is judged like `> FILE` (an existing workspace file is
// relocated first, one outside the workspace asks, a protected one blocks), a folder like `tar -x
// -C DIR`; a computed value is unknown (output-options.ts). Most of these programs have a handler
// of their own (programs.ts runs this one beside it); the others keep an unknown program's
// reading of their arguments (`devOutputAlone`).

/** The writes of `inv` (its program's own handler judges the rest). */
export const devOutput: Handler = (inv) => {
  const tool = TOOLS[inv.name as keyof typeof TOOLS];
  return tool ? tool(inv) : [];
};

/** A program with no handler of its own: its writes and an unknown program's reading of its words. */
export const devOutputAlone: Handler = (inv) => [...unmodelledReading(inv), ...devOutput(inv)];

/** The writes `spec` names among `args` (output-options.ts), with no other reading. */
const outputs = (inv: Invocation, spec: OutputSpec, args: Word[] = inv.args): Op[] => outputOption(spec, true)({ ...inv, args });

/** The first word that is not an option, and the words after it. */
const subcommand = (args: Word[]): { sub: string | undefined; rest: Word[] } => {
  const at = args.findIndex((a) => a.dynamic || !a.value.startsWith("-"));
  return at < 0 || args[at]!.dynamic ? { sub: undefined, rest: [] } : { sub: args[at]!.value, rest: args.slice(at + 1) };
};

/**
 * The option words before the program a tracer runs (`strace -o F CMD ARGS`: getopt stops at the
 * first operand, so `CMD`'s own `-o` is not the tracer's): `valued` short letters and long names
 * take the next word unless attached.
 */
function _leading(args: Word[], valued: string, valuedLong: readonly string[]): Word[] {
  let i = 0;
  for (; i < args.length; i++) {
    const a = args[i]!;
    if (a.value === "--" && !a.dynamic) break;
    if (!a.value.startsWith("-") || a.value === "-") break;
    i = a.value.startsWith("--") ? longValues(args, i, valuedLong).i : (clusterValue(args, i, valued)?.i ?? i);
  }
  return args.slice(0, i);
}

/** A command fed bytes the guard does not see (tar.ts's `_unseenInput`). */
const _unseen = (): SimpleCommand => ({ argv: [], assigns: [], redirects: [], pipeFrom: { argv: [unknownWord()], assigns: [], redirects: [] } });

// strace 6.x (strace(1), src/strace.c longopts): the options that take a value, short and long
// (`--quiet`, `--silence`, `--decode-fds`, `--timestamps` … take one only after `=`).
const STRACE_VALUED = "abeEIoOpPsSuUX";
const STRACE_LONG = ["output", "trace", "trace-path", "trace-fds", "signals", "status", "abbrev", "verbose", "raw", "read", "write", "fault", "inject", "kvm", "attach", "user", "env", "columns", "summary-columns", "summary-sort-by", "summary-syscall-overhead", "string-limit", "decode-pids", "argv0", "detach-on", "interruptible", "const-print-style", "stack-trace-frame-limit", "syscall-limit"];
// ltrace(1): `-o, --output=FILE`; the other options that take a value.
const LTRACE_VALUED = "aADeFlnopsuwx";
const LTRACE_LONG = ["output", "align", "indent", "library", "config", "where", "debug"];
// GNU time(1): `-o, --output=FILE` (`-a` appends to it), `-f, --format=FORMAT`.
const TIME_VALUED = "of";
const TIME_LONG = ["output", "format"];

/**
 * A tracer's log: `strace -o FILE`, `ltrace -o FILE`, GNU `time -o FILE` (`/usr/bin/time`; bash's
 * `time` keyword takes no `-o`). strace(1): a FILE beginning `|` or `!` is a command the trace is
 * piped to (a shell runs it). `strace -ff` writes FILE.PID files: beside FILE, so its folder is
 * what is written.
 */
function _tracer(valued: string, valuedLong: readonly string[]): Handler {
  return (inv) => {
    const lead = _leading(inv.args, valued, valuedLong);
    const ops: Op[] = [];
    const files: Word[] = [];
    const spec: OutputSpec = { short: "o", valued, long: ["output"], valuedLong: [...valuedLong] };
    for (const o of outputs(inv, spec, lead)) {
      const w = o.targets[0];
      if (inv.name === "strace" && w && !w.dynamic && /^[|!]/.test(w.value)) {
        ops.push(...analyzeFedText(w.value.slice(1), "posix", inv.ctx, _unseen()));
        continue;
      }
      if (w) files.push(w);
      ops.push(o);
    }
    // `-ff` (`--output-separately`): each process's trace goes to FILE.PID, beside FILE.
    if (inv.name === "strace" && _separately(lead)) return [...ops.filter((o) => o.kind !== "overwrite"), ...files.map((f) => filledFolder(inv.name, [_folderOf(f)]))];
    // `time -a`: appended to, not replaced.
    const append = inv.name === "time" && lead.some((a) => /^-[a-zA-Z]*a/.test(a.value) || a.value === "--append");
    return append ? ops.map((o) => (o.kind === "overwrite" ? { ...o, inPlace: true } : o)) : ops;
  };
}

/** strace's `-ff` (two `-f` letters in its clusters) or `--output-separately`. */
function _separately(lead: Word[]): boolean {
  let fs = 0;
  for (const a of lead) {
    if (a.value === "--output-separately") return true;
    if (!/^-[a-zA-Z]/.test(a.value)) continue;
    const got = clusterValue([a], 0, STRACE_VALUED);
    fs += (a.value.slice(1, got ? got.at : undefined).match(/f/g) ?? []).length;
  }
  return fs >= 2;
}

/** The folder a file word lands in (`.git/hooks/pre-commit` → `.git/hooks`). */
function _folderOf(w: Word): Word {
  if (w.dynamic) return w;
  const at = w.value.lastIndexOf("/");
  return at < 0 ? literalWord(".") : at === 0 ? literalWord("/") : { ...w, value: w.value.slice(0, at), pattern: w.pattern.slice(0, at), glob: false };
}

// valgrind(1): its options are `--name=value` words before the program; these name files. In a
// name `%p` is the process id, `%q{VAR}` a variable's value, `%n` a sequence number: any text.
const VALGRIND_FILES = new Set(["log-file", "xml-file", "massif-out-file", "callgrind-out-file", "cachegrind-out-file", "dhat-out-file"]);

function _valgrind(inv: Invocation): Op[] {
  const files: Word[] = [];
  for (const a of inv.args) {
    if (!a.value.startsWith("-") || a.value === "--") break;
    const m = /^--([a-z-]+)=/.exec(a.value);
    if (!m || !VALGRIND_FILES.has(m[1]!)) {
      // `--log$X`: the expansion may make it any of them.
      if (a.dynamic && /^--[a-z-]*$/.test(a.value)) files.push(unknownWord());
      continue;
    }
    const w = wordFrom(a, m[0].length);
    if (w.dynamic || !w.value.includes("%")) files.push(w);
    else {
      const glob = w.value.replace(/%q\{[^}]*\}|%[pn]/g, "*").replace(/%%/g, "%");
      files.push({ ...w, value: glob, pattern: glob, glob: glob.includes("*") });
    }
  }
  return files.filter(realOutput).map((f) => ({ ...op("overwrite", inv.name, [f]), lands: "created" as const }));
}

// go help testflag: the profiles `go test` writes, relative to `-outputdir` when one is given (testing.toOutputDir); `-o` is output-options.ts's.
const GO_PROFILES = ["coverprofile", "cpuprofile", "memprofile", "blockprofile", "mutexprofile", "trace"];

function _goTest(inv: Invocation, rest: Word[]): Op[] {
  const ops = outputs(inv, { words: GO_PROFILES, dirWords: ["outputdir"] }, rest);
  const dir = ops.find((o) => o.kind === "write-into")?.targets.at(-1);
  // A relative profile lands in the output folder.
  return dir ? ops.map((o) => (o.kind === "overwrite" ? fromFolder([o], dir)[0]! : o)) : ops;
}

// pytest --help: `--junitxml=path` (`--junit-xml`), the removed `--resultlog=path`
// (`--result-log`); pytest-cov's `--cov-report=TYPE:DEST` (xml, json, lcov, markdown: a file;
// html, annotate: a folder).
const PYTEST_FILES = ["junitxml", "junit-xml", "resultlog", "result-log"];

function _pytest(inv: Invocation): Op[] {
  const ops = outputs(inv, { long: PYTEST_FILES, valuedLong: ["cov-report"] });
  inv.args.forEach((a, i) => {
    const given = a.value === "--cov-report" ? inv.args[i + 1] : a.value.startsWith("--cov-report=") ? wordFrom(a, 13) : undefined;
    const m = given && /^(xml|json|lcov|markdown|markdown-append|html|annotate):/.exec(given.value);
    if (!given || !m) return;
    const dest = wordFrom(given, m[0].length);
    ops.push(/^(html|annotate)$/.test(m[1]!) ? filledFolder(inv.name, [dest]) : { ...op("overwrite", inv.name, [dest]), lands: "created" });
  });
  return ops;
}

const TOOLS = {
  // bun build --help: `--outfile FILE`, `--outdir DIR` (`--compile` makes the file an executable);
  // bun pm pack: `--destination DIR`, `--filename FILE`.
  bun: (inv: Invocation) => {
    const [sub, next] = inv.args;
    if (sub?.value === "build" && !sub.dynamic) return outputs(inv, { long: ["outfile"], dirLong: ["outdir"] }, inv.args.slice(1));
    if (sub?.value === "pm" && next?.value === "pack") return outputs(inv, { long: ["filename"], dirLong: ["destination"] }, inv.args.slice(2));
    return [];
  },
  // deno compile: `-o, --output FILE` (the executable); deno bundle: `-o, --output FILE`,
  // `--outdir DIR`, and Deno 1's `deno bundle SRC OUT`; deno coverage `--output FILE` (lcov);
  // deno doc `--output DIR` (HTML).
  deno: (inv: Invocation) => {
    const { sub, rest } = subcommand(inv.args);
    if (sub === "compile") return outputs(inv, { short: "o", long: ["output"] }, rest);
    if (sub === "coverage") return outputs(inv, { long: ["output"] }, rest);
    if (sub === "doc") return outputs(inv, { dirLong: ["output"] }, rest);
    if (sub !== "bundle") return [];
    const ops = outputs(inv, { short: "o", long: ["output"], dirLong: ["outdir"] }, rest);
    const operands = rest.filter((a) => a.dynamic || !a.value.startsWith("-"));
    if (ops.length === 0 && operands.length === 2) ops.push({ ...op("overwrite", inv.name, [operands[1]!]), lands: "created" });
    return ops;
  },
  go: (inv: Invocation) => {
    const { dir, rest: words } = goChdir(inv.args);
    const { sub, rest } = subcommand(words);
    return sub === "test" ? fromFolder(_goTest(inv, rest), dir) : [];
  },
  pytest: _pytest,
  "py.test": _pytest,
  // eslint --help: `-o, --output-file path` (the report).
  eslint: (inv: Invocation) => outputs(inv, { short: "o", valued: "cf", long: ["output-file"], valuedLong: ["config", "format", "env", "ext", "global", "parser", "parser-options", "plugin", "rule", "rulesdir", "ignore-path", "ignore-pattern", "max-warnings", "cache-location", "cache-strategy", "stdin-filename", "resolve-plugins-relative-to", "flag"] }),
  // ruff check --help: `-o, --output-file <OUTPUT_FILE>` (RUFF_OUTPUT_FILE).
  ruff: (inv: Invocation) => {
    const { sub, rest } = subcommand(inv.args);
    return sub === "check" ? outputs(inv, { short: "o", long: ["output-file"], valuedLong: ["config", "select", "ignore", "extend-select", "per-file-ignores", "fixable", "unfixable", "exclude", "extend-exclude", "target-version", "line-length", "output-format", "cache-dir", "stdin-filename"] }, rest) : [];
  },
  // npm pack: `--pack-destination DIR`.
  npm: (inv: Invocation) => {
    const at = npmSubcommandAt(inv.args);
    return at >= 0 && !inv.args[at]!.dynamic && inv.args[at]!.value === "pack" ? outputs(inv, { dirLong: ["pack-destination"] }) : [];
  },
  // pip download: `-d, --dest DIR`; pip wheel: `-w, --wheel-dir DIR`.
  pip: (inv: Invocation) => _pip(inv),
  pip3: (inv: Invocation) => _pip(inv),
  // gh release download: `-D, --dir DIR`, `-O, --output FILE` (`--clobber`, `--skip-existing`
  // take no value); gh run download: `-D, --dir DIR`.
  gh: (inv: Invocation) => {
    const [group, sub] = inv.args;
    if (sub?.value !== "download" || sub.dynamic || group?.dynamic) return [];
    if (group?.value === "release") return outputs(inv, { short: "O", dirShort: "D", valued: "pRA", long: ["output"], dirLong: ["dir"], valuedLong: ["pattern", "repo", "archive"] }, inv.args.slice(2));
    if (group?.value === "run") return outputs(inv, { dirShort: "D", valued: "npR", dirLong: ["dir"], valuedLong: ["name", "pattern", "repo"] }, inv.args.slice(2));
    return [];
  },
  strace: _tracer(STRACE_VALUED, STRACE_LONG),
  ltrace: _tracer(LTRACE_VALUED, LTRACE_LONG),
  time: _tracer(TIME_VALUED, TIME_LONG),
  valgrind: _valgrind,
  // jest --help: `--outputFile FILE` is written with `--json`; `--coverageDirectory DIR`.
  jest: (inv: Invocation) => {
    const json = inv.args.some((a) => a.value === "--json");
    return outputs(inv, { long: json ? ["outputFile", "output-file"] : [], dirLong: ["coverageDirectory", "coverage-directory"], valuedLong: json ? [] : ["outputFile", "output-file"] });
  },
  // coverage.py: `html -d/--directory DIR`, `annotate -d DIR`; `xml|json|lcov -o FILE`.
  coverage: (inv: Invocation) => {
    const { sub, rest } = subcommand(inv.args);
    if (sub === "html" || sub === "annotate") return outputs(inv, { dirShort: "d", dirLong: ["directory"], valuedLong: ["include", "omit", "title", "data-file", "rcfile", "precision", "contexts"] }, rest);
    if (sub === "xml" || sub === "json" || sub === "lcov") return outputs(inv, { short: "o", valuedLong: ["include", "omit", "data-file", "rcfile", "contexts"] }, rest);
    return [];
  },
  // zig build-exe|build-lib|build-obj|test|run: `-femit-bin=PATH` and the other emitted files,
  // `-femit-docs=DIR`; zig build: `-p, --prefix DIR` (the install folder) and
  // `--prefix-{lib,exe,include}-dir DIR` (its parts: under the prefix when relative, so judged
  // from the working folder they err outward). (`zig cc -o FILE`: the unknown program's reading
  // finds its cc.)
  zig: (inv: Invocation) => {
    const { sub, rest } = subcommand(inv.args);
    if (sub === "build") return outputs(inv, { dirShort: "p", dirLong: ["prefix", "prefix-lib-dir", "prefix-exe-dir", "prefix-include-dir"], valued: "j", valuedLong: ["build-file", "cache-dir", "global-cache-dir", "zig-lib-dir", "sysroot", "search-prefix", "libc", "release", "maxrss", "build-runner", "seed"] }, rest);
    const ops: Op[] = [];
    for (const a of rest) {
      const m = /^-femit-(bin|asm|llvm-ir|llvm-bc|h|implib|docs)=/.exec(a.value);
      if (!m) continue;
      const w = wordFrom(a, m[0].length);
      ops.push(m[1] === "docs" ? filledFolder(inv.name, [w]) : { ...op("overwrite", inv.name, [w]), lands: "created" });
    }
    return ops;
  },
  // mypy --help: `--junit-xml FILE`; its report options name folders.
  mypy: (inv: Invocation) => outputs(inv, { long: ["junit-xml"], dirLong: ["html-report", "txt-report", "xml-report", "linecount-report", "lineprecision-report", "any-exprs-report", "cobertura-xml-report", "linecoverage-report", "memory-xml-report"], valuedLong: ["config-file", "cache-dir", "python-version", "platform", "exclude", "module", "package", "command", "python-executable", "always-true", "always-false", "enable-error-code", "disable-error-code", "custom-typeshed-dir", "shadow-file"] }),
};

/** `pip download -d DIR`, `pip wheel -w DIR` (optparse: `-dDIR`, `--dest=DIR`, abbreviations). */
function _pip(inv: Invocation): Op[] {
  const { sub, rest } = subcommand(inv.args);
  const valued = "cerfi";
  const valuedLong = ["constraint", "requirement", "editable", "find-links", "index-url", "extra-index-url", "platform", "python-version", "implementation", "abi", "src", "progress-bar", "no-binary", "only-binary", "build-dir", "global-option", "config-settings", "log", "cache-dir", "proxy", "retries", "timeout", "exists-action", "trusted-host", "cert", "client-cert"];
  if (sub === "download") return outputs(inv, { dirShort: "d", valued, dirLong: ["dest"], valuedLong }, rest);
  if (sub === "wheel") return outputs(inv, { dirShort: "w", valued, dirLong: ["wheel-dir"], valuedLong }, rest);
  return [];
}
