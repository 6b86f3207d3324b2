import { op, type Op } from "../ops.ts";
import type { Word } from "../syntax.ts";
import { clusterValue, longOption, optionWalk, wordFrom } from "./getopt.ts";
import { packageRunner } from "./remote-packages.ts";

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
  npm: { long: ["prefix"] },
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
    if (w.value.startsWith("-") || COMMAND_GROUPS.has(w.value)) continue;
    if (w.value === "install" && MANAGERS.has(manager)) return _effects(manager, "install", args.slice(i + 1));
    return REMOVALS[manager]?.has(w.value) ? _effects(manager, w.value, args.slice(i + 1)) : null;
  }
  return null;
}

function _effects(manager: string, sub: string, args: Word[]): Op[] {
  const spec = DESTINATIONS[manager];
  const dirs = spec ? _destinations(args, spec) : [];
  return dirs.length === 0 ? [] : [{ ...op("write-into", `${manager} ${sub}`, dirs), lands: "spread", replaces: true }];
}
function _destinations(args: Word[], spec: Destinations): Word[] {
  const dirs: Word[] = [];
  const names = [...spec.long, ...(spec.others ?? [])];
  optionWalk(args, (a, i) => {
    const v = a.value;
    if (v.startsWith("--")) {
      const eq = v.indexOf("=");
      const given = v.slice(2, eq < 0 ? undefined : eq);
      const long = spec.others ? longOption(given, names, 2) : names.find((n) => n === given);
      if (long === undefined || !spec.long.includes(long)) return i;
      const value = eq >= 0 ? wordFrom(a, eq + 1) : args[++i];
      if (value) dirs.push(value);
      return i;
    }
    const got = clusterValue(args, i, (spec.short ?? "") + (spec.valued ?? ""));
    if (got?.value && spec.short?.includes(got.letter)) dirs.push(got.value);
    return got?.i ?? i;
  });
  return dirs;
}
