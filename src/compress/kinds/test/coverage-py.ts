/**
 * coverage.py's report under a pytest run (`--cov --cov-report=term` or `term-missing`):
 * a `Name  Stmts  Miss  Cover  [Missing]` table drawn with plain dash rules, a row per file,
 * its `TOTAL` row last. No `|` cuts its cells, so the runner's drawn-table rule (shared.ts)
 * does not see it, and it stood inside the last failure's block (pytest.ts now ends that
 * block at coverage's title), where nothing ranked it. Its header and TOTAL say how much
 * the run covered; the row of a file the failures name (`tidefare/rules.py:69:
 * InvalidOperation`) is where to look next; a file at 0% was never run. Those are facts;
 * the other rows are left to the engine's rest.
 */

import { MUST, type Pick } from "../../excerpt/pack.ts";
import type { Block } from "./shared.ts";

/** The table's header: coverage.py's column names (with --cov-branch, its two more). */
const HEADER = /^Name\s+Stmts\s+Miss\s+(?:Branch\s+BrPart\s+)?Cover\b/;
/** A row: a file's path, its counts, its percentage. */
const ROW = /^(\S+)\s+\d+\s+\d+\s+(?:\d+\s+\d+\s+)?(\d+(?:\.\d+)?)%/;
/** A path a failure names (`tests/test_rules.py:13:`, `File "/x/y.py", line 3`). */
const NAMED = /[\w./-]+\.py\b/g;
/** Where the rows end: the totals row. */
const TOTAL = /^TOTAL\s/;

/** Picks for the coverage table of a pytest run, when it has one. */
export function coveragePyPicks(lines: readonly string[], blocks: readonly Block[], out: Pick[]): void {
  const header = lines.findIndex((line) => HEADER.test(line));
  if (header < 0) return;
  const named = new Set<string>();
  for (const b of blocks)
    for (let i = b.start; i <= b.end; i++) for (const m of lines[i]!.matchAll(NAMED)) named.add(m[0]);
  out.push({ from: header, to: header, prio: MUST + 1 });
  for (let i = header + 1; i < lines.length; i++) {
    const line = lines[i]!;
    if (TOTAL.test(line)) {
      out.push({ from: i, to: i, prio: MUST + 1 });
      break;
    }
    const row = ROW.exec(line);
    if (row && (named.has(row[1]!) || Number(row[2]) === 0)) out.push({ from: i, to: i, prio: MUST });
  }
}
