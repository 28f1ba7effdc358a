/**
 * A log's lines of one event: Postgres writes an error's detail as lines of their own, each
 * led by the error's own stamp (`2026-11-30 19:50:19.712 UTC [10916] ERROR:  deadlock
 * detected`, then `… [10916] DETAIL:  Process 10916 waits for ShareLock on transaction 777`
 * with the other waiters and their statements indented under it, `… HINT:`, `… CONTEXT:`,
 * `… STATEMENT:`). Under the error at its own depth, the detail read as a line of its own,
 * and who waited on whom was cut once the log grew past 8 KB. A line led by the same stamp
 * to the fraction of a second, with the same process, is the same event's. Pure;
 * problem-context.ts reads it.
 */

/** A stamp: a date or not, a time to a fraction of a second, a zone or not, then a bracketed process id. */
const STAMP =
  /^(?:\d{4}-\d{2}-\d{2}[ T])?\d{2}:\d{2}:\d{2}[.,]\d{3,9}(?:Z|[+-]\d{2}:?\d{2})?(?: [A-Z]{2,5})? \[\d+\] /;

/** Whether line `k` is led by the stamp that leads line `i` (a time to the fraction and a process id). */
export function sameEvent(lines: readonly string[], i: number, k: number): boolean {
  const m = STAMP.exec(lines[i]!);
  return m !== null && lines[k]!.startsWith(m[0]);
}
