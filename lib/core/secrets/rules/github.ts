import type { SecretRule } from "../types.ts";
import { tokenPattern } from "./shape.ts";

// GitHub's tokens carry a type prefix; the documented body is 36 base62 characters, and GitHub
// reserves the right to grow it, so longer bodies are accepted.
function _classic(id: string, prefixes: string, description: string): SecretRule {
  return {
    id,
    description,
    keywords: prefixes.split("|").map((p) => `${p}_`),
    pattern: tokenPattern(`(?:${prefixes})_[0-9a-zA-Z]{36,251}`),
    entropy: 3,
    confidence: 0.98,
  };
}

/** GitHub classic, OAuth, app and refresh tokens, and fine-grained personal access tokens. */
export const githubRules: SecretRule[] = [
  _classic("github-pat", "ghp", "GitHub personal access token (classic)"),
  _classic("github-oauth", "gho", "GitHub OAuth access token"),
  _classic("github-app-token", "ghu|ghs", "GitHub App user-to-server or installation token"),
  _classic("github-refresh-token", "ghr", "GitHub refresh token"),
  {
    id: "github-fine-grained-pat",
    description: "GitHub fine-grained personal access token",
    keywords: ["github_pat_"],
    pattern: tokenPattern("github_pat_[0-9a-zA-Z_]{80,251}"),
    entropy: 3,
    confidence: 0.98,
  },
];
