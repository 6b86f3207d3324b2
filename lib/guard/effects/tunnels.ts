import { op, type Op } from "../ops.ts";
import type { Word } from "../syntax.ts";
import type { Handler } from "./context.ts";

/*
 * Tunnels that make a port of this machine reachable from the internet (session 7: each was
 * ALLOW_NO_EFFECT): whatever listens there (a dev server, a database, a file server over the
 * home) is then served to anyone with the address, so they ask as data sent away
 * (ASK_DATA_EGRESS): `ngrok http|tcp|tls|start`, `cloudflared tunnel --url|run`, `tailscale
 * funnel`, localtunnel (`lt`, `localtunnel`), `bore local`, `zrok share public`, `devtunnel host`,
 * and ssh's remote forwards (`ssh -R PORT:HOST:PORT`, `-o RemoteForward=…`), which localhost.run
 * and serveo build on. A computed subcommand may be one. Tailnet-only sharing (`tailscale serve`)
 * and the tools' status and login commands are not.
 */

const _tunnel = (name: string): Op[] => [op("egress", name)];

/** The first word that is not an option (null when there is none); a computed one stands for any. */
function _subcommand(args: Word[]): Word | null {
  return args.find((a) => a.dynamic || !a.value.startsWith("-")) ?? null;
}

const NGROK_TUNNELS = new Set(["http", "tcp", "tls", "start", "tunnel"]);

export const ngrok: Handler = ({ name, args }) => {
  const sub = _subcommand(args);
  return sub && (sub.dynamic || NGROK_TUNNELS.has(sub.value)) ? _tunnel(name) : [];
};

export const cloudflared: Handler = ({ name, args }) => {
  const quick = args.some((a) => a.dynamic || a.value === "--url" || a.value.startsWith("--url="));
  const run = args.some((a) => a.value === "tunnel") && args.some((a) => a.value === "run");
  return quick || run ? _tunnel(name) : [];
};

const FUNNEL_OFF = new Set(["status", "reset", "off", "--help", "-h"]);

export const tailscale: Handler = ({ name, args }) => {
  const at = args.findIndex((a) => a.dynamic || a.value === "funnel");
  if (at < 0) return [];
  return args[at]!.dynamic || !args.slice(at + 1).some((a) => FUNNEL_OFF.has(a.value)) ? _tunnel(name) : [];
};

/** localtunnel (`lt --port N`, `localtunnel --port N`): every run opens a tunnel. */
export const localtunnel: Handler = ({ name, args }) => (args.some((a) => a.dynamic || /^(?:-p|--port)(?:=|$)/.test(a.value)) ? _tunnel(name) : []);

export const bore: Handler = ({ name, args }) => {
  const sub = _subcommand(args);
  return sub && (sub.dynamic || sub.value === "local") ? _tunnel(name) : [];
};

export const zrok: Handler = ({ name, args }) => {
  const sub = _subcommand(args);
  return sub && (sub.dynamic || (sub.value === "share" && args.some((a) => a.dynamic || a.value === "public"))) ? _tunnel(name) : [];
};

export const devtunnel: Handler = ({ name, args }) => {
  const sub = _subcommand(args);
  return sub && (sub.dynamic || sub.value === "host") ? _tunnel(name) : [];
};

// ssh's one-letter options that take a value (the value may be attached: `-R8080:…`).
const SSH_VALUED = "BbcDEeFIiJLlmOoPpQRSWw";

/** ssh with a remote forward among its options (before the destination). */
export function sshForwards(args: Word[]): Op[] {
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a.dynamic && a.value.startsWith("-")) return _tunnel("ssh -R");
    if (a.value === "--" || !a.value.startsWith("-")) return [];
    for (let k = 1; k < a.value.length; k++) {
      const letter = a.value[k]!;
      if (!SSH_VALUED.includes(letter)) continue;
      const value = k + 1 < a.value.length ? { ...a, value: a.value.slice(k + 1) } : args[++i];
      if (letter === "R" || (letter === "o" && (value?.dynamic || /^\s*RemoteForward\b/i.test(value?.value ?? "")))) return _tunnel("ssh -R");
      break;
    }
  }
  return [];
}
