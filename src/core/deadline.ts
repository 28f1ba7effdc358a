import { monotonicMs } from "./clock.ts";

/**
 * When a hook's synchronous work must stop (hook.budget_ms). A timer cannot do this:
 * it fires only between tasks, never inside a long masking or read, so long work checks
 * the deadline between its chunks and gives up with BudgetSpent. The clock is injected:
 * tests move it by hand, never by waiting.
 */
export interface Deadline {
  /** Milliseconds left; zero or less once the deadline has passed. */
  remaining(): number;
  /** Throws BudgetSpent once the deadline has passed; `doing` says what was cut short, for the log. */
  check(doing: string): void;
}

export class BudgetSpent extends Error {
  readonly doing: string;
  constructor(doing: string) {
    super(`hook.budget_ms ran out while ${doing}`);
    this.name = "BudgetSpent";
    this.doing = doing;
  }
}

/**
 * Whether `err` is BudgetSpent. By name: the build gives each lazily loaded file its own
 * copy of this module, so instanceof would not see another copy's class.
 */
export function isBudgetSpent(err: unknown): err is BudgetSpent {
  return err instanceof Error && err.name === "BudgetSpent" && typeof (err as BudgetSpent).doing === "string";
}

/** The deadline `at` on `clock` (monotonic milliseconds). */
export function deadlineAt(at: number, clock: () => number = monotonicMs): Deadline {
  return {
    remaining: () => at - clock(),
    check(doing) {
      if (clock() >= at) throw new BudgetSpent(doing);
    },
  };
}

/**
 * Calls `fire` once `remaining()` (milliseconds left on the clock a budget is kept on) is
 * spent. A timer counts wall time: where the budget is kept on another clock (a test's
 * CPU clock), the timer may fire with time still left on it, and is then set again for
 * what is left. Returns what cancels it.
 */
export function whenSpent(remaining: () => number, fire: () => void): () => void {
  let timer: ReturnType<typeof setTimeout>;
  const arm = (ms: number) => {
    timer = setTimeout(() => {
      const left = remaining();
      if (left > 0) arm(left);
      else fire();
    }, ms);
  };
  arm(Math.max(0, remaining()));
  return () => clearTimeout(timer);
}

/** No deadline: work that no hook waits for (a command run by a person, a test of the work itself). */
export const NO_DEADLINE: Deadline = {
  remaining: () => Number.POSITIVE_INFINITY,
  check() {},
};
