import { basename, dirname, resolve } from "node:path";
import { realPathOrNull } from "../fs-probe.ts";
import { op, type Op } from "../ops.ts";
import { findWorkspace } from "../paths.ts";
import { literalWord, type SimpleCommand, type Word } from "../syntax.ts";
import { analyzeText } from "./analyze.ts";
import { type AnalyzeContext, MAX_ANALYSIS_DEPTH } from "./context.ts";
import { absPath, lookupKeys } from "./file-identity.ts";
import { HOOK_RUNNERS } from "./git-hooks.ts";
import { gitOptionValues } from "./git-options.ts";
import { goImportsHarmless, goModulePath } from "./go-imports.ts";
import { collectedTests, GIT_COMMAND_VARS, inLibraryFolder, INTERPRETER_STARTUP_VARS, libraryFolders, loaderFiles, managerFiles, PACKAGE_MANAGERS, programInputs, SHELL_STARTUP_VARS } from "./implicit-inputs.ts";
import { scanCode } from "./interpreters.ts";
import { loaderSources } from "./loader-sources.ts";
import { localPackageFiles, managerSubcommandAt } from "./package-installs.ts";
import { NPM_INSTALL, remoteNpmSpec } from "./remote-packages.ts";
import { LANGUAGES } from "./runner-names.ts";
import { analyseWritten, lineWrittenText, SHELLS } from "./written-runs.ts";
import { appendedText } from "./written-scripts.ts";
import { PUBLIC_NPM_PATHS } from "./public-indexes.ts";

// Files a runner is told to read: `make -f FILE`, `cmake -P FILE`, `just -f FILE`, `task -t FILE`, `rake -f FILE`.
const NAMED: Record<string, { short: string; long: string[] }> = {
  make: { short: "f", long: ["file", "makefile"] },
  gmake: { short: "f", long: ["file", "makefile"] },
  cmake: { short: "P", long: [] },
  just: { short: "f", long: ["justfile"] },
  task: { short: "t", long: ["taskfile"] },
  rake: { short: "f", long: ["rakefile"] },
  // Session 8: `tox -c FILE`, `nox -f FILE`, `knex --knexfile FILE`, `deno -c FILE` (and its import map),
  // `pnpm --pnpmfile FILE`.
  tox: { short: "c", long: ["conf"] },
  nox: { short: "f", long: ["noxfile"] },
  knex: { short: "", long: ["knexfile"] },
  deno: { short: "c", long: ["config", "import-map"] },
  // pnpm's hooks file (`--pnpmfile x.cjs`), code pnpm runs as the .pnpmfile.cjs it stands for.
  pnpm: { short: "", long: ["pnpmfile", "global-pnpmfile"] },
};
const MAX_RECIPES = 256;
const YARNRC_FILES = new Set([".yarnrc", ".yarnrc.yml", "pnpm-workspace.yaml"]);

/**
 * A build or test runner reading a project file the same line wrote (red team 7, C3): `printf
 * 'all:\n\trm -rf ~/.ssh\n' > Makefile; make`, a written conftest.py then pytest, package.json
 * then `npm run x`, `cmake -P x.cmake`, a hook written into the hooks folder then `git commit`.
 * The files are implicit-inputs.ts's lists (the same ones downloads are judged by) plus the ones an
 * option names. Text the guard reads is analysed in its language — a Makefile's recipes and
 * package.json's scripts as shell lines, python files by the python scanner, a hook by its `#!`
 * line — and any other format, or a file the line filled with text it did not read, is unknown.
 */
export function writtenInputRuns(name: string, args: Word[], cmd: SimpleCommand | undefined, ctx: AnalyzeContext): Op[] {
  const state = ctx.state;
  if (!state.scripts?.size && !state.landed?.length) return [];
  // What loader variables name loads into any program, or into what it runs (`LD_PRELOAD=./x.so
  // bash -c …`, a library in an LD_LIBRARY_PATH folder); but the ones a program's own module
  // judges: a shell's start-up files (shell-startup.ts), an interpreter's start-up code
  // (loader-sources.ts), the commands git runs (git-env.ts). Of the files an interpreter reads
  // by itself only pytest's conftest.py, bun's package.json and bunfig.toml, deno's deno.json and
  // `python -m poethepoet|tox|nox|invoke`'s files are this module's.
  const shell = SHELLS.has(name);
  const language = LANGUAGES[name];
  const loaded = new Set(loaderSources(name, language, args, cmd, ctx, false).map((s) => s.word.value));
  const own = name === "git" ? GIT_COMMAND_VARS : shell ? SHELL_STARTUP_VARS : language ? INTERPRETER_STARTUP_VARS : [];
  // `python -m pip install ./dir` builds the folder's package as pip does.
  const packages = language ? localPackageFiles(name, args) : [];
  const read = shell ? [] : programInputs(name, args, cmd, ctx).filter((v) => language === undefined || /(^|\/)(conftest\.py|package\.json|bunfig\.toml|deno\.jsonc?|pyproject\.toml|poe_tasks\.toml|tox\.(ini|toml)|setup\.cfg|noxfile\.py|tasks\.py)$/.test(v) || packages.includes(v));
  // The names the line wrote or filled, read as they are when asked (an input analysed below may
  // write more), without building the list for each file.
  const known: Iterable<string | null> = {
    *[Symbol.iterator]() {
      yield* state.scripts?.keys() ?? [];
      yield* state.landed ?? [];
    },
  };
  const folders = libraryFolders(cmd, ctx);
  const written = folders.length === 0 ? [] : [...known];
  const libraries = written.filter((k): k is string => k !== null && inLibraryFolder(k, folders));
  // Every package.json the line wrote, for a package manager: an install reaches one through a
  // package.json the line did not write (its workspaces, a `file:` dependency) and runs its
  // lifecycle scripts, and `-w DIR` runs a workspace's scripts (session 7).
  // A lockfile the line wrote, for an install: the sources it resolves to are fetched (session 10).
  let installs: boolean | undefined;
  const manifests = PACKAGE_MANAGERS.has(name) && state.scripts ? [...state.scripts.keys()].filter((k) => k.endsWith("/package.json") || (LOCKFILE.test(k) && (installs ??= _installsManifest(name, args)))) : [];
  // The local packages an install names, when the line filled some folder (read once, when a
  // file below is no written one).
  let locals: Set<string> | undefined;
  const local = (file: string) => !shell && !!state.landed?.length && (locals ??= new Set(language ? packages : localPackageFiles(name, args))).has(file);
  // Files the line's npm_config_*/YARN_* variables name (implicit-inputs.ts managerFiles).
  const managed = PACKAGE_MANAGERS.has(name) ? managerFiles(name, cmd, ctx) : undefined;
  const files = [...new Set([...loaderFiles(cmd, ctx, own), ...read, ...libraries, ...manifests, ...(managed?.files ?? [])])].filter((v) => !loaded.has(v)).map((v) => literalWord(v));
  const named = NAMED[name];
  if (named) files.push(...gitOptionValues(args, { short: named.short, long: named.long }));
  const ops: Op[] = managed?.unknown ? [op("unknown", name)] : [];
  // A written package.json named both ways is read once.
  const readKeys = manifests.length ? new Set<string>() : undefined;
  for (const word of files.slice(0, 64)) {
    // Only a file the line wrote by its name: a checkout or extraction over its folder lands
    // committed or downloaded files (judged as such), not text of the line's own.
    if (word.dynamic) continue;
    const keys = lookupKeys(word.value, state, known).filter((k) => state.scripts?.has(k) || state.landed?.includes(k));
    if (keys.length === 0) {
      // But a local package an install builds or runs the scripts of, in a folder the line filled
      // by a copy, a move or an extraction (`cp -r /tmp/x vendor/x && npm install ./vendor/x`,
      // `tar xf p.tgz -C vendor && pip install ./vendor/p`): text the guard never saw, as a script
      // run from there is (session 8). Not the running folder's own tree (a checkout of it, `tar
      // xf x.tgz && pip install .`), whose files an install reads as `npm install` does.
      if (local(word.value) && _filledFolder(word.value, state) && lineWrittenText(word, ctx, cmd) === null) ops.push(op("unknown", name));
      continue;
    }
    if (keys.every((k) => readKeys?.has(k))) continue;
    for (const k of keys) readKeys?.add(k);
    // A variable's yarn configuration (`YARN_RC_FILENAME=my.yml`) is read as .yarnrc.yml.
    const file = managed?.as.get(word.value) ?? basename(word.value);
    let text = lineWrittenText(word, ctx, cmd);
    // Settings appended to yarn's configuration (`>> .yarnrc.yml`) are read as a written one's:
    // what the file held is the project's own.
    if (text === null && YARNRC_FILES.has(file)) text = appendedText(word.value, state) ?? null;
    if (text !== undefined) ops.push(..._analyse(name, file, text, ctx, args, keys[0]!));
  }
  if (name === "go") ops.push(..._goSources(args, ctx));
  const tests = collectedTests(name, args);
  if (tests) for (const [, text] of _writtenBelow(ctx, (file) => tests.pattern.test(file))) ops.push(...(text === null ? [op("unknown", name)] : scanCode(text, tests.language, ctx)));
  return name === "git" ? [...ops, ..._hooks(args, cmd, ctx)] : ops;
}

/** Whether a folder the line filled holds `file`, other than the running folder or one around it (or an unknown place). */
function _filledFolder(file: string, state: AnalyzeContext["state"]): boolean {
  const abs = absPath(file, state.cwd, state);
  const cwd = state.cwd;
  // A file the line wrote (a recorded one) holds no folder's files.
  return (state.landed ?? []).some((l) => l === null || (abs.startsWith(`${l}/`) && !state.scripts?.has(l) && !(cwd !== null && (cwd === l || cwd.startsWith(`${l}/`)))));
}

// go's subcommands that run code from the package's own sources: `go generate` runs each
// `//go:generate` line, `go test` and `go run` run the compiled code.
const GO_RUNS = new Set(["generate", "test", "run"]);

/**
 * Go sources the line wrote below the running folder, when go runs code from them (session 7:
 * `printf '//go:generate rm -rf /home' > gen.go; go generate ./...` ran rm): a `//go:generate`
 * line is a command (go runs it without a shell, the guard reads it as one). `go test`/`go run`
 * of a written source is unknown unless the sources only compute (_goRuns).
 */
function _goSources(args: Word[], ctx: AnalyzeContext): Op[] {
  const at = args.findIndex((a, i) => a.dynamic || (!a.value.startsWith("-") && args[i - 1]?.value !== "-C"));
  const sub = args[at];
  if (!sub || sub.dynamic || !GO_RUNS.has(sub.value)) return [];
  const written = _writtenBelow(ctx, (file) => file.endsWith(".go"), _goFolders(args, at, ctx));
  if (sub.value !== "generate") return written.length === 0 ? [] : _goRuns(ctx);
  const ops: Op[] = [];
  for (const [, text] of written) {
    if (text === null) return [op("unknown", "go")];
    for (const m of text.matchAll(/^\/\/go:generate[ \t]+(.*)$/gm)) ops.push(...analyzeText(m[1]!, "posix", ctx));
  }
  return ops;
}

// Files go compiles into a package beside its Go sources (assembly, C, objects: code that needs no
// import), and the module files that say where an import's code comes from.
const GO_BUILD_INPUTS = /(?:\.(?:s|S|c|h|cc|cpp|cxx|hh|hpp|hxx|m|f|F|for|f90|syso|swig|swigcxx)|(?:^|\/)go\.(?:mod|work|sum)|\/vendor\/.*)$/;

/**
 * `go test`/`go run` after the line wrote Go sources (session 19: an agent's `_test.go` written
 * with a heredoc, then `go test`): unknown unless every Go source the line wrote, anywhere, imports
 * only harmless packages (go-imports.ts; the workspace's own module counts unless the line wrote
 * go.mod) and it wrote no other file go compiles or resolves imports by.
 */
function _goRuns(ctx: AnalyzeContext): Op[] {
  for (const [file, text] of ctx.state.scripts ?? []) {
    if (GO_BUILD_INPUTS.test(file)) return [op("unknown", "go")];
    if (file.endsWith(".go") && (text === null || !goImportsHarmless(text, goModulePath(file, findWorkspace(dirname(file)))))) return [op("unknown", "go")];
  }
  return [];
}

/**
 * The folders go reads sources below: the running one, or `-C DIR` (go 1.20+), and each package
 * operand's path (`../...`, `./cmd/x`, an absolute one) from there; null when one is unknown
 * (review B: `> ../gen.go; go generate ../...` ran the written line unread). An import path
 * (`example.com/x/...`) names no folder here.
 */
function _goFolders(args: Word[], at: number, ctx: AnalyzeContext): string[] | null {
  const cwd = ctx.state.cwd;
  const c = args.findIndex((a, i) => i < at && !a.dynamic && (a.value === "-C" || a.value.startsWith("-C=")));
  const chdir = c < 0 ? undefined : args[c]!.value === "-C" ? args[c + 1] : { ...args[c]!, value: args[c]!.value.slice(3) };
  if (chdir?.dynamic || cwd === null) return cwd === null ? null : chdir ? null : [cwd];
  const base = chdir ? absPath(chdir.value, cwd, ctx.state) : cwd;
  const out = [base];
  for (const a of args.slice(at + 1)) {
    if (a.dynamic) return null;
    if (a.value.startsWith("-")) continue;
    if (a.value.startsWith(".") || a.value.startsWith("/")) out.push(absPath(a.value.replace(/(?:^|\/)\.\.\.$/, "") || ".", base, ctx.state));
  }
  return out;
}

/**
 * The files the line wrote below the running folder, or below any of `folders` (anywhere when
 * one is unknown: null), that `wanted` picks, with their text.
 */
function _writtenBelow(ctx: AnalyzeContext, wanted: (file: string) => boolean, folders: string[] | null = ctx.state.cwd === null ? null : [ctx.state.cwd]): Array<[string, string | null]> {
  return [...(ctx.state.scripts ?? [])].filter(([file]) => wanted(file) && (folders === null || folders.some((d) => file.startsWith(d === "/" ? d : `${d}/`))));
}

function _analyse(name: string, file: string, text: string | null, ctx: AnalyzeContext, args: Word[], path: string): Op[] {
  if (text === null || ctx.depth >= MAX_ANALYSIS_DEPTH) return [op("unknown", name)];
  if (file.endsWith(".py")) return scanCode(text, "python", ctx);
  if (file === "package.json") return _packageScripts(name, text, ctx, args, dirname(path));
  if (LOCKFILE.test(file)) return _lockfileSources(name, text, ctx, dirname(path));
  if (file === "deno.json" || file === "deno.jsonc") return _denoConfig(name, text, ctx, args.some((a) => a.value === "task"));
  // A node tool's config file (implicit-inputs.ts JS_CONFIGS) is code node runs.
  if (/\.[cm]?[jt]s$/.test(file)) return scanCode(text, "node", ctx);
  if (file === ".envrc") return analyzeText(text, "posix", ctx);
  if ((name === "make" || name === "gmake") && !file.endsWith(".mk")) return _makeRecipes(name, text, ctx);
  if (/\.(txt|in)$/.test(file) && /^(pip[0-9.]*|pipx|uv|python[0-9.]*)$/.test(name)) return _requirements(name, text);
  // Package managers' project configuration: code it names (bunfig.toml's preload, yarn's
  // yarn-path/yarnPath and plugins) is unknown; yarn's configuration passes only when each key
  // is one of YARNRC_SAFE/YARNRC_YML_SAFE (`.yarnrc`'s `script-shell` ran a written script on
  // `yarn build`: review B).
  // (bunfig.toml: also `[serve.static] plugins`, and any escape, which may spell either key.)
  if (file === "bunfig.toml") return /preload|plugins|\\/i.test(text) ? [op("unknown", name)] : [];
  if (file === ".yarnrc" || file === ".yarnrc.yml") return _yarnrcSafe(text, file === ".yarnrc.yml") ? [] : [op("unknown", name)];
  if (file === "pnpm-workspace.yaml") return _pnpmWorkspaceSafe(text) ? [] : [op("unknown", name)];
  return [op("unknown", name)];
}

// pnpm-workspace.yaml's top-level keys that name no code, folder or file (session 9): workspace
// globs, catalogs, the lists of dependencies whose builds run (a registry package's install
// script, which npm runs by default and `pnpm add --allow-build` allows), hoisting, peer, lockfile,
// save and network settings. pnpmfile, configDependencies, patchedDependencies, scriptShell,
// nodeOptions, executionEnv, useNodeVersion, folders and any other key are unknown. Built on the
// first written pnpm-workspace.yaml (this module loads with every check).
let pnpmWorkspaceKeys: ReadonlySet<string> | undefined;
// A dependency source other than the registry or the workspace's own packages (a local folder,
// a patch, a git host, a URL): in a catalog, an override or a package extension it is code the
// guard never saw, as a written package.json's `file:` dependency is.
const _pnpmSource = (text: string): boolean => /(?:file|link|portal|patch|exec|git(?:\+[a-z]+)?|github|gitlab|bitbucket|https?):|(?:^|[\s'"{[,:])(?:\.{1,2}\/|\/|~\/)/i.test(text);

/** Whether every setting of a written pnpm-workspace.yaml names no code, folder or file, and no value a source other than the registry. */
function _pnpmWorkspaceSafe(text: string): boolean {
  const keys = (pnpmWorkspaceKeys ??= new Set(
    "packages catalog catalogs overrides packageExtensions peerDependencyRules allowedDeprecatedVersions onlyBuiltDependencies neverBuiltDependencies ignoredBuiltDependencies allowBuilds dangerouslyAllowAllBuilds strictDepBuilds ignoreScripts enablePrePostScripts linkWorkspacePackages preferWorkspacePackages saveWorkspaceProtocol sharedWorkspaceLockfile injectWorkspacePackages dedupeInjectedDeps disallowWorkspaceCycles includeWorkspaceRoot nodeLinker hoist hoistPattern publicHoistPattern shamefullyHoist hoistWorkspacePackages autoInstallPeers strictPeerDependencies dedupePeerDependents resolvePeersFromWorkspaceRoot resolutionMode minimumReleaseAge minimumReleaseAgeExclude trustPolicy blockExoticSubdeps savePrefix saveExact lockfile preferFrozenLockfile lockfileIncludeTarballUrl registry supportedArchitectures childConcurrency networkConcurrency fetchRetries fetchTimeout engineStrict verifyDepsBeforeRun auditConfig updateConfig packageImportMethod sideEffectsCache catalogMode cleanupUnusedCatalogs".split(" "),
  ));
  for (const line of _settings(text)) {
    if (/^\s/.test(line)) {
      // A nested line (a glob, a package name, `name: version`) of a known key: no local or remote source.
      if (_pnpmSource(line.replace(/^\s*(?:-\s+)?(?:'[^']*'|"[^"\\]*"|[^\s:'"]+)\s*:/, ":"))) return false;
      continue;
    }
    const m = /^["']?([\w-]+)["']?\s*:(.*)$/.exec(line);
    if (!m || !keys.has(m[1]!) || _pnpmSource(m[2]!)) return false;
  }
  return true;
}

// `.yarnrc` (yarn 1) settings that name no code, folder or argument: registries, auth, network
// and save settings.
const YARNRC_SAFE = /^(?:registry|"?@[\w.-]+:registry"?|"?\/\/\S*"?|strict-ssl|save-prefix|save-exact|network-timeout|network-concurrency|disable-self-update-check|lastUpdateCheck|email|username|always-auth|ignore-engines|ignore-optional|cafile|ca|proxy|https-proxy|no-progress|version-git-tag|version-tag-prefix|version-git-message|init-license|init-version|init-author-name)$/;
// `.yarnrc.yml` (yarn 2+) top-level keys of the same kind; a nested line counts as its parent.
const YARNRC_YML_SAFE = new Set(
  "nodeLinker enableTelemetry npmRegistryServer npmPublishRegistry npmScopes npmRegistries npmAuthToken npmAuthIdent npmAlwaysAuth enableGlobalCache enableImmutableInstalls enableImmutableCache enableScripts enableStrictSsl enableNetwork enableProgressBars enableColors enableHyperlinks enableInlineBuilds enableMirror enableMessageNames enableTransparentWorkspaces compressionLevel defaultSemverRangePrefix defaultProtocol checksumBehavior httpTimeout httpRetry networkConcurrency pnpMode preferInteractive supportedArchitectures logFilters changesetBaseRefs initScope caFilePath httpsCaFilePath httpProxy httpsProxy unsafeHttpWhitelist nmMode nmHoistingLimits".split(" "),
);

/**
 * The lines of a written YAML or `.yarnrc` file that hold settings, trailing blanks off; blank and
 * comment lines skipped. A lone CR ends a line for both parsers (YAML's line breaks, yarn 1's
 * tokenizer): `nodeLinker: pnp\ryarnPath: ./x.cjs` is two settings (session 8).
 */
function* _settings(text: string): Generator<string> {
  for (const raw of text.split(/\r\n?|\n/)) {
    const line = raw.replace(/\s+$/, "");
    if (line !== "" && !/^\s*#/.test(line)) yield line;
  }
}

/** Whether every setting of a written `.yarnrc`/`.yarnrc.yml` is one that names no code, folder or argument. */
function _yarnrcSafe(text: string, yml: boolean): boolean {
  let parentSafe = false;
  for (const line of _settings(text)) {
    if (/^\s/.test(line)) {
      if (yml && parentSafe) continue;
      return false;
    }
    const key = yml ? /^["']?([\w-]+)["']?\s*:/.exec(line)?.[1] : /^("[^"]*"|[^\s"]+)/.exec(line)?.[1];
    parentSafe = key !== undefined && (yml ? YARNRC_YML_SAFE.has(key) : YARNRC_SAFE.test(key));
    if (!parentSafe) return false;
  }
  return true;
}

/**
 * A written requirements file given to pip with `-r`/`-c` (package-installs.ts): names of
 * registry packages pass; a line that names a local folder or archive (`-e .`, `./dir`, a path
 * with a `/`, `file:`), another requirements file or any option is unknown (pip builds and runs
 * what it names).
 */
function _requirements(name: string, text: string): Op[] {
  // pip splits the file as python's str.splitlines does (a lone CR, \v, \f, … end a line too).
  const lines = text.split(/\r\n|[\n\r\v\f\x1c-\x1e\x85\u2028\u2029]/).map((l) => l.replace(/(^|\s)#.*$/, "").trim());
  return lines.some((l) => /^[-.~]|[/\\]|file:|\.(tgz|tar|gz|bz2|xz|zip|whl)\b/i.test(l)) ? [op("unknown", name)] : [];
}

// The dependency lists an install (and `npm rm`, which installs what is missing) fetches.
const DEPENDENCY_LISTS = ["dependencies", "devDependencies", "optionalDependencies", "peerDependencies"];
// A local source: a folder, a link, yarn's portal, patch and exec protocols (`exec:` runs a script
// to make the package), a path (`./x`, `/x`, `~/x`; a tilde range `~1.2.0` is a version).
const LOCAL_SPEC = /^(?:file:|link:|portal:|patch:|exec:|\.|\/|~\/)/;
// The subcommands of npm, pnpm, yarn and bun that fetch the manifest's dependencies besides the
// installs (NPM_INSTALL): clean installs, and removals, dedupes and prunes, which install what is
// missing (red team 15: `npm rm lodash` installed a written `file:` dependency).
const MANIFEST_INSTALLS = new Set(["ci", "clean-install", "ic", "install-clean", "isntall-clean", "it", "install-test", "cit", "install-ci-test", "clean-install-test", "sit", "uninstall", "unlink", "remove", "rm", "r", "un", "dedupe", "ddp", "prune", "import", "fetch"]);

/**
 * Every script of a written package.json as shell text (lifecycle scripts run around most verbs).
 * Local dependencies (`file:`, `link:`, a path) and workspaces are unknown: the manager installs
 * those folders and runs their install scripts (red team 15: a written `"evil": "file:evil"` and
 * evil/package.json's postinstall ran on `npm rm lodash`), but a folder of the workspace the line
 * left as it was (_workspaceSource, session 11). A dependency from the network (a git
 * or GitHub source, `owner/repo`, a URL; also in npm's `overrides`, yarn's `resolutions`, pnpm's
 * `overrides` and `packageExtensions`) is remote code when the command installs the manifest's
 * dependencies (session 10), as `npm install github:u/r` is; a corepack `packageManager` given
 * as a URL is remote code for yarn and pnpm, which corepack fetches it for.
 */
function _packageScripts(name: string, text: string, ctx: AnalyzeContext, args: Word[], dir: string): Op[] {
  let scripts: unknown;
  let remote = false;
  try {
    const json = JSON.parse(text) as Record<string, unknown> | null;
    scripts = json?.scripts;
    const specs = DEPENDENCY_LISTS.flatMap((k) => (json?.[k] && typeof json[k] === "object" ? Object.values(json[k]) : []));
    const local = (v: string) => LOCAL_SPEC.test(v) && !_workspaceSource(v, dir, ctx);
    if (json?.workspaces !== undefined || specs.some((v) => typeof v !== "string" || local(v))) return [op("unknown", name)];
    const pnpm = json?.pnpm as Record<string, unknown> | undefined;
    const overrides = [json?.overrides, json?.resolutions, pnpm?.overrides, pnpm?.packageExtensions].flatMap((o) => _leaves(o, 0));
    if (overrides.some((v) => v === null || local(v))) return [op("unknown", name)];
    remote = _installsManifest(name, args) && [...(specs as string[]), ...(overrides as string[])].some(remoteNpmSpec);
    if ((name === "yarn" || name === "pnpm") && typeof json?.packageManager === "string" && /[:#]/.test(json.packageManager.replace(/^[\w.-]+@[\w.+-]*/, ""))) remote = true;
  } catch {
    return [op("unknown", name)];
  }
  const ops = remote ? [op("remote-code", name)] : [];
  if (scripts === undefined) return ops;
  if (typeof scripts !== "object" || scripts === null) return [op("unknown", name)];
  return [...ops, ..._shellLines(name, Object.values(scripts), ctx)];
}

// The package managers' lockfiles (npm, npm's shrinkwrap, yarn, pnpm, bun).
const LOCKFILE = /(?:^|\/)(?:package-lock\.json|npm-shrinkwrap\.json|yarn\.lock|pnpm-lock\.yaml|bun\.lock)$/;
// A source in a lockfile other than the public registries: a git source, an ssh or scp-like URL,
// any other http(s) host (npm's `resolved`, yarn's `resolved`, pnpm's `tarball`, bun's entries).
// (scp-like `git@host.tld:path` needs a dot in the host: `x@npm:1.0.0` and `x@1.0.0:` are entries.)
const LOCK_REMOTE = new RegExp(String.raw`git\+|git:\/\/|github:|gitlab:|bitbucket:|ssh:\/\/|[\w.-]+@[\w-]+\.[\w.-]+:[\w~]|https?:\/\/(?!${PUBLIC_NPM_PATHS})`);
// (yarn's own `patch:…#~builtin<compat/…>` entries are in most yarn 2+ lockfiles: not read as
// local.) The path ends where the lockfile's syntax goes on: a quote, a blank, a bracket, yarn 2+'s
// `::locator=…` and `#…`, pnpm's `:` after a key. pnpm installs a `file:` folder from its
// package's `resolution: {directory: …}`, and npm links a `"link": true` entry to its
// `"resolved"` path (one with no scheme), whatever their importers and root entry say. yarn's
// entries name the source after the package (`shared@file:../shared`).
const LOCK_LOCAL = /(?:^|[\s"'{:,@])(file:|link:|portal:|exec:|directory: |resolved": ?"(?=[^":]*"))([^\s"',}\]#():]*)/gm;
// yarn 2+ resolves a local source from the workspace its entry's `locator=` names
// (`…::locator=app%40workspace%3Apackages%2Fapp`): the root workspace's (`workspace:.`, the
// lockfile's folder) is read as any other source; another workspace's is unknown.
const YARN_LOCATOR = /[^\s"]*?locator=([^&\s"]*)/y;

/**
 * A lockfile the line wrote, read by an install (`npm ci` installs what package-lock.json
 * resolves, whatever package.json says): a source other than the public registries is fetched
 * with its install scripts (ASK_REMOTE_CODE, as `npm install URL`); a local one is unknown, as in
 * a written package.json, but a `file:`/`link:`/`directory:`/linked folder of the workspace (_workspaceSource).
 */
function _lockfileSources(name: string, text: string, ctx: AnalyzeContext, dir: string): Op[] {
  for (const m of text.matchAll(LOCK_LOCAL)) {
    if (m[1] === "portal:" || m[1] === "exec:" || _otherWorkspace(text, m.index + m[0].length) || !_workspaceSource(m[2]!, dir, ctx)) return [op("unknown", name)];
  }
  return LOCK_REMOTE.test(text) ? [op("remote-code", name)] : [];
}

/** Whether the yarn 2+ entry going on at `at` resolves its local source from a workspace other than the root. */
function _otherWorkspace(text: string, at: number): boolean {
  YARN_LOCATOR.lastIndex = at;
  const locator = YARN_LOCATOR.exec(text)?.[1];
  return locator !== undefined && !locator.replace(/%40/gi, "@").replace(/%3A/gi, ":").endsWith("@workspace:.");
}

/**
 * Whether a local dependency source (a written package.json's or lockfile's, in folder `dir`) is
 * code of the workspace itself, which an install may run as `npm install` runs the project's own
 * scripts (seed 001 allows the workspace's own code; session 11, monorepos' `file:../shared`): a
 * `file:`/`link:` source or a plain path (`./x`, `../x`, `/x`), resolved from `dir` as npm does,
 * whose real folder is inside the workspace of the folder the install runs in (findWorkspace),
 * the one the line started in, and which the line left as it was: no file it wrote at or below it but its package.json (read
 * as every written one is) and no folder it filled or fetched around it. `portal:`, `patch:`,
 * `exec:` (a script), `~/`, a URL or an escape, a `..` from a folder reached through a link, and
 * a folder outside the workspace stay unknown.
 */
function _workspaceSource(spec: string, dir: string, ctx: AnalyzeContext): boolean {
  const state = ctx.state;
  const path = /^(?:file:|link:)?(.*)$/s.exec(spec)![1]!;
  if (state.cwd === null || path === "" || /^~|^\/\/|[%\\$]/.test(path) || /^(?:portal|patch|exec):/.test(spec)) return false;
  // `..` goes up from the folder's real path for an install run in it (its working directory is
  // physical) and from its spelling for one given it (`--prefix`): only a folder that is its own
  // real path reads one way (`self -> .`: `self/../x` is the workspace's parent's `x`).
  if (/(?:^|\/)\.\.(?:\/|$)/.test(path) && realPathOrNull(dir) !== dir) return false;
  const folder = resolve(dir, path);
  const real = realPathOrNull(folder);
  const workspace = realPathOrNull(findWorkspace(state.cwd));
  if (real === null || workspace === null || (real !== workspace && !real.startsWith(`${workspace}/`))) return false;
  // After a `cd`, only within the workspace the line started in: a `cd` out of it makes no other
  // folder the workspace.
  const start = state.start;
  if (state.afterCd && (typeof start !== "string" || realPathOrNull(findWorkspace(start)) !== workspace)) return false;
  // By its spelling and its real path (a written file may be named through either). A recorded
  // file the line wrote is in scripts (below); a filled folder or an unread file is not.
  const names = real === folder ? [folder] : [folder, real];
  const below = (p: string) => names.some((f) => p === f || p.startsWith(`${f}/`));
  // At or below the folder, or a folder around it.
  const touched = (p: string | null) => p === null || below(p) || names.some((f) => f.startsWith(`${p}/`));
  if (state.landed?.some((p) => touched(p) && (p === null || !state.scripts?.has(p)))) return false;
  // A folder a version-control client filled from another host (`git -C libs/x pull URL`) is
  // tainted, not landed; "" is a copy of a download to a name the guard cannot read.
  for (const p of state.tainted ?? []) if (p === "" || touched(p)) return false;
  for (const key of state.scripts?.keys() ?? []) if (below(key) && !names.some((f) => key === `${f}/package.json`)) return false;
  return true;
}

/**
 * The string values below an overrides object (nested objects of package names); null for a value
 * that is neither. Not package-config.ts `_strings`: npm accepts only those two shapes in an
 * override, so a number, a list or null there is unknown, where `npm pkg set --json` stores any
 * JSON value and `_strings` passes numbers, booleans and null and reads into lists.
 */
function _leaves(value: unknown, depth: number): Array<string | null> {
  if (value === undefined) return [];
  if (typeof value === "string") return [value];
  if (typeof value !== "object" || value === null || Array.isArray(value) || depth > 8) return [null];
  return Object.values(value).flatMap((v) => _leaves(v, depth + 1));
}

/**
 * Whether a package manager's command installs the dependencies its package.json lists: `npm
 * install|ci|rm …`, `pnpm install|add|remove …`, `yarn` alone or `yarn install|add|remove …`,
 * `bun install|add|remove …`; an unread subcommand (`$SUB`) counts as one.
 */
function _installsManifest(name: string, args: Word[]): boolean {
  const sub = args[managerSubcommandAt(name, args)];
  if (sub === undefined) return name === "yarn";
  return sub.dynamic || NPM_INSTALL.has(sub.value) || MANIFEST_INSTALLS.has(sub.value);
}

/** Each value as a shell line (package.json's scripts, deno.json's tasks); a value that is no string is unknown. */
function _shellLines(name: string, values: unknown[], ctx: AnalyzeContext): Op[] {
  const ops: Op[] = [];
  for (const value of values.slice(0, MAX_RECIPES)) {
    if (typeof value !== "string") return [op("unknown", name)];
    ops.push(...analyzeText(value, "posix", ctx));
  }
  return ops;
}

// deno.json's keys that name no code deno runs (session 8): metadata, formatting, lint rules,
// test and bench file lists, lock and publish settings; `tasks` run only under `deno task` (read
// as shell lines there). `imports`/`scopes` pass when every target is a registry one (`npm:`,
// `jsr:`, `node:`) or a path (`"@/": "./src/"`: the project's files, as an import of them from
// the code is); a URL there (code from the network), `importMap`, `links`, `patch`, `workspace`,
// lint `plugins`, a JSX import source and any other key are unknown.
const DENO_SAFE = new Set(["$schema", "name", "version", "exports", "license", "tasks", "fmt", "lint", "test", "bench", "lock", "exclude", "include", "publish", "nodeModulesDir", "compilerOptions", "imports", "scopes", "unstable"]);

/**
 * A written deno.json(c): `deno task NAME` runs a task as a command line (deno's own shell, which
 * reads the POSIX shapes the guard reads; a task is a string or an object with a `command`), and
 * every subcommand that runs code loads what the import map and plugins name (DENO_SAFE). JSONC's
 * comments, or any other shape, are text the guard does not follow: unknown.
 */
function _denoConfig(name: string, text: string, ctx: AnalyzeContext, task: boolean): Op[] {
  let json: Record<string, unknown>;
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    return [op("unknown", name)];
  }
  if (typeof json !== "object" || json === null || Array.isArray(json)) return [op("unknown", name)];
  const registry = (map: unknown) => typeof map === "object" && map !== null && Object.values(map).every((v) => typeof v === "string" && /^(?:npm:|jsr:|node:|\.{0,2}\/)/.test(v));
  const scopes = json.scopes;
  if (
    Object.keys(json).some((k) => !DENO_SAFE.has(k)) ||
    (json.imports !== undefined && !registry(json.imports)) ||
    (scopes !== undefined && !(typeof scopes === "object" && scopes !== null && Object.values(scopes).every(registry))) ||
    /"(?:plugins|jsxImportSource|jsxImportSourceTypes|jsxFactory|jsxFragmentFactory)"/.test(JSON.stringify([json.lint, json.compilerOptions]))
  ) {
    return [op("unknown", name)];
  }
  const tasks = json.tasks;
  if (!task || tasks === undefined) return [];
  if (typeof tasks !== "object" || tasks === null) return [op("unknown", name)];
  // An object without a `command` only names the tasks it depends on.
  const commands = Object.values(tasks).flatMap((t) => (typeof t === "object" && t !== null ? ("command" in t ? [t.command] : []) : [t]));
  return _shellLines(name, commands, ctx);
}

/**
 * A Makefile's recipe lines (after a tab, `@`/`-`/`+` prefixes dropped, `$$` as `$`) as shell
 * lines. Make's own expansion (`$(VAR)`, `$(shell …)`), `include`, a changed SHELL, `define` or
 * continued lines are text the guard does not follow: unknown.
 */
function _makeRecipes(name: string, text: string, ctx: AnalyzeContext): Op[] {
  const lines = text.split("\n");
  if (lines.length > MAX_RECIPES * 4) return [op("unknown", name)];
  const ops: Op[] = [];
  for (const line of lines) {
    const body = line.startsWith("\t") ? line.replace(/^\t[@+\-\s]*/, "") : line;
    if (/\\$/.test(line) || /\$[({]/.test(body.replace(/\$\$/g, "")) || /\$[^$({]/.test(body.replace(/\$\$/g, ""))) return [op("unknown", name)];
    if (!line.startsWith("\t")) {
      if (/^\s*(-?include|sinclude|define|export|vpath)\b|^\s*(SHELL|\.SHELLFLAGS|MAKEFLAGS|MAKEFILES)\s*[:+?!]?=|!=/.test(line)) return [op("unknown", name)];
      continue;
    }
    ops.push(...analyzeText(body.replace(/\$\$/g, "$"), "posix", ctx));
  }
  return ops;
}

/**
 * `git commit` (and the other hook-running subcommands) after the line wrote a file into the
 * hooks folder `.git/hooks` or `.husky`. Each written hook there runs by its `#!` line. The
 * folder `core.hooksPath` names on the line is git-hooks.ts's (git.ts).
 */
function _hooks(args: Word[], cmd: SimpleCommand | undefined, ctx: AnalyzeContext): Op[] {
  // The subcommand, after global options (`-c k=v` and the others taking the next word).
  let at = 0;
  for (; at < args.length && args[at]!.value.startsWith("-"); at++) {
    if (/^(-c|--config-env|--namespace|--exec-path|--super-prefix)$/.test(args[at]!.value)) at++;
  }
  const sub = args[at];
  if (!sub || !HOOK_RUNNERS.has(sub.value) || args.some((a) => a.value === "-C" || a.value.startsWith("--git-dir") || a.value.startsWith("--work-tree"))) return [];
  const state = ctx.state;
  const dirs = [".git/hooks", ".husky", ".husky/_"].map((d) => absPath(d, state.cwd, state));
  const ops: Op[] = [];
  for (const key of [...(state.scripts?.keys() ?? [])].slice(0, 256)) {
    if (!dirs.some((d) => key.startsWith(`${d}/`) && !key.slice(d.length + 1).includes("/"))) continue;
    const text = lineWrittenText(literalWord(key), ctx, cmd);
    if (text !== undefined) ops.push(...analyseWritten(text, "shebang", ctx));
  }
  return ops;
}
