/**
 * How long a wait for an event may take before it counts as never coming (a hang). Far
 * past what a loaded machine needs: load should make a test slower, not red.
 */
export const HANG_MS = 90_000;

/**
 * How many times slower than when it runs alone a step of the suite may be on a loaded
 * machine and still pass: this 2-core machine was seen at a load average of 110-120
 * (several engineers' suites at once), some sixty runnable processes per core. A hang
 * bound for CPU-bound work is what it takes alone times this.
 */
export const SLOWDOWN = 60;

/**
 * How long one cairn command may run before runCairn kills it as hung
 * (test/helpers/cairn.ts): well under a second alone, times SLOWDOWN.
 */
export const COMMAND_HANG_MS = SLOWDOWN * 1000;

/**
 * A unit test's hang detector (vitest.config.ts): a unit test takes well under 5 s
 * alone (a handful of cairn processes at most), times SLOWDOWN. One that takes longer
 * alone says so.
 */
export const UNIT_TIMEOUT_MS = SLOWDOWN * 5000;

/**
 * Polls `probe` every 100 ms until it returns (or resolves to) a value, and returns it.
 * Past `hangMs` it throws `what`, followed by `last()` (what was seen, for the report).
 */
export async function until<T>(
  probe: () => T | undefined | Promise<T | undefined>,
  what: string,
  opts: { last?: () => string; hangMs?: number } = {},
): Promise<T> {
  const deadline = Date.now() + (opts.hangMs ?? HANG_MS);
  for (;;) {
    const v = await probe();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`${what}${opts.last ? `:\n${opts.last()}` : ""}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
