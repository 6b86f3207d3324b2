import type { SecretRule } from "../types.ts";
import { tokenPattern } from "./shape.ts";

/** Model provider keys: OpenAI, Anthropic, Perplexity, Hugging Face. */
export const aiRules: SecretRule[] = [
  {
    id: "openai-api-key",
    description: "OpenAI API key (`T3BlbkFJ` is base64 for `OpenAI`)",
    keywords: ["t3blbkfj"],
    pattern: tokenPattern(
      "sk-(?:proj|svcacct|admin)-[A-Za-z0-9_-]{58,74}T3BlbkFJ[A-Za-z0-9_-]{58,74}|sk-[a-zA-Z0-9]{20}T3BlbkFJ[a-zA-Z0-9]{20}",
    ),
    entropy: 3,
    confidence: 0.99,
  },
  {
    id: "openai-api-key",
    description: "OpenAI project, service account or admin key without the marker",
    keywords: ["sk-proj-", "sk-svcacct-", "sk-admin-"],
    pattern: tokenPattern("sk-(?:proj|svcacct|admin)-[A-Za-z0-9_-]{80,250}"),
    entropy: 4,
    confidence: 0.9,
  },
  {
    id: "anthropic-api-key",
    description: "Anthropic API key",
    keywords: ["sk-ant-api03-"],
    pattern: tokenPattern("sk-ant-api03-[a-zA-Z0-9_-]{93}AA"),
    confidence: 0.99,
  },
  {
    id: "anthropic-admin-api-key",
    description: "Anthropic admin API key",
    keywords: ["sk-ant-admin01-"],
    pattern: tokenPattern("sk-ant-admin01-[a-zA-Z0-9_-]{93}AA"),
    confidence: 0.99,
  },
  {
    id: "perplexity-api-key",
    description: "Perplexity API key",
    keywords: ["pplx-"],
    pattern: tokenPattern("pplx-[a-zA-Z0-9]{48}"),
    entropy: 4,
    confidence: 0.95,
  },
  {
    id: "huggingface-access-token",
    description: "Hugging Face access token",
    keywords: ["hf_"],
    pattern: tokenPattern("hf_[a-zA-Z]{34}"),
    entropy: 2,
    confidence: 0.9,
  },
  {
    id: "huggingface-organization-api-token",
    description: "Hugging Face organization API token",
    keywords: ["api_org_"],
    pattern: tokenPattern("api_org_[a-zA-Z]{34}"),
    entropy: 2,
    confidence: 0.9,
  },
];
