/** nextTraceStart as it was before its first-character gate (next-trace-start-same.test.ts). */
import { MAYBE_TRACE, traceStart } from "../../../../src/compress/excerpt/traces.ts";

const MAYBE_TRACE_AT = new RegExp(MAYBE_TRACE.source, "my");

function maybeTraceLine(line: string): boolean {
  const c = line.charCodeAt(0);
  if (!(c > 32 && c < 128)) return true;
  MAYBE_TRACE_AT.lastIndex = 0;
  return MAYBE_TRACE_AT.test(line);
}

export function nextTraceStart(lines: readonly string[], from: number): number {
  let k = from;
  while (k < lines.length && !maybeTraceLine(lines[k]!)) k++;
  return k < lines.length ? traceStart(lines, from, lines.length - 1, k - 1) : -1;
}
