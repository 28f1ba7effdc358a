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
/** psql's `(97 rows)`, MySQL's `97 rows in set (0.00 sec)`: the tool's own count. */
const FOOTER = /^\((\d+) rows?\)$|^(\d+) rows? in set\b/;

interface Table {
  header: number;
  rows: number[];
  split: (line: string) => string[] | undefined;
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
function alignedSplit(lines: readonly string[], header: number): (line: string) => string[] {
  const sample = lines.slice(header, header + 2000).filter((l) => l.trim() !== "" && !FOOTER.test(l.trim()));
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

/** The table as the tool drew it. */
function readTable(lines: readonly string[]): Table | undefined {
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
  const titles = lines[rule > 0 ? rule - 1 : 0] ?? "";
  if (!split) {
    if (titles.includes("\t")) split = (l) => l.split("\t");
    // sqlite's and a join's `a|b|c` (no rule, no box): the bars are the borders.
    else if (titles.includes("|") && !/^\s*\|/.test(titles)) split = (l) => l.split("|").map((c) => c.trim());
    else if (titles.includes(",") && !/\s{2,}/.test(titles)) split = (l) => csvCells(l, ",");
    else split = alignedSplit(lines, rule > 0 ? rule - 1 : 0);
  }
  // psql's rule: dashes joined by `+`, no border at its ends.
  const psql = rule > 0 && /^-+(?:\+-+)+$/.test(lines[rule]!.trim()) && !/^\s*[+|]/.test(lines[rule]!);
  const width = split(lines[rule > 0 ? rule - 1 : 0] ?? "")?.filter((c) => c !== "").length ?? 0;
  const rows: number[] = [];
  const lone: number[] = [];
  let footer: number | undefined;
  for (let i = header + 1; i < lines.length; i++) {
    const l = lines[i]!;
    const f = FOOTER.exec(l.trim());
    if (f) {
      footer = Number(f[1] ?? f[2]);
      continue;
    }
    if (l.trim() === "" || RULE.test(l)) continue;
    // psql's wrapped cell: the line before ends a cell with ` +`, this line goes on with it.
    if (psql && rows.length > 0 && /\+(?:\||$)/.test(lines[i - 1]!)) continue;
    // A line of one cell among many columns after the rows (`stderr:` after kubectl's) is no row.
    const cells = split(l);
    // (A box's borders may not read it at all: `exit code: 0` under the box.)
    if (width > 1 && (!cells || cells.filter((c) => c !== "").length <= 1) && !/[,|│\t]/.test(l)) {
      lone.push(i);
      continue;
    }
    rows.push(i);
  }
  // (Only after the last row: one amid the rows is a row whose other cells its reading missed.)
  const last = rows[rows.length - 1] ?? -1;
  for (const i of lone) if (i < last) rows.push(i);
  // No header where the first line is one of the rows: a title of it that two rows or more
  // hold in its column below is one of its values, no title (xmlstarlet's `a | b | c`).
  if (rule < 0) {
    const titles = split(lines[0] ?? "")?.map((c) => c.trim()) ?? [];
    const held = titles.map(
      (t, k) => rows.filter((i) => t !== "" && split(lines[i]!)?.[k]?.trim() === t).length,
    );
    if (held.some((n) => n >= 2)) rows.push(0);
  }
  rows.sort((a, b) => a - b);
  return { header: rule > 0 ? rule - 1 : 0, rows, split, footer };
}

/** Each column note's counts against the column read as drawn. */
function columnClaims(lines: readonly string[], t: Table, text: string): Claim[] {
  const out: Claim[] = [];
  const names = t.split(lines[t.header]!)?.map((n) => n.trim()) ?? [];
  const cells = t.rows.map((i) => t.split(lines[i]!));
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
    .map((i) => t.split(lines[i]!) ?? [])
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
        (t.split(lines[i]!)?.[0] ?? "").replace(/^"/, "").startsWith(g[1]!),
      ).length;
      out.push({ form: "note:rows-by-dir", ok: under === num(g[2]!), line, why: `recounted ${under}` });
    }
  return out;
}
