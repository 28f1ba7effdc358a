/**
 * A matcher's verdict set off by a blank: jest, vitest and bun print an assertion's line
 * (`error: expect(received).toBe(expected)`), a blank, then what was expected and what
 * came (`Expected: true`, `Received: false`). That pair is the failure; the blank before
 * it does not end what goes with the assertion, as a blank ends a problem's frames.
 */

/** A matcher's verdict line, or the legend of its diff (`- Expected`, `+ Received`). */
const VERDICT = /^\s*(?:[-+] )?(?:Expected|Received)\b/;

/** Whether line `k` is blank and the line after it opens a matcher's verdict. */
export function verdictBelow(lines: readonly string[], k: number): boolean {
  const next = lines[k + 1];
  return next !== undefined && next.length < 400 && lines[k]!.trim() === "" && VERDICT.test(next);
}
