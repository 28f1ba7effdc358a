/**
 * The lines of a table's output that are no rows: what the tool said above its header
 * (systemd-analyze security's parse warnings, `kestrel-api.service:14: Invalid CPU quota
 * '150', ignoring.`, over its table of checks), and a line of its own where a table ends
 * (its verdict under each unit's table, `→ Overall exposure level for kestrel-api.service:
 * 9.4 UNSAFE`, before the next table's header or after the last row). Each says something
 * no row does, and they are few; the rows are many, and where most of them open with a
 * failure's mark (`✗` on 114 of its 162 rows) the engine ranked each as a problem, above
 * the header and these lines, and they took the cap. So these, and the header that names
 * the rows' columns, are facts before any row, while they are few. Pure; the table kind
 * (excerpt.ts) picks them.
 */

import { E } from "../../excerpt/priorities.ts";
import { BOX_RULE, RULE } from "./detect.ts";

/** At most this many lines of their own (a longer preamble or tail is a log, not a remark). */
export const OWN_LINES = 8;

/** Above every problem line the engine ranks. */
export const OWN_PRIO = E.problem + 1;

/**
 * The lines above the table's titles (at `titles`) that say something (not blank, not a
 * rule), and `ends` (lines of their own where a table ends), in order; [] when more than
 * OWN_LINES.
 */
export function ownLines(lines: readonly string[], titles: number, ends: readonly number[]): number[] {
  const own: number[] = [];
  for (let i = 0; i < titles && own.length <= OWN_LINES; i++) {
    const line = lines[i]!;
    if (line.trim() === "" || RULE.test(line) || BOX_RULE.test(line)) continue;
    own.push(i);
  }
  for (const i of ends) if (i >= titles) own.push(i);
  return own.length <= OWN_LINES ? own.sort((a, b) => a - b) : [];
}
