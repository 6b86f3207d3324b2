import type { SecretRule } from "../types.ts";
import { tokenPattern } from "./shape.ts";

/** [rule id, description, prefix, body] for each GitLab token type with a fixed prefix. */
const TOKENS: ReadonlyArray<readonly [string, string, string, string]> = [
  ["gitlab-pat-routable", "GitLab personal access token (routable)", "glpat-", String.raw`[0-9a-zA-Z_-]{27,300}\.[0-9a-z]{2}[0-9a-z]{7}`],
  ["gitlab-pat", "GitLab personal access token", "glpat-", String.raw`[\w-]{20,64}`],
  ["gitlab-runner-authentication-token-routable", "GitLab runner token (routable)", "glrt-", String.raw`t\d_[0-9a-zA-Z_-]{27,300}\.[0-9a-z]{2}[0-9a-z]{7}`],
  ["gitlab-runner-authentication-token", "GitLab runner authentication token", "glrt-", String.raw`[0-9a-zA-Z_-]{20}`],
  ["gitlab-cicd-job-token", "GitLab CI/CD job token", "glcbt-", String.raw`[0-9a-zA-Z]{1,5}_[0-9a-zA-Z_-]{20}`],
  ["gitlab-deploy-token", "GitLab deploy token", "gldt-", String.raw`[0-9a-zA-Z_-]{20}`],
  ["gitlab-feature-flag-client-token", "GitLab feature flag client token", "glffct-", String.raw`[0-9a-zA-Z_-]{20}`],
  ["gitlab-feed-token", "GitLab feed token", "glft-", String.raw`[0-9a-zA-Z_-]{20}`],
  ["gitlab-incoming-mail-token", "GitLab incoming mail token", "glimt-", String.raw`[0-9a-zA-Z_-]{25}`],
  ["gitlab-kubernetes-agent-token", "GitLab Kubernetes agent token", "glagent-", String.raw`[0-9a-zA-Z_-]{50}`],
  ["gitlab-oauth-app-secret", "GitLab OAuth application secret", "gloas-", String.raw`[0-9a-zA-Z_-]{64}`],
  ["gitlab-ptt", "GitLab pipeline trigger token", "glptt-", "[0-9a-f]{40}"],
  ["gitlab-rrt", "GitLab runner registration token", "GR1348941", String.raw`[\w-]{20}`],
  ["gitlab-scim-token", "GitLab SCIM token", "glsoat-", String.raw`[0-9a-zA-Z_-]{20}`],
  ["gitlab-session-cookie", "GitLab session cookie", "_gitlab_session=", "[0-9a-z]{32}"],
];

/** GitLab's prefixed token family. */
export const gitlabRules: SecretRule[] = TOKENS.map(([id, description, prefix, body]) => ({
  id,
  description,
  keywords: [prefix.toLowerCase()],
  pattern: tokenPattern(`${prefix.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}${body}`),
  entropy: id.endsWith("routable") ? 4 : 3,
  confidence: 0.97,
}));
