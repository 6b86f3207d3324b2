import type { Word } from "../syntax.ts";
import { longOption } from "./getopt.ts";
import { isPublicNpmRegistry, isPypiIndex } from "./public-indexes.ts";

/**
 * Package runners and installers given code from the network rather than a registry name:
 * `npx -y https://…/x.tgz`, `npx github:user/repo`, `npm install git+https://…` (install scripts
 * run), `pnpm dlx URL`, `yarn dlx URL`, `bunx URL`, `pip install git+…` or a URL, `uv run URL`,
 * `uvx --from git+…`, `pipx run URL`, `deno run https://…`, `go run module@version`,
 * `cargo install --git URL`. A package from the registry by name is the norm and passes; a URL,
 * a git or GitHub source is remote code (ASK_REMOTE_CODE).
 */
const PROGRAMS = new Set(["npx", "bunx", "npm", "pnpm", "yarn", "bun", "pip", "pipx", "uv", "uvx", "deno", "go", "cargo", "python", "easy_install"]);

/** The name this module judges a program by (`pip3.12` and `pip-3.12` are pip), or undefined when it is none of them. */
export function packageRunner(name: string): string | undefined {
  if (PROGRAMS.has(name)) return name;
  // Every command of a line asks: the pattern runs only for a name that can match it.
  // `pip-3.12`: Fedora's names (session 13).
  if (name.startsWith("pip")) return /^pip(?:-?[0-9][0-9.]*)?$/.test(name) ? "pip" : undefined;
  return name.startsWith("easy_install-") && /^easy_install-[0-9][0-9.]*$/.test(name) ? "easy_install" : undefined;
}

// A URL (not file://), a VCS or hosted-git source, or scp-like `user@host:path`.
const REMOTE = /^(?![a-z]:[\\/])(?:(?!file:)[a-z][a-z0-9+.-]*:\/\/|(?:git|hg|svn|bzr)\+|git:|github:|gitlab:|bitbucket:|gist:|[\w.-]+@[\w.-]+:)/i;
// npm's GitHub shorthand `owner/repo` (a scoped `@scope/name` is a registry name; `./dir` is local).
const NPM_SHORTHAND = /^[\w-][\w.-]*\/[\w.-]+(?:#.*)?$/;

function _remote(spec: string, npm: boolean): boolean {
  if (REMOTE.test(spec) || (npm && NPM_SHORTHAND.test(spec) && !spec.startsWith("."))) return true;
  // An alias or a version that is a source (`name@github:x/y`, `pkg @ git+https://…` for pip).
  const at = spec.indexOf("@", 1);
  return at > 0 && REMOTE.test(spec.slice(at + 1).trim());
}

/**
 * The words after the options (values of `valued` options skipped), and the values of
 * `specOptions`. `ownUntilOperand`: the program's options end at its first operand, the words
 * after it being the command's it runs (npx, bunx).
 */
function _split(args: Word[], valued: ReadonlySet<string> | typeof npmOptionTakes, specOptions: ReadonlySet<string> = new Set(), ownUntilOperand = false): { operands: string[]; specs: string[] } {
  const operands: string[] = [];
  const specs: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const v = args[i]!.value;
    if (v === "--" || (ownUntilOperand && operands.length > 0)) {
      operands.push(...args.slice(v === "--" ? i + 1 : i).map((a) => a.value));
      break;
    }
    const eq = v.indexOf("=");
    const option = v.startsWith("--") && eq > 0 ? v.slice(0, eq) : v;
    if (specOptions.has(option)) specs.push(eq > 0 && v.startsWith("--") ? v.slice(eq + 1) : (args[++i]?.value ?? ""));
    else if (typeof valued === "function" ? valued(v) : valued.has(v)) i++;
    else if (!v.startsWith("-")) operands.push(v);
  }
  return { operands, specs };
}

// npm's options (@npmcli/config definitions, nopt's types): those that take the next word as their
// value (every type but Boolean: paths, strings, numbers, lists, enumerations), and the switches.
// nopt reads an unambiguous abbreviation of either (`--pref DIR`), `--no-NAME` as a switch, and the
// one-letter shorthands `-C` (prefix), `-c` (call), `-L` (location), `-m` (message), `-w` (workspace)
// with a value. Session 8: `npm --cache DIR rm -rf ~` read DIR as the subcommand (and `rm -rf ~` as
// the program it ran), `npm --registry URL install ./dir` no local package.
export const NPM_VALUED_OPTIONS: readonly string[] = (
  "_auth access allow-directory allow-file allow-git allow-remote allow-scripts also audit-level auth-type before browser ca cache cache-max " +
  "cache-min cafile call cert cidr cpu depth diff diff-dst-prefix diff-src-prefix diff-unified editor edit-dir expect-result-count expires " +
  "fetch-retries fetch-retry-factor fetch-retry-maxtimeout fetch-retry-mintimeout fetch-timeout git globalconfig global-ignore-file heading " +
  "https-proxy include init-author-email init-author-name init-author-url init-license init-module init-type init-version init.author.email " +
  "init.author.name init.author.url init.license init.module init.version install-strategy key libc local-address location lockfile-version " +
  "loglevel logs-dir logs-max maxsockets message min-release-age min-release-age-exclude name node-gyp node-options noproxy omit only orgs " +
  "orgs-permission os otp pack-destination package packages packages-and-scopes-permission password patches-dir prefix preid provenance-file " +
  "proxy registry replace-registry-host save-prefix sbom-format sbom-type scope scopes script-shell searchexclude searchlimit searchopts searchstaleness " +
  "shell tag tag-version-prefix token-description umask user-agent userconfig viewer which workspace"
).split(" ");
export const NPM_SWITCHES: readonly string[] = (
  "all allow-same-version allow-scripts-pending allow-scripts-pin allow-unused-patches audit bin-links bypass-2fa color commit-hooks " +
  "dangerously-allow-all-scripts description dev diff-ignore-all-space diff-name-only diff-no-prefix diff-text dry-run engine-strict " +
  "expect-results force foreground-scripts format-package-lock fund git-tag-version global global-style if-present ignore-existing " +
  "ignore-patch-failures ignore-scripts include-attestations include-staged include-workspace-root init-private install-links json " +
  "keep-edit-dir legacy-bundling legacy-peer-deps link long offline omit-lockfile-registry-resolved optional package-lock package-lock-only " +
  "packages-all parseable prefer-dedupe prefer-offline prefer-online production progress provenance read-only rebuild-bundle save save-bundle " +
  "save-dev save-exact save-optional save-peer save-prod sign-git-commit sign-git-tag strict-allow-scripts strict-peer-deps " +
  "strict-ssl timing unicode update-notifier usage version versions workspaces workspaces-update yes"
).split(" ");
const NPM_OPTIONS = [...NPM_VALUED_OPTIONS, ...NPM_SWITCHES];
const NPM_VALUED_SET = new Set(NPM_VALUED_OPTIONS);
export const NPM_VALUED_SHORT = "CcLmw";

/** How many words after it an npm option word takes (1 for a valued option without `=`), as nopt reads it. */
export function npmOptionTakes(word: string): 0 | 1 {
  if (word.startsWith("--")) {
    if (word.length === 2 || word.includes("=") || word.startsWith("--no-")) return 0;
    const given = word.slice(2);
    if (NPM_VALUED_SET.has(given)) return 1;
    const found = longOption(given, NPM_OPTIONS);
    return found !== undefined && NPM_VALUED_SET.has(found) ? 1 : 0;
  }
  return word.length === 2 && NPM_VALUED_SHORT.includes(word[1]!) ? 1 : 0;
}

/** The index of npm's subcommand among `args` (the first word that is no option or an option's value), or -1. */
export function npmSubcommandAt(args: readonly Word[]): number {
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a.dynamic || !a.value.startsWith("-") || a.value === "-") return i;
    if (a.value === "--") return i + 1 < args.length ? i + 1 : -1;
    i += npmOptionTakes(a.value);
  }
  return -1;
}

const NPX_VALUED = new Set(["-c", "--call", "--cache", "--registry", "--userconfig"]);
const NPX_SPEC = new Set(["-p", "--package"]);
// npm's `-w`/`--workspace` names a workspace folder, no package (`npm install -w packages/a lodash`
// is no GitHub `owner/repo`; npmOptionTakes); pnpm's `-w` takes no value.
/** npm's install subcommand and its aliases (pnpm's, yarn's and bun's `add` among them). */
export const NPM_INSTALL = new Set(["install", "i", "in", "ins", "inst", "insta", "instal", "isnt", "isnta", "isntal", "isntall", "add", "update", "up", "upgrade", "udpate"]);
const PIP_VALUED = new Set(["-c", "--constraint", "-i", "--index-url", "--extra-index-url", "-f", "--find-links", "-t", "--target", "--prefix", "--root", "--platform", "--python-version", "--implementation", "--abi", "--src", "--upgrade-strategy", "--progress-bar", "--proxy", "--cert", "--client-cert", "--cache-dir", "--log", "--timeout", "--retries", "--exists-action", "--trusted-host", "--no-binary", "--only-binary", "--report", "-C", "--config-settings", "--global-option"]);
const PIP_SPEC = new Set(["-e", "--editable", "-r", "--requirement"]);
const UV_VALUED = new Set(["-p", "--python", "--index", "--index-url", "--default-index", "--extra-index-url", "--directory", "--project", "--package", "--env-file", "--extra", "-C", "--config-setting", "--config-file", "--cache-dir", "--color"]);
const UV_SPEC = new Set(["--with", "--with-editable", "--with-requirements", "--from", "-w", "-r", "--requirements", "-e", "--editable"]);

/** Whether an npm dependency spec names code from the network (a URL, git, `github:`, `owner/repo`, an alias of one). */
export const remoteNpmSpec = (spec: string): boolean => _remote(spec, true);

/**
 * A variable as the command sees it (implicit-inputs.ts envValue, passed in: that module imports
 * this one): a string, null when computed, undefined when unset.
 */
export type EnvLookup = (name: string) => string | null | undefined;

/**
 * Whether a package runner or installer is given code from the network. `env`: the variables set
 * for this command or earlier in the line, whose package sources count as the options' do
 * (`PIP_INDEX_URL=URL pip install x` is `pip install -i URL x`).
 */
export function fetchesRemotePackage(name: string, args: Word[], env: EnvLookup = NO_ENV): boolean {
  if (args.some((a) => a.dynamic)) return false;
  const words = args.map((a) => a.value);
  switch (name) {
    case "npx":
    case "bunx": {
      // The package is the first operand (its own arguments follow) or a --package value.
      // npx reads npm's options before that operand only (npm's bin/npx-cli.js puts `--` before
      // it; bunx's flags precede the package): `npx tsc -p web/tsconfig.json` names no package.
      const { operands, specs } = _split(args, name === "npx" ? npmOptionTakes : NPX_VALUED, NPX_SPEC, true);
      return _otherRegistry(name, args, env) || specs.some((s) => _remote(s, true)) || (operands[0] !== undefined && _remote(operands[0], true));
    }
    case "npm":
    case "pnpm":
    case "yarn":
    case "bun": {
      const { operands, specs } = _split(args, name === "npm" ? npmOptionTakes : NPX_VALUED, NPX_SPEC);
      const [sub, ...rest] = operands;
      // A registry of its own for this command (`--registry URL`): what it installs or runs comes from there.
      const elsewhere = _otherRegistry(name, args, env);
      if (sub === undefined) return elsewhere && name === "yarn";
      if (sub === "dlx" || sub === "x" || sub === "exec") return elsewhere || specs.some((s) => _remote(s, true)) || (rest[0] !== undefined && _remote(rest[0], true));
      if (sub === "global" && rest[0] === "add") return elsewhere || rest.slice(1).some((s) => _remote(s, true));
      return NPM_INSTALL.has(sub) ? elsewhere || rest.some((s) => _remote(s, true)) : elsewhere && CLEAN_INSTALLS.has(sub);
    }
    case "pip":
      return _pipInstalls(args, env);
    case "python": {
      // python -m pip install …
      const at = words.findIndex((w) => w === "-m" || w === "-mpip");
      if (at < 0) return false;
      const rest = words[at] === "-mpip" ? args.slice(at + 1) : words[at + 1] === "pip" ? args.slice(at + 2) : null;
      return rest !== null && _pipInstalls(rest, env);
    }
    case "pipx": {
      const { operands, specs } = _split(args, new Set(["--python", "--pip-args", "--index-url"]), new Set(["--spec"]));
      return ["install", "run", "inject", "upgrade"].includes(operands[0] ?? "") && (specs.some((s) => _remote(s, false)) || operands.slice(1).some((s) => _remote(s, false)) || _otherIndex(args, PIPX_SOURCES, "") || _envIndex(env, PIP_ENV));
    }
    case "uv":
    case "uvx": {
      const { operands, specs } = _split(args, UV_VALUED, UV_SPEC);
      if (specs.some((s) => _remote(s, false))) return true;
      const path = name === "uvx" ? ["tool", "run", ...operands] : operands;
      // An index or find-links source of its own installs from there (`uv pip install -i URL x`).
      const elsewhere = (own = args) => _otherIndex(own, UV_SOURCES, "if") || _envIndex(env, UV_ENV);
      if (path[0] === "pip" && path[1] === "install") return elsewhere() || path.slice(2).some((s) => _remote(s, false));
      if (path[0] === "add" || (path[0] === "tool" && path[1] === "install")) return elsewhere() || path.slice(path[0] === "add" ? 1 : 2).some((s) => _remote(s, false));
      // Installs of what the project (`uv sync`, and `uv run` before it runs) or a requirements
      // file (`uv pip sync`) names, and of a tool's newer version: from the index given.
      if (path[0] === "sync" || (path[0] === "pip" && path[1] === "sync") || (path[0] === "tool" && path[1] === "upgrade")) return elsewhere();
      // `uv run URL` runs a script from the network; `uvx SPEC` / `uv tool run SPEC` a package.
      // The words after `uv run`'s command are the command's (`uv run tool --index x`).
      if (path[0] === "run") return elsewhere(args.slice(0, _uvRunCommand(args, path[1]))) || (path[1] !== undefined && _remote(path[1], false));
      if (path[0] === "tool" && path[1] === "run") return elsewhere() || (path[2] !== undefined && _remote(path[2], false));
      return false;
    }
    case "easy_install":
      // setuptools' easy_install (`easy_install-3.8`): each operand a requirement, a URL or a path;
      // `-f`/`--find-links` and `-i`/`--index-url` where it looks them up.
      return _otherIndex(args, PIP_SOURCES, "if") || _split(args, EASY_INSTALL_VALUED).operands.some((s) => _remote(s, false));
    case "deno": {
      const { operands } = _split(args, new Set(["--config", "-c", "--import-map", "--lock", "--cert", "--location", "--seed", "--v8-flags", "--env-file", "--name", "-n", "--root", "--output", "-o", "--target"]));
      const sub = operands[0];
      if (sub === undefined) return false;
      if (["run", "install", "compile", "serve", "test", "bench"].includes(sub)) return operands.slice(1).some((s) => /^https?:\/\//i.test(s));
      return /^https?:\/\//i.test(sub);
    }
    case "go": {
      const { operands } = _split(args, new Set(["-C", "-exec", "-o", "-p", "-tags", "-mod", "-modfile", "-ldflags", "-gcflags", "-asmflags", "-pkgdir", "-toolexec", "-overlay", "-pgo"]));
      return operands[0] === "run" && operands.slice(1).some((s) => !s.startsWith(".") && !s.startsWith("/") && s.includes("@") && !s.endsWith(".go"));
    }
    case "cargo":
      return words[0] === "install" && words.some((w, k) => w === "--git" || w.startsWith("--git=") || (k > 0 && words[k - 1] === "--git"));
    default:
      return false;
  }
}

/** Where `uv run`'s command (`command`, its first operand) stands among `args`; their end when none. */
function _uvRunCommand(args: Word[], command: string | undefined): number {
  const run = args.findIndex((a) => a.value === "run");
  const at = command === undefined ? -1 : args.findIndex((a, k) => k > run && a.value === command);
  return at < 0 ? args.length : at;
}

function _pipInstalls(args: Word[], env: EnvLookup): boolean {
  const { operands, specs } = _split(args, PIP_VALUED, PIP_SPEC);
  return operands[0] === "install" && (specs.some((s) => _remote(s, false)) || operands.slice(1).some((s) => _remote(s, false)) || _otherIndex(args, PIP_SOURCES, "if") || _envIndex(env, PIP_ENV));
}

const NO_ENV: EnvLookup = () => undefined;
// The variables that give pip (and the pip pipx runs) and uv their sources, each a list split on
// spaces (uv's UV_INDEX entries may be `NAME=URL`), and whether it names an index (PyPI's passes)
// or a find-links place. The check's own environment does not count (the user's setting): only
// one the line sets (`PIP_INDEX_URL=URL pip install x`, `export …; pip install x`, `env …`).
const PIP_ENV: ReadonlyArray<readonly [string, boolean]> = [["PIP_INDEX_URL", true], ["PIP_EXTRA_INDEX_URL", true], ["PIP_FIND_LINKS", false]];
const UV_ENV: ReadonlyArray<readonly [string, boolean]> = [["UV_INDEX_URL", true], ["UV_EXTRA_INDEX_URL", true], ["UV_INDEX", true], ["UV_DEFAULT_INDEX", true], ["UV_FIND_LINKS", false]];
// npm's registry as npm, npx and pnpm read it from the environment (npm_config_* in either case),
// yarn 1's and yarn 4's, bun's.
const NPM_ENV: Record<string, readonly string[]> = {
  npm: ["npm_config_registry", "NPM_CONFIG_REGISTRY"],
  npx: ["npm_config_registry", "NPM_CONFIG_REGISTRY"],
  pnpm: ["npm_config_registry", "NPM_CONFIG_REGISTRY"],
  yarn: ["npm_config_registry", "NPM_CONFIG_REGISTRY", "YARN_REGISTRY", "YARN_NPM_REGISTRY_SERVER"],
  bun: ["npm_config_registry", "NPM_CONFIG_REGISTRY", "BUN_CONFIG_REGISTRY"],
  bunx: ["npm_config_registry", "NPM_CONFIG_REGISTRY", "BUN_CONFIG_REGISTRY"],
};

/** Whether a variable of `names` gives an index other than PyPI's or a find-links URL; a computed one may be any. */
function _envIndex(env: EnvLookup, names: ReadonlyArray<readonly [string, boolean]>): boolean {
  if (env === NO_ENV) return false;
  for (const [name, index] of names) {
    const value = env(name);
    if (value === null) return true;
    for (const part of value?.split(/[\s,]+/) ?? []) {
      const url = part.replace(/^[\w.-]+=/, "");
      if (url && _remote(url, false) && !(index && isPypiIndex(url, true))) return true;
    }
  }
  return false;
}

// Sources given to one command (session 13). A stored index or registry other than the public one
// asks ASK_PERSISTENT_CODE (tool-settings.ts, package-config.ts); given to an install, the code
// comes from there now, as from a URL: ASK_REMOTE_CODE. PyPI's and npm's own pass, and what is no
// URL to fetch from (`-f ./wheels`, `file:` URLs, a bare word npm refuses).
// Long names (optparse and clap read `--index`, `--extra`, `--find` as theirs: the shortest prefix
// no other install option begins) and whether the value is an index (PyPI's passes) or a
// find-links place.
interface SourceOption {
  name: string;
  min: number;
  index: boolean;
}
const PIP_SOURCES: readonly SourceOption[] = [
  { name: "index-url", min: 3, index: true },
  { name: "extra-index-url", min: 3, index: true },
  { name: "find-links", min: 2, index: false },
];
const UV_SOURCES: readonly SourceOption[] = [...PIP_SOURCES.map((o) => ({ ...o, min: o.name.length })), { name: "index", min: 5, index: true }, { name: "default-index", min: 13, index: true }];
const EASY_INSTALL_VALUED = new Set(["-f", "--find-links", "-i", "--index-url", "-d", "--install-dir", "-s", "--script-dir", "-b", "--build-directory", "-H", "--allow-hosts", "-S", "--site-dirs"]);
// The short switches of pip's, uv's and easy_install's installs that take no value.
const SHORT_SWITCHES = "UIqvnhVaZNmxk";
const PIPX_SOURCES: readonly SourceOption[] = [{ name: "index-url", min: 3, index: true }];
const CLEAN_INSTALLS = new Set(["ci", "clean-install", "ic", "install-clean", "isntall-clean", "install-test", "it", "install-ci-test", "cit"]);

/**
 * Whether an option among `args` names a package index other than PyPI's or a find-links URL: the
 * long ones of `sources` (`--index-url URL`, `--index-url=URL`, a prefix of `min` letters), the
 * short letters of `short` (`-i URL`, `-iURL`, last in a cluster: `-Ui URL`), up to `--`.
 */
function _otherIndex(args: Word[], sources: readonly SourceOption[], short: string): boolean {
  for (let i = 0; i < args.length; i++) {
    const v = args[i]!.value;
    if (v === "--" || !v.startsWith("-") || v.length < 2) {
      if (v === "--") return false;
      continue;
    }
    let value: string | undefined;
    let index = true;
    if (v.startsWith("--")) {
      const eq = v.indexOf("=");
      const given = v.slice(2, eq < 0 ? undefined : eq);
      const option = sources.find((o) => o.name.startsWith(given) && given.length >= o.min);
      if (!option) continue;
      index = option.index;
      value = eq < 0 ? args[++i]?.value : v.slice(eq + 1);
    } else {
      // Switches first (`-Ui`); any other letter takes the rest of the word as its value (`-rreq.txt`).
      let at = 1;
      while (at < v.length && SHORT_SWITCHES.includes(v[at]!)) at++;
      if (at >= v.length || !short.includes(v[at]!)) continue;
      index = v[at] === "i";
      value = at + 1 < v.length ? v.slice(at + 1) : args[++i]?.value;
    }
    // uv's `--index NAME=URL` names the index it adds.
    const url = value?.replace(/^[\w.-]+=/, "");
    if (url !== undefined && _remote(url, false) && !(index && isPypiIndex(url, true))) return true;
  }
  return false;
}

/** Whether npm, npx, pnpm, yarn or bun is given a registry other than npm's or yarn's own (`--registry URL`, `--@scope:registry=URL`; npm and npx also read `--reg`). */
function _otherRegistry(name: string, args: Word[], env: EnvLookup): boolean {
  // One the line sets for the command (`npm_config_registry=URL npm install x`); a computed one may be any.
  for (const variable of env === NO_ENV ? [] : (NPM_ENV[name] ?? [])) {
    const value = env(variable);
    if (value === null || (value !== undefined && _remote(value, false) && !isPublicNpmRegistry(value))) return true;
  }
  for (let i = 0; i < args.length; i++) {
    const v = args[i]!.value;
    if (v === "--") return false;
    if (!v.startsWith("--")) continue;
    const eq = v.indexOf("=");
    const given = v.slice(2, eq < 0 ? undefined : eq);
    const registry = given === "registry" || (given.startsWith("@") && given.endsWith(":registry")) || ((name === "npm" || name === "npx") && given.length >= 3 && longOption(given, NPM_OPTIONS) === "registry");
    if (!registry) continue;
    const value = eq < 0 ? args[++i]?.value : v.slice(eq + 1);
    if (value !== undefined && _remote(value, false) && !isPublicNpmRegistry(value)) return true;
  }
  return false;
}
