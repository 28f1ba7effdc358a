/**
 * Crash injection for the reliability tests. CAIRN_FAILPOINT=name kills the process
 * with SIGKILL (what a crash or Claude Code's timeout does) the first time it passes
 * failpoint(name); name@n kills it the nth time. Unset, a failpoint is one comparison.
 * The hit counts live on globalThis because the build gives each lazily loaded file
 * its own copy of this module.
 */
const spec = process.env.CAIRN_FAILPOINT || undefined;
const [target, nth] = spec ? parseSpec(spec) : ["", 0];
const g = globalThis as { __cairnFailpointHits?: number };

export function failpoint(name: string): void {
  if (spec === undefined || name !== target) return;
  g.__cairnFailpointHits = (g.__cairnFailpointHits ?? 0) + 1;
  if (g.__cairnFailpointHits >= nth) process.kill(process.pid, "SIGKILL");
}

function parseSpec(s: string): [string, number] {
  const at = s.lastIndexOf("@");
  if (at <= 0) return [s, 1];
  const n = Number(s.slice(at + 1));
  return [s.slice(0, at), Number.isInteger(n) && n > 0 ? n : 1];
}
