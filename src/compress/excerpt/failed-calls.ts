/**
 * Lines that record a command the tool ran and the non-zero status it exited with, in a
 * log of many such calls (meson's ``Called `/usr/bin/pkg-config --modversion libmosquitto` -> 1``,
 * configure's `$? = 1`, prove's `Non-zero exit status: 1`, Go's `exit status 2`): where a
 * step failed and how, which the lines under it (the call's stderr) only explain. A line
 * says so at its end, after an arrow from a quoted command, `$? =`, or `exit status`/
 * `exit code`; quoted source (`|| exit 1`) says no status. Where many calls failed (a
 * configure's expected probe failures), they are a kind of their own, read by the
 * engine's odd values: only a few are facts here. Pure.
 */

/** A non-zero exit status at a line's end, as a log records a call's. */
const FAILED = /(?:[`'"]\s*->|\$\?\s*=|\bexit (?:status|code)\s*:?)\s*[1-9]\d{0,2}\.?\s*$/i;

/** At most this many: more, and the failed calls are the output's routine (probes). */
const FEW = 3;

/**
 * Whether a line may end as FAILED does: in a digit, or a digit and a full stop, before
 * white space. Most lines do not, and this says so without running FAILED over the line.
 * A character past ASCII at the end may be white space FAILED's `\s` takes: left to FAILED.
 */
export function mayEndInStatus(line: string): boolean {
  let k = line.length - 1;
  let c = line.charCodeAt(k);
  while (k >= 0 && (c === 32 || (c >= 9 && c <= 13))) c = line.charCodeAt(--k);
  if (k < 0) return false;
  if (c > 127) return true;
  if (c === 46) c = line.charCodeAt(--k);
  return c >= 48 && c <= 57;
}

/** The lines recording a call's non-zero exit, when few; [] otherwise. */
export function failedCalls(lines: readonly string[]): number[] {
  const at: number[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.length > 2000 || !mayEndInStatus(line) || !FAILED.test(line)) continue;
    at.push(i);
    if (at.length > FEW) return [];
  }
  return at;
}
