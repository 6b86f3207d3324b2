import { KeywordSet } from "../keyword-index.ts";

/**
 * Shared shapes the rules combine. Each is deliberately literal (seed 004: indicators are
 * substring and structural checks) and runs on normalised text (see ../normalize.ts).
 */

/** An outbound network call written as code or as a command (not the word "curl" in prose). */
export const NETWORK_CALL =
  /\b(?:curl|wget)\s+["'$\-hH\w]|\b(?:fetch|axios(?:\.\w+)?|urlopen|http\.request|https\.request|net\.connect|socket\.connect|create_connection)\s*\(|\brequests\.(?:get|post|put|patch|delete|head|request|Session)\b|\burllib\d?\.request\b|\bhttp\.client\b|\bhttpx\.\w+\(|\baiohttp\.\w+|\bXMLHttpRequest\b|\bInvoke-(?:WebRequest|RestMethod)\b|\b(?:iwr|irm)\s+https?:|\bNet\.WebClient\b|\bn(?:c|cat)\s+(?:-\w+\s+)*[\w.-]+\s+\d{2,5}\b|\bsocat\s+\S|\/dev\/(?:tcp|udp)\//i;
export const NETWORK_KEYWORDS = new KeywordSet(["curl", "wget", "fetch", "axios", "urlopen", "request", "connect", "http", "invoke-", "iwr", "irm", "webclient", "nc ", "ncat", "socat", "/dev/tcp", "/dev/udp", "aiohttp"]);

// A user's own credential stores: SSH and cloud keys, netrc files, keychains, system passwords.
const USER_STORES = String.raw`~\/\.ssh\b|\$HOME\/\.ssh\b|\.ssh\/(?:id_|authorized_keys|config\b)|\bid_(?:rsa|dsa|ecdsa|ed25519)\b|\.aws\/credentials|~\/\.aws\b|\.gnupg\b|\.netrc\b|\.pgpass\b|\.git-credentials\b|\.docker\/config\.json|\.kube\/config\b|\/etc\/shadow\b|\.npmrc\b|\.pypirc\b|login\.keychain|find-generic-password`;
// A project's dotenv file (templates such as `.env.example` hold no secret).
const DOTENV = String.raw`(?<![\w.$-])\.env(?:\.(?:local|production|prod|dev))?\b(?!\.(?:example|sample|template|dist)\b)(?![\w-]*\s*\()`;

/** Credential stores a skill has no business reading, a project's `.env` included. */
export const CREDENTIAL_SOURCE = new RegExp(`${USER_STORES}|${DOTENV}`, "i");
/** The same without `.env`: what a credential stealer is after. */
export const USER_CREDENTIAL_SOURCE = new RegExp(USER_STORES, "i");
export const CREDENTIAL_KEYWORDS = new KeywordSet([".ssh", "id_rsa", "id_dsa", "id_ecdsa", "id_ed25519", ".aws", ".gnupg", ".netrc", ".pgpass", ".git-credentials", ".docker/config", ".kube/config", "/etc/shadow", ".npmrc", ".pypirc", ".env", "keychain", "generic-password"]);

/** A verb or redirection that reads a file named on the same line. */
export const READ_VERB = /\b(?:cat|less|head|tail|cp|scp|tar|zip|open|read\w*|expanduser|readFile\w*|Get-Content|type|load\w*|glob)\b|</i;

/** An upload: data leaves with the request. */
export const UPLOAD = /\s-(?:d|F|T)\s*@?|--data(?:-binary|-raw|-urlencode)?\b|--upload-file\b|--form\b|\bPOST\b|requests\.(?:post|put)\b|method\s*[:=]\s*["']?(?:POST|PUT)|\.(?:post|put)\s*\(|\?\w+=\$\(/;

/** Hosts that receive data for anyone: tunnels, paste sites, request catchers, chat webhooks. */
export const TUNNEL_HOST =
  /\b(?:[\w-]+\.)*(?:ngrok(?:-free)?\.(?:io|app|dev)|trycloudflare\.com|loca\.lt|localtunnel\.me|serveo\.net|bore\.pub|localhost\.run|webhook\.site|requestbin\.(?:com|net)|pipedream\.net|hookbin\.com|beeceptor\.com|interact\.sh|oast\.(?:fun|pro|live|site|online|me)|burpcollaborator\.net|pastebin\.com|paste\.ee|hastebin\.com|transfer\.sh|0x0\.st|discord(?:app)?\.com\/api\/webhooks|api\.telegram\.org\/bot)/i;
export const TUNNEL_KEYWORDS = new KeywordSet(["ngrok", "trycloudflare", "loca.lt", "localtunnel", "serveo", "bore.pub", "localhost.run", "webhook.site", "requestbin", "pipedream", "hookbin", "beeceptor", "interact.sh", "oast.", "burpcollaborator", "pastebin", "paste.ee", "hastebin", "transfer.sh", "0x0.st", "api/webhooks", "api.telegram.org"]);

/** Installers whose `curl | sh` one-liner is the documented way to install them. */
export const KNOWN_INSTALLER =
  /\b(?:sh\.rustup\.rs|bun\.sh\/install|astral\.sh|get\.docker\.com|deno\.land\/install|deno\.land\/x\/install|raw\.githubusercontent\.com\/Homebrew|brew\.sh|nixos\.org|get\.pnpm\.io|install\.python-poetry\.org|sdk\.cloud\.google\.com|get\.helm\.sh|volta\.sh|starship\.rs|foundry\.paradigm\.xyz|fnm\.vercel\.app|get\.sdkman\.io|cli\.doppler\.com|install\.determinate\.systems|claude\.ai\/install\.sh|opencode\.ai\/install)/i;

/** Negation just before a phrase ("never send ~/.ssh …") turns an instruction into a warning against it. */
export function negatedBefore(lower: string, index: number): boolean {
  const before = lower.slice(Math.max(0, index - 60), index);
  return /\b(?:never|not|don't|dont|must not|mustn't|should not|shouldn't|avoid|refuse|without|no)\b[^.!?]*$/.test(before);
}

/** Lines that talk about attacks rather than perform them (security guides, detector docs). */
export function documentationContext(lower: string): boolean {
  return /\b(?:detect(?:s|ed|ion|ing|or)?|e\.g\.|for example|such as|phrases? like|patterns? like|attackers? (?:may|might|can|often)|is an example)\b/.test(lower);
}
