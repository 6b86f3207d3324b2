import { op, type Op } from "../ops.ts";
import type { Word } from "../syntax.ts";
import type { Handler } from "./context.ts";
import { envValue } from "./implicit-inputs.ts";
import { scanCode } from "./interpreters.ts";
import { nodePreload, nodeValued } from "./script-operands.ts";

/*
 * Code given inside an interpreter's preload option (red team 8): node's `--import`, `--loader`
 * and `--experimental-loader` take a `data:` URL whose text is a module that runs first (`node
 * --import 'data:text/javascript,import{execSync}from"child_process";execSync("…")'`, also in
 * NODE_OPTIONS); perl's `-M`/`-m` puts its value into `use VALUE;`, so `-M'strict;system q(…);'`
 * runs the code after the module name. Both are read as the language's code; a data URL the
 * guard cannot decode is unknown.
 */

/** node: `data:` URLs given to the preload options, on the command line or in NODE_OPTIONS. */
export const nodePreloadCode: Handler = (inv) => {
  const urls: Array<string | null> = [];
  const scan = (words: Array<{ value: string; dynamic?: boolean }>, options: boolean) => {
    for (let i = 0; i < words.length; i++) {
      const v = words[i]!.value;
      if (options && !words[i]!.dynamic && !v.startsWith("-")) break;
      // The options' list and their values as script-operands.ts reads them (preloads' files there too).
      const preload = nodePreload(v);
      const value = !preload ? undefined : preload.value !== undefined ? { value: preload.value, dynamic: words[i]!.dynamic } : words[++i];
      if (preload?.dataUrl && value) urls.push(value.dynamic ? null : value.value);
      else if (!preload && nodeValued(v)) i++;
    }
  };
  scan(inv.args, true);
  // (A computed NODE_OPTIONS is left to loader-sources.ts, as its files are.)
  const env = envValue(inv, "NODE_OPTIONS", true);
  if (env) scan(env.split(/\s+/).slice(0, 64).map((value) => ({ value: value.replace(/^["']|["']$/g, "") })), false);
  return urls.flatMap((url) => (url === null ? [op("unknown", "node")] : _dataUrl(url, inv)));
};

/** The module text of a `data:` URL, read as node code; not a data URL: nothing (a file, written-runs.ts). */
function _dataUrl(url: string, inv: Parameters<Handler>[0]): Op[] {
  const m = /^data:([^,]*),(.*)$/s.exec(url.trim());
  if (!m) return [];
  try {
    const text = /;base64$/i.test(m[1]!) ? Buffer.from(m[2]!, "base64").toString("utf8") : decodeURIComponent(m[2]!);
    return scanCode(text, "node", inv.ctx);
  } catch {
    return [op("unknown", "node")];
  }
}

// perl's one-letter switches that take no value, so an `M` (or `d`) after them in a cluster is that switch.
const PERL_MODULE = /^-[wWXtTsSaplnuUvcN]*[Mm](.+)$/s;
// A plain module name with import arguments that stay inside `q{…}` (`-MFoo=a,b`).
const PLAIN_MODULE = /^-?[A-Za-z_][\w:]*(?:=[^{}]*)?$/;

/**
 * perl: `-M`/`-m` values that are more than a module name are code run by `use`; under `-d`
 * (without `:Module`) PERL5DB is code run first (`PERL5DB='system(…)' perl -d -e 1`).
 */
export const perlModuleCode: Handler = (inv) => {
  const ops: Op[] = [];
  for (let i = 0; i < inv.args.length; i++) {
    const a: Word = inv.args[i]!;
    if (a.value === "--" || (!a.dynamic && !a.value.startsWith("-"))) break;
    if (/^-[wWXtTsSaplnuUvcN]*d(?:$|[a-zA-Z])/.test(a.value)) {
      const debugger_ = envValue(inv, "PERL5DB", true);
      if (debugger_ === null) ops.push(op("unknown", "perl"));
      else if (debugger_) ops.push(...scanCode(debugger_, "perl", inv.ctx));
    }
    if (/^-[a-zA-Z]*[eE]$/.test(a.value)) i++;
    const m = PERL_MODULE.exec(a.value);
    if (!m || (!a.dynamic && PLAIN_MODULE.test(m[1]!))) continue;
    ops.push(...(a.dynamic ? [op("unknown", "perl")] : scanCode(`use ${m[1]};`, "perl", inv.ctx)));
  }
  return ops;
};
