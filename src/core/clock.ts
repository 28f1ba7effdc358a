/**
 * Milliseconds on a monotonic clock, for measuring how long something took. Not
 * `performance.now()`: the `performance` global loads node:perf_hooks on first use,
 * which costs a hook process more than the work it would time.
 */
export function monotonicMs(): number {
  return Number(process.hrtime.bigint()) / 1e6;
}
