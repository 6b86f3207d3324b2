import { op, type Op } from "../ops.ts";
import type { Word } from "../syntax.ts";
import { clusterValue, longOption, optionWalk, wordFrom } from "./getopt.ts";
import { NPM_INSTALL, packageRunner } from "./remote-packages.ts";
import { pythonModuleCall } from "./script-operands.ts";

// Package managers whose `install` subcommand installs packages by name, never coreutils install
// (`npm install a b`, `pip install $(cat requirements.txt)`, `apt-get install -y $PKGS`); with
// `uv pip install` and `uv tool install`, after a command group. (Sources from the network:
// remote-packages.ts.)
const MANAGERS = new Set("npm pnpm yarn pip pipx uv gem brew apt apt-get aptitude dnf yum zypper snap flatpak pkg port conda mamba micromamba choco winget scoop cargo go".split(" "));
const COMMAND_GROUPS = new Set(["pip", "tool"]);

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
  gem: new Set(["uninstall"]),
  pip: new Set(["uninstall"]),
  poetry: new Set(["remove"]),
  uv: new Set(["remove", "uninstall"]),
  composer: new Set(["remove", "rm"]),
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
  others?: string[];
}

const PIP: Destinations = {
  long: ["target", "prefix", "root"],
  short: "t",
  valued: "cirefC",
  others: ["trusted-host", "timeout", "pre", "prefer-binary", "progress-bar", "platform", "python-version", "proxy", "requirement", "require-hashes", "report", "retries", "root-user-action"],
};

const DESTINATIONS: Record<string, Destinations> = {
  pip: PIP,
  uv: { long: PIP.long, short: "t" },
  cargo: { long: ["root"] },
  gem: { long: ["install-dir", "bindir"], short: "in", valued: "vsp", others: ["ignore-dependencies", "build-root"] },
  // `-C` is npm's `--prefix` (npm 11 config definitions), and nopt reads abbreviations (`--prefi`).
  npm: { long: ["prefix"], short: "C", valued: "w", others: ["prefer-dedupe", "prefer-offline", "prefer-online", "preid", "production", "progress", "provenance", "provenance-file", "proxy"] },
  // The project folder these install into and remove from (red team 15: `pnpm --dir ~ rm x`
  // rewrote ~/package.json): pnpm's `-C`/`--dir`, yarn's and bun's `--cwd`, composer's `-d`.
  pnpm: { long: ["dir", "global-dir"], short: "C" },
  yarn: { long: ["cwd", "modules-folder"] },
  bun: { long: ["cwd"] },
  composer: { long: ["working-dir"], short: "d" },
  // pacman -R: the root and database folders it removes from.
  pacman: { long: ["root", "sysroot", "dbpath"], short: "rb" },
};

/**
 * When a package manager's first word other than options and a command group is its `install`
 * or a removal subcommand (`pacman -R…` or `--remove`: an option), its effects: the folders its
 * options install into or remove from, written into with whatever they hold replaced (`pip install
 * --target DIR`, `cargo install --root DIR`, `gem uninstall --install-dir DIR`, `npm rm --prefix
 * DIR`); the other words are package names. Null when it is none of these: the words are scanned
 * for a program then (`npm exec rm -rf ~`, `cargo run`, `yarn dlx`).
 */
export function packageCommand(name: string, args: Word[]): Op[] | null {
  const manager = packageRunner(name) ?? name;
  if (manager === "pacman") return args.some((w) => !w.dynamic && /^(?:-[a-zA-Z]*R[a-zA-Z]*|--remove)$/.test(w.value)) ? _effects(manager, "remove", args) : null;
  if (!MANAGERS.has(manager) && !REMOVALS[manager]) return null;
  for (let i = 0; i < args.length; i++) {
    const w = args[i]!;
    if (w.dynamic || w.value === "--") return null;
    // A destination's value is no subcommand (`npm --prefix DIR rm x`).
    if (w.value.startsWith("-") && DESTINATIONS[manager]) i = _option(args, i, DESTINATIONS[manager]).end;
    if (w.value.startsWith("-") || COMMAND_GROUPS.has(w.value)) continue;
    // The options before the subcommand count too: `npm --prefix DIR rm x` (red team 15).
    const options = [...args.slice(0, i), ...args.slice(i + 1)];
    if (w.value === "install" && MANAGERS.has(manager)) return _effects(manager, "install", options);
    // `npm unpublish` removes a published package (pnpm passes it to npm): red team 16.
    if (w.value === "unpublish" && (manager === "npm" || manager === "pnpm")) return options.some((o) => o.value === "--dry-run" || o.value === "--help" || o.value === "-h") ? [] : [op("infra-destroy", `${manager} unpublish`)];
    return REMOVALS[manager]?.has(w.value) ? _effects(manager, w.value, options) : null;
  }
  return null;
}

function _effects(manager: string, sub: string, args: Word[]): Op[] {
  const spec = DESTINATIONS[manager];
  const dirs = spec ? _destinations(args, spec) : [];
  return dirs.length === 0 ? [] : [{ ...op("write-into", `${manager} ${sub}`, dirs), lands: "spread", replaces: true }];
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
  const at = words.findIndex((w) => !w.startsWith("-"));
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
  optionWalk(args, (_, i) => {
    const { end, dir } = _option(args, i, spec);
    if (dir) dirs.push(dir);
    return end;
  });
  return dirs;
}

/** The option at `args[i]`: the index of its last word, and the folder it names when it is a destination. */
function _option(args: Word[], i: number, spec: Destinations): { end: number; dir?: Word } {
  const v = args[i]!.value;
  if (v.startsWith("--")) {
    const eq = v.indexOf("=");
    const given = v.slice(2, eq < 0 ? undefined : eq);
    const names = [...spec.long, ...(spec.others ?? [])];
    const long = spec.others ? longOption(given, names, 2) : names.find((n) => n === given);
    if (long === undefined || !spec.long.includes(long)) return { end: i };
    return eq >= 0 ? { end: i, dir: wordFrom(args[i]!, eq + 1) } : { end: i + 1, dir: args[i + 1] };
  }
  const got = clusterValue(args, i, (spec.short ?? "") + (spec.valued ?? ""));
  return { end: got?.i ?? i, dir: got?.value && spec.short?.includes(got.letter) ? got.value : undefined };
}
