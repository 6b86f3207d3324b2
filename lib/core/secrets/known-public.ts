import { valueSha256 } from "./finding-hash.ts";

/**
 * Values that have the shape of a secret but are published on purpose: API keys embedded in
 * vendors' own sample code and documentation (the list gitleaks curates for Google API keys),
 * and a public search key. Listed by sha256 so this repository carries no key-shaped string.
 */
const KNOWN_PUBLIC_SHA256: ReadonlySet<string> = new Set([
  "2037abcaffb2b77785da716cf7ccff4ff4d00c4ea930db0167b7d71f50af7eb4",
  "3f370c9dd8225c63b5c77de1f785edc9712958f18bb612d5fa2e0ae33aeca682",
  "e4a5542bb7fd7b67e943c71ad29c34b5972c9840597e7eda53e666f44d5da0b9",
  "a19f89ab3555eac10c40741f6df79ecf0935998f15569f8db9d67bce0181fff6",
  "0b476bdf9acf2123d547b5ae76f1e59884d8ec9553ee0c47e9f31fd4768f3f3c",
  "eb540d2b6ee2a0a47c5779bc8a0141784c6b753840d4c6f4e2428a6e86e9e0b1",
  "37f8f09bdf12c2f2eae4ead7273a62ddb0c23459cbf902892f282b57f7ed6619",
  "8731261cb72d86267a32a532ebd3df429e2144e5e4ced7e13568bc9e6c8fb1b1",
  "49f777db995e8260da7ca9ffdf0c08d66f0453e97ec967018baf2cdfe3b582d0",
  "27a9a42931dff7eb2f8434e20a9bce976ea364e7bee49187f19d5cfeca9c7045",
  "dc0fcf046c61640cbd1e8b999ada3262d722c2ca4bf42dceac999020ffdbb614",
  "4c98242dcadc8b29005c6b4aad526552d5ea1842149154c0694adeec75847583",
  "ea9bb1082cf95663f5faca23b8b15ef2aa0fce0a5c6df9c32dcb85b2e0a4513d",
  "3a8b61d0f636b007840c0d40ba12bcf48465dc054cdc1a68704a33521d84b665",
  "a6c814bc555ae62c7bd8b58ec07bf559c7ed3a009976a1e0acc9cef0d4473b41",
  "2f21fd9c81678e396751af8b2472e2bd209ff5ce38da144052fb6c024485982f",
  "7f39f457679583387ececc66df37c07add0f10c3aaf66bc3667ee034ee2a0456",
]);

/** True when `secret` is a value its owner published on purpose. */
export function isKnownPublic(secret: string): boolean {
  return KNOWN_PUBLIC_SHA256.has(valueSha256(secret));
}
