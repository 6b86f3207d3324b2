import { dirname, isAbsolute } from "node:path";
import { op, type Op } from "../ops.ts";
import { literalWord, unknownWord, type Word } from "../syntax.ts";
import { HARMLESS_DEVICES } from "./analyze.ts";
import { clusterValue, longValue, optionWalk, wordFrom } from "./getopt.ts";
import { type GitOptionSpec, gitOptionValues, longPrefix } from "./git-options.ts";
import { isSecretPath } from "./secrets.ts";
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
 * `here` is git's directory, where relative names resolve. `patchSetting` gives format-patch's
 * `format.outputDirectory` (null: computed, undefined: not set), read only without `-o`.
 */
export function gitOutputs(sub: string, rest: Word[], here: string | null, patchSetting?: () => string | null | undefined): Op[] {
  if (sub === "config") return _configFile(rest, here);
  const files = gitOptionValues(rest, sub === "archive" ? ARCHIVE_OUTPUT : DIFF_OUTPUT);
  if (sub === "bundle" && rest[0]?.value === "create") {
    const file = rest.slice(1).find((w) => !w.value.startsWith("-") || w.dynamic);
    if (file && file.value !== "-") files.push(file);
  }
  const ops: Op[] = PLUMBING_WRITERS.has(sub) ? _plumbingWrites(sub, rest, files, here) : TREE_DESTINATIONS.has(sub) ? _treeDestination(sub, rest, here) : [];
  for (const w of files) {
    if (!w.dynamic && HARMLESS_DEVICES.test(w.value)) continue;
    // A credential store named as the file asks as `> FILE` does (analyze.ts redirectOps: an env
    // file is an ordinary write): `--output=$HOME/.ssh/id_rsa` is ASK_SECRET_ACCESS.
    if (!w.dynamic && isSecretPath(w, here) && !/(^|\/)\.env[^/]*$/.test(w.value)) ops.push(op("secret", `git ${sub}`));
    ops.push(_at({ ...op("overwrite", `git ${sub}`, [w]), lands: "created" }, here));
  }
  // format-patch writes `0001-<subject>.patch`… into DIR, replacing files of those names there:
  // a folder filled like `openssl ca -outdir` (outside the workspace an existing one asks, the
  // home's ancestors and protected storage block). `--stdout` with `-o` is refused by git.
  // Without `-o`, `format.outputDirectory` names the folder (relative to where it runs).
  if (sub === "format-patch" && !rest.some((w) => w.value === "--stdout")) {
    const dirs = gitOptionValues(rest, PATCH_DIRECTORY);
    const value = dirs.length || !patchSetting ? undefined : patchSetting();
    if (value === null) ops.push(op("unknown", "git format-patch"));
    else if (value !== undefined) dirs.push(literalWord(value));
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

// Commands that check a tree out into, or set a repository up in, the folder an operand names
// (session 10: worktree, submodule; session 11: clone, init).
const TREE_DESTINATIONS = new Set(["worktree", "submodule", "clone", "init"]);
const WORKTREE_ADD_VALUED = new Set(["-b", "-B", "--reason"]);
const SUBMODULE_ADD_VALUED = new Set(["-b", "--branch", "--name", "--reference", "--depth"]);
// clone's and init's long options (git 2.39 to 2.47; parse-options takes an unambiguous prefix),
// those that take a value, and the short letters that take one.
const CLONE_LONG = ["verbose", "quiet", "progress", "reject-shallow", "no-checkout", "checkout", "bare", "mirror", "local", "no-hardlinks", "hardlinks", "shared", "recurse-submodules", "recursive", "jobs", "template", "reference", "reference-if-able", "dissociate", "origin", "branch", "upload-pack", "depth", "shallow-since", "shallow-exclude", "single-branch", "no-tags", "tags", "shallow-submodules", "separate-git-dir", "ref-format", "config", "server-option", "ipv4", "ipv6", "filter", "also-filter-submodules", "remote-submodules", "sparse", "bundle-uri", "revision"];
const CLONE_VALUED = new Set(["jobs", "template", "reference", "reference-if-able", "origin", "branch", "upload-pack", "depth", "shallow-since", "shallow-exclude", "separate-git-dir", "ref-format", "config", "server-option", "filter", "bundle-uri", "revision"]);
const INIT_LONG = ["template", "bare", "shared", "quiet", "separate-git-dir", "initial-branch", "object-format", "ref-format"];
const INIT_VALUED = new Set(["template", "separate-git-dir", "initial-branch", "object-format", "ref-format"]);

/**
 * The folder a tree is checked out into or a repository set up in, judged as a folder the program
 * fills (git refuses a folder that is not empty, but outside the workspace an existing one still
 * asks, a startup folder asks, the system and protected storage block): `worktree add DIR`,
 * `submodule add URL PATH`, `clone REPO DIR` (or the folder named after REPO), `init [DIR]` (git
 * adds `.git` to DIR, or with `--bare` fills it: an existing folder made a repository changes
 * what every git command under it does). Not a landing for the line's later commands (the files
 * are the repository's, as a checkout's are; what a clone fetched is remote code: taint.ts). A
 * computed folder is unknown; a folder named `*.git` (a bare repository's name, protected storage
 * to the policy) is left as before.
 */
function _treeDestination(sub: string, rest: Word[], here: string | null): Op[] {
  let dir: Word | undefined;
  if (sub === "clone" || sub === "init") {
    const [long, valued, short] = sub === "clone" ? [CLONE_LONG, CLONE_VALUED, "objuc"] : [INIT_LONG, INIT_VALUED, "b"];
    let bare = false;
    const operands = optionWalk(rest, (a, i) => {
      if (!a.value.startsWith("--")) return clusterValue(rest, i, short)?.i ?? i;
      const read = longValue(rest, i, long, valued);
      bare ||= read.name === "bare" || read.name === "mirror";
      return read.i;
    });
    // init's operand is its folder (none: where git runs); clone's second, else the first's name
    // (`NAME.git` for a bare clone).
    dir = sub === "init" ? (operands[0] ?? literalWord(".")) : (operands[1] ?? (bare ? undefined : _cloneName(operands[0])));
  } else {
    if (rest[0]?.value !== "add") return [];
    const valued = sub === "worktree" ? WORKTREE_ADD_VALUED : SUBMODULE_ADD_VALUED;
    const operands = optionWalk(rest.slice(1), (a, i) => (valued.has(a.value) ? i + 1 : i));
    dir = operands[sub === "worktree" ? 0 : 1];
  }
  if (!dir || (!dir.dynamic && /\.git\/*$/.test(dir.value))) return [];
  return [_at({ ...filledFolder(`git ${sub}`, [dir]), lands: undefined }, here)];
}

/**
 * The folder `git clone REPO` makes without a folder operand, as git guesses it: REPO's last part
 * (after `/` or `:`), without a trailing `/`, `/.git`, `.git` or `.bundle`; undefined when REPO is
 * computed or gives no name (git then names it after the host, in the folder where it runs).
 */
function _cloneName(repo: Word | undefined): Word | undefined {
  if (!repo || repo.dynamic) return undefined;
  const name = repo.value.replace(/\/+$/, "").replace(/\/\.git$/, "").replace(/\/+$/, "").split(/[/:]/).pop()!.replace(/\.(git|bundle)$/, "");
  return name === "" || name === "." || name === ".." ? undefined : literalWord(name);
}

// Commands that write a file their operands or options name (session 10; session 11: read-tree,
// daemon, credential-cache and its daemon).
const PLUMBING_WRITERS = new Set(["merge-file", "fast-export", "fast-import", "mailinfo", "mailsplit", "credential-store", "index-pack", "read-tree", "daemon", "credential-cache", "credential-cache--daemon"]);
// merge-file's options that take the next word (parse-options, every unambiguous prefix: `--m`
// is --marker-size, `--diff-` --diff-algorithm).
const MERGE_FILE_VALUED: GitOptionSpec = { short: "L", long: ["marker-size", "diff-algorithm"], min: 1 };
const FAST_EXPORT_MARKS: GitOptionSpec = { long: ["export-marks"] };
const CREDENTIAL_FILE: GitOptionSpec = { long: ["file"], min: 1 };
// read-tree's `--index-output=FILE` (`--i…`: no other long option starts so).
const INDEX_OUTPUT: GitOptionSpec = { long: ["index-output"], min: 1 };
// credential-cache's `--socket PATH` (`--s…`; its other option is `--timeout`).
const CACHE_SOCKET: GitOptionSpec = { long: ["socket"], min: 1 };

/**
 * Plumbing that writes the files its words name (each confirmed with git 2.39 in the sandbox):
 * `merge-file CURRENT BASE OTHER` edits CURRENT in place unless `-p`/`--stdout` (`--s…`) or
 * `--object-id` (`--ob…`); `fast-export --export-marks FILE` (exact name, both forms) and
 * `fast-import --export-marks=FILE`/`--export-pack-edges=FILE` (only attached) write FILE;
 * `mailinfo MSG PATCH` writes both; `mailsplit -oDIR` (attached only) fills DIR with `0001`…;
 * `credential-store --file FILE store|erase` rewrites FILE (created when missing), as `git config
 * -f` does; `index-pack -o FILE` writes the index FILE; `read-tree --index-output=FILE` writes the
 * index there, `daemon --pid-file=FILE` its process id (session 11); `credential-cache --socket
 * PATH store` and `credential-cache--daemon PATH` delete what is at PATH. Files are pushed onto
 * `files` (judged like `>`); in-place edits, deletes and folders are returned.
 */
function _plumbingWrites(sub: string, rest: Word[], files: Word[], here: string | null): Op[] {
  const verb = `git ${sub}`;
  switch (sub) {
    case "merge-file": {
      const skipped = new Set(gitOptionValues(rest, MERGE_FILE_VALUED));
      let printed = false;
      let current: Word | undefined;
      let dashes = false;
      for (const w of rest) {
        const v = w.value;
        if (!dashes && !w.dynamic && v === "--") dashes = true;
        else if (!dashes && !w.dynamic && v.startsWith("--") && v.length > 2) printed ||= longPrefix(v.split("=")[0]!, "stdout", 1) || longPrefix(v, "object-id", 2);
        else if (!dashes && !w.dynamic && /^-[^-]/.test(v)) printed ||= /^-[q]*p/.test(v);
        else if (!skipped.has(w) && current === undefined) current = w;
      }
      return printed || !current ? [] : [_at({ ...op("overwrite", verb, [current]), inPlace: true }, here)];
    }
    case "fast-export":
      files.push(...gitOptionValues(rest, FAST_EXPORT_MARKS));
      return [];
    case "fast-import":
      for (const w of rest) {
        const m = /^--(export-marks|export-pack-edges)=/.exec(w.value);
        if (m) files.push(wordFrom(w, m[0].length));
      }
      return [];
    case "mailinfo":
      files.push(...rest.filter((w) => w.dynamic || !w.value.startsWith("-")).slice(0, 2));
      return [];
    case "mailsplit": {
      const dirs = rest.filter((w) => /^-o./.test(w.value)).map((w) => wordFrom(w, 2));
      return dirs.length ? [_at(filledFolder(verb, dirs), here)] : [];
    }
    case "credential-store": {
      // The action is the operand that is no option's value (options may follow it).
      const given = gitOptionValues(rest, CREDENTIAL_FILE);
      const action = rest.find((w) => (w.dynamic || !w.value.startsWith("-")) && !given.includes(w));
      if (!action || (!action.dynamic && action.value !== "store" && action.value !== "erase")) return [];
      return given.map((w) => _at({ ...op("overwrite", verb, [w]), inPlace: true, lands: "created" }, here));
    }
    case "read-tree":
      // The index it reads a tree into, written as FILE (lock file, then renamed over it).
      files.push(...gitOptionValues(rest, INDEX_OUTPUT));
      return [];
    case "daemon":
      // `--pid-file=FILE` (daemon's own parser: that spelling only), ignored under `--inetd`.
      if (!rest.some((w) => w.value === "--inetd")) files.push(...rest.filter((w) => w.value.startsWith("--pid-file=")).map((w) => wordFrom(w, 11)));
      return [];
    case "credential-cache":
    case "credential-cache--daemon": {
      // The daemon removes what is at its socket's path before it binds the socket there (and the
      // socket when it exits): `--socket ~/.ssh/id_rsa store` deleted the key (in a folder only
      // its owner may enter; git 2.39 in the sandbox). credential-cache starts the daemon to store.
      const paths = sub === "credential-cache" ? gitOptionValues(rest, CACHE_SOCKET) : rest.filter((w) => w.dynamic || !w.value.startsWith("-")).slice(0, 1);
      const action = sub === "credential-cache" ? rest.find((w) => (w.dynamic || !w.value.startsWith("-")) && !paths.includes(w)) : undefined;
      if (sub === "credential-cache" && (!action || (!action.dynamic && action.value !== "store"))) return [];
      return paths.map((w) => _at(op("delete", verb, [w]), here));
    }
    default: {
      // index-pack: `-o FILE` only as its own word.
      const at = rest.findIndex((w) => w.value === "-o");
      if (at >= 0 && rest[at + 1]) files.push(rest[at + 1]!);
      return [];
    }
  }
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
