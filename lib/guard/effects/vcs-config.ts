import { isAbsolute } from "node:path";
import { op, type Op } from "../ops.ts";
import { literalWord, unknownWord, type Word } from "../syntax.ts";
import { analyzeArgv, analyzeText } from "./analyze.ts";
import type { Invocation } from "./context.ts";
import { abbreviates } from "./vcs-command-line.ts";

/*
 * Configuration given on hg's, chg's, Sapling's and jj's command lines that runs code (hooks,
 * shell aliases, editors, pagers, merge tools, extensions): other-vcs.ts's tools read their
 * `--config` values here.
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
  const ops: Op[] = [];
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
      else if (inv.ctx.depth >= 8) ops.push(op("unknown", inv.name));
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

/** Shell text a tool runs in a folder the guard does not know: relative paths are unknown. */
function _shellText(text: string, inv: Invocation): Op[] {
  if (inv.ctx.depth >= 8) return [op("unknown", inv.name)];
  const ctx = { ...inv.ctx, state: { ...inv.ctx.state, cwd: null } };
  const ops = analyzeText(text, "posix", ctx);
  return ops.map((o) => ({ ...o, targets: o.targets.map((t) => (!t.dynamic && isAbsolute(t.value) ? t : unknownWord())) }));
}

// jj's configuration that runs a program or names the commands an alias or a bare `jj` runs.
const JJ_RUNS = /^(aliases\.|ui\.(pager|editor|diff-editor|merge-editor|diff-formatter|default-command|diff\.tool)|merge-tools\.|fix\.tools\.|signing\.)/;

/** jj's `--config KEY=VALUE` naming an alias or a program (TOML the guard does not read), `--config-toml` and `--config-file`: unknown. */
export function jjConfigRuns(values: Array<[string, Word]>): Op[] {
  for (const [flag, w] of values) {
    if (flag === "--config-file" || (flag === "--config-toml" && (w.dynamic || /aliases|ui|merge-tools|fix|signing/.test(w.value)))) return [op("unknown", "jj")];
    if (flag === "--config" && (w.dynamic || JJ_RUNS.test(w.value.trimStart().toLowerCase()))) return [op("unknown", "jj")];
  }
  return [];
}

