/**
 * The deprecation registry (seed 002): a surface is announced here at least two minor releases
 * before it is removed, and `--version --json` reports every entry. Experimental contracts are
 * exempt. Empty while nothing is deprecated.
 */
export interface Deprecation {
  surface: string;
  announcedIn: string;
  earliestRemoval: string;
  replacement: string;
}

export const DEPRECATIONS: readonly Deprecation[] = [];
