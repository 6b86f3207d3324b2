import type { Decision } from "../../../lib/guard/decision.ts";
import type { ReasonCode } from "../../../lib/guard/reasons.ts";
import { useGuardFixture } from "../../fixtures/check/workspace.ts";
import { OK, verdictRows } from "../../support/verdict-rows.ts";

// Tunnels that make a port of this machine reachable from the internet (session 7,
// effects/tunnels.ts): each EGRESS row was ALLOW_NO_EFFECT (ngrok's BLOCK, by chance: its
// `http` read as HTTPie). Commands are only judged.
const fx = useGuardFixture();
const table = verdictRows(fx);
const EGRESS: [Decision, ReasonCode] = ["ASK", "ASK_DATA_EGRESS"];

table("public tunnels ask as data sent away", [
  ["ngrok http", "ngrok http 8080", ...EGRESS],
  ["ngrok with a computed subcommand", "ngrok $MODE 8080", ...EGRESS],
  ["cloudflared quick tunnel", "cloudflared tunnel --url http://localhost:8080", ...EGRESS],
  ["cloudflared tunnel run", "cloudflared tunnel run mytunnel", ...EGRESS],
  ["tailscale funnel", "tailscale funnel 8080", ...EGRESS],
  ["ssh -R", "ssh -R 80:localhost:8080 tunnel.example", ...EGRESS],
  ["ssh -R in a cluster", "ssh -NR 80:localhost:8080 nokey@tunnel.example", ...EGRESS],
  ["ssh -o RemoteForward", "ssh -oRemoteForward=80:localhost:8080 x.example", ...EGRESS],
  ["ssh -o with a computed value", 'ssh -o "$OPT" x.example', ...EGRESS],
  ["localtunnel through npx", "npx localtunnel --port 8080", ...EGRESS],
  ["lt", "lt --port 8080", ...EGRESS],
  ["bore", "bore local 8080 --to tunnel.example", ...EGRESS],
  ["zrok", "zrok share public localhost:8080", ...EGRESS],
  ["devtunnel", "devtunnel host -p 8080", ...EGRESS],
]);

// Review A (session 7): each was ALLOW_NO_EFFECT.
table("forwards after ssh's destination, autossh, and the tools' options", [
  ["-R after the destination", "ssh user@host -R 8080:localhost:3000", ...EGRESS],
  ["-R after -p and the destination", "ssh -p 2222 host -R 80:localhost:3000", ...EGRESS],
  ["autossh -M", "autossh -M 0 -R 80:localhost:3000 tunnel.example", ...EGRESS],
  ["autossh, -R after the destination", "autossh -M 0 host -R 80:localhost:3000", ...EGRESS],
  ["an unquoted computed word may be -R", "ssh $FWD tunnel.example", ...EGRESS],
  ["a host with a literal user part is no option", "ssh user@$HOST uptime", ...OK],
  ["user and host both computed, joined by @", 'ssh -i ~/.ssh/k $USER@$HOST "ls"', ...OK],
  ["ngrok's --log before the subcommand", "ngrok --log stdout http 8080", ...EGRESS],
  ["cloudflared service install", "cloudflared service install x", ...EGRESS],
  ["cloudflared --url with no subcommand", "cloudflared --url http://localhost:8080", ...EGRESS],
  ["lt -p attached", "lt -p3000", ...EGRESS],
  ["zrok share reserved", "zrok share reserved abc123", ...EGRESS],
]);

table("the tools' other commands pass", [
  ["ngrok config", "ngrok config add-authtoken x", ...OK],
  ["cloudflared tunnel list", "cloudflared tunnel list", ...OK],
  ["tailscale funnel status", "tailscale funnel status", ...OK],
  ["tailscale serve (the tailnet only)", "tailscale serve 8080", ...OK],
  ["ssh with options", "ssh -o StrictHostKeyChecking=no host ls", ...OK],
  ["ssh -L (a local forward)", "ssh -L 8080:localhost:80 host", ...OK],
  ["-L after the destination", "ssh host -L 5432:localhost:5432", ...OK],
  ["the remote command's -R", "ssh host ls -R /srv", ...OK],
  ["-R after -- is the command's", "ssh -- host -R 80:localhost:3000", ...OK],
  ["a quoted computed destination", 'ssh "$HOST" ls', ...OK],
  ["autossh without a forward", "autossh -M 0 -f -N host", ...OK],
  // (was ASK: the client side of someone's tunnel, review A's P2)
  ["cloudflared access --url", "cloudflared access tcp --hostname db.example.com --url localhost:5432", ...OK],
]);
