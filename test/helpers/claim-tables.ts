/**
 * A table's claims recounted (claim-counts.ts): `[N rows]` (and the header's `header, N
 * rows`), and each column's values `[name: v ×k, …]`. Cells are read as the tool drew
 * them, not as the table kind splits them: psql's and box tables' columns by the `+` of
 * their rule (a `|` inside a cell is no border), CSV's by its quotes, tab-separated by
 * tabs, others by blanks where a row has as many words as the header.
 */

import { num } from "./claim-said.ts";
import type { Claim, Excerpted } from "./claims.ts";

const RULE = /^[\s+|=─━┼┬┴╋┌┐└┘├┤-]*[-=─━][\s+|=─━┼┬┴╋┌┐└┘├┤-]*$/;
/**
 * psql's `(97 rows)`, MySQL's `97 rows in set (0.00 sec)`, pandas's `[97 rows x 9 columns]`:
 * the tool's own count.
 */
const FOOTER = /^\((\d+) rows?\)$|^(\d+) rows? in set\b|^\[(\d+) rows? x \d+ columns?\]$/;

interface Table {
  header: number;
  rows: number[];
  /** The header's cells (and any line's where the table is one of a single layout). */
  split: (line: string) => string[] | undefined;
  /** Line i's cells, read by the layout of the table it stands in (a header said again starts one). */
  cellsOf: (i: number) => string[] | undefined;
  footer?: number;
}

/** A CSV line's cells, quotes read. */
function csvCells(line: string, sep: string): string[] {
  const cells: string[] = [];
  let cell = "";
  let quoted = false;
  for (let k = 0; k < line.length; k++) {
    const c = line[k]!;
    if (quoted) {
      if (c === '"' && line[k + 1] === '"') {
        cell += '"';
        k++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"' && cell === "") quoted = true;
    else if (c === sep) {
      cells.push(cell);
      cell = "";
    } else cell += c;
  }
  cells.push(cell);
  return cells;
}

/**
 * Columns aligned by blanks, read by their gutters: the places where the header and every
 * row hold a blank (or have ended); each run between gutters is a column, whatever blanks
 * its cells hold (`4 (20m ago)`) and however its values are aligned.
 */
function alignedSplit(
  lines: readonly string[],
  header: number,
  end = lines.length,
): (line: string) => string[] {
  const sample = lines
    .slice(header, Math.min(end, header + 2000))
    .filter((l) => l.trim() !== "" && !FOOTER.test(l.trim()));
  const width = Math.max(...sample.map((l) => l.length));
  const used = new Uint8Array(width);
  for (const l of sample) for (let k = 0; k < l.length; k++) if (l[k] !== " ") used[k] = 1;
  const cols: Array<[number, number]> = [];
  for (let k = 0; k < width; ) {
    if (!used[k]) {
      k++;
      continue;
    }
    let end = k;
    while (end < width && used[end]) end++;
    cols.push([k, end]);
    k = end;
  }
  // A column without a title goes on with the one before it (`3694 (4m40s ago)` under RESTARTS).
  const titled: Array<[number, number]> = [];
  for (const [a, b] of cols)
    if (titled.length > 0 && lines[header]!.slice(a, b).trim() === "") titled[titled.length - 1]![1] = b;
    else titled.push([a, b]);
  return (line) => titled.map(([a, b], k) => line.slice(a, k + 1 < titled.length ? b : undefined).trim());
}

/** A line's cells where runs of two blanks or more part them. */
const blankCells = (line: string) => line.trim().split(/\s{2,}/);

/**
 * The line of titles of a table aligned by blanks, without a rule under it: the first of
 * the first 12 lines made of two titles or more (each cell begins with a capital or `%`
 * and holds no colon: a warning above the table, `unit.service:9: Failed to parse …`,
 * begins with its path or holds one), with a line of two cells or more under it; 0 where
 * none is (the first line is the header, or one of the rows).
 */
function titlesLine(lines: readonly string[]): number {
  for (let i = 0; i < Math.min(12, lines.length - 1); i++) {
    const cells = blankCells(lines[i]!);
    if (cells.length < 2 || !cells.every((c) => /^[A-Z%][^:]*$/.test(c))) continue;
    const next = lines.slice(i + 1).find((l) => l.trim() !== "");
    if (next !== undefined && blankCells(next).length >= 2) return i;
  }
  return 0;
}

/** The lines that say the header again, its words the same (systemd-analyze security's table per unit). */
function headerAgain(lines: readonly string[], header: number): number[] {
  const words = (l: string) => l.trim().split(/\s+/).join(" ");
  const title = words(lines[header] ?? "");
  if (title.split(" ").length < 2) return [];
  const out: number[] = [];
  for (let i = header + 1; i < lines.length; i++) if (words(lines[i]!) === title) out.push(i);
  return out;
}

/** A line's first word (where a row names what it is about). */
const firstWord = (line: string) => /^\s*(\S*)/.exec(line)![1]!;

/**
 * The lines of blocks that say the block above again in further columns (pandas wraps a wide
 * frame so: `day  11-22 … 11-30`, `store_id`, `S001  114 …`, under `day  11-01 …`, `store_id`,
 * `S001  146 …`): a run of lines after a blank line, as many as the run above, each opening
 * with the same word as the line it stands for, and those words not all one. Its lines are
 * the same rows again, and its titles no row. A run opening with the header said again is a
 * table of its own.
 */
function sameRowsAgain(lines: readonly string[], from: number, again: ReadonlySet<number>): Set<number> {
  const runs: Array<[number, number]> = [];
  for (let i = from; i < lines.length; ) {
    if (lines[i]!.trim() === "") {
      i++;
      continue;
    }
    let end = i;
    while (end < lines.length && lines[end]!.trim() !== "") end++;
    runs.push([i, end]);
    i = end;
  }
  const out = new Set<number>();
  for (let k = 1; k < runs.length; k++) {
    const [a, b] = runs[k - 1]!;
    const [c, d] = runs[k]!;
    if (d - c !== b - a || d - c < 2 || again.has(c)) continue;
    const words = new Set<string>();
    let same = true;
    for (let j = 0; j < d - c && same; j++) {
      const w = firstWord(lines[c + j]!);
      same = w === firstWord(lines[a + j]!);
      words.add(w);
    }
    if (same && words.size > 1) for (let i = c; i < d; i++) out.add(i);
  }
  return out;
}

/** The table as the tool drew it. */
export function readTable(lines: readonly string[]): Table | undefined {
  let rule = -1;
  // The rule under the header: a box's top rule above it is no header's.
  for (let i = 1; i < Math.min(12, lines.length); i++)
    if (RULE.test(lines[i]!) && /[-=─━]{3}/.test(lines[i]!) && !RULE.test(lines[i - 1]!)) {
      rule = i;
      break;
    }
  let header = 0;
  let split: Table["split"] | undefined;
  if (rule > 0 && /[+┼|├]/.test(lines[rule]!)) {
    // Column borders where the rule has `+`.
    const r = lines[rule]!;
    const cuts = [...r.matchAll(/[+┼|├┤]/g)].map((m) => m.index!);
    const inner = cuts.filter((c) => c > 0 && c < r.length - 1);
    const boxed = /^\s*[+|├]/.test(r);
    header = rule;
    split = (line) => {
      const cells: string[] = [];
      let from = boxed ? cuts[0]! + 1 : 0;
      for (const c of inner) {
        if (line.length > c && !"|+┼│".includes(line[c]!)) return undefined;
        cells.push(line.slice(from, c).trim());
        from = c + 1;
      }
      cells.push(line.slice(from, boxed ? cuts[cuts.length - 1] : undefined).trim());
      return cells;
    };
  } else if (rule > 0) {
    header = rule;
  }
  // Without a rule, the titles may stand below lines that are no table's (warnings).
  const top = rule > 0 ? rule - 1 : titlesLine(lines);
  if (rule < 0) header = top;
  const titles = lines[top] ?? "";
  // Each header said again starts a table of its own, its columns set by its own rows
  // (columns aligned by blanks only: borders and delimiters part every table alike).
  const aligned =
    !split &&
    !titles.includes("\t") &&
    !titles.includes("|") &&
    !(titles.includes(",") && !/\s{2,}/.test(titles));
  const again = aligned ? headerAgain(lines, top) : [];
  const starts = [top, ...again];
  // Tables said one after another end each at its first blank line: what stands after it
  // (`→ Overall exposure level for kestrel-api.service: 9.4 UNSAFE`) is no row.
  const ends = starts.map((h, k) => {
    const next = starts[k + 1] ?? lines.length;
    if (again.length === 0) return next;
    const blank = lines.findIndex((l, i) => i > h && i < next && l.trim() === "");
    return blank < 0 ? next : blank;
  });
  if (!split) {
    if (titles.includes("\t")) split = (l) => l.split("\t");
    // sqlite's and a join's `a|b|c` (no rule, no box): the bars are the borders.
    else if (titles.includes("|") && !/^\s*\|/.test(titles)) split = (l) => l.split("|").map((c) => c.trim());
    else if (titles.includes(",") && !/\s{2,}/.test(titles)) split = (l) => csvCells(l, ",");
    else split = alignedSplit(lines, top, ends[0]);
  }
  const first = split;
  const layouts = starts.map((h, k) => (k === 0 ? first : alignedSplit(lines, h, ends[k])));
  const startOf = (i: number) => {
    let k = 0;
    while (k + 1 < starts.length && starts[k + 1]! <= i) k++;
    return k;
  };
  const cellsOf = (i: number) => layouts[startOf(i)]!(lines[i]!);
  // psql's rule: dashes joined by `+`, no border at its ends.
  const repeated = aligned ? sameRowsAgain(lines, header + 1, new Set(again)) : new Set<number>();
  const psql = rule > 0 && /^-+(?:\+-+)+$/.test(lines[rule]!.trim()) && !/^\s*[+|]/.test(lines[rule]!);
  const width = split(titles)?.filter((c) => c !== "").length ?? 0;
  const rows: number[] = [];
  const lone: number[] = [];
  let footer: number | undefined;
  // A table's lines of one cell before its last row are rows (below).
  const lonesAmid = (from: number, to: number) => {
    const last = rows.filter((i) => i >= from && i < to).pop() ?? -1;
    return lone.filter((i) => i >= from && i < to && i < last);
  };
  for (let i = header + 1; i < lines.length; i++) {
    const l = lines[i]!;
    if (again.includes(i) || i >= ends[startOf(i)]!) continue;
    const f = FOOTER.exec(l.trim());
    if (f) {
      // (One per table said one after another: their counts add up.)
      footer = (footer ?? 0) + Number(f[1] ?? f[2] ?? f[3]);
      continue;
    }
    if (l.trim() === "" || RULE.test(l) || repeated.has(i)) continue;
    // psql's wrapped cell: the line before ends a cell with ` +`, this line goes on with it.
    if (psql && rows.length > 0 && /\+(?:\||$)/.test(lines[i - 1]!)) continue;
    // A line of one cell among many columns after the rows (`stderr:` after kubectl's) is no row.
    const cells = cellsOf(i);
    // (A box's borders may not read it at all: `exit code: 0` under the box.)
    if (width > 1 && (!cells || cells.filter((c) => c !== "").length <= 1) && !/[,|│\t]/.test(l)) {
      // Right under titles without a rule, a word alone at the line's start names the rows'
      // first column (pandas's index name, `store_id` under `day  11-01  11-02`): no row.
      if (rule < 0 && /^\S+\s*$/.test(l) && (i === top + 1 || again.includes(i - 1))) continue;
      lone.push(i);
      continue;
    }
    rows.push(i);
  }
  // (Only after the last row of its table: one amid the rows is a row whose other cells its
  // reading missed; one after, before the header said again, ends the table above.)
  const amid = starts.flatMap((h, k) => lonesAmid(h, ends[k]!));
  rows.push(...amid);
  // No header where the first line is one of the rows: a title of it that two rows or more
  // hold in its column below is one of its values, no title (xmlstarlet's `a | b | c`).
  if (rule < 0) {
    const titles = split(lines[0] ?? "")?.map((c) => c.trim()) ?? [];
    const held = titles.map((t, k) => rows.filter((i) => t !== "" && cellsOf(i)?.[k]?.trim() === t).length);
    if (top === 0 && held.some((n) => n >= 2)) rows.push(0);
  }
  rows.sort((a, b) => a - b);
  return { header: top, rows, split, cellsOf, footer };
}

/** Each column note's counts against the column read as drawn. */
function columnClaims(lines: readonly string[], t: Table, text: string): Claim[] {
  const out: Claim[] = [];
  const names = t.split(lines[t.header]!)?.map((n) => n.trim()) ?? [];
  const cells = t.rows.map((i) => t.cellsOf(i));
  const readable = cells.filter(Boolean).length >= cells.length * 0.9;
  const after = new Map<string, number>();
  for (const line of text.split("\n")) {
    const m = /^\[([^\]:]+): (.* ×\d+(?:, .*? ×\d+)*)(?:, … (\d+) more values)?\]$/.exec(line);
    if (!m) continue;
    const label = m[1]!;
    const byNumber = /^column (\d+)$/.exec(label);
    // Two columns of one title (a first row read as the header): the notes go in their order.
    const col = byNumber ? Number(byNumber[1]) - 1 : names.indexOf(label, (after.get(label) ?? -1) + 1);
    after.set(label, col);
    if (col < 0 || !readable) {
      out.push({ form: "note:column-unread", ok: true, line });
      continue;
    }
    const counts = new Map<string, number>();
    for (const c of cells) if (c) counts.set(c[col] ?? "", (counts.get(c[col] ?? "") ?? 0) + 1);
    // A value may hold `, ` itself: each runs to the first ` ×N` after it.
    for (const v of m[2]!.matchAll(/(.*?) ×(\d+)(?:, |$)/g)) {
      const part = `${v[1]} ×${v[2]}`;
      const value = v[1] === "(empty)" ? "" : v[1]!;
      const actual = counts.get(value) ?? 0;
      out.push({
        form: "note:column-value",
        ok: actual === Number(v[2]),
        line: `${label}: ${part}`,
        why: `recounted ${actual}`,
      });
    }
    if (m[3]) {
      const shown = m[2]!.split(/ ×\d+/).length - 1;
      out.push({
        form: "note:column-more",
        ok: counts.size === shown + Number(m[3]),
        line,
        why: `${counts.size} values`,
      });
    }
  }
  return out;
}

const NUMBER = /^[-+]?\d[\d,]*(?:\.\d+)?[a-zA-Z%]*$/;

/** A number as it reads, a size's unit counted (`96M` above `852K`, du -h's). */
function amount(v: string): number {
  const x = Number.parseFloat(v.replace(/,/g, ""));
  const unit = /\d([KMGTP])i?B?$/i.exec(v)?.[1]?.toUpperCase();
  return unit ? x * 1024 ** ("KMGTP".indexOf(unit) + 1) : x;
}

/**
 * The header's `R rows with rare values`: what is rare is the kind's (a category held by few
 * rows, a number far from the others); read as a reader takes it, R lies between the rows
 * holding a value fewer than one row in twenty hold in a column the notes count, and the
 * rows holding a value fewer than one row in ten hold where another is held by more, or a
 * number outside Tukey's fences of its column's or at or below zero among positive ones.
 */
function rareClaims(lines: readonly string[], t: Table, e: Excerpted): Claim[] {
  const m = /^(?:header, )?[\d,]+ rows?: ([\d,]+) rows? with rare values/.exec(e.kept);
  if (!m) return [];
  const said = num(m[1]!);
  const names = t.split(lines[t.header]!)?.map((n) => n.trim()) ?? [];
  // A line of one cell among many columns (xmlstarlet's `Attempt to load …`) holds none of their values.
  const cells = t.rows
    .map((i) => t.cellsOf(i) ?? [])
    .filter((c) => names.length < 2 || c.filter((v) => v.trim() !== "").length > 1);
  const noted = new Set(
    [...e.text.matchAll(/^\[([^\]:]+): .* ×\d+/gm)].map((x) =>
      /^column (\d+)$/.test(x[1]!) ? Number(x[1]!.slice(7)) - 1 : names.indexOf(x[1]!),
    ),
  );
  // A column the notes name that the table's reading here does not find (dpkg -l's `+++-===`
  // rule read as borders): the rows' values are not read as drawn.
  if (noted.has(-1) || cells.length < t.rows.length * 0.9)
    return [{ form: "kept:table-rare-unread", ok: true, line: e.kept }];
  const width = Math.max(0, ...cells.map((c) => c.length));
  const odd = new Set<number>();
  const rare = new Set<number>();
  for (let c = 0; c < width; c++) {
    const values = cells.map((r) => (r[c] ?? "").trim());
    const counts = new Map<string, number>();
    for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
    const top = Math.max(...counts.values());
    values.forEach((v, r) => {
      // (A column whose commonest value ten rows in a hundred do not hold has no rule to be off.)
      if (top >= cells.length / 10 && counts.get(v)! < cells.length / 10) odd.add(r);
      if (noted.has(c) && counts.get(v)! < cells.length / 20) {
        rare.add(r);
        odd.add(r);
      }
    });
    const numbers = values.filter((v) => NUMBER.test(v)).map(amount);
    if (numbers.length < values.length * 0.9) continue;
    const sorted = [...numbers].sort((a, b) => a - b);
    const [q1, q3] = [sorted[Math.floor(sorted.length / 4)]!, sorted[Math.floor((sorted.length * 3) / 4)]!];
    // Tukey's fences: a number 1.5 spreads of the middle half below or above it is far.
    const [low, high] = [q1 - 1.5 * (q3 - q1), q3 + 1.5 * (q3 - q1)];
    values.forEach((v, r) => {
      const x = amount(v);
      // A number at or below zero among positive ones (a stock of -14, a cost of 0.00) is off too.
      if (!NUMBER.test(v) || x < low || x > high || (x <= 0 && q1 > 0)) odd.add(r);
    });
  }
  return [
    {
      form: "kept:table-rare-rows",
      ok: said >= rare.size && said <= odd.size,
      line: e.kept,
      why: `${rare.size} hold a value of a counted column's twentieth, ${odd.size} one off the commonest`,
    },
  ];
}

export function tableClaims(lines: readonly string[], e: Excerpted): Claim[] {
  const t = readTable(lines);
  if (!t) return [];
  const out: Claim[] = [];
  const rows = t.footer ?? t.rows.length;
  const note = /^\[([\d,]+) rows?\]$/m.exec(e.text);
  if (note)
    out.push({
      form: "note:rows",
      ok: num(note[1]!) === rows,
      line: note[0],
      why: `recounted ${rows} (drawn ${t.rows.length})`,
    });
  const kept = /^(?:header, )?([\d,]+) rows?: /.exec(e.kept);
  if (kept)
    out.push({ form: "kept:rows", ok: num(kept[1]!) === rows, line: e.kept, why: `recounted ${rows}` });
  out.push(...columnClaims(lines, t, e.text));
  out.push(...rareClaims(lines, t, e));
  // `[rows by directory:]`, then `prefix  N rows`: the rows whose first cell is under it.
  const by = e.text.indexOf("[rows by directory:]\n");
  if (by >= 0)
    for (const line of e.text.slice(by).split("\n").slice(1)) {
      const g = /^(\S+) {2}([\d,]+) rows?$/.exec(line);
      if (!g) break;
      const under = t.rows.filter((i) =>
        (t.cellsOf(i)?.[0] ?? "").replace(/^"/, "").startsWith(g[1]!),
      ).length;
      out.push({ form: "note:rows-by-dir", ok: under === num(g[2]!), line, why: `recounted ${under}` });
    }
  return out;
}
