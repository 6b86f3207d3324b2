import { op, type Op } from "../ops.ts";
import type { Word } from "../syntax.ts";
import { analyzeText } from "./analyze.ts";
import { persistentCode } from "./git-persistent-config.ts";
import type { AnalyzeContext, Handler, Invocation } from "./context.ts";
import { lineEditor } from "./line-editor.ts";
import { npmOptionTakes, remoteNpmSpec } from "./remote-packages.ts";
import { unmodelledReading } from "./unknown-program.ts";
import { isPublicNpmRegistry } from "./public-indexes.ts";

/*
 * Package managers' stored settings that name a program or code later commands run (session 7:
 * `npm config set script-shell /tmp/evil` was ALLOW_NO_EFFECT, and every later `npm run` runs
 * /tmp/evil): npm's and pnpm's `script-shell`, `shell`, `node-options`, `init-module`, `editor`,
 * `browser`, `viewer`, `git` and `onload-script`; yarn's `yarnPath` (`yarn-path`), `script-shell` and `plugins`.
 * Storing one asks as storing a git setting git runs as code does (ASK_PERSISTENT_CODE); so does
 * a key or a subcommand the guard cannot read. Spellings: `npm config set KEY VALUE`,
 * `KEY=VALUE`, `npm set`, `npm c set`, `pnpm config set`, `yarn config set`.
 * Supply chain (session 12): a registry (`registry`, `@scope:registry`, yarn 2+'s
 * `npmRegistryServer`, also under `npmScopes.NAME.`), a CA (`ca`, `cafile`, `httpsCaFilePath`,
 * `caFilePath`, also under `networkSettings.HOST.`), TLS checks turned off (`strict-ssl`, `enableStrictSsl` other than true) or a
 * host let over plain HTTP (`unsafeHttpWhitelist`): every later install of a registry name, which
 * passes, fetches code from there. The public npm and yarn registries stored back pass.
 */
const NPM_CODE_KEYS = new Set(["script-shell", "shell", "node-options", "init-module", "editor", "browser", "viewer", "git", "onload-script"]);
const CODE_KEYS: Record<string, ReadonlySet<string>> = {
  npm: NPM_CODE_KEYS,
  pnpm: NPM_CODE_KEYS,
  yarn: new Set(["yarnpath", "yarn-path", "script-shell", "plugins"]),
};
const STORED: Op = persistentCode("package config");

// Keys (lower case) naming where later installs fetch packages from or what verifies them.
const SOURCE_KEYS = new Set(["registry", "npmregistryserver", "ca", "cafile", "httpscafilepath", "cafilepath", "strict-ssl", "enablestrictssl", "unsafehttpwhitelist"]);

/** Whether storing `value` under `key` (lower case) makes later installs fetch from elsewhere or unchecked. */
function _source(key: string, value: Word | undefined): boolean {
  const name = key.slice(key.lastIndexOf(key.includes(":") ? ":" : ".") + 1);
  if (value === undefined) return false;
  // yarn's scope or host settings given whole (`npmScopes.corp '{"npmRegistryServer":"…"}' --json`,
  // `networkSettings '{"*":{"httpsCaFilePath":"…"}}' --json`).
  if (/^(?:npmscopes|networksettings)/.test(key) && !SOURCE_KEYS.has(name)) return value.dynamic || /npmregistryserver|cafilepath/i.test(value.value);
  if (!SOURCE_KEYS.has(name)) return false;
  if (value.dynamic) return true;
  const v = value.value.trim();
  if (name === "registry" || name === "npmregistryserver") return !isPublicNpmRegistry(v);
  if (name === "strict-ssl" || name === "enablestrictssl") return v !== "true";
  return v !== "";
}

/** The words that are no option nor, for npm, a valued option's value (`npm --location project config set KEY VALUE`). */
const _words = (name: string, args: Word[]): Word[] => args.filter((a, i) => (a.dynamic || !a.value.startsWith("-")) && (name !== "npm" || i === 0 || args[i - 1]!.dynamic || !npmOptionTakes(args[i - 1]!.value)));

/** The words after `config set` (npm's and pnpm's `set` too); null when the command stores nothing. */
function _setWords(name: string, args: Word[]): Word[] | null {
  const words = _words(name, args);
  const [sub, next] = words;
  if (!sub || sub.dynamic) return sub ? [sub] : null;
  if (sub.value === "set" && name !== "yarn") return words.slice(1);
  if (sub.value !== "config" && sub.value !== "c") return null;
  if (next?.dynamic) return [next];
  return next?.value === "set" ? words.slice(2) : null;
}

export const packageConfig: Handler = (inv) => {
  const { name, args, ctx } = inv;
  if (name === "npm" && args.some((a) => a.value === "pkg")) {
    const pkg = _pkgSetWords(args);
    if (pkg) return _pkgSet(pkg, args.some((a) => a.value === "--json"), ctx);
  }
  const words = _setWords(name, args);
  if (!words) return name !== "yarn" && args.some((a) => a.value === "edit") ? _configEdit(args, inv) : [];
  const codeKeys = CODE_KEYS[name]!;
  // `KEY VALUE` pairs, or `KEY=VALUE` words (npm takes several in one command).
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    const eq = w.value.indexOf("=");
    const key = (eq < 0 ? w.value : w.value.slice(0, eq)).toLowerCase();
    if (key === "editor" && name !== "yarn") _storeEditor(inv, eq < 0 ? words[i + 1] : { ...w, value: w.value.slice(eq + 1) });
    if (w.dynamic || codeKeys.has(key)) return [STORED];
    if (_source(key, eq < 0 ? words[i + 1] : { ...w, value: w.value.slice(eq + 1) })) return [STORED];
    if (eq < 0) i++;
  }
  return [];
};

// The `editor` an earlier `npm|pnpm config set editor CMD` of the line stored, by line (null
// when computed): the next `config edit`, `npm edit` or `pnpm edit` runs it. Decision (session
// 15): one store for both programs. Some pnpm versions write npm's npmrc, others their own rc
// file, and which one runs is not known: read as shared, a destructive editor stored by either
// is run by either (the set itself asks ASK_PERSISTENT_CODE in any case).
const _storedEditors = new WeakMap<Invocation["ctx"]["state"], string | null>();

function _storeEditor(inv: Invocation, value: Word | undefined): void {
  _storedEditors.set(inv.ctx.state, value === undefined || value.dynamic ? null : value.value);
}

// The environment's layer of npm's and pnpm's settings (pnpm reads its own prefix and npm's).
const ENV_EDITOR: Record<string, readonly string[]> = {
  npm: ["npm_config_editor", "NPM_CONFIG_EDITOR"],
  pnpm: ["pnpm_config_editor", "PNPM_CONFIG_EDITOR", "npm_config_editor", "NPM_CONFIG_EDITOR"],
};

/**
 * `npm|pnpm config edit` (`npm c edit`) opens the npmrc, and `npm|pnpm edit PKG` the package's
 * folder, in the `editor` setting now: `--editor CMD` (`--editor=CMD`, an abbreviation down to
 * `--edit`, which npm 11 also reads as `--edit-dir` but older ones as `--editor`), the line's
 * `npm_config_editor` (pnpm: PNPM_CONFIG_EDITOR first), an editor the line stored before (`npm
 * config set editor CMD && npm config edit`), else EDITOR then VISUAL; the line's own values are
 * read (the check's environment and the stored npmrc hold the user's). npm splits it at blanks and
 * runs the words with the file's name, no shell between (lib/commands/config.js and edit.js):
 * judged as that argv (the file left out, as pip's is). A computed one is unknown. `pnpm edit`
 * (pnpm 10, session 15) is read the same way: its documentation gives the same layers and no shell
 * ("a bare editor command must resolve to an executable"). Both rebuild the package afterwards:
 * its install scripts run, shown by a package.json the line wrote (written-inputs.ts), as for `npm
 * rebuild`.
 */
function _configEdit(args: Word[], inv: Invocation): Op[] {
  const words = _words(inv.name, args);
  const config = !words[0]?.dynamic && (words[0]?.value === "config" || words[0]?.value === "c") && !words[1]?.dynamic && words[1]?.value === "edit";
  if (!config && (words[0]?.dynamic || words[0]?.value !== "edit")) return [];
  let text: string | null | undefined;
  for (let i = 0; i < args.length; i++) {
    const v = args[i]!.value;
    const eq = v.indexOf("=");
    const given = v.slice(2, eq < 0 ? undefined : eq);
    if (!v.startsWith("--") || given.length < 4 || !"editor".startsWith(given)) continue;
    const value = eq < 0 ? args[++i] : { ...args[i]!, value: v.slice(eq + 1) };
    text = value === undefined || value.dynamic ? null : value.value;
  }
  const env = ENV_EDITOR[inv.name]!;
  // npm's environment layer is over the npmrc it stored, which is over npm's default.
  if (text === undefined && _storedEditors.has(inv.ctx.state)) text = lineEditor(inv, env) ?? _storedEditors.get(inv.ctx.state);
  if (text === undefined) text = lineEditor(inv, [...env, "EDITOR", "VISUAL"]);
  if (text === undefined) return [];
  if (text === null) return [op("unknown", `${inv.name} ${config ? "config " : ""}edit`)];
  const argv = text.split(/\s+/).filter((w) => w !== "");
  return argv.length ? analyzeText(argv.map(_quoted).join(" "), "posix", inv.ctx) : [];
}

/** A word quoted for the shell as one literal word. */
const _quoted = (w: string): string => `'${w.replace(/'/g, "'\\''")}'`;

/** The words after `npm pkg set`; null for any other command. */
function _pkgSetWords(args: Word[]): Word[] | null {
  const words = _words("npm", args);
  return words[0]?.value === "pkg" && !words[0].dynamic && words[1]?.value === "set" && !words[1].dynamic ? words.slice(2) : null;
}

// package.json's dependency lists, override tables and pnpm's package extensions (the keys
// written-inputs.ts reads in a written package.json).
const DEPENDENCY_KEYS = /^(?:dependencies|devDependencies|optionalDependencies|peerDependencies|overrides|resolutions|pnpm\.overrides|pnpm\.packageExtensions)(?:\.|$)/;

/**
 * `npm pkg set KEY=VALUE…` (session 10) edits package.json, which later npm commands act on: a
 * script (`scripts.postinstall=…`) is a shell line npm runs, read as one now as a written
 * package.json's scripts are; a dependency or override from the network (`dependencies.x=github:u/r`)
 * is fetched and its install scripts run by the next install: ASK_REMOTE_CODE, as `npm install
 * github:u/r` is. With `--json` the values are JSON (`scripts='{"x":"…"}'`). An unread word asks as
 * a stored setting does.
 */
function _pkgSet(words: Word[], json: boolean, ctx: AnalyzeContext): Op[] {
  const ops: Op[] = [];
  for (const w of words) {
    if (w.dynamic) return [STORED];
    const eq = w.value.indexOf("=");
    if (eq < 0) continue;
    // `scripts[build]` is `scripts.build`.
    const key = w.value.slice(0, eq).replace(/\[([^\]]*)\]/g, ".$1");
    let value: unknown = w.value.slice(eq + 1);
    if (json) {
      try {
        value = JSON.parse(value as string);
      } catch {
        // npm keeps a value that is no JSON as a string.
      }
    }
    const strings = _strings(value);
    if (strings === null) return [STORED];
    if (key === "scripts" || key.startsWith("scripts.")) for (const line of strings) ops.push(...analyzeText(line, "posix", ctx));
    else if (DEPENDENCY_KEYS.test(key) && strings.some(remoteNpmSpec)) ops.push(op("remote-code", "npm pkg set"));
  }
  return ops;
}

/**
 * The strings of a value (an object's or a list's values, nested); null for anything else than
 * strings, numbers, booleans and objects of them. Not written-inputs.ts `_leaves`, which reads
 * an override table: there anything but a string or an object is unknown.
 */
function _strings(value: unknown, depth = 0): string[] | null {
  if (typeof value === "string") return [value];
  if (typeof value === "number" || typeof value === "boolean" || value === null) return [];
  if (typeof value !== "object" || depth > 8) return null;
  const out: string[] = [];
  for (const v of Object.values(value as object)) {
    const inner = _strings(v, depth + 1);
    if (inner === null) return null;
    out.push(...inner);
  }
  return out;
}

/**
 * pnpm and yarn had no handler: their words keep an unmodelled program's reading besides (installs,
 * bins). yarn's own `npm` commands (`yarn npm publish|info|tag …`) run no npm: read from the word after.
 */
export const unmodelledPackageConfig: Handler = (inv) => {
  const own = inv.name === "yarn" && inv.args[0]?.value === "npm" && !inv.args[0].dynamic;
  return unmodelledReading(own ? { ...inv, args: inv.args.slice(1) } : inv).concat(packageConfig(inv));
};
