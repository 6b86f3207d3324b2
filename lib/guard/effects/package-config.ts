import { op, type Op } from "../ops.ts";
import type { Word } from "../syntax.ts";
import type { Handler } from "./context.ts";
import { npmOptionTakes } from "./remote-packages.ts";
import { unmodelledReading } from "./unknown-program.ts";

/*
 * Package managers' stored settings that name a program or code later commands run (session 7:
 * `npm config set script-shell /tmp/evil` was ALLOW_NO_EFFECT, and every later `npm run` runs
 * /tmp/evil): npm's and pnpm's `script-shell`, `shell`, `node-options`, `init-module`, `editor`,
 * `browser`, `viewer`, `git` and `onload-script`; yarn's `yarnPath` (`yarn-path`), `script-shell` and `plugins`.
 * Storing one asks as storing a git setting git runs as code does (ASK_PERSISTENT_CODE); so does
 * a key or a subcommand the guard cannot read. Spellings: `npm config set KEY VALUE`,
 * `KEY=VALUE`, `npm set`, `npm c set`, `pnpm config set`, `yarn config set`.
 */
const NPM_CODE_KEYS = new Set(["script-shell", "shell", "node-options", "init-module", "editor", "browser", "viewer", "git", "onload-script"]);
const CODE_KEYS: Record<string, ReadonlySet<string>> = {
  npm: NPM_CODE_KEYS,
  pnpm: NPM_CODE_KEYS,
  yarn: new Set(["yarnpath", "yarn-path", "script-shell", "plugins"]),
};
const STORED: Op = { ...op("unknown", "package config"), refusal: "ASK_PERSISTENT_CODE" };

/** The words after `config set` (npm's and pnpm's `set` too); null when the command stores nothing. */
function _setWords(name: string, args: Word[]): Word[] | null {
  // npm's valued options keep their values (`npm --location project config set KEY VALUE`).
  const words = args.filter((a, i) => (a.dynamic || !a.value.startsWith("-")) && (name !== "npm" || i === 0 || args[i - 1]!.dynamic || !npmOptionTakes(args[i - 1]!.value)));
  const [sub, next] = words;
  if (!sub || sub.dynamic) return sub ? [sub] : null;
  if (sub.value === "set" && name !== "yarn") return words.slice(1);
  if (sub.value !== "config" && sub.value !== "c") return null;
  if (next?.dynamic) return [next];
  return next?.value === "set" ? words.slice(2) : null;
}

export const packageConfig: Handler = ({ name, args }) => {
  const words = _setWords(name, args);
  if (!words) return [];
  const codeKeys = CODE_KEYS[name]!;
  // `KEY VALUE` pairs, or `KEY=VALUE` words (npm takes several in one command).
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    if (w.dynamic || codeKeys.has(w.value.split("=")[0]!.toLowerCase())) return [STORED];
    if (!w.value.includes("=")) i++;
  }
  return [];
};

/**
 * pnpm and yarn had no handler: their words keep an unmodelled program's reading besides (installs,
 * bins). yarn's own `npm` commands (`yarn npm publish|info|tag …`) run no npm: read from the word after.
 */
export const unmodelledPackageConfig: Handler = (inv) => {
  const own = inv.name === "yarn" && inv.args[0]?.value === "npm" && !inv.args[0].dynamic;
  return unmodelledReading(own ? { ...inv, args: inv.args.slice(1) } : inv).concat(packageConfig(inv));
};
