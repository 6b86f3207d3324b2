/**
 * The Decision Protocol of seed 001: six decision classes in rank order and the exit code each
 * one maps to. A compound command takes the highest rank of its parts.
 */
export const DECISIONS = ["ALLOW", "SANITIZE", "RELOCATE", "SNAPSHOT", "ASK", "BLOCK"] as const;
export type Decision = (typeof DECISIONS)[number];

/** The rank of a decision class (ALLOW 0 … BLOCK 5). */
export function rank(decision: Decision): number {
  return DECISIONS.indexOf(decision);
}

/** The exit code of a verdict: 0 proceed, 2 blocked, 3 ask (RELOCATE/SNAPSHOT too until applied). */
export function exitCodeFor(decision: Decision): number {
  switch (decision) {
    case "ALLOW":
    case "SANITIZE":
      return 0;
    case "BLOCK":
      return 2;
    default:
      return 3;
  }
}

/** Exit code for an internal error (seed 001: check.py exit 1). */
export const INTERNAL_ERROR_EXIT = 1;
