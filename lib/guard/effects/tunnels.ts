import { op, type Op } from "../ops.ts";
import type { Word } from "../syntax.ts";
import type { Handler } from "./context.ts";
import { clusterValue, mayBeOption } from "./getopt.ts";
import { SSH_VALUED } from "./ssh-options.ts";

/*
 * Tunnels that make a port of this machine reachable from the internet (session 7: each was
 * ALLOW_NO_EFFECT): whatever listens there (a dev server, a database, a file server over the
 * home) is then served to anyone with the address, so they ask as data sent away
 * (ASK_DATA_EGRESS): `ngrok http|tcp|tls|start`, `cloudflared tunnel --url|run` (and `cloudflared
 * --url`, `service install`), `tailscale funnel`, localtunnel (`lt`, `localtunnel`), `bore local`,
 * `zrok share public|reserved`, `devtunnel host`, and ssh's remote forwards (`ssh -R
 * PORT:HOST:PORT`, `-o RemoteForward=…`, autossh's too), which localhost.run and serveo build on.
 * A computed subcommand may be one. Tailnet-only sharing (`tailscale serve`), the client side of
 * another's tunnel (`cloudflared access`) and the tools' status and login commands are not.
 */

const _tunnel = (name: string): Op[] => [op("egress", name)];

/**
 * The first word that is not an option nor the value of one of `valued` (null when there is
 * none); a computed one stands for any.
 */
function _subcommand(args: Word[], valued?: ReadonlySet<string>): Word | null {
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a.dynamic || !a.value.startsWith("-")) return a;
    if (valued?.has(a.value)) i++;
  }
  return null;
}

const NGROK_TUNNELS = new Set(["http", "tcp", "tls", "start", "tunnel"]);
// ngrok's global options that take a value (`ngrok --log stdout http 8080`).
const NGROK_VALUED = new Set(["--log", "--log-format", "--log-level", "--config", "--authtoken", "--region"]);

export const ngrok: Handler = ({ name, args }) => {
  const sub = _subcommand(args, NGROK_VALUED);
  return sub && (sub.dynamic || NGROK_TUNNELS.has(sub.value)) ? _tunnel(name) : [];
};

// cloudflared's commands; `--url` is a quick tunnel under `tunnel` or with none (`access tcp
// --url` is the client side of someone else's tunnel).
const CLOUDFLARED_COMMANDS = new Set(["tunnel", "access", "service", "update", "version", "login", "proxy-dns", "tail", "help"]);

export const cloudflared: Handler = ({ name, args }) => {
  const sub = args.find((a) => a.dynamic || CLOUDFLARED_COMMANDS.has(a.value));
  if (sub?.dynamic) return _tunnel(name);
  // `service install TOKEN` runs a tunnel the dashboard configures, as a system service.
  if (sub?.value === "service") return args.some((a) => a.value === "install") ? _tunnel(name) : [];
  if (sub && sub.value !== "tunnel") return [];
  const quick = args.some((a) => a.value === "--url" || a.value.startsWith("--url="));
  const run = sub !== undefined && args.some((a) => a.value === "run");
  return quick || run ? _tunnel(name) : [];
};

const FUNNEL_OFF = new Set(["status", "reset", "off", "--help", "-h"]);

export const tailscale: Handler = ({ name, args }) => {
  const at = args.findIndex((a) => a.dynamic || a.value === "funnel");
  if (at < 0) return [];
  return args[at]!.dynamic || !args.slice(at + 1).some((a) => FUNNEL_OFF.has(a.value)) ? _tunnel(name) : [];
};

/** localtunnel (`lt --port N`, `localtunnel --port N`): every run opens a tunnel. */
export const localtunnel: Handler = ({ name, args }) => (args.some((a) => a.dynamic || /^(?:-p|--port)(?:=|$)|^-p\d/.test(a.value)) ? _tunnel(name) : []);

export const bore: Handler = ({ name, args }) => {
  const sub = _subcommand(args);
  return sub && (sub.dynamic || sub.value === "local") ? _tunnel(name) : [];
};

export const zrok: Handler = ({ name, args }) => {
  const sub = _subcommand(args);
  return sub && (sub.dynamic || (sub.value === "share" && args.some((a) => a.dynamic || a.value === "public" || a.value === "reserved"))) ? _tunnel(name) : [];
};

export const devtunnel: Handler = ({ name, args }) => {
  const sub = _subcommand(args);
  return sub && (sub.dynamic || sub.value === "host") ? _tunnel(name) : [];
};

/**
 * ssh with a remote forward among its options. OpenSSH reads options again after the destination
 * (`ssh host -R 80:localhost:3000`) until the first word that is not one, the remote command. A
 * computed word where an option may stand is one: `-R…` quoted, or wholly computed and unquoted
 * (`ssh $FWD host` splits into words; getopt.ts mayBeOption). `user@$HOST` cannot start with `-`.
 */
export function sshForwards(args: Word[]): Op[] {
  let host = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a.dynamic && (mayBeOption(a) || a.value.startsWith("-"))) return _tunnel("ssh -R");
    if (a.value === "--") return [];
    if (!a.value.startsWith("-") || a.value === "-") {
      if (host) return [];
      host = true;
      continue;
    }
    const c = clusterValue(args, i, SSH_VALUED);
    if (!c) continue;
    const value = c.value;
    if (c.letter === "R" || (c.letter === "o" && (value?.dynamic || /^\s*RemoteForward\b/i.test(value?.value ?? "")))) return _tunnel("ssh -R");
    i = c.i;
  }
  return [];
}

/** autossh's words as ssh's: without its own `-M PORT` (ssh's `-M` takes none), `-f` kept. */
export function autosshArgs(args: Word[]): Word[] {
  const out: Word[] = [];
  for (let i = 0; i < args.length; i++) {
    const v = args[i]!.value;
    if (v === "--" || (!v.startsWith("-") && !args[i]!.dynamic)) return out.concat(args.slice(i));
    if (v === "-M") i++;
    else if (!v.startsWith("-M")) out.push(args[i]!);
  }
  return out;
}
