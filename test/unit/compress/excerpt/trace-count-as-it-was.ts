/**
 * traces.ts's traceCount as it was before speed35 (every line tried by each pattern, where
 * a line whose first character opens none of them is now passed at once), kept to check
 * the faster one against.
 */
import { PY_START } from "../../../../src/compress/excerpt/traces.ts";

const PY_CHAIN = /^(?:During handling of the above exception|The above exception was the direct cause)/;
const GOES_ON =
  /^\s*(?:Caused by|\[cause\]|Suppressed):|^\s+\d+: \S|^\s+\.\.\. \d+ (?:more|common frames omitted)/;

export function traceCount(lines: readonly string[], from: number, to: number): number {
  let n = 0;
  let chained = false;
  for (let i = from; i <= to; i++) {
    const line = lines[i]!;
    if (line.length > 3000) continue;
    if (PY_CHAIN.test(line)) chained = true;
    else if (PY_START.test(line)) {
      if (!chained) n++;
      chained = false;
    } else if (/^(?:panic|fatal error): |^thread '[^']*'(?: \(\d+\))? panicked at /.test(line)) n++;
    else if (/^\s+at\s/.test(line)) {
      const above = lines[i - 1] ?? "";
      if (!/^\s+at\s/.test(above) && !GOES_ON.test(above)) n++;
    }
  }
  return n;
}
