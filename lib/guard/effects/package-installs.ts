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
};

/**
 * When `args[i]` is a package manager's install subcommand (only options or a command group
 * before it), its effects: the folders its options install into, written into with whatever
 * they hold replaced (`pip install --target DIR`, `cargo install --root DIR`, `gem install
 * --install-dir DIR`, `npm install --prefix DIR`); the other words are package names. Null when
 * it is not one.
 */
export function packageInstall(name: string, args: Word[], i: number): Op[] | null {
  const manager = packageRunner(name) ?? name;
  if (args[i]?.value !== "install" || !MANAGERS.has(manager)) return null;
  if (!args.slice(0, i).every((w) => !w.dynamic && w.value !== "--" && (w.value.startsWith("-") || COMMAND_GROUPS.has(w.value)))) return null;
  const spec = DESTINATIONS[manager];
  const dirs = spec ? _destinations(args.slice(i + 1), spec) : [];
  return dirs.length === 0 ? [] : [{ ...op("write-into", `${manager} install`, dirs), lands: "spread", replaces: true }];
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
