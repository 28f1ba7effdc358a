/**
 * A report of timed sections, as sysstat's tools print them (sar, mpstat, pidstat): blocks
 * set apart by blank lines, each a header of column names after a clock time
 * (`07:59:25    runq-sz  plist-sz   ldavg-1 …`) over rows of values after the next
 * (`07:59:26          7       271      8.21 …`). `sar -A` prints some sixty such sections,
 * most of them rows of zeros (idle devices, protocols unused), and every row shares one
 * form with its neighbours: the templates show a few of many, and the few sections that
 * hold a value, each the answer to its own question (the load, the memory, the busy disk),
 * go with the rest. So the header of each section and its first row that holds a value
 * other than zero are facts, a header only its first time (a later interval repeats the
 * same sections), a row only where it has as many cells as its header has names (a log's
 * clock-stamped lines after a blank are no section). Only in an output of at least FEWEST
 * such sections. Pure; the engine (structure.ts) makes them facts.
 */

/** At least this many timed sections. */
const FEWEST = 3;
/** A clock time opening a line: `07:59:25`, `7:59:25 AM`. */
const CLOCK = /^\d{1,2}:\d{2}:\d{2}(?: [AP]M)?(?=\s)/;
/** A value: a number, maybe signed, with a decimal part. */
const NUMBER = /^-?\d+(?:\.\d+)?$/;

const isDigit = (c: number) => c >= 48 && c <= 57;

/** The tokens of `line` after its clock time, or undefined when no clock time opens it. */
function afterClock(line: string): string[] | undefined {
  // Cheap first: a digit, then a colon second or third.
  if (!isDigit(line.charCodeAt(0)) || (line.charCodeAt(1) !== 58 && line.charCodeAt(2) !== 58))
    return undefined;
  const m = CLOCK.exec(line);
  if (!m) return undefined;
  const rest = line.slice(m[0].length).trim();
  return rest === "" ? [] : rest.split(/\s+/);
}

/** The header and first row holding a value other than zero of each timed section; [] when the output has too few. */
export function timedSections(lines: readonly string[]): number[] {
  const out: number[] = [];
  const seen = new Set<string>();
  let sections = 0;
  for (let i = 0; i < lines.length; i++) {
    const head = afterClock(lines[i]!);
    // A header: column names after the clock, none of them a number, opening a block.
    if (!head || head.length === 0 || head.some((t) => NUMBER.test(t))) continue;
    if (i > 0 && lines[i - 1]!.trim() !== "") continue;
    sections++;
    const key = head.join(" ");
    if (seen.has(key)) continue;
    seen.add(key);
    for (let j = i + 1; j < lines.length; j++) {
      const row = afterClock(lines[j]!);
      if (!row) break;
      // A row of the section's columns, one value under each name (a log's next line is none).
      if (row.length === head.length && row.some((t) => NUMBER.test(t) && Number(t) !== 0)) {
        out.push(i, j);
        break;
      }
    }
  }
  return sections >= FEWEST ? out : [];
}
