import type { SecretRule } from "../types.ts";
import { ASSIGN, hexDigitsAt, tokenPattern } from "./shape.ts";

const UUID = "[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}";

/** Cloud and SaaS platform credentials: Azure, Heroku, Doppler, Vault, Twilio, SendGrid. */
export const cloudRules: SecretRule[] = [
  {
    id: "azure-ad-client-secret",
    description: "Microsoft Entra ID (Azure AD) client secret",
    keywords: ["q~"],
    pattern: /(?:^|[\\'"\x60\s>=:(,)])([a-zA-Z0-9_~.]{3}\dQ~[a-zA-Z0-9_~.-]{31,34})(?=$|[\\'"\x60\s<),])/g,
    entropy: 3,
    confidence: 0.9,
  },
  {
    // Heroku's classic key is a bare UUID, so it needs its name next to it.
    id: "heroku-api-key",
    description: "Heroku API key assigned to a Heroku-named variable",
    keywords: ["heroku"],
    pattern: new RegExp(String.raw`heroku[\w.-]{0,30}${ASSIGN}(${UUID})(?![0-9a-fA-F-])`, "gi"),
    confidence: 0.85,
  },
  {
    id: "heroku-api-key-v2",
    description: "Heroku API key",
    keywords: ["hrku-aa"],
    pattern: tokenPattern("HRKU-AA[0-9a-zA-Z_-]{58}"),
    entropy: 4,
    confidence: 0.97,
  },
  {
    id: "doppler-api-token",
    description: "Doppler personal token",
    keywords: ["dp.pt."],
    pattern: tokenPattern(String.raw`dp\.pt\.[a-zA-Z0-9]{43}`),
    entropy: 2,
    confidence: 0.97,
  },
  {
    id: "vault-service-token",
    description: "HashiCorp Vault service token",
    keywords: ["hvs."],
    pattern: tokenPattern(String.raw`hvs\.[\w-]{90,120}`),
    entropy: 3.5,
    confidence: 0.97,
  },
  {
    id: "vault-batch-token",
    description: "HashiCorp Vault batch token",
    keywords: ["hvb."],
    pattern: tokenPattern(String.raw`hvb\.[\w-]{138,300}`),
    entropy: 4,
    confidence: 0.97,
  },
  {
    // `SK` and 32 hex digits: `sk` alone is in every other word, so a hit counts only where the
    // 32 digits follow (session 8: the keyword pass finds `sk` for nothing; a trigger regex
    // `sk[0-9a-f]{32}` was a pass of its own over every text, 8% of the detector's time).
    id: "twilio-api-key",
    description: "Twilio API key",
    keywords: ["sk"],
    mayMatchAt: (text, at) => hexDigitsAt(text, at + 2, 32),
    pattern: tokenPattern("SK[0-9a-fA-F]{32}"),
    entropy: 3,
    confidence: 0.85,
  },
  {
    id: "sendgrid-api-token",
    description: "SendGrid API key",
    keywords: ["sg."],
    pattern: tokenPattern(String.raw`SG\.[a-zA-Z0-9_-]{22}\.[a-zA-Z0-9_-]{43}|SG\.[a-zA-Z0-9=_.-]{66}`),
    entropy: 2,
    confidence: 0.95,
  },
];
