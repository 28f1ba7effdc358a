/**
 * Tables (CSV/TSV, and column-aligned output such as ps, df, dpkg -l, npm outdated,
 * docker/kubectl listings): the header, the row count, the first and last rows,
 * rows that look like problems or name what the command asked for, and, when the
 * first column holds paths, how the rows spread over directories.
 */

import { RowCells } from "../../excerpt/cells.ts";
import { ColumnScans } from "../../excerpt/column-scan.ts";
import type { Doc } from "../../excerpt/doc.ts";
import { docOf, excerpt, plural, SEVERE } from "../../excerpt/lines.ts";
import { MUST, type Note, type Pick } from "../../excerpt/pack.ts";
import { groupNotes } from "../../excerpt/paths.ts";
import { rankedPicks } from "../../excerpt/ranked.ts";
import { barCells, rarity, spansOf, splitAligned, splitBySpans, splitDelimited } from "../../excerpt/rare.ts";
import { rootRows } from "../../excerpt/root-rows.ts";
import { includesRare } from "../../excerpt/signs.ts";
import { sizedPicks } from "../../excerpt/sized.ts";
import type { Excerpt, ExcerptFn, Hints } from "../../excerpt/types.ts";
import { amongRows } from "./among-rows.ts";
import { isCountFooter } from "./count-footer.ts";
import { alignedHeader, BOX_RULE, delimiterOf, RULE } from "./detect.ts";
import { groupsWithNestedRows } from "./dir-rows.ts";
import { entityRows } from "./entity-rows.ts";
import { framesOf, unwrapped } from "./frame-blocks.ts";
import { OWN_LINES, OWN_PRIO, ownLines } from "./own-lines.ts";
import { placedCells, startsOf } from "./placed-cells.ts";
import { titled } from "./titled.ts";
import { MAX_LINE, wideRows } from "./wide-rows.ts";
import { wordsAre, wordsOf } from "./words.ts";

export function tablesExcerpt(text: string, hints: Hints, budget: number): Excerpt {
  const doc = docOf(text);
  const { picks, notes, kept, whole, delimiter } = tablePicks(doc, hints, budget);
  const { display, suffix } = wideRows(doc.lines, whole);
  return excerpt("table", doc, budget, {
    picks,
    notes,
    kept,
    // A wide row (labels, annotations) is known by its first columns.
    options: { maxLine: MAX_LINE, display, suffix, ...(delimiter ? { cell: delimiter } : {}) },
    hints,
  });
}

/** The header's last line: the CSV's first line, or everything up to the first row (dpkg's legend, a rule). */
function headerEnd(lines: readonly string[], delimiter: string | undefined): number {
  let header = 0;
  while (
    header < lines.length &&
    (lines[header]!.trim() === "" || /^npm (?:warn|notice) /.test(lines[header]!))
  )
    header++;
  while (header < lines.length && BOX_RULE.test(lines[header]!)) header++;
  if (!delimiter || delimiter === "|" || delimiter === "│") {
    const aligned = alignedHeader(lines);
    // A line below the first that splits into as many columns as the first is a row like it
    // (`IEEE Registration Authority   288` under `Organization Name   count`): the first is the header.
    const first = splitAligned(lines[header] ?? "").length;
    const rowLike =
      (aligned > header && first >= 2 && splitAligned(lines[aligned]!).length === first) ||
      amongRows(lines, aligned);
    if (aligned >= 0 && !rowLike) header = aligned;
    while (
      header + 1 < lines.length &&
      (/^[\s+|=-]+$/.test(lines[header + 1]!) || BOX_RULE.test(lines[header + 1]!))
    )
      header++;
  }
  return header;
}

/**
 * How a row splits into cells: by its delimiter, or for aligned columns where the rule
 * under the header puts them, else at runs of spaces. `split` gives a row's cells (the
 * header's titles), `into` adds a row to a table's RowCells, its cells as `split` gives
 * them (each cut out only when read).
 */
function rowSplitter(
  lines: readonly string[],
  header: number,
  delimiter: string | undefined,
  framed = false,
): Splitter {
  let rule = header;
  while (rule > 0 && !RULE.test(lines[rule]!) && !/^[\s+|-]*=+(?:[-+|\s]+=+)+/.test(lines[rule]!)) rule--;
  const spans = rule > 0 || RULE.test(lines[0]!) ? spansOf(lines[rule]!) : [];
  if (delimiter === "|" || delimiter === "│")
    return {
      split: (line) => barCells(line, delimiter),
      into: (line, rows) => rows.addBarred(line, delimiter),
    };
  if (delimiter)
    return {
      split: (line) => splitDelimited(line, delimiter),
      into: (line, rows) => rows.addDelimited(line, delimiter, splitDelimited),
    };
  if (spans.length >= 2)
    return {
      split: (line) => splitBySpans(line, spans),
      into: (line, rows) => rows.addSpanned(line, spans),
      // Cut at the rule's spans every line has a cell per column, most of them empty under
      // `exit code: 0`: a line of one cell is one no run of blanks parts.
      oneCell: (line) => !/\S\s{2,}\S/.test(line),
    };
  // pandas's wrap mark closing the titles is no title (frame-blocks.ts).
  const line = lines[titlesOf(lines, header)] ?? "";
  const titles = framed ? unwrapped(line) : line;
  const starts = startsOf(titles, splitAligned(titles));
  return {
    split: splitAligned,
    into: (line, rows) => rows.add(placedCells(line, splitAligned(line), starts)),
  };
}

interface Splitter {
  readonly split: (line: string) => string[];
  readonly into: (line: string, rows: RowCells) => void;
  /** Whether a line added (its cells `width`) is one cell, no row of many columns; else width 1. */
  readonly oneCell?: (line: string, width: number) => boolean;
}

/**
 * Whether a line starts with an ASCII letter or digit, as most rows do: then it is no blank
 * line, and no rule (RULE, BOX_RULE: made of blanks, dashes, bars and box-drawing only),
 * told by one character where trimming it and two searches read it (a table's every row).
 */
export function startsWord(line: string): boolean {
  const c = line.charCodeAt(0);
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57);
}

const SEVERE_ALL = new RegExp(SEVERE.source, `${SEVERE.flags}g`);

/**
 * Which lines SEVERE finds a match in (1), read in one search along the Doc's source
 * where a search of each row cost a call a row; undefined without a source. No match
 * spans a newline (SEVERE's words hold none, and \b reads a newline as a line's end reads),
 * so a line holds one just when the search along the text finds one in it.
 */
export function severeLines(doc: Doc): Uint8Array | undefined {
  const { lines, source } = doc;
  if (source === undefined || lines.length === 0) return undefined;
  const at = new Uint8Array(lines.length);
  let line = 0;
  // Where line `line` ends (its newline, or the text's end).
  let end = lines[0]!.length;
  SEVERE_ALL.lastIndex = 0;
  for (let m = SEVERE_ALL.exec(source); m !== null; m = SEVERE_ALL.exec(source)) {
    while (m.index > end) end += 1 + lines[++line]!.length;
    at[line] = 1;
    // One match marks its line: the search goes on from the next.
    SEVERE_ALL.lastIndex = end + 1;
  }
  return at;
}

/** Rows naming what the command asked about, and rows that look like trouble. */
function notablePicks(doc: Doc, start: number, hints: Hints, picks: Pick[]): void {
  const { lines, source } = doc;
  // A term the text lacks names no row: it is looked for in the text once, not in each row
  // (most of a command's words, a query's `select`, `from`, are in no row of its output).
  // A term holds no newline, so it is in some line just when it is in the text.
  const terms = (hints.command ?? "")
    .split(/[\s|&;'"]+/)
    .filter((w) => w.length >= 3 && !w.startsWith("-") && /^[\w.@/-]+$/.test(w))
    .slice(1, 20)
    .filter((t) => source === undefined || includesRare(source, t));
  const severe = severeLines(doc);
  for (let i = start; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.length > 4000) continue;
    if (severe ? severe[i] === 1 : SEVERE.test(line)) picks.push({ from: i, to: i, prio: 82 });
    else if (terms.some((t) => line.includes(t))) picks.push({ from: i, to: i, prio: 70 });
  }
}

/**
 * Rows whose value in some column is rare are the answer (the declined charge among
 * the ones that succeeded): substance, the first row of each rare value before the
 * others, with each such column's values counted in a note. Returns how many rows hold
 * a rare value (rare); the lines of their own after the last row (lone: `stderr:`, `exit
 * code: 1`); the headers said again with the line of its own ending the table above each
 * (again: systemd-analyze security's table per unit); and the last row's line. A line pandas's
 * frames hold as no row (`notRow`, frame-blocks.ts) holds none of the columns' values.
 */
function rarePicks(
  { lines }: Doc,
  start: number,
  header: number,
  { split, into, oneCell = (_, width) => width === 1 }: Splitter,
  picks: Pick[],
  notes: Note[],
  whole: number[],
  headed = true,
  notRow?: Uint8Array,
): { rare: number; lone: number; again: number; lastRow: number; ends: number[] } {
  const titles = titlesOf(lines, header);
  const names = titles < lines.length ? split(notRow ? unwrapped(lines[titles]!) : lines[titles]!) : [];
  const rowAt: number[] = [];
  const cells = new RowCells();
  // Lines that split into other columns than the header's (`stderr:` under kubectl's rows,
  // lsof's `COMMAND PID USER` titles read as one): no row of these columns.
  let odd = 0;
  // Of them, the lines of one cell among many columns after the last row (`stderr:`, `exit
  // code: 1`): no rows at all. (One amid the rows may be a row whose blanks are single.)
  const lones: number[] = [];
  // The header said again (systemd-analyze security's table per unit, its columns set to the
  // widths of its own rows): a second table of the same titles, no row; the line of its own
  // just before it ends the table above, no row.
  const title = headed && titles < lines.length ? wordsOf(lines[titles]!) : undefined;
  const firstTitle = title?.split(" ", 1)[0];
  let again = 0;
  // The lines of their own that end a table above a header said again.
  const before: number[] = [];
  for (let i = start; i < lines.length; i++) {
    const line = lines[i]!;
    if (title !== undefined && line.includes(firstTitle!) && wordsAre(line, title)) {
      again++;
      let k = i - 1;
      while (k >= start && lines[k]!.trim() === "") k--;
      if (lones[lones.length - 1] === k) {
        before.push(lones.pop()!);
        again++;
        // Kept among the rows until now (below): the last one read.
        rowAt.pop();
        cells.dropLast();
      }
      continue;
    }
    if (
      notRow?.[i] === 1 ||
      line.length > 4000 ||
      (!startsWord(line) &&
        (line.trim() === "" || RULE.test(line) || BOX_RULE.test(line) || isCountFooter(line)))
    )
      continue;
    into(line, cells);
    // Fewer cells are a row whose last ones are empty (psql drops them); one is a line of its
    // own after the rows, or amid them a row whose blanks are single (systemd-analyze's name
    // run into its description): a row, its values counted, until the rows end without it.
    const width = cells.widthOf(cells.length - 1);
    if (width > names.length) {
      cells.dropLast();
      odd++;
      continue;
    }
    if (names.length > 1 && oneCell(line, width)) {
      odd++;
      lones.push(i);
    }
    rowAt.push(i);
  }
  dropTrailing(rowAt, cells, lones);
  const lastRow = rowAt[rowAt.length - 1] ?? -1;
  const after = lones.filter((i) => i > lastRow);
  const lone = after.length;
  const ends = [...before, ...after];
  const scans = new ColumnScans(cells);
  const { rare, columns } = rarity(cells, scans);
  // A table of a tree (a column naming each row's parent): the rows under its root are facts.
  for (const r of rootRows(cells)) picks.push({ from: rowAt[r]!, to: rowAt[r]!, prio: MUST + 3 });
  // A table of many rows about a few things: the first row of each thing.
  for (const r of entityRows(cells, scans)) picks.push({ from: rowAt[r]!, to: rowAt[r]!, prio: MUST + 1 });
  const firstOf = new Set<string>();
  rare.forEach((r, k) => {
    const key = columns.map((c) => cells.cell(r, c.column)).join("\0");
    const first = !firstOf.has(key);
    firstOf.add(key);
    if (first) whole.push(rowAt[r]!);
    picks.push({ from: rowAt[r]!, to: rowAt[r]!, prio: first ? MUST + 3 : MUST + 2 - Math.min(2, k / 100) });
  });
  // Where more than a few lines split otherwise than the header, its columns are misread
  // (lsof's `FD: mem ×41, 45 root ×34`): no column's values are counted.
  if (odd > Math.max(2, rowAt.length / 20)) return { rare: rare.length, lone, again, lastRow, ends };
  for (const { column, counts } of columns) {
    const shown = counts.slice(0, 12).map(([v, k]) => `${v || "(empty)"} ×${k}`);
    const more = counts.length > 12 ? `, … ${counts.length - 12} more values` : "";
    notes.push({
      at: start,
      text: `[${(headed && names[column]?.trim()) || `column ${column + 1}`}: ${shown.join(", ")}${more}]`,
      prio: MUST + 4,
    });
  }
  return { rare: rare.length, lone, again, lastRow, ends };
}

/** The lines of their own after the last row (`exit code: 0`), read as rows so far: no rows. */
function dropTrailing(rowAt: number[], cells: RowCells, lones: readonly number[]): void {
  while (rowAt.length > 0 && lones.includes(rowAt[rowAt.length - 1]!)) {
    rowAt.pop();
    cells.dropLast();
  }
}

/** The line of the header's titles: the header's last line, above any rule under it. */
function titlesOf(lines: readonly string[], header: number): number {
  let titles = header;
  while (titles > 0 && (/^[\s+|=-]+$/.test(lines[titles]!) || BOX_RULE.test(lines[titles]!))) titles--;
  return titles;
}

/** A row's text up to its first delimiter (what `split(delimiter)[0]` is, without splitting the rest). */
function firstCell(line: string, delimiter: string): string {
  const at = line.indexOf(delimiter);
  return at < 0 ? line : line.slice(0, at);
}

/** Paths in the first column: how the rows spread over directories (rows up to `end` only). */
function directoryNotes(
  lines: readonly string[],
  start: number,
  end: number,
  delimiter: string | undefined,
  budget: number,
): Note[] {
  if (!delimiter || delimiter === "|") return [];
  // Counted before any cell is cut out whole: most tables' first column holds no path
  // (a quote taken off its ends adds or takes no slash).
  let paths = 0;
  for (let i = start; i < end; i++) if (firstCell(lines[i]!, delimiter).includes("/")) paths++;
  if (paths <= (end - start) * 0.6) return [];
  const first = lines.slice(start, end).map((l) => firstCell(l, delimiter).replace(/^"|"$/g, ""));
  const maxGroups = Math.max(6, Math.min(60, Math.floor(budget / 100)));
  return [
    { at: start, text: "[rows by directory:]", prio: 84 },
    ...groupsWithNestedRows(groupNotes(first, start, maxGroups, "row"), first),
  ];
}

/** What to keep of a table (also for a Read of a CSV file). */
export function tablePicks(
  doc: Doc,
  hints: Hints,
  budget: number,
): { picks: Pick[]; notes: Note[]; kept: string; whole: number[]; delimiter: string | undefined } {
  const { lines } = doc;
  const picks: Pick[] = [];
  const notes: Note[] = [];
  const whole: number[] = [];
  const delimiter = delimiterOf(lines, true);
  const header = headerEnd(lines, delimiter);
  // pandas's frames: each one's rows once, in however many column blocks (frame-blocks.ts).
  const framed = delimiter ? undefined : framesOf(lines, titlesOf(lines, header));
  const splitter = rowSplitter(lines, header, delimiter, framed !== undefined);
  // A first line that is one of the rows is counted with them, its cells no titles.
  const headed = titled(lines, header, splitter.split);
  const start = Math.min(lines.length, headed ? header + 1 : header);
  const frames = headed ? framed : undefined;
  for (const i of frames?.counts ?? []) picks.push({ from: i, to: i, prio: MUST + 3 });
  let rows = 0;
  for (let i = start; i < lines.length; i++) {
    const line = lines[i]!;
    // psql's own count is no row; it is kept as the rows with rare values are (rarePicks).
    if (startsWord(line)) rows++;
    else if (isCountFooter(line)) picks.push({ from: i, to: i, prio: MUST + 3 });
    else if (line.trim() !== "" && !BOX_RULE.test(line)) rows++;
  }
  picks.push({ from: 0, to: header, prio: MUST + 5, split: "tail" });
  // The first rows show what a row looks like; substance beside the header.
  picks.push({ from: start, to: start, prio: MUST + 4 });
  picks.push({ from: start + 1, to: start + 4, prio: 85, split: "head" });
  picks.push({ from: lines.length - 2, to: lines.length - 1, prio: 80, split: "tail" });
  notablePicks(doc, start, hints, picks);
  picks.push(...rankedPicks(lines, start, lines.length - 1, hints.command));
  picks.push(...sizedPicks(lines, start, lines.length - 1, hints.command));
  const columns: Note[] = [];
  const read = rarePicks(doc, start, header, splitter, picks, columns, whole, headed, frames?.notRow);
  const { rare, lone, again } = read;
  const lastRow = frames ? frames.lastRow : read.lastRow;
  // Of pandas's frames, the lines outside them (a frame's title, a Series after) end them.
  const ends = frames ? [...frames.outside] : read.ends;
  // The lines that are no rows, and the header naming the rows' columns, before any row.
  const titles = titlesOf(lines, header);
  const own = ownLines(lines, headed ? titles : start, ends);
  for (const i of own) picks.push({ from: i, to: i, prio: OWN_PRIO });
  if (own.length > 0 && headed && header - titles < OWN_LINES)
    picks.push({ from: titles, to: header, prio: OWN_PRIO });
  // A line of its own after the rows (`stderr:` under kubectl's 80 pods) is no row, nor is a
  // header said again or the line ending the table above it.
  rows = frames ? frames.rows : rows - lone - again;
  notes.push({ at: start, text: `[${plural(rows, "row")}]`, prio: MUST + 4 }, ...columns);
  // A thin, even sample of the rest.
  const step = Math.max(1, Math.floor(rows / 30));
  for (let i = start + 5; i < lines.length - 2; i += step) picks.push({ from: i, to: i, prio: 40 });
  // A line of its own after the rows (`exit code: 1`) is in no directory.
  notes.push(
    ...directoryNotes(lines, start, lone + again > 0 ? lastRow + 1 : lines.length, delimiter, budget),
  );
  return {
    picks,
    notes,
    kept: `${headed ? "header, " : ""}${plural(rows, "row")}: ${rare > 0 ? `${plural(rare, "row")} with rare values, ` : ""}first, last, notable`,
    whole,
    delimiter,
  };
}

export const excerpts: Readonly<Record<string, ExcerptFn>> = { table: tablesExcerpt };
