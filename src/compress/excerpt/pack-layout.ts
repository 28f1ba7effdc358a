/**
 * The units an excerpt is made of, and its rendering. A unit is one line, or a run of
 * consecutive identical lines shown once as `<line>  [×N]`; over-long lines are cut with
 * `… [+N chars]`. Rendering shows the kept units in original order with each omitted
 * run replaced by `[lines A-B omitted]` (original numbers).
 */
import { type Doc, rangeOf } from "./doc.ts";
import { exceptionWithEnd } from "./exception-end.ts";
import { countMarker, cutLine, omissionMarker, repeatSuffix } from "./framing.ts";
import { jsonLineWithEnd } from "./json-line-end.ts";
import type { Packed, PackOptions } from "./pack-items.ts";
import { lastExceptionFrom } from "./signals.ts";

export { omissionMarker };

export interface Layout {
  readonly doc: Doc;
  /** The unit of each line. */
  readonly unitOf: Int32Array;
  /** First and last line of each unit. */
  readonly first: readonly number[];
  readonly last: readonly number[];
  /** A unit's text as shown, made when first asked for: most units are never shown. */
  readonly textOf: (u: number) => string;
  /** Added to line numbers in markers. */
  readonly base: number;
  readonly markers: boolean | "count";
}

/**
 * The longest line shown before it is cut, the same in an output of any size: a line that
 * holds a fact keeps it in a 16 KB output as in a 64 KB one (it was a sixth of the budget,
 * at least 300, so the same 309-character error line was whole in an output and cut in
 * one half its size). The budget still decides how many lines are shown.
 */
const MAX_LINE = 600;

/** The last line of the run of lines identical to line `i` that collapses into one unit. */
function runEnd(doc: Doc, i: number, opts: PackOptions): number {
  const { lines, hole } = doc;
  const { display, suffix } = opts;
  const collapse = opts.collapse ?? true;
  let j = i;
  if (collapse && display?.get(i) === undefined && suffix?.get(i) === undefined && i !== hole) {
    const line = lines[i];
    while (
      j + 1 < lines.length &&
      j + 1 !== hole &&
      lines[j + 1] === line &&
      !display?.has(j + 1) &&
      !suffix?.has(j + 1)
    )
      j++;
  }
  return j;
}

export function layoutOf(doc: Doc, opts: PackOptions): Layout {
  const { lines } = doc;
  const n = lines.length;
  const maxLine = opts.maxLine ?? MAX_LINE;
  const base = opts.lineBase ?? 0;
  const { label, display, suffix } = opts;
  const unitOf = new Int32Array(n);
  const first: number[] = [];
  const last: number[] = [];
  for (let i = 0; i < n; ) {
    // A line unlike the next (nearly every line) is a unit of its own: told before runEnd
    // asks the maps of what a line is shown with.
    const j = i + 1 < n && lines[i + 1] === lines[i] ? runEnd(doc, i, opts) : i;
    const u = first.length;
    for (let k = i; k <= j; k++) unitOf[k] = u;
    first.push(i);
    last.push(j);
    i = j + 1;
  }
  const text: (string | undefined)[] = new Array(first.length);
  const textOf = (u: number): string => {
    const known = text[u];
    if (known !== undefined) return known;
    const i = first[u]!;
    const j = last[u]!;
    const line = lines[i]!;
    const own = display?.get(i) ?? line;
    let shown =
      exceptionWithEnd(own, maxLine) ??
      jsonLineWithEnd(own, maxLine, lastExceptionFrom) ??
      cutLine(own, maxLine, lastExceptionFrom, opts.cell);
    if (j > i && line.trim() !== "") shown += repeatSuffix(j - i + 1);
    const tail = suffix?.get(i);
    if (tail !== undefined) shown += tail;
    if (label && i !== doc.hole) shown = label(doc.starts[i]! + base) + shown;
    text[u] = shown;
    return shown;
  };
  return { doc, unitOf, first, last, textOf, base, markers: opts.markers ?? true };
}

/** Renders the kept units (`kept[u + 1]`) in order, with the notes before their unit. */
export function render(layout: Layout, kept: Uint8Array, notesAt: ReadonlyMap<number, string[]>): Packed {
  const out: string[] = [];
  const gaps: Array<[number, number]> = [];
  const keptLines = renderLines(layout, kept, notesAt, out, gaps);
  return { text: out.join("\n"), keptLines, gaps };
}

/**
 * How long render's text is, with these notes, counted without making its lines (the
 * packer measures more often than it renders): every note is shown, each kept unit, and
 * each gap as its marker or its lines (gapShown), one newline between lines.
 */
export function renderedSize(layout: Layout, kept: Uint8Array, notes: readonly string[]): number {
  let size = 0;
  let lines = 0;
  for (const note of notes) size += note.length;
  lines += notes.length;
  const { textOf } = layout;
  const units = layout.first.length;
  for (let u = 0; u < units; ) {
    if (kept[u + 1]) {
      size += textOf(u++).length;
      lines++;
      continue;
    }
    let v = u;
    while (v + 1 < units && !kept[v + 2]) v++;
    const gap = gapShown(layout, u, v);
    if (gap.fill >= 0) {
      size += gap.fill - (v - u + 1);
      lines += v - u + 1;
    } else if (gap.b >= gap.a && layout.markers) {
      size += gap.marker.length;
      lines++;
    }
    u = v + 1;
  }
  return lines > 0 ? size + lines - 1 : 0;
}

/** The lines render joins, into `out`, and the gaps, into `gaps`; how many lines of the document they show. */
function renderLines(
  layout: Layout,
  kept: Uint8Array,
  notesAt: ReadonlyMap<number, string[]>,
  out: string[],
  gaps: Array<[number, number]>,
): number {
  let keptLines = 0;
  let gapFirst = -1;
  let gapLast = -1;
  let pending: string[] = [];
  const flushGap = () => {
    for (const t of pending) out.push(t);
    pending = [];
    if (gapFirst >= 0) keptLines += showGap(layout, gapFirst, gapLast, out, gaps);
    gapFirst = -1;
  };
  const units = layout.first.length;
  for (let u = 0; u < units; u++) {
    const here = notesAt.get(u);
    if (kept[u + 1]) {
      flushGap();
      if (here) out.push(...here);
      out.push(layout.textOf(u));
      keptLines += layout.last[u]! - layout.first[u]! + 1;
    } else {
      if (here) pending.push(...here);
      if (gapFirst < 0) gapFirst = u;
      gapLast = u;
    }
  }
  flushGap();
  const tail = notesAt.get(units);
  if (tail) out.push(...tail);
  return keptLines;
}

/**
 * How an omitted run of units is shown: its marker (and the lines it stands for, `a` to
 * `b`), or, when a gap of a line or two is shorter than its own marker, its lines
 * (`fill`: their length with a newline each; -1: the marker).
 */
function gapShown(
  layout: Layout,
  gapFirst: number,
  gapLast: number,
): { marker: string; a: number; b: number; fill: number } {
  const { doc, first, last, textOf, base, markers } = layout;
  const a = rangeOf(doc, first[gapFirst]!)[0];
  const b = rangeOf(doc, last[gapLast]!)[1];
  const marker = markers === "count" ? countMarker(b - a + 1) : omissionMarker(a + base, b + base);
  let fill = markers && gapLast - gapFirst < 2;
  let len = 0;
  for (let u = gapFirst; fill && u <= gapLast; u++) {
    if (first[u] === doc.hole) fill = false;
    else len += textOf(u).length + 1;
  }
  return { marker, a, b, fill: fill && len <= marker.length + 1 ? len : -1 };
}

/** Shows an omitted run of units as gapShown says; the lines it shows. */
function showGap(
  layout: Layout,
  gapFirst: number,
  gapLast: number,
  out: string[],
  gaps: Array<[number, number]>,
): number {
  const { first, last, textOf, base, markers } = layout;
  const { marker, a, b, fill } = gapShown(layout, gapFirst, gapLast);
  let shown = 0;
  if (fill >= 0) {
    for (let u = gapFirst; u <= gapLast; u++) {
      out.push(textOf(u));
      shown += last[u]! - first[u]! + 1;
    }
  } else if (b >= a) {
    if (markers) out.push(marker);
    gaps.push([a + base, b + base]);
  }
  return shown;
}
