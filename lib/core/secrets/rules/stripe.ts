import type { SecretRule } from "../types.ts";
import { tokenPattern } from "./shape.ts";

/** Stripe secret and restricted keys (publishable `pk_` keys are public by design). */
export const stripeRules: SecretRule[] = [
  {
    id: "stripe-access-token",
    description: "Stripe secret or restricted API key",
    keywords: ["sk_live", "sk_test", "sk_prod", "rk_live", "rk_test", "rk_prod"],
    pattern: tokenPattern("(?:sk|rk)_(?:test|live|prod)_[a-zA-Z0-9]{10,99}"),
    entropy: 2,
    confidence: 0.95,
  },
  {
    id: "stripe-webhook-secret",
    description: "Stripe webhook signing secret",
    keywords: ["whsec_"],
    pattern: tokenPattern("whsec_[a-zA-Z0-9]{32,64}"),
    entropy: 3,
    confidence: 0.9,
  },
];
