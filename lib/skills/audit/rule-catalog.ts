import type { Severity } from "./finding.ts";

/** What a rule is, for people and for SARIF `tool.driver.rules`. */
export interface RuleInfo {
  id: string;
  title: string;
  description: string;
  category: string;
  severity: Severity;
  /** 0..1: deterministic shapes near 1, heuristics below 0.8. */
  confidence: number;
  remediation: string;
}

type Row = [id: string, category: string, severity: Severity, confidence: number, title: string, description: string, remediation: string];

const ROWS: Row[] = [
  ["indicator/script-resource", "script-resource", "info", 1, "Bundled executable scripts", "Seed 004 indicator script_resource: the skill ships executable resources an agent may run.", "Review every bundled script before approving the skill."],
  ["indicator/mcp-tool-reference", "mcp-tool-reference", "info", 0.9, "MCP server or external tool reference", "Seed 004 indicator mcp_tool_reference: the skill declares MCP servers or pre-approves external tools.", "Check which servers and tools the skill wires in and what they can reach."],
  ["indicator/network-call", "network-egress", "info", 0.9, "Outbound network call", "Seed 004 indicator network_call: a bundled file makes an outbound network call (curl, wget, fetch, requests, sockets).", "Confirm each endpoint is expected for what the skill claims to do."],
  ["indicator/path-traversal", "path-traversal", "info", 0.8, "Path outside the skill folder", "Seed 004 indicator path_traversal: a path climbs out of the skill folder with ../ or names an absolute system path.", "Keep file references inside the skill folder."],
  ["indicator/shell-invocation", "command-exec", "info", 0.9, "Shell or process spawn", "Seed 004 indicator shell_invocation: a bundled file spawns a process, a shell, or evaluates code.", "Prefer fixed argument lists; never pass unchecked input to a shell."],
  ["secret/hardcoded", "hardcoded-secret", "error", 0.95, "Hardcoded credential", "Seed 004 indicator hardcoded_credential: a bundled file contains a credential in a known provider format. The value is never reported.", "Remove the credential, rotate it at the provider, and read it from the environment instead."],
  ["exec/download-execute", "remote-code-exec", "error", 0.95, "Download and execute", "Code fetched from the network is piped or passed straight to an interpreter.", "Pin and vendor what the skill needs, or download, verify a checksum, then run."],
  ["exec/decode-execute", "obfuscation", "error", 0.95, "Decode then execute", "Encoded data (base64, hex, compressed) is decoded and executed, hiding what runs.", "Ship the code in readable form; never execute decoded blobs."],
  ["exec/decoded-payload", "remote-code-exec", "error", 0.95, "Encoded payload executed", "A base64 payload is decoded and piped into a shell; the evidence shows what it runs.", "Ship readable commands; never pipe decoded data into a shell."],
  ["exec/reverse-shell", "remote-code-exec", "error", 0.95, "Reverse shell", "A shell is connected to a remote host (/dev/tcp, nc -e, socat exec, pty over a socket).", "Remove the remote shell; a skill has no reason to hand out interactive access."],
  ["exec/dynamic-code", "command-exec", "warning", 0.7, "Dynamic code or shell string", "eval/exec of a non-literal, a shell string with interpolated input, or shell=True.", "Use argument lists and parsers instead of evaluating or shelling out with input."],
  ["exec/destructive-delete", "destructive", "error", 0.9, "Destructive command", "A command deletes or overwrites the root, the home folder or a disk.", "Scope deletions to the skill's own files."],
  ["exfil/credential-to-network", "data-exfiltration", "error", 0.95, "Credentials sent over the network", "A credential source (key files, cloud credentials, .env, secret-named environment variables) flows into a network call.", "Remove the upload; a skill must never send local credentials anywhere."],
  ["exfil/tunnel-endpoint", "data-exfiltration", "warning", 0.85, "Tunnel, paste or webhook endpoint", "A URL points at a tunnel, paste, request-capture or chat-webhook host often used to receive stolen data.", "Use the service's real, documented endpoint."],
  ["exfil/suspicious-endpoint", "data-exfiltration", "warning", 0.5, "Suspicious endpoint", "A URL whose host names itself as an attacker, exfiltration or C2 endpoint, or a raw IP receiving an upload.", "Check where the data goes and why."],
  ["exfil/instruction", "data-exfiltration", "warning", 0.5, "Instruction to send data out", "Prose tells the agent to send data to an outside server or to echo credentials back.", "Remove instructions that move user data or credentials out of the session."],
  ["credential/file-access", "credential-access", "warning", 0.85, "Credential file access", "A bundled file reads or names credential stores: ~/.ssh keys, cloud credentials, .env, .netrc, /etc/shadow.", "A skill should ask for the one value it needs, never read credential stores."],
  ["credential/env-harvest", "credential-access", "error", 0.9, "Environment secret harvesting", "Code walks the whole environment collecting variables named like keys, tokens or passwords.", "Read only the specific variable the skill needs."],
  ["path/sensitive-target", "path-traversal", "error", 0.9, "Traversal to a sensitive file", "A path climbs out of the skill folder, or names an absolute path, to a credential or system file.", "Keep file access inside the skill folder and the user's project."],
  ["persistence/scheduled", "persistence", "warning", 0.85, "Scheduled or startup persistence", "The skill installs a cron job, launch agent, systemd unit, scheduled task or autostart entry.", "Do not install anything that outlives the agent session."],
  ["persistence/shell-profile", "persistence", "warning", 0.85, "Shell start-up file modified", "The skill appends to a shell start-up file (~/.bashrc, ~/.zshrc, ~/.profile).", "Do not modify the user's shell start-up files."],
  ["persistence/auto-hook", "persistence", "warning", 0.7, "Hook script runs automatically", "A script under hooks/ runs on agent events without being asked for.", "Review what the hook runs and when."],
  ["privilege/setuid", "privilege-escalation", "error", 0.9, "Privilege escalation", "setuid/setgid bits, sudoers edits or admin-group changes.", "Never raise privileges from a skill."],
  ["privilege/world-writable", "privilege-escalation", "warning", 0.8, "World-writable permissions", "chmod 777 or o+w makes files writable by every user.", "Use the narrowest permissions that work."],
  ["unicode/tag-characters", "hidden-unicode", "error", 1, "Invisible Unicode tag characters", "Unicode tag characters (U+E0000-E007F) spell text the reader cannot see but a model reads (ASCII smuggling).", "Delete the invisible characters; the evidence shows what they spell."],
  ["unicode/tag-escape", "hidden-unicode", "warning", 0.8, "Escaped Unicode tag characters", "Source writes Unicode tag code points as escapes, which become invisible text when emitted.", "Remove the escaped tag characters."],
  ["unicode/bidi-control", "hidden-unicode", "warning", 0.9, "Bidirectional control characters", "Bidi overrides and isolates (U+202A-202E, U+2066-2069) make text display differently from what it is (Trojan Source).", "Remove the control characters."],
  ["unicode/zero-width", "hidden-unicode", "info", 0.6, "Zero-width characters", "Zero-width characters; many of them, or next to decoding code, can carry a hidden payload.", "Remove stray zero-width characters."],
  ["unicode/homoglyph", "homoglyph", "warning", 0.8, "Mixed-script look-alike word", "A word mixes Latin with Cyrillic or Greek look-alike letters, so it reads as one thing and is another.", "Use plain ASCII for commands, paths and names."],
  ["obfuscation/encoded-blob", "obfuscation", "warning", 0.6, "Encoded code blob", "Long hex escapes or character-code chains hide readable code.", "Ship readable code."],
  ["injection/override", "prompt-injection", "warning", 0.7, "Prompt-injection phrase", "Text tries to override the agent's instructions or safety rules, or to hide what the skill does (heuristic).", "Remove instructions aimed at the agent's own rules."],
  ["injection/data-harvest", "prompt-injection", "warning", 0.6, "Instruction to harvest and repeat user secrets", "Prose tells the agent to gather what the user shares (passwords, credentials, personal details) and put it back into its replies, judged on whole sentences of a paragraph or list item (heuristic).", "Remove instructions that collect or repeat sensitive user data."],
  ["injection/hidden-comment", "prompt-injection", "warning", 0.7, "Instruction hidden in a comment", "An HTML comment, invisible when rendered, carries commands, URLs or instructions (heuristic).", "Remove hidden instructions; say openly what the skill does."],
  ["social/coercion", "social-engineering", "warning", 0.6, "Coercive instruction", "Text pressures the user or agent to approve everything, skip review, or disable protections (heuristic).", "Remove pressure to skip review."],
  ["social/password-archive", "social-engineering", "warning", 0.8, "Password-protected download", "Text asks to download an executable or archive with a password, a common malware lure.", "Distribute tools through a verifiable channel."],
  ["resource/unbounded-loop", "resource-abuse", "warning", 0.5, "Unbounded loop", "An infinite loop with no exit in sight.", "Bound the loop or add an exit."],
  ["resource/huge-allocation", "resource-abuse", "warning", 0.5, "Huge allocation", "A multiplication that allocates millions of elements.", "Bound memory use."],
  ["resource/fork-bomb", "resource-abuse", "error", 0.95, "Fork bomb", "A shell function that forks itself without end.", "Remove it."],
  ["consistency/undeclared-network", "semantic-mismatch", "warning", 0.6, "Network use the skill does not declare", "The skill says it works locally or offline, yet its files make network calls (heuristic).", "Declare network use in the description, or remove it."],
  ["consistency/undeclared-behaviour", "semantic-mismatch", "warning", 0.5, "Behaviour the description does not mention", "Bundled code reads credentials or sends data out while SKILL.md never mentions either (heuristic).", "Describe what the skill really does, or remove the behaviour."],
  ["consistency/shown-source-differs", "semantic-mismatch", "warning", 0.9, "Shown source differs from the shipped file", "SKILL.md shows the source of a bundled file, but the file in the folder is different.", "Make the shipped file what SKILL.md shows, or drop the claim."],
  ["bundle/symlink-escape", "bundle", "error", 1, "Symlink out of the skill", "A symlink points outside the skill folder; installing or reading through it reaches other files.", "Replace the link with the file it stands for."],
  ["bundle/symlink", "bundle", "info", 1, "Symlink inside the skill", "A symlink inside the skill folder; some agents skip links during discovery.", "Prefer plain files."],
  ["bundle/file-too-large", "bundle", "warning", 1, "File too large to audit", "A file is over the audit size limit and was not scanned.", "Keep skill files small, or audit the file by other means."],
  ["bundle/binary-executable", "bundle", "warning", 0.9, "Compiled or binary code", "A native binary, bytecode or archive cannot be audited as text.", "Ship source instead of compiled code."],
  ["bundle/invalid-utf8", "bundle", "info", 1, "Text file is not UTF-8", "A text file is not valid UTF-8; it was scanned with replacement characters.", "Save text files as UTF-8."],
  ["bundle/too-many-files", "bundle", "error", 1, "Too many files", "The skill folder holds more files than the audit limit; the rest was not scanned.", "Split the skill or remove generated files."],
  ["bundle/unreadable", "bundle", "error", 1, "Unreadable file", "A file or SKILL.md could not be read.", "Fix the file's permissions or encoding."],
  ["permissions/broad-shell", "command-exec", "warning", 0.95, "Unrestricted shell pre-approved", "SKILL.md allowed-tools pre-approves the whole shell (Bash, Bash(*), a shell or interpreter prefix such as Bash(sh:*)), so the agent runs any command without asking while the skill is active. Fires the shell_invocation indicator.", "Grant only the commands the skill needs, such as Bash(git diff:*)."],
  ["bundle/lifecycle-script", "supply-chain", "warning", 0.9, "Package lifecycle script", "package.json declares install-time scripts that package managers run automatically.", "Remove preinstall/install/postinstall scripts from a skill."],
];

const CATALOG = new Map<string, RuleInfo>(ROWS.map(([id, category, severity, confidence, title, description, remediation]) => [id, { id, category, severity, confidence, title, description, remediation }]));

/** Everything known about a rule; SKILL.md contract codes (`skill-md/*`) are described generically. */
export function ruleInfo(id: string): RuleInfo {
  const known = CATALOG.get(id);
  if (known) return known;
  if (id.startsWith("skill-md/")) {
    const what = id.slice("skill-md/".length).replaceAll("-", " ");
    return {
      id,
      category: "skill-contract",
      severity: "warning",
      confidence: 1,
      title: `SKILL.md contract: ${what}`,
      description: `The SKILL.md frontmatter breaks the Agent Skills specification or the Xema skill contract (${what}).`,
      remediation: "Fix the frontmatter as the Agent Skills specification (agentskills.io/specification) describes.",
    };
  }
  throw new Error(`Unknown audit rule ${id}`);
}

/** Every catalogued rule id, in catalog order. */
export const RULE_IDS: readonly string[] = ROWS.map((r) => r[0]);
