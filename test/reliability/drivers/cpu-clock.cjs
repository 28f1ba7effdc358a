/**
 * Preloaded (node --require) into the concurrency test's hook processes: the clock
 * hook.budget_ms is kept on (core/clock.ts monotonicMs, from process.hrtime.bigint,
 * and the process's start, from process.uptime) becomes the process's CPU time, as the
 * in-process drivers' is (in-process-hook.ts). A wait for a core or for the write lock
 * then spends none of the budget: on a loaded 2-core machine sixteen writers' hook
 * processes took up to 13.0 s of wall time, the whole of PostToolUse's budget. SQLite's
 * lock wait (store/db.ts, on Date.now) and every timer stay on the wall clock.
 */
const cpuMicros = () => {
  const { user, system } = process.cpuUsage();
  return user + system;
};
process.hrtime.bigint = () => BigInt(Math.round(cpuMicros())) * 1000n;
process.uptime = () => cpuMicros() / 1e6;
