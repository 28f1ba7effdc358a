/**
 * Milliseconds of CPU this process has used (user + system), for the tests that catch
 * super-linear work (a regular expression that backtracks, a quadratic loop). Unlike
 * wall time it does not grow while the process waits for a core, so the other jobs on
 * a loaded machine cannot turn a linear case red; a backtracking one burns CPU either way.
 */
export function cpuNow(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}
