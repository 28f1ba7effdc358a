/**
 * The few lines not marked as most are. Where most lines open with one mark (Django's
 * `diffsettings` puts `###` before each setting left at its default, a config file `#` before
 * each line commented out), the lines without it are the ones the mark sets apart: the
 * settings the project changed, the lines in effect. Each is its own line of one kind, so
 * no template tells them from the marked: they are kept as facts. Pure; the structure rules
 * (structure.ts) make them so.
 */

/** A mark: one to four characters of punctuation opening a line, then a space. */
const MARK = /^([^\w\s]{1,4}) /;
/** An unmarked line opens with a letter, a digit or an underscore. */
const UNMARKED = /^\w/;
/** Read from this many non-blank lines on. */
const FEWEST = 30;
/** The mark opens at least this share of the non-blank lines… */
const MARKED = 0.6;
/** …and the unmarked are at most this share of them, and at most MOST lines. */
const SHARE = 0.25;
const MOST = 40;
/** Lines past this many are not read. */
const READ = 5000;

export function unmarkedLines(lines: readonly string[]): number[] {
  if (lines.length < FEWEST || lines.length > READ) return [];
  const marks = new Map<string, number>();
  const unmarked: number[] = [];
  let nonBlank = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.trim() === "") continue;
    nonBlank++;
    const mark = MARK.exec(line)?.[1];
    if (mark !== undefined) marks.set(mark, (marks.get(mark) ?? 0) + 1);
    else if (UNMARKED.test(line)) {
      unmarked.push(i);
      // More than MOST unmarked are no few lines set apart (a table's rows): read no further.
      if (unmarked.length > MOST) return [];
    }
  }
  if (nonBlank < FEWEST || unmarked.length === 0) return [];
  if (unmarked.length > MOST || unmarked.length > SHARE * nonBlank) return [];
  let most = 0;
  for (const n of marks.values()) if (n > most) most = n;
  return most >= MARKED * nonBlank ? unmarked : [];
}
