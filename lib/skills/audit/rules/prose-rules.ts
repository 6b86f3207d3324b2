import { KeywordSet } from "../keyword-index.ts";
import { CREDENTIAL_SOURCE, documentationContext, negatedBefore } from "./patterns.ts";
import type { LineRule, Verdict } from "./line-rule.ts";
import type { ScanLine } from "../scan-file.ts";

// Heuristics (seed 000: prompt-injection and semantic findings stay info or warning): a phrase
// under a negation or in text about attacks is informational only.
function _heuristic(m: RegExpExecArray, line: ScanLine): Verdict {
  if (negatedBefore(line.lower, m.index) || documentationContext(line.lower)) return { severity: "info", confidence: 0.2 };
  return {};
}

const TEXT: LineRule["regions"] = ["prose", "comment"];

/** Rules about what text tells the agent or the user to do. */
export const PROSE_RULES: readonly LineRule[] = [
  {
    rule: "injection/override",
    keywords: new KeywordSet(["ignore", "disregard", "forget", "bypass", "override", "you are now", "system prompt", "do not", "keep this", "set aside", "treated as", "unrestricted", "important", "<system", "without verification", "without review"]),
    pattern: new RegExp(
      [
        String.raw`\b(?:ignore|disregard|forget)\s+(?:all\s+|any\s+)?(?:(?:the|your|its|of\s+the)\s+)?(?:previous|prior|above|earlier|preceding|existing|original)\s+(?:instructions|rules|guidelines|prompts?|directions|constraints|context)`,
        String.raw`\b(?:ignore|disregard|forget|bypass|override)\s+(?:all\s+|any\s+)?(?:(?:the|your|its)\s+)?(?:safety|content|ethical|security)\s+(?:rules|policy|policies|guidelines|restrictions|filters|measures)`,
        String.raw`\bdisregard\s+(?:all\s+|any\s+)?(?:content\s+polic|ethical\s+guideline)`,
        String.raw`\byou\s+are\s+now\s+(?:in\s+)?(?:an?\s+)?(?:unrestricted|developer|jailbreak|jailbroken|god|dan|admin)\b`,
        String.raw`\b(?:system|developer|admin)\s+override\b`,
        String.raw`\breveal\s+(?:your\s+|the\s+)?(?:full\s+|entire\s+)?system\s+prompt|\bsystem\s+prompt\W{0,3}\s*reveal`,
        String.raw`\bdo\s+not\s+(?:mention|tell|inform|reveal|disclose)\b[^.\n]{0,40}\b(?:to\s+)?(?:the\s+)?(?:user|human|anyone)\b`,
        String.raw`\bkeep\s+this\s+(?:behaviou?r|instruction|skill)?\s*(?:hidden|secret)\b`,
        String.raw`\bset\s+aside\s+(?:its|your|all|any|the)\s+(?:usual\s+|normal\s+)?(?:constraints|restrictions|rules|guidelines|safety)`,
        String.raw`\b(?:guidelines|rules|instructions|policies|restrictions)\s+(?:are|should\s+be)\s+treated\s+as\s+(?:mere\s+)?suggestions`,
        String.raw`\bunrestricted\s+(?:operation|mode|access)\b`,
        String.raw`<\s*\/?\s*(?:system|important)\s*>|\bIMPORTANT:\s*ignore\b`,
        String.raw`\bexecute\s+(?:the\s+following|this)\s+(?:code|commands?|script)\s+without\s+(?:verification|review|confirmation|asking)`,
      ].join("|"),
      "i",
    ),
    regions: TEXT,
    message: "Tries to override the agent's instructions or hide what the skill does",
    judge: (m, line) => (/^do\s+not/i.test(m[0]) ? (documentationContext(line.lower) ? { severity: "info", confidence: 0.2 } : {}) : _heuristic(m, line)),
  },
  {
    rule: "injection/hidden-comment",
    keywords: new KeywordSet(["<!--"]),
    // A word glued to a tool name by a hyphen is a directive (`prettier-ignore`); "system" counts
    // as a role (`SYSTEM:`, system prompt), not as a word (`system fonts`).
    pattern: /<!--[^\n]*?(?:(?<![\w-])(?:curl|wget|ignore|system\s*(?::|prompt|override|message)|instructions?|send|upload|exec|eval|password|token|secret|exfiltrat\w*)\b|https?:\/\/|~\/\.|\.ssh)/i,
    message: "Hides instructions or commands in an HTML comment readers never see",
  },
  {
    rule: "exfil/instruction",
    keywords: new KeywordSet(["send", "upload", "post", "forward", "transmit", "exfiltrat", "echo", "repeat", "include", "reveal", "print", "output", "reply", "response"]),
    pattern: new RegExp(
      [
        String.raw`\b(?:send|upload|post|forward|transmit|report)\b[^.\n]{0,60}\bto\s+(?:our|an?\s+external|the\s+attacker'?s?|a\s+remote)\s+(?:analytics\s+|collection\s+|tracking\s+|backup\s+)?(?:server|endpoint|webhook|collector|host)\b`,
        String.raw`\bexfiltrat(?:e|ing)\b[^.\n]{0,60}\bto\b`,
        String.raw`\b(?:echo(?:ing)?|repeat(?:ing)?|includ(?:e|ing)|reveal(?:ing)?|print(?:ing)?|output(?:ting)?)\b(?:\s+back)?[^.\n]{0,30}\b(?:credentials?|passwords?|secrets?|api[ _-]?keys?|private\s+keys?|sensitive\s+values?)\b`,
      ].join("|"),
      "i",
    ),
    regions: TEXT,
    message: "Tells the agent to send data or credentials out",
    judge: _heuristic,
  },
  {
    rule: "exfil/instruction",
    keywords: new KeywordSet(["your reply", "your response", "your answer", "your output", "the reply", "the response", "the answer", "the output", "the chat", "your chat"]),
    pattern: /\b(?:include|paste|show|print|output|put)\b[^.\n]{0,40}\b(?:in|into)\s+(?:your|the)\s+(?:reply|response|answer|output|chat)\b/i,
    regions: TEXT,
    message: "Tells the agent to put credential contents into its reply",
    judge: (m, line) => (CREDENTIAL_SOURCE.test(line.text) ? _heuristic(m, line) : null),
  },
  {
    rule: "social/coercion",
    keywords: new KeywordSet(["approve", "do not", "don't", "disable", "turn off"]),
    pattern: /\bapprove\s+(?:all|every|any)\s+(?:the\s+)?(?:prompts?|requests?|permissions?|confirmations?|dialogs?|tool\s+calls?)|\b(?:do\s+not|don't)\s+(?:read|open|inspect|review|look\s+at|examine|check)(?:\s+or\s+(?:modify|edit|change))?\s+(?:the\s+)?[\w./-]+\.(?:sh|py|js|ps1|bat|exe|bin)\b|\b(?:disable|turn\s+off)\s+(?:your\s+|the\s+)?(?:antivirus|firewall|defender|gatekeeper|sandbox|security\s+software)\b/i,
    regions: TEXT,
    message: "Pressures the reader to approve everything or skip review",
    judge: _heuristic,
  },
  {
    rule: "social/password-archive",
    keywords: new KeywordSet(["password"]),
    pattern: /\bdownload\b[^\n]{0,80}\.(?:exe|zip|rar|7z|dmg|pkg|msi|scr)\b[^\n]{0,40}\bpassword\b/i,
    message: "Asks to download an executable or archive with a password",
  },
];
