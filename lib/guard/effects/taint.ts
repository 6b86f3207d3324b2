import { basename, dirname, normalize } from "node:path";
import { op, type Op } from "../ops.ts";
import { literalWord, type SimpleCommand, type Word } from "../syntax.ts";
import type { AnalyzeContext } from "./context.ts";
import { noteWriter } from "./clears.ts";
import { addFile, fileKeys, hasFile } from "./file-identity.ts";
import { isDirectory } from "../fs-probe.ts";
import { fetchedFolders } from "./fetched-folders.ts";
import { fetchesRemotePackage, packageRunner } from "./remote-packages.ts";
import { downloadLanding } from "./download-targets.ts";
import { judgesPipedFetch, remoteStdin } from "./remote-stdin.ts";
import { codeFiles, scriptOperands } from "./script-operands.ts";
import { ddFiles, stdinWrites } from "./stdin-writers.ts";
import { stdinOf } from "./stdin.ts";
import { envValue, implicitInputs, implicitPattern, inLibraryFolder, libraryFolders } from "./implicit-inputs.ts";
import { loaderSources } from "./loader-sources.ts";
import { LANGUAGES } from "./runner-names.ts";
import { executedNotebooks } from "./notebook-runs.ts";
import { firstPathFolder, shadows } from "./shadowed-modules.ts";

const FETCHERS = new Set(["curl", "wget", "http", "https", "xh", "aria2c"]);
const DECODERS = new Set(["base64", "xxd", "openssl", "gpg"]);
const COPIERS = new Set(["mv", "cp", "install", "ln", "link", "rsync", "scp"]);
const VCS = new Set(["git", "svn", "hg", "gh"]);
// The programs that taint what they write whatever their stdin.
const SOURCES: ReadonlySet<string> = new Set([...FETCHERS, ...DECODERS, ...COPIERS]);
// The programs above in one set: the test every command of a line makes.
const FEEDERS: ReadonlySet<string> = new Set([...SOURCES, ...VCS]);
/**
 * No ops, shared by the answers that have none (analyze.ts too). Readonly by type, not frozen: the
 * first Object.freeze of an array costs the compiled hook about 0.3 MiB of Bun's code on every
 * answer (docs/check.md "Session 9: hook memory").
 */
export const NO_OPS: readonly Op[] = [];
// In the tainted set: a fetched folder exists while the running directory is unknown, so a
// relative name (`git clone URL d && cd d && make`) may be inside it.
const RELATIVE_UNDER_FETCH = "\0relative";
// Implicit inputs that are files in the folder a tool runs in (not programs a loader variable
// names, which bash looks up on PATH: `GIT_SSH=rm`).
const BUILD_FILE = /^(?:[Mm]akefile|GNUmakefile|package\.json|setup\.py|pyproject\.toml|setup\.cfg|\.envrc|build\.rs|Cargo\.toml|[\w.-]+\.py|Rakefile|Gemfile|[Jj]ustfile|tox\.ini|(?:build|settings)\.gradle(?:\.kts)?|CMakeLists\.txt|composer\.json|Taskfile\.ya?ml|Vagrantfile)$/;

/**
 * Download-then-run across one command line: files written from the network (curl -o, wget,
 * `curl … > f`, `base64 -d > f`) and folders a version-control client filled from another host
 * (`git clone URL d`, `git pull URL`: fetched-folders.ts) are tainted, copies of them too, and
 * running one (`./f`, `bash d/install.sh`, `source f`, `make -C d`) is network code:
 * ASK_REMOTE_CODE. So is a package runner or installer given a URL or a git source
 * (`npx github:u/r`, `pip install git+…`: remote-packages.ts).
 */
export function taintOps(name: string, head: Word, args: Word[], cmd: SimpleCommand | undefined, ctx: AnalyzeContext): readonly Op[] {
  const runner = packageRunner(name);
  // The sources the line sets in the environment count (`PIP_INDEX_URL=URL pip install x`).
  const fetched = runner !== undefined && fetchesRemotePackage(runner, args, (variable) => envValue({ cmd, ctx }, variable, false)) ? [op("remote-code", name)] : NO_OPS;
  // Nothing is tainted until a fetcher, a decoder, a copy from another host or a clone writes a file.
  const feeds = FEEDERS.has(name) || cmd?.pipeFrom !== undefined;
  // With nothing tainted yet (the set stays empty after a piped command that fed nothing), a
  // command that is not piped, has no redirection (no `< /dev/tcp/…` stdin: remoteStdin is false)
  // and is none of the programs above taints nothing and runs nothing downloaded.
  if (!feeds && (!ctx.state.tainted || (ctx.state.tainted.size === 0 && !cmd?.redirects.length))) return fetched;
  // With nothing tainted yet, a command that is no fetcher, decoder or copy taints only the
  // folders a version-control client fills from another host (fetched-folders.ts) and the files
  // it writes network data on its stdin into (remote-stdin.ts); with neither (`git status`, `git
  // log | head`, `ls | grep x`: most commands that get here) it taints nothing and runs nothing
  // downloaded, which _taintOps would find after its closures. The set is made as _taintOps makes
  // it (clears.ts reads that it exists).
  if (!ctx.state.tainted?.size && !SOURCES.has(name) && (!VCS.has(name) || fetchedFolders(name, args).length === 0) && !remoteStdin(cmd, _nothingTainted)) {
    ctx.state.tainted ??= new Set();
    return fetched;
  }
  const ops = _taintOps(name, head, args, cmd, ctx);
  return fetched.length === 0 ? ops : [...fetched, ...ops];
}

/**
 * Whether the program a command word runs came from the network earlier in the line: a download
 * or a copy of one (`curl -o x.sh URL && ./x.sh`), or a file of a fetched folder (`git clone URL
 * d && cd d && ./configure`). Running it is remote code (ASK_REMOTE_CODE), as `bash x.sh` is.
 * Returns how many of the line's writes onto the file that accounts for (program-path.ts
 * writesOnto): 1, the download's or copy's own, or 0 for a file the clone filled; null when the
 * program came from no download.
 */
export function downloadRun(head: Word, ctx: AnalyzeContext): number | null {
  const { tainted } = ctx.state;
  if (tainted === undefined || !_tainted(head, tainted, ctx.state, false)) return null;
  return !head.dynamic && hasFile(tainted, head, ctx.state) ? 1 : 0;
}

/**
 * Whether a word names a tainted file. A copy to an unknown name taints "": any unknown name may
 * then be that copy. A path inside a folder the network filled (`rsync -a host:x/ bin/; bin/x`) is
 * tainted too. Nothing tainted yet (a piped command before any download): no word is, without a
 * lookup. `bare`: a name without a slash is a file here (a script operand, a Makefile), not a
 * program bash looks up on PATH.
 */
function _tainted(w: Word, tainted: Set<string>, state: AnalyzeContext["state"], bare: boolean): boolean {
  if (tainted.size === 0) return false;
  if (w.dynamic) return tainted.has("");
  if (hasFile(tainted, w, state)) return true;
  if (!bare && !w.value.includes("/")) return false;
  return _insideTainted(w.value, tainted, state.cwd) || (state.cwd === null && !w.value.startsWith("/") && tainted.has(RELATIVE_UNDER_FETCH));
}

/** isTainted while the tainted set is empty: no word is. */
const _nothingTainted = (): boolean => false;

function _taintOps(name: string, head: Word, args: Word[], cmd: SimpleCommand | undefined, ctx: AnalyzeContext): Op[] {
  const state = ctx.state;
  const tainted = (state.tainted ??= new Set());
  const taint = (value: string) => {
    addFile(tainted, value, state);
    noteWriter(fileKeys(value, state), head, cmd, ctx);
  };
  const isTainted = (w: Word | undefined, bare = false) => w !== undefined && _tainted(w, tainted, state, bare);
  // Where the download lands is download-targets.ts's decision, the same one its write ops use:
  // a file inside `--output-dir`/`-P` (red team 5: `wget -P d URL && sh d/x`), or a folder of
  // names the guard cannot know (`curl -OJ`, `wget -r`), whose every entry is then tainted.
  // A `cd` into the download's folder that leaves the directory unknown (it does not exist yet)
  // makes a relative name run after it possibly the download, as for a fetched folder.
  const land = FETCHERS.has(name) ? downloadLanding(name, args) : null;
  const landed = (w: Word, inFolder: boolean) => {
    if (w.dynamic) tainted.add("");
    else taint(w.value);
    if (w.dynamic || inFolder) tainted.add(RELATIVE_UNDER_FETCH);
  };
  for (const w of land ? [...land.saved, ...land.named] : []) landed(w, w.value.includes("/"));
  if (land?.spread) landed(land.spread, land.spread.value !== ".");
  // A version control tool reads its own configuration (`~/.hgrc`, `~/.subversion/config`) before
  // it fetches: what its checkout lands feeds later commands, not itself (`svn export URL ~`).
  const readsTainted = () => implicitInputs(name, args, cmd, ctx).some((value) => isTainted(literalWord(value), BUILD_FILE.test(value)));
  const readsFirst = VCS.has(name) && tainted.size > 0 && readsTainted();
  if (VCS.has(name)) {
    for (const folder of fetchedFolders(name, args)) {
      taint(folder);
      tainted.add(RELATIVE_UNDER_FETCH);
    }
  }
  // Red team 5: stdin carrying network data (a fetcher's output, a downloaded file, or any
  // stage fed one: remote-stdin.ts) is written on by whatever names a file for it: a redirection
  // (`| cat > f`, `| gunzip > f`), `tee`, `sponge`, `dd of=`, `cp /dev/stdin f`.
  const fromRemote = cmd !== undefined && remoteStdin(cmd, (w) => isTainted(w, true));
  if (cmd && (FETCHERS.has(name) || DECODERS.has(name) || fromRemote)) {
    for (const r of cmd.redirects) if ((r.op === ">" || r.op === ">>") && !r.target.dynamic) taint(r.target.value);
  }
  if (fromRemote) for (const w of stdinWrites(name, args)) landed(w, false);
  // Still nothing tainted, no network data on stdin, no copy (a copy may fetch from another host):
  // each step below needs a tainted word (isTainted is false for every word of an empty set) or
  // network stdin, so none can taint anything, and the line runs nothing downloaded.
  if (tainted.size === 0 && !fromRemote && !COPIERS.has(name)) return [];
  // A patch from the network (`curl URL | git apply`, `patch -p1 < dl.diff`) may create or change
  // any file in the folder it applies to.
  const patchDir = _patchFolder(name, args);
  if (patchDir !== null && (fromRemote || args.some((a) => isTainted(a, true)))) {
    taint(patchDir);
    tainted.add(RELATIVE_UNDER_FETCH);
  }
  const operands = args.filter((a) => !a.value.startsWith("-"));
  // A copy of a tainted file, or one fetched from another host (`rsync host:x y`), is tainted.
  const remote = (a: Word) => name !== "mv" && /^[^/]+:/.test(a.value);
  const dest = operands.at(-1);
  const sources = operands.slice(0, -1);
  if (COPIERS.has(name) && operands.length >= 2 && sources.some((a) => remote(a) || isTainted(a))) {
    if (dest!.dynamic) tainted.add("");
    // One file copied into an existing folder lands under its own name (`scp host:/etc/hosts .`).
    else if (_singleFileInto(name, args, sources, dest!, state.cwd)) taint(`${dest!.value}/${basename(sources[0]!.value.replace(/^[^/]+:/, ""))}`);
    else taint(dest!.value);
  }
  if (name === "dd") {
    const dd = ddFiles(args);
    if (dd.input && dd.output && isTainted(dd.input)) taint(dd.output.value);
  }
  if (tainted.size === 0 && !fromRemote) return [];
  // A script operand the guard cannot name may be the download; with inline code (`-c`, `-e`,
  // `-m`) the operands are data, not scripts. Which words are a runner's code (its script, and
  // option values such as `node -r FILE`; later operands are its arguments: `python3 parse.py
  // data.json`) and whether it reads its code from stdin (`curl URL | tclsh`, `| bun run -`, `|
  // Rscript -`) is script-operands.ts's reading. `exec PROGRAM` runs its first operand, make its
  // operands (targets that may be files); either may read stdin (`make -f -`).
  const code = scriptOperands(name, args);
  // A notebook jupyter, papermill or jupytext executes runs as a script does (notebook-runs.ts).
  const scripts = code ? codeFiles(code) : name === "make" ? operands : name === "exec" ? operands.slice(0, 1) : executedNotebooks(name, args);
  const readsStdin = code ? code.stdin : name === "make" || name === "exec";
  // A fetcher piped straight into a shell or a modelled interpreter is that handler's to judge (shells.ts).
  const stdinRuns = readsStdin && fromRemote && !(judgesPipedFetch(name) && stdinOf(cmd).kind === "remote");
  const runsTainted = isTainted(head) || scripts.some((a) => a.dynamic || isTainted(a, true)) || stdinRuns;
  // Each check below looks for a tainted file: once the run is found they add nothing, and with
  // nothing tainted (network stdin only: `curl URL | sh`) each is false.
  if (runsTainted || tainted.size === 0) return runsTainted ? [op("remote-code", name)] : [];
  // Start-up code an interpreter loads, read as written-runs.ts reads it (loader-sources.ts: `PERL5OPT=-Mx`, `RUBYOPT=-r./x`).
  const loads =
    (VCS.has(name) ? readsFirst : readsTainted()) ||
    loaderSources(name, LANGUAGES[name], args, cmd, ctx, readsStdin).some((s) => isTainted(s.word, true));
  const pattern = loads ? null : implicitPattern(name, args);
  const loadsNamed = pattern !== null && [...tainted].some((k) => pattern.test(k));
  // A library the loader may map from an LD_LIBRARY_PATH folder: a download in one, or a fetched folder.
  const folders = libraryFolders(cmd, ctx);
  const loadsLibrary = folders.length > 0 && (folders.some((f) => isTainted(literalWord(f), true)) || [...tainted].some((k) => inLibraryFolder(k, folders)));
  // A downloaded module where python looks first for imports (shadowed-modules.ts: `curl -o json.py …; python3 app.py`).
  const path = firstPathFolder(name, args, cmd, ctx);
  const loadsShadow = path !== null && [...tainted].some((k) => k !== path.script && shadows(k, path.folder));
  return loads || loadsNamed || loadsLibrary || loadsShadow ? [op("remote-code", name)] : [];
}

/** The folder a patch program applies to: `git [-C DIR] apply|am`, `patch [-d DIR]`; null for another program. */
function _patchFolder(name: string, args: Word[]): string | null {
  if (name !== "git" && name !== "patch") return null;
  const words = args.map((a) => a.value);
  const at = words.findIndex((w) => w === (name === "git" ? "-C" : "-d") || w === "--directory");
  const dir = at >= 0 ? (words[at + 1] ?? ".") : (words.find((w) => /^(-d|--directory=)./.test(w))?.replace(/^-d|^--directory=/, "") ?? ".");
  if (name === "patch") return dir;
  const sub = words.find((w, i) => !w.startsWith("-") && words[i - 1] !== "-C" && words[i - 1] !== "-c");
  return sub === "apply" || sub === "am" ? dir : null;
}

/** A single plain file (no glob, no trailing slash, no recursion) copied into an existing folder. */
function _singleFileInto(name: string, args: Word[], sources: Word[], dest: Word, cwd: string | null): boolean {
  if (sources.length !== 1 || sources[0]!.glob || sources[0]!.dynamic || /\/$|:$/.test(sources[0]!.value)) return false;
  if (args.some((a) => /^-[a-zA-Z]*[rRa]/.test(a.value) || a.value === "--recursive" || a.value === "--archive")) return false;
  if (name === "ln" || name === "link" || (cwd === null && !dest.value.startsWith("/"))) return false;
  return isDirectory(dest.value.startsWith("/") ? dest.value : `${cwd}/${dest.value}`);
}

function _insideTainted(value: string, tainted: Set<string>, cwd: string | null): boolean {
  if (cwd === null && !value.startsWith("/")) return false;
  const file = normalize(value.startsWith("/") ? value : `${cwd}/${value}`);
  for (let at = dirname(file); at !== dirname(at); at = dirname(at)) if (tainted.has(at)) return true;
  return false;
}
