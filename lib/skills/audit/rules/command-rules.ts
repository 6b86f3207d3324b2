import { KeywordSet } from "../keyword-index.ts";
import { CREDENTIAL_KEYWORDS, CREDENTIAL_SOURCE, KNOWN_INSTALLER, NETWORK_CALL, NETWORK_KEYWORDS, negatedBefore, TUNNEL_HOST, TUNNEL_KEYWORDS, UPLOAD } from "./patterns.ts";
import { credentialAccess } from "./credential-access.ts";
import { demoteInProse, type LineRule } from "./line-rule.ts";

const SHELLS = String.raw`(?:sudo\s+)?(?:\/(?:usr\/)?bin\/)?(?:ba|z|da|k|fi)?sh\b|(?:sudo\s+)?python[0-9.]*\b|perl\b|ruby\b|node\b|iex\b|Invoke-Expression\b`;

const DECODE_PIPE = new RegExp(String.raw`\bbase64\s+(?:-d|--decode|-D)\b[^\n]*\|\s*(?:${SHELLS})`, "i");

/** Rules about commands and code that act: run, fetch, delete, persist, escalate. */
export const COMMAND_RULES: readonly LineRule[] = [
  {
    rule: "exec/download-execute",
    keywords: new KeywordSet(["curl", "wget", "iwr", "irm", "invoke-", "requests.get", "urlopen", "downloadstring"]),
    pattern: new RegExp(
      String.raw`\b(?:curl|wget|iwr|irm|Invoke-WebRequest|Invoke-RestMethod)\b[^|;\n]*\|\s*(?:${SHELLS})|(?:ba|z)?sh\s+(?:-c\s+)?["']?\$\(\s*(?:curl|wget)\b|(?:sh|bash|source|\.)\s+<\(\s*(?:curl|wget)\b|\b(?:exec|eval)\s*\(\s*(?:requests\.get|urlopen|urllib\.request\.urlopen)\b|\beval\s+["']?\$\(\s*(?:curl|wget)\b|\b(?:iex|Invoke-Expression)\b[^\n]*(?:DownloadString|iwr|irm|Invoke-WebRequest)`,
      "i",
    ),
    message: "Downloads code and runs it in one step",
    judge: (_m, line) => (KNOWN_INSTALLER.test(line.text) ? { severity: "info", confidence: 0.3, message: "Runs a well-known installer straight from the network" } : demoteInProse(line)),
  },
  {
    rule: "exec/decode-execute",
    keywords: new KeywordSet(["base64", "b64decode", "atob", "decompress", "unhexlify", "fromhex", "marshal", "encodedcommand", "-enc", "codecs"]),
    pattern: new RegExp(
      String.raw`\bbase64\s+(?:-d|--decode|-D)\b[^\n]*\|\s*(?:${SHELLS})|\b(?:exec|eval)\s*\(\s*(?:base64\.b64decode|b64decode|codecs\.decode|zlib\.decompress|marshal\.loads|atob|Buffer\.from|bytes\.fromhex|binascii\.unhexlify)|\bFunction\s*\(\s*atob|\bpowershell(?:\.exe)?\b[^\n]*\s-(?:e|enc|EncodedCommand)\s+[A-Za-z0-9+/=]{16,}`,
      "i",
    ),
    message: "Decodes hidden data and executes it",
    judge: (_m, line) => demoteInProse(line),
  },
  {
    rule: "exec/decoded-payload",
    keywords: new KeywordSet([]),
    decodedOnly: true,
    pattern: /\S/,
    message: "Runs a base64 payload",
    judge: (_m, line) => (line.decoded === "base64" && DECODE_PIPE.test(line.raw) ? demoteInProse(line) : null),
  },
  {
    rule: "exec/reverse-shell",
    keywords: new KeywordSet(["/dev/tcp", "/dev/udp", "nc ", "ncat", "socat", "pty.spawn", "dup2", "-i >&"]),
    pattern: /\/dev\/(?:tcp|udp)\/|\bn(?:c|cat)\b[^\n]*\s-[ec]\s|\bsocat\b[^\n]*\bexec:|\b(?:ba)?sh\s+-i\s*>&|\bpty\.spawn\s*\(|\bos\.dup2\s*\(/i,
    message: "Connects a shell to a remote host (reverse shell)",
  },
  {
    rule: "exec/dynamic-code",
    keywords: new KeywordSet(["eval", "exec", "system", "shell=true", "popen"]),
    pattern: /(?<![\w.'"])(?:eval|exec)\s*\(\s*(?!["'`)\s])|\bos\.(?:system|popen)\s*\(\s*(?:f["']|[^"'\s)])|\bshell\s*=\s*True\b|\b(?:execSync|exec)\s*\(\s*`[^`]*\$\{|\b(?:execSync|exec)\s*\(\s*["'][^"']*["']\s*\+/,
    regions: ["code"],
    message: "Evaluates or shells out with a value built at run time",
  },
  {
    rule: "exec/destructive-delete",
    keywords: new KeywordSet(["rm ", "dd ", "mkfs"]),
    pattern: /\brm\s+(?:-[a-zA-Z]*[rR][a-zA-Z]*f?[a-zA-Z]*\s+|-[a-zA-Z]*f[a-zA-Z]*[rR][a-zA-Z]*\s+)(?:--no-preserve-root\s+)?["']?(?:\/|~\/?|\$HOME\/?|\$\{HOME\}\/?|\/\*|~\/\*)["']?(?=\s|$|[;&|])|\bdd\s+[^\n]*\bof=\/dev\/(?:sd|nvme|disk|hd|xvd)|\bmkfs(?:\.\w+)?\s+\/dev\//,
    message: "Deletes or overwrites the root, the home folder or a disk",
  },
  {
    rule: "exfil/credential-to-network",
    keywords: CREDENTIAL_KEYWORDS,
    pattern: CREDENTIAL_SOURCE,
    message: "Sends a credential store over the network",
    judge: (m, line) => (NETWORK_CALL.test(line.text) && !negatedBefore(line.lower, m.index) ? demoteInProse(line) : null),
  },
  {
    rule: "exfil/tunnel-endpoint",
    keywords: TUNNEL_KEYWORDS,
    pattern: TUNNEL_HOST,
    message: "Points at a tunnel, paste or webhook host that can receive data for anyone",
    judge: (_m, line) => (UPLOAD.test(line.text) && line.region === "code" ? { severity: "error", confidence: 0.9, message: "Uploads data to a tunnel, paste or webhook host" } : {}),
  },
  {
    rule: "exfil/suspicious-endpoint",
    keywords: new KeywordSet(["http"]),
    pattern: /https?:\/\/(?:[\w-]+\.)*(?:[\w-]*\b(?:evil|attacker|malicious|exfil\w*|c2|stealer|grabber)\b[\w-]*)(?:\.[\w-]+)*|https?:\/\/\d{1,3}(?:\.\d{1,3}){3}(?::\d+)?\//i,
    message: "Sends data to an endpoint that names itself as hostile or to a raw IP address",
    judge: (m, line) => (/^https?:\/\/\d/.test(m[0]) && !UPLOAD.test(line.text) ? null : {}),
  },
  {
    rule: "credential/file-access",
    keywords: CREDENTIAL_KEYWORDS,
    pattern: CREDENTIAL_SOURCE,
    message: "Reads or names a credential store",
    judge: credentialAccess,
  },
  {
    rule: "persistence/scheduled",
    keywords: new KeywordSet(["cron", "@reboot", "launchctl", "launchagents", "launchdaemons", "systemctl", "schtasks", "currentversion\\run", "autostart"]),
    pattern: /\bcrontab\s+(?:-e\b|-\s|-$|[\w/.~-]+)|\|\s*crontab\b|\/etc\/cron\.|\/var\/spool\/cron|@reboot\b|\blaunchctl\s+(?:load|bootstrap|submit)\b|Library\/Launch(?:Agents|Daemons)|\bsystemctl\s+(?:--user\s+)?enable\b|\bschtasks(?:\.exe)?\s+\/create|CurrentVersion\\Run\b|\.config\/autostart\b/i,
    message: "Installs something that runs again later (cron, launch agent, service, autostart)",
    judge: (_m, line) => (NETWORK_CALL.test(line.text) ? { severity: "error", confidence: 0.9, message: "Schedules a recurring download from the network" } : {}),
  },
  {
    rule: "persistence/shell-profile",
    keywords: new KeywordSet(["bashrc", "bash_profile", "bash_login", "zshrc", "zprofile", "zshenv", "/.profile", "config.fish"]),
    pattern: /(?:>>?|\btee\s+-a)\s*["']?(?:~|\$HOME|\$\{HOME\})\/\.(?:bashrc|bash_profile|bash_login|zshrc|zprofile|zshenv|profile|config\/fish\/config\.fish)\b/,
    message: "Changes a shell start-up file",
  },
  {
    rule: "privilege/setuid",
    keywords: new KeywordSet(["chmod", "sudoers", "nopasswd", "usermod", "setcap"]),
    pattern: /\bchmod\s+(?:-\w+\s+)*(?:[0-7]?[2467][0-7]{3}|[ugoa]*\+[rwx]*s[rwx]*)\s|\/etc\/sudoers\b|\bNOPASSWD\b|\busermod\s+[^\n]*-a?G\s*(?:sudo|wheel|root|admin)\b|\bsetcap\s/,
    message: "Raises privileges (setuid/setgid, sudoers, admin group)",
  },
  {
    rule: "privilege/world-writable",
    keywords: new KeywordSet(["chmod"]),
    pattern: /\bchmod\s+(?:-\w+\s+)*(?:0?777|a\+rwx|o\+w|ugo\+rwx)\b/,
    message: "Makes files writable by every user",
  },
  {
    rule: "resource/fork-bomb",
    keywords: new KeywordSet([":|:"]),
    pattern: /:\s*\(\s*\)\s*\{\s*:\s*\|\s*:\s*&\s*\}\s*;\s*:/,
    message: "Defines a fork bomb",
  },
  {
    rule: "resource/huge-allocation",
    keywords: new KeywordSet(["*"]),
    pattern: /\]\s*\*\s*\d{7,}\b|\*\s*10\s*\*\*\s*(?:[89]|\d{2})\b/,
    regions: ["code"],
    message: "Allocates millions of elements at once",
  },
  {
    rule: "obfuscation/encoded-blob",
    keywords: new KeywordSet(["\\x", "fromcharcode", "chr("]),
    pattern: /(?:\\{1,2}x[0-9a-fA-F]{2}){12,}|String\.fromCharCode\s*\(\s*\d+(?:\s*,\s*\d+){9,}|(?:chr\(\d+\)\s*\+\s*){8,}/,
    regions: ["code"],
    message: "Hides readable code in hex escapes or character codes",
  },
];

