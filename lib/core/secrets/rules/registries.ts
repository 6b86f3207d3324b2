import type { SecretRule } from "../types.ts";
import { tokenPattern } from "./shape.ts";

/** Package registry publish tokens: npm and PyPI. */
export const registryRules: SecretRule[] = [
  {
    id: "npm-access-token",
    description: "npm access token",
    keywords: ["npm_"],
    pattern: tokenPattern("npm_[a-zA-Z0-9]{36}"),
    entropy: 2,
    confidence: 0.95,
  },
  {
    // PyPI tokens are macaroons; `AgEIcHlwaS5vcmc` is the fixed encoding of their `pypi.org` header.
    id: "pypi-upload-token",
    description: "PyPI upload token",
    keywords: ["pypi-ageichlwas5vcmc"],
    pattern: tokenPattern(String.raw`pypi-AgEIcHlwaS5vcmc[\w-]{50,1000}`),
    entropy: 3,
    confidence: 0.99,
  },
];
