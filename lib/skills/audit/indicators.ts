import { KeywordSet } from "./keyword-index.ts";
import { posix } from "node:path";
import { z } from "zod";
import type { RawFinding } from "./finding.ts";
import { linesWithKeywords, makeFinding, runLineRules, type LineRule } from "./rules/line-rule.ts";
import { CREDENTIAL_SOURCE, NETWORK_CALL, NETWORK_KEYWORDS, READ_VERB } from "./rules/patterns.ts";
import type { ScanFile, ScanLine } from "./scan-file.ts";

/** Seed 004 `SkillRiskIndicator`, value-identical. */
export const RiskIndicator = z.enum(["script_resource", "mcp_tool_reference", "network_call", "path_traversal", "hardcoded_credential", "shell_invocation"]);
export type RiskIndicator = z.infer<typeof RiskIndicator>;

/** Seed 004 `SkillRiskTier`. */
export const RiskTier = z.enum(["low", "medium", "high"]);
export type RiskTier = z.infer<typeof RiskTier>;

/**
 * The fixed tier each indicator contributes; a skill's tier is the maximum over the indicators
 * that fired (low when none did). Running code and holding credentials need a reviewer (high);
 * code, tools, network and paths outside the folder widen what a skill touches (medium).
 */
export const INDICATOR_TIER: Record<RiskIndicator, RiskTier> = {
  script_resource: "medium",
  mcp_tool_reference: "medium",
  network_call: "medium",
  path_traversal: "medium",
  hardcoded_credential: "high",
  shell_invocation: "high",
};

/** The rule whose findings make each indicator fire. */
export const INDICATOR_RULE: Record<RiskIndicator, string> = {
  script_resource: "indicator/script-resource",
  mcp_tool_reference: "indicator/mcp-tool-reference",
  network_call: "indicator/network-call",
  path_traversal: "indicator/path-traversal",
  hardcoded_credential: "secret/hardcoded",
  shell_invocation: "indicator/shell-invocation",
};

const TIER_RANK: Record<RiskTier, number> = { low: 0, medium: 1, high: 2 };

/** The maximum tier over fired indicators. */
export function tierOf(indicators: Iterable<RiskIndicator>): RiskTier {
  let tier: RiskTier = "low";
  for (const i of indicators) if (TIER_RANK[INDICATOR_TIER[i]] > TIER_RANK[tier]) tier = INDICATOR_TIER[i];
  return tier;
}

const SYSTEM_PATH = /(?<![\w.~$-])\/(?:etc|root|proc|sys|boot)\/[\w.\/-]*|\b[Cc]:\\\\?Windows\\\\?System32\b/;
const PATH_WORDS = new KeywordSet(["../", "..\\", "/etc/", "/root/", "/proc/", "/sys/", "/boot/", "windows"]);
const SENSITIVE_SYSTEM_FILE = /\/etc\/(?:passwd|shadow|sudoers|gshadow)\b/;

const INDICATOR_LINE_RULES: readonly LineRule[] = [
  { rule: "indicator/network-call", keywords: NETWORK_KEYWORDS, pattern: NETWORK_CALL, message: "Makes an outbound network call" },
  {
    rule: "indicator/network-call",
    keywords: new KeywordSet(["http"]),
    pattern: /^\s*["']?[\w.-]*(?:url|uri|endpoint|host|webhook|callback)["']?\s*[:=]\s*["']?https?:\/\//i,
    regions: ["code"],
    message: "Configures an outbound endpoint",
    // A package manifest's URLs (repository, bugs, homepage) are metadata nothing calls.
    judge: (_m, _line, file) => (/(?:^|\/)package\.json$/.test(file.rel) ? null : {}),
  },
  {
    rule: "indicator/shell-invocation",
    // "|" lets lines that pipe text into a shell (`| sh`, `|bash`) reach the pattern's last branch.
    keywords: new KeywordSet(["subprocess", "os.system", "popen", "os.exec", "os.spawn", "child_process", "execsync", "spawn", "execfile", "bun.spawn", "deno.command", "getruntime", "processbuilder", "eval", "exec", "start-process", "invoke-expression", "iex", "sh -c", "|", "system(", "shell_exec", "passthru"]),
    pattern: /\bsubprocess\.\w+\s*\(|\bos\.(?:system|popen|exec\w*|spawn\w*)\s*\(|\bchild_process\b|\b(?:execSync|spawnSync|execFileSync|execFile|spawn)\s*\(|\bBun\.spawn(?:Sync)?\b|\bDeno\.Command\b|\bRuntime\.getRuntime\(\)\.exec|\bProcessBuilder\b|(?<![\w.'"])(?:eval|exec)\s*\(|\bStart-Process\b|\bInvoke-Expression\b|\biex\b|\b(?:ba|z|da|k)?sh\s+-c\b|\|\s*(?:ba|z)?sh\b|(?<![\w.'"])(?:system|shell_exec|passthru|popen)\s*\(/,
    regions: ["code"],
    message: "Spawns a process, a shell or evaluates code",
  },
  {
    rule: "indicator/mcp-tool-reference",
    keywords: new KeywordSet(["mcp", "model context protocol"]),
    pattern: /\bmcpServers\b|\bmcp_servers\b|\bmcp__[\w-]+|\bMCP\s+(?:server|tool|config|settings)s?\b|\bmodel\s+context\s+protocol\b|"mcp"\s*:|\.mcp\.json\b/i,
    message: "Declares or uses MCP servers or tools",
  },
];

/**
 * The line-level indicator findings of one file, at most one per indicator and file (the first
 * occurrence, with the count), plus path findings: a `../` that leaves the skill folder or an
 * absolute system path is the indicator; pointed at a credential or system file it is an error.
 */
export function indicatorFindings(file: ScanFile): RawFinding[] {
  const all = runLineRules(INDICATOR_LINE_RULES, file);
  const out: RawFinding[] = [];
  for (const rule of new Set(all.map((f) => f.rule))) {
    const hits = all.filter((f) => f.rule === rule);
    out.push(hits.length === 1 ? hits[0]! : { ...hits[0]!, message: `${hits[0]!.message} (${hits.length} lines)` });
  }
  return [...out, ..._pathFindings(file)];
}

function _pathFindings(file: ScanFile): RawFinding[] {
  const out: RawFinding[] = [];
  let indicator = false;
  const dir = posix.dirname(file.rel);
  for (const line of linesWithKeywords(file, PATH_WORDS)) {
    if (line.text.startsWith("#!")) continue;
    const hasDots = line.text.includes("../") || line.text.includes("..\\");
    const hasRoot = line.text.includes("/etc/") || line.text.includes("/root/") || line.text.includes("/proc/") || line.text.includes("/sys/") || line.text.includes("/boot/") || /windows/i.test(line.text);
    if (!hasDots && !hasRoot) continue;
    for (const m of line.text.matchAll(/(?:\.\.[\\/])+[^\s"'`)\]>,;]*/g)) {
      const target = posix.normalize(posix.join(dir, m[0].replaceAll("\\", "/")));
      if (!target.startsWith("../")) continue;
      if (CREDENTIAL_SOURCE.test(m[0]) || /\betc\/(?:passwd|shadow|sudoers)\b/.test(m[0])) {
        out.push(makeFinding("path/sensitive-target", line, m.index, "Climbs out of the skill folder to a credential or system file", _read(line)));
      } else if (!indicator) {
        out.push(makeFinding("indicator/path-traversal", line, m.index, "A path climbs out of the skill folder"));
        indicator = true;
      }
    }
    const abs = hasRoot ? SYSTEM_PATH.exec(line.text) : null;
    if (abs && SENSITIVE_SYSTEM_FILE.test(line.text)) {
      out.push(makeFinding("path/sensitive-target", line, abs.index, "Names a sensitive system file by absolute path", _read(line)));
    } else if (abs && !indicator) {
      out.push(makeFinding("indicator/path-traversal", line, abs.index, "Names an absolute system path"));
      indicator = true;
    }
  }
  return out;
}

// Reading the file is the error; naming it (a list of traversal payloads, a test that the path
// is refused) is a warning.
function _read(line: ScanLine): { severity?: "warning" } {
  return READ_VERB.test(line.text) ? {} : { severity: "warning" };
}
