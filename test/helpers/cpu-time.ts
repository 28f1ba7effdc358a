import { readFileSync } from "node:fs";

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

/**
 * Milliseconds of CPU another process's main thread has run so far (Linux
 * /proc/<pid>/schedstat, in nanoseconds; without it /proc/<pid>/stat's user + system
 * ticks, for the whole process, in 10 ms steps), or undefined once it is gone. A
 * measure of how far a child has got through its work that a loaded machine does not
 * stretch: waiting for a core adds nothing to it.
 */
export function cpuOf(pid: number): number | undefined {
  try {
    const ns = Number(readFileSync(`/proc/${pid}/schedstat`, "utf8").split(" ")[0]);
    if (Number.isFinite(ns)) return ns / 1e6;
  } catch {
    // No schedstat (a kernel without scheduler statistics), or the process is gone.
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // After the command name (in parentheses, which may hold anything): state is field 3,
    // utime and stime fields 14 and 15.
    const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const ticks = Number(f[11]) + Number(f[12]);
    return Number.isFinite(ticks) ? ticks * 10 : undefined;
  } catch {
    return undefined;
  }
}
