import type { SecretRule } from "../types.ts";
import { tokenPattern } from "./shape.ts";

function _slack(id: string, description: string, keywords: string[], body: string, flags = ""): SecretRule {
  return { id, description, keywords, pattern: tokenPattern(body, flags), entropy: 2, confidence: 0.95 };
}

/** Slack bot, user, app, configuration and legacy tokens, and incoming webhook URLs. */
export const slackRules: SecretRule[] = [
  _slack("slack-bot-token", "Slack bot token", ["xoxb-"], "xoxb-[0-9]{10,13}-[0-9]{10,13}[a-zA-Z0-9-]*"),
  _slack("slack-legacy-bot-token", "Slack legacy bot token", ["xoxb-"], "xoxb-[0-9]{8,14}-[a-zA-Z0-9]{18,26}"),
  _slack("slack-user-token", "Slack user token", ["xoxp-", "xoxe-"], "xox[pe](?:-[0-9]{10,13}){3}-[a-zA-Z0-9-]{28,34}"),
  _slack("slack-app-token", "Slack app-level token", ["xapp-"], "xapp-\\d-[A-Z0-9]+-\\d+-[a-z0-9]+", "i"),
  _slack("slack-config-access-token", "Slack configuration access token", ["xoxe."], "xoxe\\.xox[bp]-\\d-[A-Z0-9]{163,166}", "i"),
  _slack("slack-config-refresh-token", "Slack configuration refresh token", ["xoxe-"], "xoxe-\\d-[A-Z0-9]{146}", "i"),
  _slack("slack-legacy-token", "Slack legacy token", ["xoxo-", "xoxs-"], "xox[os]-\\d+-\\d+-\\d+-[a-fA-F\\d]+"),
  // The workspace token's body runs on past the documented 48 characters in real exports.
  _slack("slack-legacy-workspace-token", "Slack legacy workspace token", ["xoxa-", "xoxr-"], "xox[ar]-(?:\\d-)?[0-9a-zA-Z]{8,48}(?:-[0-9a-zA-Z]+)*"),
  {
    id: "slack-webhook-url",
    description: "Slack incoming webhook URL",
    keywords: ["hooks.slack.com"],
    pattern: /(?:https?:\/\/)?hooks\.slack\.com\/(?:services|workflows|triggers)\/[A-Za-z0-9+/]{43,120}(?![A-Za-z0-9+/])/g,
    confidence: 0.97,
  },
];
