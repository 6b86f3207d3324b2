import { basename, dirname } from "node:path";
import { UNSET } from "../posix/vars.ts";
import type { SimpleCommand, Word } from "../syntax.ts";
import type { AnalyzeContext, Invocation } from "./context.ts";
import { absPath } from "./file-identity.ts";
import { ownAssignment, wrappedNames } from "./own-assignments.ts";
import { localPackageFiles } from "./package-installs.ts";
import { pythonModule } from "./script-operands.ts";

/** A shell's start-up files (shell-startup.ts judges them when a shell runs). */
export const SHELL_STARTUP_VARS = ["BASH_ENV", "ENV"];
/** An interpreter's start-up code (loader-sources.ts judges it when the interpreter runs). */
export const INTERPRETER_STARTUP_VARS = ["PYTHONSTARTUP", "NODE_OPTIONS", "PERL5OPT", "RUBYOPT"];
/** Commands git runs (git-env.ts judges them when git runs). */
export const GIT_COMMAND_VARS = ["GIT_SSH_COMMAND", "GIT_SSH", "GIT_EXTERNAL_DIFF"];
// Variables naming files a program loads and runs: shell startup files, libraries the dynamic
// loader maps into every program it starts (shells and interpreters too), interpreter start-up
// code, commands git runs. A program's children inherit them all.
// Session 7: macOS's loader variable, the JVM's agents (`-javaagent:x.jar`, `-agentpath:x.so`),
// the helpers ssh and `sudo -A` run for a password, and the shell npm runs scripts with.
const LOADER_VARS = [
  ...SHELL_STARTUP_VARS, "LD_PRELOAD", "LD_AUDIT", "DYLD_INSERT_LIBRARIES", ...INTERPRETER_STARTUP_VARS, "JAVA_TOOL_OPTIONS", "_JAVA_OPTIONS",
  "JDK_JAVA_OPTIONS", "PROMPT_COMMAND", ...GIT_COMMAND_VARS, "SSH_ASKPASS", "SUDO_ASKPASS", "npm_config_script_shell", "NPM_CONFIG_SCRIPT_SHELL",
];
// A shared library's name (`x.so`, `libtinfo.so.6`, `ld-linux-x86-64.so.2`).
const LIBRARY = /\.so(?:\.[0-9.]+)?$/;
// The folders above the working one a tool looks in for its configuration, nearest first (8 up).
const ABOVE = ["../", "../../", "../../../", "../../../../", "../../../../../", "../../../../../../", "../../../../../../../", "../../../../../../../../"];
/** The node package managers (a project's package.json, npm's and yarn's variables: managerFiles). */
export const PACKAGE_MANAGERS: ReadonlySet<string> = new Set(["npm", "pnpm", "yarn", "bun"]);

/**
 * Files a command runs without naming them as a script: what loader variables point to
 * (`BASH_ENV=f bash -c …`, `LD_PRELOAD=./x.so ls`, `NODE_OPTIONS='--require ./x.js'`), a module run
 * with `python -m NAME` (moduleFiles), and the build files a tool reads from its folder (make's Makefile, a
 * package manager's package.json, `pip install .`'s setup.py, direnv's .envrc, cargo's build.rs).
 * Paths are spelled relative to the working directory, as the taint set resolves them. The
 * libraries LD_LIBRARY_PATH's folders hold are libraryFolders'.
 */
export function implicitInputs(name: string, args: Word[], cmd: SimpleCommand | undefined, ctx: AnalyzeContext): string[] {
  return [...loaderFiles(cmd, ctx), ...programInputs(name, args, cmd, ctx)];
}

/** The files loader variables name, but the `except` ones' (`LD_PRELOAD=./x.so`, `BASH_ENV=f`). */
export function loaderFiles(cmd: SimpleCommand | undefined, ctx: AnalyzeContext, except: readonly string[] = []): string[] {
  const out: string[] = [];
  for (const variable of LOADER_VARS) {
    const value = except.includes(variable) ? null : commandVariable(variable, cmd, ctx);
    if (value !== null) out.push(...value.split(/[\s=:;]+/).filter((w) => w && !w.startsWith("-")));
  }
  return out;
}

// Package managers' settings a variable of the line gives that name a file they run or read
// (session 8): npm's `npm_config_<key>` (any case; npm, pnpm and yarn 1 read them; `_` is `-`),
// and yarn's `YARN_<KEY>` (any case: berry's `yarnPath`, `plugins` (`;`-separated),
// `rcFilename`, `injectEnvironmentFiles`; yarn 1's `script-shell` and `YARN_CONFIG`, the
// .yarnrc it reads last). Each value is a file: run as code (read in its language when the line
// wrote it, anything else unknown), or yarn's configuration read as a written .yarnrc(.yml) is.
const NPM_CONFIG_FILES = new Set(["script-shell", "shell", "node-options", "git", "node-gyp", "init-module", "onload-script", "editor", "browser", "viewer", "pnpmfile", "global-pnpmfile", "userconfig", "globalconfig"]);
// Keyed by the name without separators: berry camel-cases the rest of the name (`YARN_YARN__PATH`
// and `YARN_YARN-PATH` are yarnPath too).
const YARN_FILES: Record<string, string | undefined> = {
  yarnpath: "", plugins: "", scriptshell: "", injectenvironmentfiles: "",
  rcfilename: ".yarnrc.yml", config: ".yarnrc",
};

/**
 * The files the line's variables name to a package manager (NPM_CONFIG_FILES, YARN_FILES): each
 * file, with the name to read it as when that is yarn's configuration; `unknown` when such a
 * variable's value is computed. The command's own assignment counts over an earlier one.
 */
export function managerFiles(name: string, cmd: SimpleCommand | undefined, ctx: AnalyzeContext): { files: string[]; as: Map<string, string>; unknown: boolean } {
  const out = { files: [] as string[], as: new Map<string, string>(), unknown: false };
  const seen = new Set<string>();
  const take = (variable: string, value: string | null) => {
    if (seen.has(variable)) return;
    seen.add(variable);
    const lower = variable.toLowerCase();
    const npm = lower.startsWith("npm_config_") ? lower.slice(11).replace(/_/g, "-") : undefined;
    const yarn = name === "yarn" && lower.startsWith("yarn_") ? lower.slice(5).replace(/[_-]/g, "") : undefined;
    const as = yarn !== undefined && Object.hasOwn(YARN_FILES, yarn) ? YARN_FILES[yarn] : undefined;
    if (!(npm !== undefined && NPM_CONFIG_FILES.has(npm)) && as === undefined) return;
    if (value === null) out.unknown = true;
    if (value === null || value === UNSET) return;
    // node-options hold options (`--require ./x.js`), as NODE_OPTIONS does; lists are split.
    const files = npm === "node-options" ? value.split(/[\s=]+/).filter((w) => w && !w.startsWith("-")) : value.split(/[;,]/).filter(Boolean);
    for (const f of files.slice(0, 16)) {
      out.files.push(f);
      if (!as) continue;
      // A configuration file's name is looked for in every folder up from the working one.
      out.as.set(f, as);
      if (yarn === "rcfilename" && !f.includes("/")) for (const above of ABOVE) out.files.push(`${above}${f}`), out.as.set(`${above}${f}`, as);
    }
  };
  // The last of repeated own assignments holds; a wrapper's change (envWrapped) over them.
  const assigns = cmd?.assigns ?? [];
  const wrapped = assigns.length > 0 ? wrappedNames(ctx.vars) : undefined;
  for (let i = assigns.length - 1; i >= 0; i--) if (!wrapped?.has(assigns[i]!.name)) take(assigns[i]!.name, assigns[i]!.value.dynamic ? null : assigns[i]!.value.value);
  for (const [variable, value] of ctx.vars) if (/^(?:npm_config_|yarn_)/i.test(variable)) take(variable, value);
  return out;
}

/**
 * The folders LD_LIBRARY_PATH names, absolute (ld.so(8): entries split by `:` or `;`, an empty
 * one is the working folder). The loader maps a library from there by the name a program needs
 * (`LD_LIBRARY_PATH=. bash` loads a ./libtinfo.so.6), and a bare LD_PRELOAD name.
 */
export function libraryFolders(cmd: SimpleCommand | undefined, ctx: AnalyzeContext): string[] {
  const value = commandVariable("LD_LIBRARY_PATH", cmd, ctx);
  return value === null ? [] : value.split(/[:;]/).slice(0, 16).map((dir) => absPath(dir || ".", ctx.state.cwd, ctx.state));
}

/** Whether a file (an absolute name) is a library right inside one of `folders` (libraryFolders). */
export function inLibraryFolder(file: string, folders: string[]): boolean {
  return LIBRARY.test(basename(file)) && folders.includes(dirname(file));
}

/** The files a program reads by itself: `python -m NAME`'s, make's Makefile, a package manager's package.json, … */
export function programInputs(name: string, args: Word[], cmd: SimpleCommand | undefined, ctx: AnalyzeContext): string[] {
  const out: string[] = [];
  const words = args.map((a) => a.value);
  if (/^python[0-9.]*$/.test(name)) {
    const module = pythonModule(args);
    if (module && !module.dynamic) out.push(...moduleFiles(module.value));
    // `python -m poethepoet` is poe (review B), `python -m tox` tox (session 8).
    if (module && !module.dynamic && PYTHON_TOOLS.has(module.value)) out.push(...TOOL_FILES[module.value]!);
  }
  const dir = (option: string) => {
    const at = words.indexOf(option);
    return at >= 0 && words[at + 1] ? `${words[at + 1]}/` : "";
  };
  if (name === "make" || name === "gmake") {
    const d = dir("-C");
    out.push(`${d}Makefile`, `${d}makefile`, `${d}GNUmakefile`);
  }
  if (PACKAGE_MANAGERS.has(name)) out.push(`${dir("--prefix")}package.json`);
  out.push(...localPackageFiles(name, args));
  if (name === "direnv") out.push(".envrc");
  if (name === "cargo") out.push(..._cargoInputs(words));
  // Red team 5: python imports sitecustomize and usercustomize from every PYTHONPATH folder at
  // start-up (an empty entry is the working one); pytest loads conftest.py from its folders.
  const python = /^python[0-9.]*$/.test(name);
  if (python || _pytest(name, args)) {
    const path = commandVariable("PYTHONPATH", cmd, ctx);
    if (path !== null) out.push(...customizeFiles(path));
  }
  if (_pytest(name, args)) {
    out.push("conftest.py");
    for (const w of words) if (!w.startsWith("-") && w !== "pytest") out.push(`${w.replace(/\/+$/, "")}/conftest.py`);
  }
  const files = TOOL_FILES[name];
  if (files) out.push(...files);
  // yarn reads its configuration in the working folder and every folder above it (session 8:
  // `> .yarnrc; cd src && yarn` ran the written yarn-path unread).
  if (name === "yarn") for (const above of ABOVE) out.push(`${above}.yarnrc`, `${above}.yarnrc.yml`);
  // pnpm takes its settings from the pnpm-workspace.yaml of the workspace root, found upwards.
  if (name === "pnpm") for (const above of ABOVE) out.push(`${above}pnpm-workspace.yaml`);
  const configs = JS_CONFIGS[name];
  if (configs) for (const base of configs) for (const ext of JS_EXTENSIONS) out.push(`${base}.${ext}`);
  // deno reads its folder's deno.json(c) for every subcommand that runs code: tasks, the import
  // map (`imports`, `scopes`), compiler and lint plugins (session 8: `deno run`, `deno test`).
  if (name === "deno" && !words.some((w) => DENO_NO_CONFIG.has(w))) out.push("deno.json", "deno.jsonc");
  // hg and sl read the repository's hgrc, the user's, and HGRCPATH's files (hooks, aliases).
  if (name === "hg" || name === "chg" || name === "sl") {
    out.push(".hg/hgrc", `${ctx.home}/.hgrc`, `${ctx.home}/.config/hg/hgrc`);
    // Sapling's own repository and user configuration.
    if (name === "sl") out.push(".sl/config", `${ctx.home}/.config/sapling/sapling.conf`);
    const path = commandVariable("HGRCPATH", cmd, ctx);
    if (path !== null) out.push(...path.split(":").filter(Boolean).slice(0, 16));
  }
  // svn reads the helpers it runs (editor, diff and merge tools, tunnels) from its configuration folder's `config`.
  if (name === "svn") out.push(`${dir("--config-dir") || `${ctx.home}/.subversion/`}config`);
  return out;
}

// Python tools `python -m NAME` runs as NAME.
const PYTHON_TOOLS = new Set(["poethepoet", "tox", "nox", "invoke"]);
// deno's words that run no code of the project (its version, help, its own upgrade).
const DENO_NO_CONFIG = new Set(["--version", "-V", "--help", "-h", "help", "upgrade", "completions", "types"]);

// The JavaScript and TypeScript files node tools load from their folder as code: each
// `NAME.config.*` or rc file, with every extension they accept (session 7: a written
// `vite.config.js` then `npx vite build` ran its code unread).
const JS_EXTENSIONS = ["js", "cjs", "mjs", "ts", "cts", "mts"];
// Session 8: the configs these load in turn (vite's and next's PostCSS and Tailwind configs,
// SvelteKit's svelte.config, jest's and webpack's Babel config) and more tools' own.
const CSS_CONFIGS = ["postcss.config", ".postcssrc", "tailwind.config"];
const JS_CONFIGS: Record<string, string[]> = {
  vite: ["vite.config", "svelte.config", ...CSS_CONFIGS],
  vitest: ["vitest.config", "vite.config", "vitest.workspace", "svelte.config", ...CSS_CONFIGS],
  jest: ["jest.config", "babel.config", ".babelrc"],
  eslint: ["eslint.config", ".eslintrc"],
  webpack: ["webpack.config", "babel.config", ".babelrc", ...CSS_CONFIGS],
  "webpack-cli": ["webpack.config", "babel.config", ".babelrc", ...CSS_CONFIGS],
  next: ["next.config", ...CSS_CONFIGS],
  playwright: ["playwright.config"],
  babel: ["babel.config", ".babelrc"],
  rollup: ["rollup.config"],
  prettier: ["prettier.config", ".prettierrc"],
  tailwindcss: ["tailwind.config"],
  postcss: ["postcss.config", ".postcssrc", "tailwind.config"],
  astro: ["astro.config", ...CSS_CONFIGS],
  nuxt: ["nuxt.config", ...CSS_CONFIGS],
  nuxi: ["nuxt.config", ...CSS_CONFIGS],
  "svelte-kit": ["svelte.config"],
  "svelte-check": ["svelte.config"],
  knex: ["knexfile"],
  "drizzle-kit": ["drizzle.config"],
  prisma: ["prisma.config"],
  storybook: [".storybook/main"],
  rspack: ["rspack.config"],
  rsbuild: ["rsbuild.config"],
  ava: ["ava.config"],
  "semantic-release": ["release.config", ".releaserc"],
  tsup: ["tsup.config"],
  mocha: [".mocharc"],
  cypress: ["cypress.config"],
  stylelint: ["stylelint.config", ".stylelintrc"],
  commitlint: ["commitlint.config"],
  "lint-staged": ["lint-staged.config", ".lintstagedrc"],
  gulp: ["gulpfile"],
  grunt: ["Gruntfile"],
  karma: ["karma.conf"],
  "vue-cli-service": ["vue.config"],
  remix: ["remix.config"],
  docusaurus: ["docusaurus.config"],
  pnpm: [".pnpmfile"],
  // yarn 4's constraints (`yarn constraints`).
  yarn: ["yarn.config"],
};

/**
 * The files `python -m NAME` runs: NAME.py or NAME/__main__.py, after the `__init__.py` of each
 * package on the way (`-m a.b.c` imports a/__init__.py and a/b/__init__.py first, and
 * a/b/c/__init__.py when c is a package). At most 16 parts are followed.
 */
export function moduleFiles(module: string): string[] {
  const parts = module.split(".").slice(0, 16);
  const path = parts.join("/");
  return [`${path}.py`, `${path}/__main__.py`, ...parts.map((_, i) => `${parts.slice(0, i + 1).join("/")}/__init__.py`)];
}

/**
 * A variable as the program sees it: the command's own assignment (`X=v cmd`, `env X=v cmd`), one
 * made earlier in the line (`export`, `X=…;`), else, with `fromEnv`, the environment the check runs
 * in (the hook's). A string, null when it holds something unknown, undefined when unset.
 */
export function envValue(inv: Pick<Invocation, "cmd" | "ctx">, name: string, fromEnv: boolean): string | null | undefined {
  return _envValue(inv.cmd, inv.ctx, name, fromEnv);
}

function _envValue(cmd: SimpleCommand | undefined, ctx: AnalyzeContext, name: string, fromEnv: boolean): string | null | undefined {
  const own = ownAssignment(cmd, ctx, name);
  if (own) return own.dynamic ? null : own.value;
  const line = ctx.vars.get(name);
  if (line === UNSET) return undefined;
  if (line !== undefined) return line;
  return fromEnv ? ctx.env?.[name] : undefined;
}

/** A variable as the command sees it (envValue without the check's environment); null when unset or unknown. */
export function commandVariable(variable: string, cmd: SimpleCommand | undefined, ctx: AnalyzeContext): string | null {
  return _envValue(cmd, ctx, variable, false) ?? null;
}

/** The sitecustomize.py and usercustomize.py python imports from each PYTHONPATH folder (an empty entry is the working one). */
export function customizeFiles(path: string): string[] {
  return path.split(":").slice(0, 16).flatMap((dir) => [`${dir || "."}/sitecustomize.py`, `${dir || "."}/usercustomize.py`]);
}

// Files other tools read from their folder and run as code.
const TOOL_FILES: Record<string, readonly string[]> = {
  rake: ["Rakefile"],
  bundle: ["Gemfile"],
  just: ["justfile", "Justfile"],
  // tox 4 reads tox.ini, tox.toml, setup.cfg's [tox:tox] or pyproject.toml's [tool.tox].
  tox: ["tox.ini", "tox.toml", "setup.cfg", "pyproject.toml"],
  nox: ["noxfile.py"],
  // Session 8: nx's targets (`nx:run-commands`), wrangler's build command, sequelize's .sequelizerc (code).
  nx: ["project.json", "nx.json"],
  wrangler: ["wrangler.toml", "wrangler.json", "wrangler.jsonc"],
  sequelize: [".sequelizerc"],
  "sequelize-cli": [".sequelizerc"],
  invoke: ["tasks.py"],
  gradle: ["build.gradle", "build.gradle.kts", "settings.gradle", "settings.gradle.kts"],
  cmake: ["CMakeLists.txt"],
  composer: ["composer.json"],
  task: ["Taskfile.yml", "Taskfile.yaml"],
  // jj's repository configuration (aliases, tools it runs); the user's is in the home's config folder.
  jj: [".jj/repo/config.toml"],
  vagrant: ["Vagrantfile"],
  // Session 7: hooks pre-commit runs from its configuration, meson's build language, poe's tasks.
  "pre-commit": [".pre-commit-config.yaml", ".pre-commit-config.yml"],
  meson: ["meson.build", "meson_options.txt", "meson.options"],
  poe: ["pyproject.toml", "poe_tasks.toml"],
  poethepoet: ["pyproject.toml", "poe_tasks.toml"],
  // Project configuration that names code the tool runs (session 7): bunfig.toml's `preload`
  // (`bun run x.ts`, `bun x.ts`: sandbox, bun 1.4), yarn's `yarn-path`/`yarnPath`.
  bun: ["bunfig.toml"],
  // yarn 4 puts `.env.yarn`'s variables (NODE_OPTIONS among them) into what `yarn run` starts.
  yarn: [".yarnrc", ".yarnrc.yml", ".env.yarn"],
  // pnpm 10's settings (session 9: builds allowed, pnpmfile, patches, overrides).
  pnpm: ["pnpm-workspace.yaml"],
};

/**
 * Whether a program reads and runs files of its folder (TOOL_FILES): an unknown wrapper's word
 * of that name may be the program it runs (`uv run poe x`, `poetry run just`; review B).
 */
export function readsToolFiles(name: string): boolean {
  return Object.hasOwn(TOOL_FILES, name);
}

/**
 * What cargo reads and runs by itself: the package's build.rs and Cargo.toml, in the folder of
 * `--manifest-path` (`--manifest-path sub/Cargo.toml` builds and runs sub/build.rs), and the
 * configuration in `.cargo/` of the working folder and each folder above it, wherever the
 * manifest is (a runner, a rustc wrapper, an alias, the target folder `clean` empties; red team
 * 12). Nightly's `-C DIR` moves both first.
 */
function _cargoInputs(words: string[]): string[] {
  const value = (option: string) => {
    const at = words.findIndex((w) => w === option || w.startsWith(`${option}=`));
    return at < 0 ? undefined : words[at] === option ? words[at + 1] : words[at]!.slice(option.length + 1);
  };
  const chdir = value("-C");
  const base = chdir ? `${chdir.replace(/\/+$/, "")}/` : "";
  const manifest = value("--manifest-path");
  const dir = manifest && manifest.includes("/") ? `${base}${dirname(manifest)}/` : base;
  const out = [`${dir}build.rs`, `${dir}Cargo.toml`];
  for (const above of ["", ...ABOVE]) out.push(`${base}${above}.cargo/config.toml`, `${base}${above}.cargo/config`);
  return out;
}

/** pytest, py.test, or `python -m pytest` (`-Im pytest`, `-mpytest`). */
function _pytest(name: string, args: Word[]): boolean {
  if (name === "pytest" || name === "py.test") return true;
  return /^python[0-9.]*$/.test(name) && pythonModule(args)?.value === "pytest";
}

// Node test runners' default test files (each runner's own globs; review B), tested on absolute
// names. E is the extensions (`[jt]s?(x)` and the module kinds).
const E = String.raw`\.[cm]?[jt]sx?$`;
const DEEP = String.raw`(?:[^/]+/)*[^/]*`;
const JS_TESTS: Record<string, RegExp> = {
  // jest's testMatch: `**/__tests__/**/*.[jt]s?(x)`, `**/?(*.)+(spec|test).[jt]s?(x)` (a bare test.js).
  jest: new RegExp(String.raw`/(?:__tests__/${DEEP}|(?:[^/]*[._-])?(?:test|spec))${E}`),
  // vitest's and playwright's `**/*.{test,spec}.?(c|m)[jt]s?(x)`.
  vitest: new RegExp(String.raw`/[^/]*[._-](?:test|spec)${E}`),
  // mocha's `./test/*.{js,cjs,mjs}`, and spec files named on its line or in .mocharc.
  mocha: new RegExp(String.raw`/(?:test/[^/]*|[^/]*[._-](?:test|spec))${E}`),
  // ava's and tap's: test.js, test-*.js, *.spec.js, *.test.js, and all of test/, tests/, __tests__/.
  ava: new RegExp(String.raw`/(?:(?:test|tests|__tests__)/${DEEP}|test(?:-[^/]*)?|[^/]*[._-](?:test|spec))${E}`),
  // cypress's `cypress/e2e/**/*.cy.*`.
  cypress: new RegExp(String.raw`/(?:[^/]*\.cy|[^/]*[._-](?:test|spec))${E}`),
  // node --test: `**/*.test.*`, `**/*-test.*`, `**/*_test.*`, `**/test-*.*`, `**/test.*`, `**/test/**/*`.
  node: new RegExp(String.raw`/(?:test/${DEEP}|test(?:-[^/]*)?|[^/]*[._-]test)${E}`),
  // bun test: `*.test.*`, `*_test.*`, `*.spec.*`, `*_spec.*`; deno test: `{*_,*.,}test.*`.
  bun: new RegExp(String.raw`/[^/]*[._-](?:test|spec)${E}`),
  deno: new RegExp(String.raw`/(?:[^/]*[._-])?test${E}`),
};
JS_TESTS.tap = JS_TESTS.ava!;
JS_TESTS.playwright = JS_TESTS.vitest!;

/**
 * The test files a test runner collects below its folder and runs, with their language (session
 * 7: a `test_x.py` the line wrote, then pytest, ran its code unread): pytest's `test_*.py` and
 * `*_test.py`, each node runner's default globs (JS_TESTS), rspec's `*_spec.rb`.
 */
export function collectedTests(name: string, args: Word[]): { pattern: RegExp; language: "python" | "node" | "ruby" } | null {
  if (_pytest(name, args)) return { pattern: /\/(?:test_[^/]*|[^/]*_test)\.py$/, language: "python" };
  const sub = args[0]?.value;
  const runner = name === "bun" || name === "deno" ? (sub === "test" ? name : undefined) : name === "node" ? (args.some((a) => a.value === "--test") ? name : undefined) : name;
  const pattern = runner === undefined ? undefined : Object.hasOwn(JS_TESTS, runner) ? JS_TESTS[runner] : undefined;
  // `--version` and `--help` run no test (review B: `npx jest --version` blocked).
  if (pattern) return args.some((a) => a.value === "--version" || a.value === "--help") ? null : { pattern, language: "node" };
  return name === "rspec" ? { pattern: /_spec\.rb$/, language: "ruby" } : null;
}

/**
 * Downloaded files a program loads wherever they are (red team 5), as a test on the absolute
 * names of the tainted files: any python runs a site folder's `.pth` files and its
 * sitecustomize/usercustomize, pytest collects conftest.py and test files under its folders, and
 * the other test runners theirs (collectedTests).
 */
export function implicitPattern(name: string, args: Word[]): RegExp | null {
  const tests = collectedTests(name, args);
  if (tests && tests.language !== "python") return tests.pattern;
  if (_pytest(name, args)) return /\/(?:conftest\.py|test_[^/]*\.py|[^/]*_test\.py)$|\/(?:site|dist)-packages\/(?:[^/]*\.pth|(?:site|user)customize\.py)$/;
  return /^python[0-9.]*$/.test(name) || name === "pip" || /^pip[0-9.]+$/.test(name) ? /\/(?:site|dist)-packages\/(?:[^/]*\.pth|(?:site|user)customize\.py)$/ : null;
}
