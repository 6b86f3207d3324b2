import type { SecretRule } from "../types.ts";
import { aiRules } from "./ai.ts";
import { awsRules } from "./aws.ts";
import { cloudRules } from "./cloud.ts";
import { credentialFileRules } from "./credential-files.ts";
import { genericRules } from "./generic.ts";
import { githubRules } from "./github.ts";
import { gitlabRules } from "./gitlab.ts";
import { googleRules } from "./google.ts";
import { httpAuthRules } from "./http-auth.ts";
import { jwtRules } from "./jwt.ts";
import { privateKeyRules } from "./private-key.ts";
import { registryRules } from "./registries.ts";
import { saasRules } from "./saas.ts";
import { slackRules } from "./slack.ts";
import { stripeRules } from "./stripe.ts";
import { urlCredentialRules } from "./url-credentials.ts";

/**
 * Every built-in rule. Ids and formats follow gitleaks' rule set (MIT) where a rule exists there,
 * so results compare one to one; the expressions are written for JavaScript and for speed.
 */
export const RULES: readonly SecretRule[] = [
  ...privateKeyRules,
  ...awsRules,
  ...githubRules,
  ...gitlabRules,
  ...slackRules,
  ...stripeRules,
  ...aiRules,
  ...googleRules,
  ...registryRules,
  ...cloudRules,
  ...saasRules,
  ...jwtRules,
  ...httpAuthRules,
  ...urlCredentialRules,
  ...credentialFileRules,
  ...genericRules,
];

/** The rule ids, each once (a family may have two expressions under one id). */
export const RULE_IDS: readonly string[] = [...new Set(RULES.map((r) => r.id))];
