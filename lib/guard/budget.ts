/**
 * The work budget of one check. A hook that does not answer within the agent's timeout is a
 * crashed hook, and most agents then run the command anyway: a line built to make the analysis
 * slow (thousands of globs over system trees, long chains of moves that each meet the others)
 * must not outlast the agent's patience. The analysis calls `spend()` at every unit of work
 * that can repeat (a command, an op, a directory read, a comparison pass, a git call); once the
 * deadline has passed the check stops and the verdict is BLOCK_UNDETERMINABLE_EFFECT.
 */

/** Two seconds: well under the 10 s hook timeouts install-hook writes; a normal line needs < 1 ms. */
export const DEFAULT_BUDGET_MS = 2000;

/** Thrown by `spend()` once the budget is used up; classify turns it into a BLOCK verdict. */
export class BudgetExceeded extends Error {
  constructor() {
    super("The check ran out of its work budget.");
  }
}

let _deadline = Number.POSITIVE_INFINITY;

/**
 * Units of work before the clock is read again. A clock read costs about 0.1 µs in Bun, as much
 * as a whole short command's analysis step, and a check makes several units per command; eight
 * units past the deadline are still milliseconds (a git run past it gets a 1 ms timeout).
 */
const UNITS_PER_CLOCK_READ = 8;
let _unitsLeft = UNITS_PER_CLOCK_READ;

/** Starts the budget of one check (checks do not nest; the previous deadline is returned). */
export function startBudget(ms: number): number {
  const previous = _deadline;
  _deadline = performance.now() + ms;
  _unitsLeft = UNITS_PER_CLOCK_READ;
  return previous;
}

/** Restores the deadline `startBudget` returned. */
export function restoreBudget(previous: number): void {
  _deadline = previous;
}

/** One unit of work: throws BudgetExceeded once the deadline has passed (the clock is read every few units). */
export function spend(): void {
  if (--_unitsLeft > 0) return;
  _unitsLeft = UNITS_PER_CLOCK_READ;
  if (performance.now() > _deadline) throw new BudgetExceeded();
}

/** What is left of the budget in whole milliseconds (at least 1), for child process timeouts. */
export function remainingMs(): number {
  const left = _deadline - performance.now();
  return Number.isFinite(left) ? Math.max(1, Math.floor(left)) : 60_000;
}
