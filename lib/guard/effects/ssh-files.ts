import { op, type Op } from "../ops.ts";
import { literalWord, type Word } from "../syntax.ts";
import { analyzeArgv, analyzeText } from "./analyze.ts";
import type { AnalyzeContext, Handler } from "./context.ts";
import { SCP_VALUED, SFTP_VALUED, SSH_VALUED } from "./ssh-options.ts";
import { scriptText } from "./written-scripts.ts";

// The options of ssh, scp and sftp that take a value (the next word, or the rest of the cluster).
const VALUED: Record<string, string> = { ssh: SSH_VALUED, scp: SCP_VALUED, sftp: SFTP_VALUED };
// Directives that run a local command, and `Match exec "CMD"`.
const RUNS = /^\s*(?:ProxyCommand|LocalCommand|KnownHostsCommand)\s*(?:=\s*|\s+)(.*?)\s*$/i;
const MATCH_EXEC = /\bexec\s+(?:"((?:[^"\\]|\\.)*)"|(\S+))/gi;
const INCLUDE = /^\s*Include\s*(?:=\s*|\s+)(.*?)\s*$/i;
const MAX_DEPTH = 4;

/**
 * Files ssh, scp and sftp read as configuration or run as a program (red team 8): `-F FILE`
 * names a configuration whose ProxyCommand, LocalCommand, KnownHostsCommand and
 * `Match exec` run local commands before any connection (`printf 'Host *\n ProxyCommand …' >
 * cfg; ssh -F cfg host`), and scp's and sftp's `-S PROG` runs PROG as their ssh. A configuration
 * the line wrote is read (its commands analysed, its Includes followed); one it filled with text
 * the guard did not read is unknown. Files the line did not write are the user's, as
 * `~/.ssh/config` is.
 */
export const sshFiles: Handler = (inv) => {
  const valued = VALUED[inv.name] ?? "";
  const ops: Op[] = [];
  let operands = 0;
  for (let i = 0; i < inv.args.length; i++) {
    const a = inv.args[i]!;
    if (a.value === "--" || (!a.dynamic && !a.value.startsWith("-") && ++operands > 1 && inv.name === "ssh")) break;
    if (a.dynamic || !a.value.startsWith("-")) continue;
    for (let k = 1; k < a.value.length; k++) {
      const letter = a.value[k]!;
      if (!valued.includes(letter)) continue;
      const value: Word | undefined = k + 1 < a.value.length ? { ...a, value: a.value.slice(k + 1), pattern: a.value.slice(k + 1) } : inv.args[++i];
      if (!value) break;
      if (letter === "F") ops.push(..._config(value, inv.ctx, 0));
      else if (letter === "S" && inv.name !== "ssh") ops.push(...(value.dynamic ? [op("unknown", inv.name)] : analyzeArgv(value, [], inv.ctx)));
      break;
    }
  }
  return ops;
};

/** The local commands of a configuration file the line wrote. */
function _config(file: Word, ctx: AnalyzeContext, depth: number): Op[] {
  if (file.dynamic || depth > MAX_DEPTH) return [op("unknown", "ssh")];
  const text = scriptText(file.value.replace(/^~(?=\/|$)/, ctx.home), ctx.state);
  if (text === undefined) return [];
  if (text === null) return [op("unknown", "ssh")];
  const ops: Op[] = [];
  for (const line of text.split("\n")) {
    const command = RUNS.exec(line)?.[1];
    if (command !== undefined && !/^none$/i.test(command)) ops.push(...analyzeText(command, "posix", ctx));
    if (/^\s*Match\b/i.test(line)) for (const m of line.matchAll(MATCH_EXEC)) ops.push(...analyzeText((m[1] ?? m[2]!).replace(/\\(.)/g, "$1"), "posix", ctx));
    const include = INCLUDE.exec(line)?.[1];
    if (include) for (const name of include.split(/\s+/)) ops.push(..._config(_included(name, ctx), ctx, depth + 1));
  }
  return ops;
}

/** An Include's file: `~` is the home folder, a relative name is in `~/.ssh` (as ssh reads a user configuration's). */
function _included(name: string, ctx: AnalyzeContext): Word {
  const home = ctx.home;
  return literalWord(name.startsWith("/") ? name : name.startsWith("~/") ? `${home}${name.slice(1)}` : `${home}/.ssh/${name}`);
}
