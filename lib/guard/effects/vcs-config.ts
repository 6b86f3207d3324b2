import { readdirSync } from "node:fs";
import { isAbsolute, join } from "node:path";
import { isDirectory, statOrUndefined } from "../fs-probe.ts";
import { op, type Op } from "../ops.ts";
import { literalWord, unknownWord, type Word } from "../syntax.ts";
import { shellQuote } from "../shell-quote.ts";
import { analyzeArgv, analyzeText } from "./analyze.ts";
import { type Invocation, MAX_ANALYSIS_DEPTH } from "./context.ts";
import { plainViewer } from "./git-persistent-config.ts";
import { envValue } from "./implicit-inputs.ts";
import { absolutePath } from "./program-path.ts";
import { mayBeRewritten } from "./unseen-writes.ts";
import { abbreviates } from "./vcs-command-line.ts";

/*
 * Configuration given on hg's, chg's, Sapling's, svn's and jj's command lines that runs code
 * (hooks, shell aliases, editors, pagers, merge and diff tools, extensions), and the variables of
 * their environment that name such programs: other-vcs.ts's tools read them here.
 */

// hg's configuration that names a program or shell text to run: its editor, ssh, pager and
// merge tools (hooks, aliases and extensions are read apart).
const HG_RUNS = /^(ui\.(editor|ssh|merge)|pager\.pager|merge-tools\..+\.executable|extdiff\..+)$/;

/**
 * hg's `--config SECTION.NAME=VALUE` (before or after the subcommand): a hook or a shell alias
 * (`!…`) of the command run is shell text, run in the repository's root, which the guard does not
 * know (relative paths there are unknown); an alias of the command run is that command; an
 * extension from a file is Python the guard does not read; `--config-file` a file it did not read.
 */
export function hgConfigRuns(values: Array<[string, Word]>, sub: string | undefined, rest: Word[], inv: Invocation): Op[] {
  const ops: Op[] = _hgEnvironment(inv);
  for (const [flag, w] of values) {
    if (flag === "--config-file") ops.push(op("unknown", inv.name));
    if (!abbreviates(flag, "--config", 2)) continue;
    if (w.dynamic) {
      ops.push(op("unknown", inv.name));
      continue;
    }
    const eq = w.value.indexOf("=");
    if (eq < 0) continue;
    const key = w.value.slice(0, eq).toLowerCase();
    const value = w.value.slice(eq + 1);
    if (value === "") continue;
    if (key.startsWith("hooks.")) ops.push(...(value.startsWith("python:") ? [op("unknown", inv.name)] : _shellText(value, inv)));
    else if (key.startsWith("alias.")) {
      const alias = key.slice(6);
      // hg takes a unique prefix of an alias too: any alias the word begins is taken as run.
      if (sub === undefined || !alias.startsWith(sub.toLowerCase())) continue;
      if (value.startsWith("!")) ops.push(..._shellText(value.slice(1), inv));
      else if (inv.ctx.depth >= MAX_ANALYSIS_DEPTH) ops.push(op("unknown", inv.name));
      else {
        const words = value.split(/\s+/).filter(Boolean).map((v) => literalWord(v));
        ops.push(...analyzeArgv(literalWord(inv.name), [...words, ...rest], { ...inv.ctx, depth: inv.ctx.depth + 1 }, inv.cmd));
      }
    } else if (key.startsWith("extensions.")) {
      if (!value.startsWith("!")) ops.push(op("unknown", inv.name));
    } else if (HG_RUNS.test(key) && !(key === "ui.merge" && /^(:|internal:)/.test(value))) ops.push(..._shellText(value, inv));
  }
  return ops;
}

// Variables hg runs as shell text: the editor (HGEDITOR before ui.editor, then VISUAL and
// EDITOR) and the merge tool (HGMERGE before ui.merge; `internal:…` and `:…` are hg's own).
const HG_VARS = ["HGEDITOR", "VISUAL", "EDITOR", "HGMERGE"];

/**
 * hg's environment: an editor or merge tool (a well-known editor by its bare name aside) is shell
 * text run in the repository's root; HGRCPATH set by the line names configuration files in place
 * of the user's, which the guard does not read, as `--config-file` (empty and /dev/null are none).
 */
function _hgEnvironment(inv: Invocation): Op[] {
  const ops: Op[] = [];
  for (const name of HG_VARS) {
    const value = envValue(inv, name, true);
    if (value === null) ops.push(op("unknown", inv.name));
    else if (value && !plainViewer(value) && !(name === "HGMERGE" && /^(:|internal:)/.test(value))) ops.push(..._shellText(value, inv));
  }
  const rc = envValue(inv, "HGRCPATH", false);
  if (rc === null || (rc && rc.split(":").some((f) => f !== "" && f !== "/dev/null"))) ops.push(op("unknown", inv.name));
  return ops;
}

// svn's options naming a program it runs with arguments of its own (no shell), and its
// configuration's helpers (`--config-option config:helpers:NAME=VALUE`): the editor is shell
// text (svn hands `EDITOR FILE` to system()), the diff and merge tools are programs.
const SVN_PROGRAMS = new Set(["--diff-cmd", "--diff3-cmd"]);
const SVN_HELPER_PROGRAMS = new Set(["diff-cmd", "diff3-cmd", "merge-tool-cmd"]);
// Variables svn runs: the editor (SVN_EDITOR before editor-cmd, then VISUAL and EDITOR) as shell
// text, the merge tool of `--accept launch` and the ssh tunnel's command.
const SVN_VARS = ["SVN_EDITOR", "VISUAL", "EDITOR", "SVN_MERGE", "SVN_SSH"];

/**
 * svn's `--editor-cmd` (shell text), `--diff-cmd` and `--diff3-cmd` (a program, judged as run
 * where svn runs), `--config-option config:helpers:…` of the same (and `config:tunnels:NAME=…`,
 * the command an `svn+NAME://` URL runs), and its environment's editors and tools. A computed
 * value is unknown.
 */
export function svnConfigRuns(values: Array<[string, Word]>, _sub: string | undefined, _rest: Word[], inv: Invocation): Op[] {
  const ops: Op[] = [];
  for (const name of SVN_VARS) {
    const value = envValue(inv, name, true);
    if (value === null) ops.push(op("unknown", "svn"));
    else if (value && !plainViewer(value)) ops.push(..._runHere(value, inv));
  }
  for (const [flag, w] of values) {
    const runs = flag === "--editor-cmd" || SVN_PROGRAMS.has(flag) || flag === "--config-option";
    if (!runs) continue;
    if (w.dynamic) {
      ops.push(op("unknown", "svn"));
      continue;
    }
    if (flag === "--editor-cmd") ops.push(..._runHere(w.value, inv));
    else if (flag !== "--config-option") ops.push(..._runHere(shellQuote(w.value), inv));
    else {
      // FILE:SECTION:OPTION=[VALUE]
      const m = /^config:(helpers|tunnels):([^=]*)=(.*)$/is.exec(w.value.trimStart());
      if (!m || m[3]!.trim() === "") continue;
      const [section, option, value] = [m[1]!.toLowerCase(), m[2]!.trim().toLowerCase(), m[3]!];
      if (section === "tunnels" || option === "editor-cmd") ops.push(..._runHere(value, inv));
      else if (SVN_HELPER_PROGRAMS.has(option)) ops.push(..._runHere(shellQuote(value.trim()), inv));
    }
  }
  return ops;
}

/** Shell text a tool runs where it runs itself (svn: the working directory). */
function _runHere(text: string, inv: Invocation): Op[] {
  return inv.ctx.depth >= MAX_ANALYSIS_DEPTH ? [op("unknown", inv.name)] : analyzeText(text, "posix", inv.ctx);
}

/** Shell text a tool runs in a folder the guard does not know: relative paths are unknown. */
function _shellText(text: string, inv: Invocation): Op[] {
  if (inv.ctx.depth >= MAX_ANALYSIS_DEPTH) return [op("unknown", inv.name)];
  const ctx = { ...inv.ctx, state: { ...inv.ctx.state, cwd: null } };
  const ops = analyzeText(text, "posix", ctx);
  return ops.map((o) => ({ ...o, targets: o.targets.map((t) => (!t.dynamic && isAbsolute(t.value) ? t : unknownWord())) }));
}

// jj's configuration that runs a program or names the commands an alias or a bare `jj` runs.
const JJ_RUNS = /^(aliases\.|ui\.(pager|editor|diff-editor|merge-editor|diff-formatter|default-command|diff\.tool)|merge-tools\.|fix\.tools\.|signing\.)/;

// Variables jj runs: the editor (JJ_EDITOR before ui.editor, then VISUAL and EDITOR) and the
// pager (PAGER under ui.pager). jj splits the value into words itself, without a shell: judged as
// shell text, which can only read more into it.
const JJ_VARS = ["JJ_EDITOR", "VISUAL", "EDITOR", "PAGER"];

/**
 * jj's `--config KEY=VALUE` naming an alias or a program (TOML the guard does not read),
 * `--config-toml` and `--config-file`: unknown; so is JJ_CONFIG set by the line (configuration
 * files in place of the user's). Its environment's editors and pager are judged as run where jj runs.
 */
export function jjConfigRuns(values: Array<[string, Word]>, _sub: string | undefined, _rest: Word[], inv: Invocation): Op[] {
  for (const [flag, w] of values) {
    if (flag === "--config-file" || (flag === "--config-toml" && (w.dynamic || /aliases|ui|merge-tools|fix|signing/.test(w.value)))) return [op("unknown", "jj")];
    if (flag === "--config" && (w.dynamic || JJ_RUNS.test(w.value.trimStart().toLowerCase()))) return [op("unknown", "jj")];
  }
  const config = envValue(inv, "JJ_CONFIG", false);
  if (config === null || (config && config.split(":").some((f) => f !== "" && f !== "/dev/null"))) return [op("unknown", "jj")];
  return _environmentRuns(JJ_VARS, inv);
}

// Variables Bazaar and Breezy run: the editor (BRZ_EDITOR, BZR_EDITOR before the `editor`
// setting, then VISUAL and EDITOR), split into words without a shell as jj's is.
const BZR_VARS = ["BRZ_EDITOR", "BZR_EDITOR", "VISUAL", "EDITOR"];
// BZR_PLUGIN_PATH's keywords (`-site`, `+user`, …) name no folder.
const BZR_PLUGIN_KEYWORD = /^[-+](core|site|user)$/;

/**
 * bzr's and brz's environment: an editor is judged as run where the tool runs; a plugin path set
 * by the line (BZR_PLUGIN_PATH, BRZ_PLUGIN_PATH) names folders of Python plugins loaded at start,
 * which the guard does not read: unknown (its keywords alone are nothing).
 */
export function bzrConfigRuns(_values: Array<[string, Word]>, _sub: string | undefined, _rest: Word[], inv: Invocation): Op[] {
  for (const name of ["BZR_PLUGIN_PATH", "BRZ_PLUGIN_PATH"]) {
    const value = envValue(inv, name, false);
    if (value === null || (value && value.split(":").some((f) => f !== "" && !BZR_PLUGIN_KEYWORD.test(f)))) return [op("unknown", inv.name)];
  }
  if (_bzrConfigUnknown(inv)) return [op("unknown", inv.name)];
  return _environmentRuns(BZR_VARS, inv);
}

// What a Bazaar or Breezy configuration folder holds that the tool runs or reads as settings:
// Python plugins loaded at start, and the files naming editors, merge tools, the signing
// command, aliases (authentication.conf holds credentials only).
const BZR_CONFIG_ENTRIES = ["plugins", "bazaar.conf", "breezy.conf", "locations.conf"];

/**
 * Whether the configuration folder the line moved (BZR_HOME, brz's BRZ_HOME, an XDG_CONFIG_HOME
 * set or a HOME changed by the line; the check's own environment is the user's) may hold what the
 * guard does not read: a computed value, a folder the line wrote into (or a program that writes
 * unseen files ran before), or one that holds plugins or configuration files. An empty value is
 * the working folder (the tools join it as given). Bazaar reads `BZR_HOME/.bazaar`, else
 * `XDG_CONFIG_HOME/bazaar` when it is a folder, else `~/.bazaar`; Breezy `BRZ_HOME/breezy` (or
 * `XDG_CONFIG_HOME/breezy`, `~/.config/breezy`), falling back to Bazaar's folder when it is none.
 */
function _bzrConfigUnknown(inv: Invocation): boolean {
  const { ctx } = inv;
  const bzrHome = envValue(inv, "BZR_HOME", false);
  const brzHome = inv.name === "brz" ? envValue(inv, "BRZ_HOME", false) : undefined;
  const xdg = envValue(inv, "XDG_CONFIG_HOME", false);
  let home = envValue(inv, "HOME", false);
  if (home === ctx.home) home = undefined;
  // Most commands: the line moved nothing.
  if (bzrHome === undefined && brzHome === undefined && xdg === undefined && home === undefined) return false;
  if (bzrHome === null || brzHome === null || xdg === null || home === null) return true;
  const folders: string[] = [];
  const xdgBase = xdg ?? (home === undefined ? undefined : join(home, ".config"));
  if (bzrHome !== undefined) folders.push(join(bzrHome || ".", ".bazaar"));
  else {
    if (xdgBase !== undefined) folders.push(join(xdgBase, "bazaar"));
    if (home !== undefined) folders.push(join(home, ".bazaar"));
  }
  if (inv.name === "brz") {
    if (brzHome !== undefined) folders.push(join(brzHome || ".", "breezy"));
    else if (xdgBase !== undefined) folders.push(join(xdgBase, "breezy"));
  }
  if (mayBeRewritten(ctx, inv.cmd)) return true;
  for (const folder of folders) {
    const path = absolutePath(folder, ctx.state.cwd);
    if (path === null) return true;
    if ((ctx.state.landed ?? []).some((l) => l === null || l === path || l.startsWith(`${path}/`) || path.startsWith(`${l}/`))) return true;
    if (isDirectory(path) && BZR_CONFIG_ENTRIES.some((name) => _holdsSomething(join(path, name)))) return true;
  }
  return false;
}

/** A file that is not empty, or a folder with an entry (one that cannot be listed counts). */
function _holdsSomething(path: string): boolean {
  const stat = statOrUndefined(path);
  if (stat === undefined) return false;
  if (!stat.isDirectory()) return stat.size > 0;
  try {
    return readdirSync(path).length > 0;
  } catch {
    return true;
  }
}

/** The editors and pagers a tool takes from its environment (a well-known one by its bare name aside), run where it runs. */
function _environmentRuns(names: readonly string[], inv: Invocation): Op[] {
  const ops: Op[] = [];
  for (const name of names) {
    const value = envValue(inv, name, true);
    if (value === null) ops.push(op("unknown", inv.name));
    else if (value && !plainViewer(value)) ops.push(..._runHere(value, inv));
  }
  return ops;
}

