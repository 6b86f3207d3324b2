import { statSync } from "node:fs";
import { op, type Op } from "../ops.ts";
import { literalWord } from "../syntax.ts";
import type { Invocation } from "./context.ts";
import { scriptFile, stdinInput } from "./data-input.ts";
import { absolutePath, landedSince } from "./program-path.ts";
import { mayBeRewritten } from "./unseen-writes.ts";

// Config lines (curl `-K`, wgetrc `-e`) that send local data: uploads, bodies, forms, more configs.
const SENDS = /^\s*-{0,2}(upload-file|upload_file|T|data[a-z_-]*|d|form[a-z_-]*|F|json|config|K|post[-_]?file|body[-_]?file|post[-_]?data|body[-_]?data)\b/im;
// Variables that move the config a client reads by default (`~/.curlrc`, `~/.wgetrc`).
const CONFIG_VARS: Record<string, string[]> = { curl: ["CURL_HOME", "XDG_CONFIG_HOME"], wget: ["WGETRC", "SYSTEM_WGETRC"] };

/**
 * Arguments a network client takes from a config: `curl -K FILE` (`--config`, `-` for stdin) and
 * `wget -e COMMAND` may upload a key the command line never names (`upload-file = "~/.ssh/id_rsa"`),
 * and CURL_HOME or WGETRC set in the line make it read a config from elsewhere. A config the guard
 * can read and that sends nothing passes; anything else is data egress.
 */
export function clientConfigOps(inv: Invocation): Op[] {
  const egress = [op("egress", inv.name)];
  for (const name of CONFIG_VARS[inv.name] ?? []) {
    if (inv.cmd?.assigns.some((a) => a.name === name) || inv.ctx.vars.has(name)) return egress;
  }
  const args = inv.args;
  for (let i = 0; i < args.length; i++) {
    const v = args[i]!.value;
    if (inv.name === "curl") {
      const file = v === "-K" || v === "--config" ? args[++i] : v.startsWith("--config=") ? { ...args[i]!, value: v.slice(9) } : /^-K./.test(v) ? { ...args[i]!, value: v.slice(2) } : undefined;
      if (!file) continue;
      // A config file that is missing (and not written earlier in the line) makes curl stop.
      const path = file.dynamic || file.value === "-" ? null : absolutePath(file.value, inv.ctx.state.cwd);
      if (path && !landedSince(path, inv.ctx, 0) && !mayBeRewritten(inv.ctx, inv.cmd) && statSync(path, { throwIfNoEntry: false }) === undefined) continue;
      const text = file.dynamic ? null : file.value === "-" ? stdinInput(inv) : scriptFile(literalWord(file.value), inv.ctx);
      if (text === null || (text !== "none" && SENDS.test(text))) return egress;
    } else if (inv.name === "wget") {
      const command = v === "-e" || v === "--execute" ? args[++i] : v.startsWith("--execute=") ? { ...args[i]!, value: v.slice(10) } : /^-e./.test(v) ? { ...args[i]!, value: v.slice(2) } : undefined;
      if (command && (command.dynamic || SENDS.test(command.value))) return egress;
    }
  }
  return [];
}
