/**
 * Exit codes of the envelope tools (seed 000): install, audit, verify, test.
 * leogriel-check and leogriel-capture keep their own seeds' tables (see README).
 */
export const ExitCode = {
  /** Success with no negative domain result. */
  ok: 0,
  /** Warning, partial result, update available, failed policy, regression, inconclusive. */
  domain: 1,
  /** Invalid options, invalid persisted state, unsupported request, fatal validation error. */
  invalid: 2,
} as const;

export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode];
