import { dirname } from "node:path";
import { op, type Op } from "../ops.ts";
import { UNSET } from "../posix/vars.ts";
import { literalWord, unknownWord, type SimpleCommand, type Word } from "../syntax.ts";
import type { AnalyzeContext, Invocation } from "./context.ts";
import { dpkgDeb } from "./extractors.ts";
import { clusterValue, longOption, openOption, optionWalk, wordFrom } from "./getopt.ts";
import { ownAssignment } from "./own-assignments.ts";
import { NPM_INSTALL, NPM_SWITCHES, NPM_VALUED_OPTIONS, NPM_VALUED_SHORT, npmSubcommandAt, packageRunner } from "./remote-packages.ts";
import { pythonModuleCall } from "./script-operands.ts";
import { filledFolder } from "./sinks.ts";

// Package managers whose `install` subcommand installs packages by name, never coreutils install
// (`npm install a b`, `pip install $(cat requirements.txt)`, `apt-get install -y $PKGS`); with
// `uv pip install` and `uv tool install`, after a command group. (Sources from the network:
// remote-packages.ts.)
const MANAGERS = new Set("npm pnpm yarn pip pipx uv gem brew apt apt-get aptitude dnf yum zypper snap flatpak pkg port conda mamba micromamba choco winget scoop cargo go cabal dotnet deno".split(" "));
const COMMAND_GROUPS = new Set(["pip", "tool"]);
// A manager's own command group: `conda env create`, `yarn global add`.
const MANAGER_GROUPS: Record<string, string> = { conda: "env", mamba: "env", micromamba: "env", yarn: "global" };

// The subcommands that install into the folder an option names, where more than `install` does
// (session 7: `npm i --prefix DIR`, `pnpm add --dir DIR`, `yarn --cwd DIR add` were not judged):
// npm's install aliases, `add`, update and the clean installs (npm 11 command list); pnpm's,
// yarn's and bun's own install commands and aliases only (any other word runs a script of that
// name: `yarn ci`); conda's create and update; cabal's v2 spellings; cargo's `add` and `update`,
// which rewrite the manifest and lock file as `rm` does; brew's reinstall and upgrade; apt's
// upgrades; composer's require and update (`composer require -d DIR x`).
const NPM_INSTALLS = [...NPM_INSTALL, "ci", "clean-install", "ic", "install-clean", "isntall-clean", "install-test", "it", "install-ci-test", "cit"];
const CONDA_INSTALLS = new Set(["install", "create", "update", "upgrade"]);
const APT_INSTALLS = new Set(["install", "reinstall", "upgrade", "dist-upgrade", "full-upgrade"]);
const INSTALLS: Record<string, ReadonlySet<string>> = {
  npm: new Set(NPM_INSTALLS),
  pnpm: new Set(["install", "i", "add", "update", "up", "upgrade", "install-test", "it"]),
  yarn: new Set(["install", "add", "upgrade", "up"]),
  bun: new Set(["install", "i", "add", "a", "update"]),
  conda: CONDA_INSTALLS,
  mamba: CONDA_INSTALLS,
  micromamba: CONDA_INSTALLS,
  cabal: new Set(["install", "v2-install", "new-install"]),
  cargo: new Set(["install", "add", "update"]),
  brew: new Set(["install", "reinstall", "upgrade"]),
  apt: APT_INSTALLS,
  "apt-get": APT_INSTALLS,
  composer: new Set(["install", "i", "require", "r", "update", "u", "upgrade", "reinstall"]),
  dotnet: new Set(["install", "update"]),
};
const INSTALL: ReadonlySet<string> = new Set(["install"]);

// The subcommands that remove packages by name, each spelled as the manager's own documentation
// or source lists it (not coreutils rm, even when spelled `rm`): npm's uninstall aliases, pnpm's
// remove aliases, Homebrew's internal command aliases, cargo's built-in `rm` alias (its `r` is
// `run`), composer's `rm`. `yarn rm` is no yarn command (yarn runs a script or binary of that name)
// and stays what it was.
const REMOVALS: Record<string, ReadonlySet<string>> = {
  npm: new Set(["uninstall", "unlink", "remove", "rm", "r", "un"]),
  pnpm: new Set(["remove", "rm", "uninstall", "un"]),
  yarn: new Set(["remove"]),
  bun: new Set(["remove", "rm"]),
  brew: new Set(["uninstall", "uninstal", "remove", "rm"]),
  cargo: new Set(["remove", "rm", "uninstall"]),
  deno: new Set(["uninstall"]),
  gem: new Set(["uninstall"]),
  pip: new Set(["uninstall"]),
  poetry: new Set(["remove"]),
  uv: new Set(["remove", "uninstall"]),
  composer: new Set(["remove", "rm"]),
  conda: new Set(["remove", "uninstall"]),
  mamba: new Set(["remove", "uninstall"]),
  micromamba: new Set(["remove", "uninstall"]),
  dotnet: new Set(["uninstall"]),
  apt: new Set(["remove", "purge", "autoremove"]),
  "apt-get": new Set(["remove", "purge", "autoremove", "autopurge"]),
  dnf: new Set(["remove", "erase", "autoremove"]),
  yum: new Set(["remove", "erase", "autoremove"]),
};

/** Options of an install that name the folder it installs into, and the other options an abbreviation may stand for. */
interface Destinations {
  /** Long options (without `--`) whose value is the folder. */
  long: string[];
  /** Short options whose value is the folder (`-t DIR`, `-tDIR`). */
  short?: string;
  /** Other short options that take a value. */
  valued?: string;
  /** Other long options sharing a prefix with them, when the program reads abbreviations (optparse, Ruby's OptionParser). */
  others?: readonly string[];
  /** Other long options that take a value (`--workspace DIR`), when read before the subcommand. */
  valuedLong?: readonly string[];
  /** Long options whose value is a file in the folder (cargo's `--manifest-path`). */
  file?: string[];
  /** Options valued `KEY=DIR`: the keys that name a folder (apt's `-o Dir::Cache=DIR`). */
  keyed?: RegExp;
  /** Variables of the line's own naming the folder (`PIP_TARGET=DIR pip install x`); a command's own assignment in any case with `anyCase`. */
  env?: string[];
  anyCase?: boolean;
  /** When `env` counts, if not always (cargo's install root is no manifest's folder). */
  envFor?: (sub: string, args: Word[]) => boolean;
}

const PIP: Destinations = {
  long: ["target", "prefix", "root"],
  short: "t",
  valued: "cirefC",
  others: ["trusted-host", "timeout", "pre", "prefer-binary", "progress-bar", "platform", "python-version", "proxy", "requirement", "require-hashes", "report", "retries", "root-user-action"],
};

// apt's configuration keys of its folders: `Dir` and those below it (`Dir::Cache::archives`).
const APT: Destinations = { long: ["option"], short: "o", valued: "cta", keyed: /^Dir(?:::[\w-]+)*=/i };
// The folder options of a cask (brew's `--appdir` and the other artifact folders; Homebrew's
// cli/parser.rb global_cask_options), and brew install's other long options: Ruby's OptionParser
// reads an unambiguous abbreviation (`--appd DIR`).
const BREW_DIRS = "appdir appimagedir fontdir colorpickerdir prefpanedir qlplugindir mdimporterdir dictionarydir servicedir input-methoddir internet-plugindir audio-unit-plugindir vst-plugindir vst3-plugindir screen-saverdir keyboard-layoutdir".split(" ");
const BREW_OTHERS = "debug display-times ask force verbose dry-run formula ignore-dependencies only-dependencies cc build-from-source force-bottle include-test HEAD fetch-HEAD keep-tmp debug-symbols build-bottle skip-post-install skip-link as-dependency bottle-arch interactive git overwrite cask casks binaries no-binaries require-sha quarantine no-quarantine adopt skip-cask-deps zap quiet help language".split(" ");
// conda's parsers are argparse's, which read an unambiguous abbreviation (`--pref DIR`).
const CONDA: Destinations = { long: ["prefix"], short: "p", valued: "cn", others: ["platform"] };

const DESTINATIONS: Record<string, Destinations> = {
  // pip reads any option from PIP_<NAME> (pip's configuration documentation).
  pip: { ...PIP, env: ["PIP_TARGET", "PIP_PREFIX", "PIP_ROOT"] },
  uv: { long: PIP.long, short: "t" },
  cargo: { long: ["root"], file: ["manifest-path"], env: ["CARGO_INSTALL_ROOT"], envFor: (sub) => sub === "install" || sub === "uninstall" },
  // deno install -g writes its launcher into ROOT/bin (`--root`, DENO_INSTALL_ROOT); -n, -c and -L take a value.
  deno: { long: ["root"], valued: "ncL", env: ["DENO_INSTALL_ROOT"], envFor: (sub) => sub === "install" || sub === "uninstall" },
  gem: { long: ["install-dir", "bindir"], short: "in", valued: "vsp", others: ["ignore-dependencies", "build-root"], env: ["GEM_HOME"] },
  // `-C` is npm's `--prefix` (npm 11 config definitions), and nopt reads abbreviations (`--prefi`);
  // npm reads `npm_config_*` variables in any case (@npmcli/config), and a prefix from there is
  // the global one only (sandbox, npm 11: `npm_config_prefix=DIR npm add ./x` installed here).
  npm: {
    long: ["prefix"],
    short: "C",
    valued: NPM_VALUED_SHORT.replace("C", ""),
    // Every other option, so a value is never read as the subcommand (`npm --cache DIR rm x`).
    valuedLong: NPM_VALUED_OPTIONS.filter((n) => n !== "prefix"),
    others: NPM_SWITCHES,
    env: ["npm_config_prefix", "NPM_CONFIG_PREFIX"],
    anyCase: true,
    envFor: (_, args) => _global(args),
  },
  // `go install` writes GOBIN, else the first GOPATH folder's bin, and the module cache
  // (GOMODCACHE, else that folder's pkg/mod).
  go: { long: [], env: ["GOBIN", "GOPATH", "GOMODCACHE"] },
  conda: CONDA,
  mamba: CONDA,
  micromamba: CONDA,
  apt: APT,
  "apt-get": APT,
  brew: { long: BREW_DIRS, others: BREW_OTHERS },
  cabal: { long: ["installdir"] },
  dotnet: { long: ["tool-path"] },
  // dpkg's folders (its action is an option: `dpkg --root DIR -i x.deb`).
  dpkg: { long: ["root", "instdir", "admindir"] },
  // The project folder these install into and remove from (red team 15: `pnpm --dir ~ rm x`
  // rewrote ~/package.json): pnpm's `-C`/`--dir`, yarn's and bun's `--cwd`, composer's `-d`.
  // A global install's folders also come from npm's configuration variables and PNPM_HOME (its
  // global bin folder; @pnpm/config); yarn's `global add` from `--prefix` and `--global-folder`.
  pnpm: {
    long: ["dir", "global-dir"],
    short: "C",
    valued: "F",
    valuedLong: ["filter", "filter-prod"],
    env: ["npm_config_global_dir", "NPM_CONFIG_GLOBAL_DIR", "npm_config_global_bin_dir", "NPM_CONFIG_GLOBAL_BIN_DIR", "npm_config_prefix", "NPM_CONFIG_PREFIX", "PNPM_HOME"],
    anyCase: true,
    envFor: (_, args) => _global(args),
  },
  yarn: { long: ["cwd", "modules-folder", "global-folder", "prefix"] },
  bun: { long: ["cwd"] },
  composer: { long: ["working-dir"], short: "d" },
  // pacman -R: the root and database folders it removes from.
  pacman: { long: ["root", "sysroot", "dbpath"], short: "rb" },
};

/** Whether an npm or pnpm install is global (`-g`, `--global`, `--location=global`). */
function _global(args: Word[]): boolean {
  return args.some((a) => /^(?:-g|--global|--location=global)$/.test(a.value));
}

// dpkg's actions that install or remove (`dpkg --root DIR -i x.deb`), `-R` with them.
const DPKG_ACTIONS = /^(?:-[iRrP]+|--(?:install|unpack|remove|purge|configure|triggers-only))$/;
// dpkg's extraction actions (dpkg passes them to dpkg-deb; its `-R` is `--recursive`).
const DPKG_EXTRACT = new Set(["-x", "--extract", "-X", "--vextract"]);
// dpkg's options that take a folder as the next word (`--root DIR`).
const DPKG_VALUED = new Set(["--root", "--instdir", "--admindir"]);

/**
 * dpkg's extractions (`dpkg -x DEB DIR`, `-X`, `--extract`, `--vextract`: dpkg-deb's, any of
 * whose files may replace an entry of DIR; sandbox, dpkg 1.21) and a word unknown before the
 * action (`dpkg $MODE a.deb /`) are judged as dpkg-deb's (extractors.ts), from that word on;
 * dpkg's own `-R` is `--recursive`, no extraction. Undefined when an install or removal action,
 * or nothing, comes first.
 */
function _dpkgExtraction(args: Word[]): Op[] | undefined {
  for (let i = 0; i < args.length; i++) {
    const w = args[i]!;
    if (!w.dynamic && DPKG_VALUED.has(w.value)) i++;
    else if (w.dynamic || DPKG_EXTRACT.has(w.value)) return dpkgDeb({ name: "dpkg", args: args.slice(i) } as Invocation);
    else if (w.value !== "-R" && DPKG_ACTIONS.test(w.value)) return undefined;
  }
  return undefined;
}

/**
 * When a package manager's first word other than options and a command group is one of its
 * install subcommands (INSTALLS, else `install`) or a removal subcommand (`pacman -R…`,
 * `--remove` and dpkg's actions: options), its effects: the folders its options and the line's
 * variables install into or remove from, written into with whatever they hold replaced (`pip
 * install --target DIR`, `cargo install --root DIR`, `gem uninstall --install-dir DIR`, `npm rm
 * --prefix DIR`, `npm i -C DIR`, `PIP_TARGET=DIR pip install x`); the other words are package
 * names. A bare `yarn` installs. Null when it is none of these: the words are scanned for a
 * program then (`npm exec rm -rf ~`, `cargo run`, `yarn dlx`). `ctx` and `cmd` give the line's
 * variables.
 */
export function packageCommand(name: string, args: Word[], ctx: AnalyzeContext, cmd?: SimpleCommand): Op[] | null {
  const manager = packageRunner(name) ?? name;
  if (manager === "pacman") return args.some((w) => !w.dynamic && /^(?:-[a-zA-Z]*R[a-zA-Z]*|--remove)$/.test(w.value)) ? _effects(manager, "remove", args) : null;
  if (manager === "dpkg") return _dpkgExtraction(args) ?? (args.some((w) => !w.dynamic && DPKG_ACTIONS.test(w.value)) ? _effects(manager, "install", args) : null);
  const installs = INSTALLS[manager] ?? (MANAGERS.has(manager) ? INSTALL : undefined);
  if (!installs && !REMOVALS[manager]) return null;
  const spec = DESTINATIONS[manager];
  for (let i = 0; i < args.length; i++) {
    const w = args[i]!;
    if (w.dynamic || w.value === "--") return null;
    // A destination's value is no subcommand (`npm --prefix DIR rm x`).
    if (w.value.startsWith("-") && spec) i = _option(args, i, spec).end;
    if (w.value.startsWith("-") || COMMAND_GROUPS.has(w.value) || MANAGER_GROUPS[manager] === w.value) continue;
    // The options before the subcommand count too: `npm --prefix DIR rm x` (red team 15).
    const options = [...args.slice(0, i), ...args.slice(i + 1)];
    if (installs?.has(w.value)) return _effects(manager, w.value, options, ctx, cmd);
    // `npm unpublish` removes a published package (pnpm passes it to npm): red team 16.
    if (w.value === "unpublish" && (manager === "npm" || manager === "pnpm")) return options.some((o) => o.value === "--dry-run" || o.value === "--help" || o.value === "-h") ? [] : [op("infra-destroy", `${manager} unpublish`)];
    return REMOVALS[manager]?.has(w.value) ? _effects(manager, w.value, options, ctx, cmd) : null;
  }
  return manager === "yarn" ? _effects(manager, "install", args, ctx, cmd) : null;
}

// The managers whose variables name a global folder, the default one's kind (GOBIN, GOPATH,
// GOMODCACHE; npm's and pnpm's prefix and global folders under -g): judged as the default
// global install is (Op.global). PIP_TARGET and the like name a folder of the project's.
const GLOBAL_ENV = new Set(["go", "npm", "pnpm"]);

function _effects(manager: string, sub: string, args: Word[], ctx?: AnalyzeContext, cmd?: SimpleCommand): Op[] {
  const spec = DESTINATIONS[manager];
  const dirs = spec ? _destinations(args, spec) : [];
  const vars = spec?.env && ctx && (!spec.envFor || spec.envFor(sub, args)) ? _variables(spec, ctx, cmd) : [];
  if (!GLOBAL_ENV.has(manager)) dirs.push(...vars);
  const ops: Op[] = dirs.length === 0 ? [] : [filledFolder(`${manager} ${sub}`, dirs)];
  if (GLOBAL_ENV.has(manager) && vars.length > 0) ops.push({ ...op("write-into", `${manager} ${sub}`, vars), lands: "spread", replaces: true, global: true });
  return ops;
}

/**
 * The values of the variables `spec.env` names that the command gets from the line, as its program
 * sees them (own-assignments.ts): its own assignment (the last of repeated ones; none when a
 * wrapper changed it after: `GOPATH=a env GOPATH=b go install` installs into b), else one made
 * earlier in the line or by the wrapper (the hook's environment is the user's setting, as a
 * configuration file would be). npm reads its `npm_config_*` names in any case
 * (`NPM_CONFIG_PREFIX`): each spelling the line sets counts. Unknown values are unknown folders.
 */
function _variables(spec: Destinations, ctx: AnalyzeContext, cmd?: SimpleCommand): Word[] {
  const out: Word[] = [];
  // A list (GOPATH) is written in its first folder.
  const add = (name: string, w: Word) => out.push(name !== "GOPATH" || w.dynamic || !w.value.includes(":") ? w : { ...w, value: w.value.split(":")[0]!, pattern: w.pattern.split(":")[0]! });
  for (const name of spec.anyCase ? _spellings(spec.env!, ctx, cmd) : spec.env!) {
    const own = ownAssignment(cmd, ctx, name);
    if (own) {
      add(name, own);
      continue;
    }
    const value = ctx.vars.get(name);
    if (value !== undefined && value !== UNSET) add(name, value === null ? unknownWord() : literalWord(value));
  }
  return out;
}

/** `names` (lower case) and every other spelling of an `npm_config_*` one the command or the line sets. */
function _spellings(names: readonly string[], ctx: AnalyzeContext, cmd?: SimpleCommand): string[] {
  const out = [...names];
  const other = (name: string) => {
    if (!out.includes(name) && /^npm_config_/i.test(name) && names.includes(name.toLowerCase())) out.push(name);
  };
  for (const a of cmd?.assigns ?? []) other(a.name);
  for (const name of ctx.vars.keys()) other(name);
  return out;
}

/**
 * Each package manager's options that take the next word before its subcommand or the bin it runs
 * (`pnpm -C DIR add ./dir`, `yarn --cwd DIR jest`, `bun -c bunfig.toml add ./dir`), by program:
 * the managers differ, so one list for all of them skipped words one manager reads as its command.
 * pnpm (pnpm.io/pnpm-cli) has no `--cwd` (`pnpm --cwd x exec …` runs `x`, pnpm issue 8140), its
 * `-c` is exec's `--shell-mode` and its `--workspace` a switch of add and update (npm's
 * `--workspace NAME` is npm's: remote-packages.ts NPM_VALUED_OPTIONS); yarn 1's are its global
 * flags (src/cli/index.js; yarn 2+ has `--cwd` only); bun's from `bun --help` (`-c FILE` is
 * `--config`, the next word when it is no option). npm is read by remote-packages.ts
 * npmSubcommandAt. pip and uv: `--cache-dir`.
 */
export const MANAGER_VALUED: Readonly<Record<string, ReadonlySet<string>>> = {
  pnpm: new Set(["-C", "--dir", "--filter", "-F", "--filter-prod", "--reporter", "--loglevel", "--registry", "--cache-dir"]),
  yarn: new Set(["--cwd", "--modules-folder", "--global-folder", "--link-folder", "--cache-folder", "--preferred-cache-folder", "--registry", "--use-yarnrc", "--mutex", "--network-timeout", "--network-concurrency", "--proxy", "--https-proxy"]),
  bun: new Set(["--cwd", "-c", "--config", "--filter", "-F", "--cache-dir", "--registry"]),
  pip: new Set(["--cache-dir"]),
  uv: new Set(["--cache-dir"]),
};

/**
 * The index of a package manager's subcommand among `args` (npm's: remote-packages.ts
 * npmSubcommandAt), or -1: the first word that is computed or does not begin with `-`, an option
 * of MANAGER_VALUED skipping its value. Not getopt.ts optionWalk, which reads a bare `-` as an
 * operand: yarn 1 takes as its command the first word that does not begin with `-`
 * (src/cli/index.js `firstNonFlagIndex`), `-` included. pnpm's nopt reads `-` as an operand (a
 * script name): `pnpm - install` is read as an install, the side an install's checks err on.
 */
export function managerSubcommandAt(manager: string, args: readonly Word[]): number {
  if (manager === "npm") return npmSubcommandAt(args);
  const valued = MANAGER_VALUED[manager];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a.dynamic || !a.value.startsWith("-")) return i;
    if (valued?.has(a.value)) i++;
  }
  return -1;
}

// A package archive an install unpacks and builds (`npm install ./x.tgz`, `pip install x-1.0.tar.gz`).
const ARCHIVE = /\.(tgz|tar|tar\.gz|tar\.bz2|tar\.xz|zip|whl)$/i;
const PIP_BUILD_FILES = ["setup.py", "pyproject.toml", "setup.cfg"];
// pip install's long options an abbreviation of `--editable`, `--requirement` or `--constraint` must not also begin.
const PIP_OPTIONS = [...PIP.long, ...PIP.others!, "editable", "requirement", "constraint", "extra-index-url", "exists-action", "config-settings", "cache-dir", "cert", "client-cert", "compile", "check-build-dependencies"];

/**
 * The files of the local packages an install names, which it runs (red team 14): a folder's
 * package.json, whose lifecycle scripts npm, pnpm, yarn and bun run (`npm install ./dir`, `npm add
 * file:dir`), a folder's setup.py, pyproject.toml and setup.cfg, which pip, pipx and `uv pip`
 * build (`pip install dir/`, `-e dir`; pip reads a name with a `/` or a leading `.` as a path),
 * a package archive itself, and the requirement files `-r`/`-c` name (the `-e dir` lines of a
 * written one: written-inputs.ts). Spelled relative to the working directory. `python -m pip`
 * is pip.
 */
export function localPackageFiles(name: string, args: Word[]): string[] {
  const module = /^python[0-9.]*$/.test(name) ? pythonModuleCall(args) : undefined;
  const manager = module ? (module.module.value === "pip" ? "pip" : "") : (packageRunner(name) ?? name);
  const words = (module ? module.args : args).map((a) => (a.dynamic ? "" : a.value));
  // Options before the subcommand may take a value (`npm --registry URL install ./dir`, `pnpm -C
  // DIR add ./dir`, `yarn --cwd DIR add file:dir`).
  const at = managerSubcommandAt(manager, module ? module.args : args);
  const out: string[] = [];
  if (["npm", "pnpm", "yarn", "bun"].includes(manager) && NPM_INSTALL.has(words[at] ?? "")) {
    for (const w of words.slice(at + 1)) {
      const file = /^(?:@?[^@]*@)?file:(.*)$/s.exec(w)?.[1];
      const spec = file ?? w;
      if (file !== undefined || /^(\.|\/|~\/)|\/$/.test(spec) || ARCHIVE.test(spec)) out.push(ARCHIVE.test(spec) ? spec : `${spec.replace(/\/+$/, "") || "."}/package.json`);
    }
  }
  const pip = manager === "pip" || manager === "pipx" ? at : manager === "uv" && words[at] === "pip" ? at + 1 : -1;
  if (pip >= 0 && words[pip] === "install") {
    const folder = (w: string) => PIP_BUILD_FILES.map((f) => `${w.replace(/\/+$/, "") || "."}/${f}`);
    let takes: "file" | "folder" | undefined;
    for (const w of words.slice(pip + 1)) {
      const given = takes;
      takes = undefined;
      if (given) out.push(...(given === "file" ? [w] : folder(w)));
      else if (w.startsWith("--")) {
        // optparse reads abbreviations (`--edit=dir`, `--requir f`).
        const eq = w.indexOf("=");
        const long = longOption(w.slice(2, eq < 0 ? undefined : eq), PIP_OPTIONS, 2);
        const kind = long === "editable" ? "folder" : long === "requirement" || long === "constraint" ? "file" : undefined;
        if (kind && eq >= 0) out.push(...(kind === "file" ? [w.slice(eq + 1)] : folder(w.slice(eq + 1))));
        else takes = kind;
      } else if (/^-[erc]/.test(w)) {
        const kind = w[1] === "e" ? "folder" : "file";
        if (w.length > 2) out.push(...(kind === "file" ? [w.slice(2)] : folder(w.slice(2))));
        else takes = kind;
      } else if (ARCHIVE.test(w)) out.push(w);
      else if (w.startsWith(".") || w.includes("/")) out.push(...folder(w));
    }
  }
  return out;
}

function _destinations(args: Word[], spec: Destinations): Word[] {
  const dirs: Word[] = [];
  // A computed option word is the option its known start names (`-t$X`, `--target=$X`): its
  // folder is unknown (getopt.ts optionWalk's `computed`).
  optionWalk(
    args,
    (_, i) => {
      const { end, dir } = _option(args, i, spec);
      if (dir) dirs.push(dir);
      return end;
    },
    true,
  );
  return dirs;
}

// Each spec's long option names, built once.
const _names = new WeakMap<Destinations, string[]>();

/** The option at `args[i]`: the index of its last word, and the folder it names when it is a destination. */
function _option(args: Word[], i: number, spec: Destinations): { end: number; dir?: Word } {
  const v = args[i]!.value;
  let got: { end: number; dir?: Word };
  if (v.startsWith("--")) {
    const eq = v.indexOf("=");
    const given = v.slice(2, eq < 0 ? undefined : eq);
    let names = _names.get(spec);
    if (!names) _names.set(spec, (names = [...spec.long, ...(spec.file ?? []), ...(spec.valuedLong ?? []), ...(spec.others ?? [])]));
    const long = spec.others ? longOption(given, names, 2) : names.find((n) => n === given);
    if (long === undefined || spec.others?.includes(long)) return { end: i };
    if (spec.valuedLong?.includes(long)) return { end: eq >= 0 ? i : i + 1 };
    // A computed name may go on to its `=FOLDER` (`--tar$X`): the folder is unknown.
    if (eq < 0 && args[i]!.dynamic) return { end: i, dir: unknownWord() };
    got = eq >= 0 ? { end: i, dir: wordFrom(args[i]!, eq + 1) } : { end: i + 1, dir: args[i + 1] };
    // A file's folder (`--manifest-path DIR/Cargo.toml`).
    if (got.dir && spec.file?.includes(long)) got.dir = got.dir.dynamic ? unknownWord() : { ...got.dir, value: dirname(got.dir.value), pattern: dirname(got.dir.pattern) };
  } else {
    const letters = (spec.short ?? "") + (spec.valued ?? "");
    const cluster = clusterValue(args, i, letters);
    // A computed cluster with no letter that takes a value may go on to a folder's (`-v$X`: `-vt DIR`).
    if (cluster === null && spec.short && openOption(args[i]!, letters)) return { end: i, dir: unknownWord() };
    got = { end: cluster?.i ?? i, dir: cluster?.value && spec.short?.includes(cluster.letter) ? cluster.value : undefined };
  }
  // `-o Dir=DIR`: only the keys naming a folder.
  if (got.dir && spec.keyed) {
    const key = spec.keyed.exec(got.dir.value);
    got.dir = key ? wordFrom(got.dir, key[0].length) : undefined;
  }
  return got;
}
