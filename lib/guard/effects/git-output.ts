import { dirname, isAbsolute } from "node:path";
import { op, type Op } from "../ops.ts";
import { unknownWord, type Word } from "../syntax.ts";
import { HARMLESS_DEVICES } from "./analyze.ts";
import { type GitOptionSpec, gitOptionValues, longPrefix } from "./git-options.ts";
import { filledFolder } from "./sinks.ts";

// `--output=FILE` and `--output FILE` of the diff options (diff, log, show, format-patch,
// range-diff, stash show, blame, …): the exact name only. The commands that take diff options
// parse them with PARSE_OPT_KEEP_UNKNOWN_OPT, which turns parse-options' prefix matching off
// (git 2.39: `git log --outp=x` is "unrecognized argument"); `diff --no-index` matches prefixes,
// but every prefix of `--output` is ambiguous there with `--output-indicator-*`.
const DIFF_OUTPUT: GitOptionSpec = { long: ["output"], shortValued: "SGOIl" };
const ARCHIVE_OUTPUT: GitOptionSpec = { short: "o", long: ["output"], min: 1 };
// format-patch's own `-o DIR` (also after its own boolean letters: `-ko DIR`, `-kqoDIR`) and
// `--output-directory`. Its parser reads every word before the diff options' parser gets the
// rest: a diff letter (`-S`, `-W`) ends a cluster and takes no next word (`-S -o DIR` writes into
// DIR, `-Wo DIR` does not); `-v` takes one. Current git takes no prefix of the long name
// (KEEP_UNKNOWN_OPT, as above); older ones expanded `--output-d…`, still read as the option.
const PATCH_DIRECTORY: GitOptionSpec = { short: "o", long: ["output-directory"], shortValued: "v", shortOwn: "nNskpqh", min: 8 };
// `git bugreport|diagnose -o DIR` (`--o…`: parse-options with every prefix, `-s` takes a value).
const REPORT_DIRECTORY: GitOptionSpec = { short: "o", long: ["output-directory"], shortValued: "s", min: 1 };
const REPORT_SUFFIX: GitOptionSpec = { short: "s", long: ["suffix"], shortValued: "o", min: 1 };
const PREFIX: GitOptionSpec = { long: ["prefix"], min: 2 };
// `git config -f FILE`, `--file FILE`, `--fil=FILE` (`--fi` is ambiguous with `--fixed-value`).
const CONFIG_FILE: GitOptionSpec = { short: "f", shortValued: "t", long: ["file"], min: 3 };
// git config's modes and subcommands that change the file; the other forms read it.
const CONFIG_WRITES = /^(set|unset|rename-section|remove-section|edit|--add|--replace-all|--unset(-all)?|--rename-section|--remove-section|-e|--edit)$/;
const CONFIG_VALUED = /^(-[ft]|--(file|blob|type|default|comment|value))$/;

/**
 * Files git writes because an option names them, as overwrites (the path policy then judges them
 * like `>`): `--output=FILE` of the diff family, `archive -o FILE`, `bundle create FILE`; and
 * folders it writes into: `format-patch -o DIR` (patches named after the commits), `checkout-index
 * --prefix=DIR/` (tracked files under another root; with `-f` it overwrites files there the guard
 * cannot list: unknown); `apply --unsafe-paths` writes files the guard cannot name (unknown).
 * `here` is git's directory, where relative names resolve.
 */
export function gitOutputs(sub: string, rest: Word[], here: string | null): Op[] {
  if (sub === "config") return _configFile(rest, here);
  const files = gitOptionValues(rest, sub === "archive" ? ARCHIVE_OUTPUT : DIFF_OUTPUT);
  if (sub === "bundle" && rest[0]?.value === "create") {
    const file = rest.slice(1).find((w) => !w.value.startsWith("-") || w.dynamic);
    if (file && file.value !== "-") files.push(file);
  }
  const ops: Op[] = [];
  for (const w of files) if (w.dynamic || !HARMLESS_DEVICES.test(w.value)) ops.push(_at({ ...op("overwrite", `git ${sub}`, [w]), lands: "created" }, here));
  // format-patch writes `0001-<subject>.patch`… into DIR, replacing files of those names there:
  // a folder filled like `openssl ca -outdir` (outside the workspace an existing one asks, the
  // home's ancestors and protected storage block). `--stdout` with `-o` is refused by git.
  if (sub === "format-patch" && !rest.some((w) => w.value === "--stdout")) {
    const dirs = gitOptionValues(rest, PATCH_DIRECTORY);
    if (dirs.length) ops.push(_at(filledFolder("git format-patch", dirs), here));
  }
  // bugreport and diagnose write `git-bugreport-<date>.txt`, `git-diagnostics-<date>.zip` (and its
  // folder) into DIR, judged as format-patch's folder; a suffix with a slash puts the file in
  // another folder (`-s /../x`: unknown).
  if (sub === "bugreport" || sub === "diagnose") {
    if (gitOptionValues(rest, REPORT_SUFFIX).some((w) => w.dynamic || w.value.includes("/"))) ops.push(op("unknown", `git ${sub}`));
    const dirs = gitOptionValues(rest, REPORT_DIRECTORY);
    if (dirs.length) ops.push(_at(filledFolder(`git ${sub}`, dirs), here));
  }
  // `git apply --unsafe-paths` writes wherever the patch and `--directory` say, outside the work
  // tree too (red team 8: `--directory=$HOME` replaced ~/.bashrc): which files, the guard cannot tell.
  // (`--check` writes nothing.)
  if (sub === "apply" && _given(rest, "unsafe-paths", 3) && !_given(rest, "check", 2)) ops.push(op("unknown", "git apply"));
  if (sub === "checkout-index") {
    const forced = rest.some((w) => w.value === "--force" || /^-[a-z]*f/.test(w.value));
    for (const w of gitOptionValues(rest, PREFIX)) {
      const root = w.dynamic ? w : { ...w, value: w.value.endsWith("/") ? w.value : dirname(w.value) };
      ops.push(forced ? op("unknown", "git checkout-index") : _at({ ...op("write-into", "git checkout-index", [root]), lands: "spread" }, here));
    }
  }
  return ops;
}

/** A known word that is the long option `--NAME` or a prefix of it git takes. */
function _given(rest: Word[], name: string, min: number): boolean {
  return rest.some((w) => !w.dynamic && longPrefix(w.value, name, min));
}

/**
 * `git config -f FILE KEY VALUE` (and `--add`, `--unset`, `set`, `rename-section`, …) rewrites
 * FILE in place, whatever it is (red team 7, H2: `git config -f ~/.bash_profile a.b '$(curl …|sh)'`
 * made a login shell run a download): an in-place edit of FILE the path rules judge like `sed -i`,
 * a startup file asking even when git creates it. Reading forms (`--get`, `-l`, one operand) write nothing.
 */
function _configFile(rest: Word[], here: string | null): Op[] {
  const files = gitOptionValues(rest, CONFIG_FILE);
  if (files.length === 0) return [];
  let operands = 0;
  let writes = false;
  for (let i = 0; i < rest.length; i++) {
    const v = rest[i]!.value;
    if (CONFIG_WRITES.test(v) && (i === 0 || v.startsWith("-"))) writes = true;
    else if (CONFIG_VALUED.test(v)) i++;
    else if (!v.startsWith("-") || rest[i]!.dynamic) operands++;
  }
  if (!writes && operands < 2) return [];
  return files.map((w) => _at({ ...op("overwrite", "git config", [w]), inPlace: true, lands: "created" }, here));
}

/** The op runs in git's directory; a relative name there is unknown when that directory is. */
function _at(o: Op, here: string | null): Op {
  if (here !== null) return { ...o, cwd: here };
  return { ...o, targets: o.targets.map((t) => (isAbsolute(t.value) && !t.dynamic ? t : unknownWord())) };
}
