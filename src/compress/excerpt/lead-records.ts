/**
 * Records that open otherwise than with `Key: value` (keyed-records.ts reads those): a
 * line at column 0 led by a number or a mark, its fields indented under it. `ip addr`
 * (`2: eth0: <BROADCAST,…> mtu 1500 … state UP`, then `link/ether …`, `inet …`),
 * `systemctl status` of several units (`● nginx.service - …`, `× worker.service - …`, then
 * `Active: …` right-aligned), `ip -s link`, and dumps like them. The engine's templates
 * hold every opening line as one kind, so the first and last stand for all and the records
 * between lose their names. Pure; keyed-records.ts reads the fields.
 */

/**
 * A lead: a number and a colon (`12:`), or one mark past ASCII (`●`, `○`, `×`): an ASCII
 * `*` or `-` leads a git graph's commits and a Markdown list's items, which are no records.
 */
const LEAD = /^(?:\d+:|\P{ASCII})\s+\S/u;
/** An opening recurs at least this often. */
const RECORDS = 2;
/** The records hold, together, at least this many indented lines each. */
const BODY = 2;
/** At most this share of the lines at column 0 open no record (a journal's lines under a unit). */
const LOOSE = 0.5;

/** What a lead looks like, all marks alike (● ○ × of units in three states) and every number alike. */
function leadShape(line: string): string | undefined {
  const m = LEAD.exec(line);
  if (!m) return undefined;
  return /^\d/.test(line) ? "#:" : "mark";
}

/**
 * The openings of records led by a number or a mark, when the output's first line opens one
 * and its kind recurs, each with indented lines under it; undefined otherwise.
 */
export function leadOpenings(lines: readonly string[], first: number): number[] | undefined {
  const shape = leadShape(lines[first] ?? "");
  if (shape === undefined) return undefined;
  const openings: number[] = [];
  let body = 0;
  let loose = 0;
  let top = 0;
  for (let i = first; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.trim() === "") continue;
    if (/^\s/.test(line)) {
      body++;
      continue;
    }
    top++;
    if (leadShape(line) === shape) {
      // Each record holds an indented line at least.
      if (openings.length > 0 && !indentedSince(lines, openings[openings.length - 1]!, i)) return undefined;
      openings.push(i);
    } else loose++;
  }
  if (openings.length < RECORDS || loose > top * LOOSE || body < openings.length * BODY) return undefined;
  if (!indentedSince(lines, openings[openings.length - 1]!, lines.length)) return undefined;
  return openings;
}

/** Whether an indented line lies between `from` and `to`. */
function indentedSince(lines: readonly string[], from: number, to: number): boolean {
  for (let k = from + 1; k < to; k++) if (/^\s+\S/.test(lines[k]!)) return true;
  return false;
}
