/**
 * The one mechanism every compressor shares: it proposes line ranges ("picks") and
 * synthetic lines ("notes"), each with a priority; `pack` keeps the most important
 * ones that fit the budget and renders them in original order, with every omitted
 * run of lines replaced by `[… lines A-B omitted (N lines) …]` (original numbers).
 *
 * Consecutive identical lines become one `<line>  [×N]`, runs of blank lines one
 * blank line, and over-long lines are cut with `… [+N chars]`.
 *
 * A note may depend on what was kept (`Note.final`): an index of what the excerpt left
 * out is charged at its longest, and each pick that makes it shorter gives the
 * difference back when kept (`Pick.refund`), so the index and the lines share one budget.
 */
import { type Doc, rangeOf } from "./doc.ts";

/** Priority at or above which an item may push the excerpt over budget (up to the hard cap). */
export const MUST = 100;

export interface Pick {
  /** First and last line index in `doc.lines` (inclusive). */
  readonly from: number;
  readonly to: number;
  readonly prio: number;
  /** When it does not fit whole: keep its beginning ("head"), its end ("tail"), or nothing ("none"). */
  readonly split?: "head" | "tail" | "none";
  /**
   * Characters that note `note` (an index into the notes, one with `final`) no longer
   * needs once this pick is kept whole. Only for picks with split "none".
   */
  readonly refund?: { readonly note: number; readonly chars: number };
  /** A line (index) this one only explains: the pick is taken only once that line is kept. */
  readonly with?: number;
  /** Another line (index) without which this one means nothing: kept with it or not at all. */
  readonly also?: number;
}

export interface Note {
  /** Line index before which the note is shown (doc.lines.length: at the end). */
  readonly at: number;
  /** The note; with `final`, its longest form, which the budget is charged for. */
  readonly text: string;
  readonly prio: number;
  /**
   * The text shown, from which lines were kept (empty: no note). Never longer than
   * `text` less the refunds of the picks kept, nor than `bound`.
   */
  readonly final?: (kept: (line: number) => boolean) => string;
  /**
   * What the note may still take, from which lines were kept, when `final` is shorter
   * but would not shrink by a pick's whole refund once that pick is kept (it merges
   * entries). Never more than `text` less the refunds; defaults to final's length.
   */
  readonly bound?: (kept: (line: number) => boolean) => number;
}

export interface PackOptions {
  readonly budget: number;
  /** Ceiling for MUST items; defaults to `defaultHardCap`. */
  readonly hardCap?: number;
  /** Prefix for each kept line, from its original line number (Read: `L12: `). */
  readonly label?: (lineNo: number) => string;
  /** Added to line numbers in labels and markers (Read of a region). */
  readonly lineBase?: number;
  /** Collapse consecutive identical lines (default true; Read turns it off). */
  readonly collapse?: boolean;
  /** Longest line shown before it is cut. */
  readonly maxLine?: number;
  /** Replacement text for some lines (by index); such a line is never collapsed. */
  readonly display?: ReadonlyMap<number, string>;
  /** Text appended to some lines after any cut (counts, locations); never collapsed. */
  readonly suffix?: ReadonlyMap<number, string>;
  /**
   * Mark omitted runs (default true). Read excerpts turn it off: every kept line
   * carries its own number there, so a marker per gap would only repeat them.
   */
  readonly markers?: boolean;
}

export interface Packed {
  readonly text: string;
  /** Original lines shown verbatim (collapsed repeats count fully). */
  readonly keptLines: number;
}

export function omissionMarker(first: number, last: number): string {
  return `[… lines ${first}-${last} omitted (${last - first + 1} lines) …]`;
}

/**
 * How far facts (MUST items) may push an excerpt over its budget by default: half the
 * budget again, but for outputs over 8 KB never so far that it keeps more than 15% of
 * the original.
 */
export function defaultHardCap(budget: number, originalSize: number): number {
  const cap = budget * 1.5;
  return Math.floor(originalSize > 8000 ? Math.max(budget, Math.min(cap, originalSize * 0.15)) : cap);
}

/**
 * Substance never needs more than this many characters: Claude Code's smallest
 * per-tool limit is Grep's 20,000 (Bash 30,000, Glob 50,000; over it the model gets a
 * 2 KB preview of a file instead), less room for the header. Past it, compressors
 * collapse substance by structure (counts, groups, ranges).
 */
export const SUBSTANCE_CEILING = 18_000;

/**
 * The largest share of an output over 8 KB that its substance may take: with the header
 * cairn adds (a few hundred characters), what the model reads stays 85% smaller.
 */
export const SUBSTANCE_SHARE = 0.14;

/**
 * The hard cap of compressors whose MUST items are the output's substance (every
 * commit, every changed line, every name, every error line): the budget is then a
 * ceiling for what is not substance, applied after substance is kept: up to 14% of an
 * output over 8 KB, whatever the budget, never past SUBSTANCE_CEILING.
 */
export function substanceCap(budget: number, originalSize: number): number {
  if (originalSize <= 8000) return Math.floor(budget * 1.5);
  return Math.floor(Math.max(budget, Math.min(originalSize * SUBSTANCE_SHARE, SUBSTANCE_CEILING)));
}

function defaultMaxLine(budget: number): number {
  return Math.max(300, Math.min(600, Math.floor(budget / 6)));
}

function truncateLine(line: string, max: number): string {
  if (line.length <= max) return line;
  return `${line.slice(0, max)}… [+${line.length - max} chars]`;
}

export function pack(doc: Doc, picks: readonly Pick[], notes: readonly Note[], opts: PackOptions): Packed {
  const { lines } = doc;
  const n = lines.length;
  const budget = opts.budget;
  const hardCap = opts.hardCap ?? defaultHardCap(budget, doc.size);
  const collapse = opts.collapse ?? true;
  const maxLine = opts.maxLine ?? defaultMaxLine(budget);
  const base = opts.lineBase ?? 0;
  const label = opts.label;
  const display = opts.display;
  const suffix = opts.suffix;

  // Units: single lines, or runs of identical lines collapsed into one.
  const unitOf = new Int32Array(n);
  const uFirst: number[] = [];
  const uLast: number[] = [];
  const uText: string[] = [];
  for (let i = 0; i < n; ) {
    const line = lines[i]!;
    let j = i;
    const own = display?.get(i);
    const tail = suffix?.get(i);
    if (collapse && own === undefined && tail === undefined && i !== doc.hole) {
      while (
        j + 1 < n &&
        j + 1 !== doc.hole &&
        lines[j + 1] === line &&
        !display?.has(j + 1) &&
        !suffix?.has(j + 1)
      )
        j++;
    }
    const u = uFirst.length;
    for (let k = i; k <= j; k++) unitOf[k] = u;
    uFirst.push(i);
    uLast.push(j);
    let text = truncateLine(own ?? line, maxLine);
    if (j > i && line.trim() !== "") text = `${text}  [×${j - i + 1}]`;
    if (tail !== undefined) text += tail;
    if (label && i !== doc.hole) text = label(doc.starts[i]! + base) + text;
    uText.push(text);
    i = j + 1;
  }
  const units = uFirst.length;
  const digits = String(doc.total + base).length;
  const markers = opts.markers ?? true;
  const markerCost = markers ? 30 + 3 * digits : 0;

  // kept[u + 1] for unit u; the two sentinels count as kept so edge gaps are counted.
  const kept = new Uint8Array(units + 2);
  kept[0] = 1;
  kept[units + 1] = 1;
  let used = units > 0 ? markerCost : 0;
  const noteTaken = new Uint8Array(notes.length);
  // Refunds earned by kept picks for notes not taken yet (they make those notes cheaper).
  const credit = new Float64Array(notes.length);
  const refunded = new Set<Pick>();

  type Item = { prio: number; pos: number; pick?: Pick; note?: number };
  const items: Item[] = [];
  for (const p of picks) {
    const from = Math.max(0, p.from);
    const to = Math.min(n - 1, p.to);
    if (from <= to) items.push({ prio: p.prio, pos: from, pick: { ...p, from, to } });
  }
  notes.forEach((note, k) => {
    items.push({ prio: note.prio, pos: Math.min(note.at, n), note: k });
  });
  items.sort((a, b) => b.prio - a.prio || a.pos - b.pos);

  const isKept = (line: number): boolean => line >= 0 && line < n && kept[unitOf[line]! + 1] === 1;
  // What each taken note with `final` is charged now. Refunds are a lower bound of what
  // kept picks save it, so when something does not fit, the notes are measured again
  // (a few times at most: each measure renders them).
  const charge = new Float64Array(notes.length);
  let stale = false;
  let measures = 0;
  const measured = (k: number): number => {
    const note = notes[k]!;
    if (note.bound) return note.bound(isKept) + 1;
    const text = note.final!(isKept);
    return text === "" ? 0 : text.length + 1;
  };
  const remeasure = (): boolean => {
    if (!stale || measures >= 16) return false;
    stale = false;
    measures++;
    let freed = 0;
    notes.forEach((note, k) => {
      if (!noteTaken[k] || !note.final) return;
      const actual = measured(k);
      if (actual < charge[k]!) {
        freed += charge[k]! - actual;
        charge[k] = actual;
      }
    });
    used -= freed;
    return freed > 0;
  };

  const takeNote = (k: number, limit: number): boolean => {
    const cost = notes[k]!.text.length + 1 - credit[k]!;
    if (used + cost > limit) return false;
    used += cost;
    noteTaken[k] = 1;
    charge[k] = cost;
    if (notes[k]!.final) stale = true;
    return true;
  };

  const marked: number[] = [];
  /** Keeps what fits of a pick; whether it was kept whole. */
  const takePick = (pick: Pick, limit: number): boolean => {
    if (pick.with !== undefined && !isKept(pick.with)) return false;
    const split = pick.split ?? "head";
    const first = unitOf[pick.from]!;
    const last = unitOf[pick.to]!;
    const refund = pick.refund && split === "none" && !refunded.has(pick) ? pick.refund : undefined;
    // Kept whole, such a pick shortens a note already paid for: it may use that room.
    const room = refund && noteTaken[refund.note] ? refund.chars : 0;
    marked.length = 0;
    let spent = 0;
    let full = true;
    const keep = (u: number): boolean => {
      if (kept[u + 1] || uFirst[u] === doc.hole) return true;
      const l = kept[u];
      const r = kept[u + 2];
      const cost = uText[u]!.length + 1 + (l && r ? -markerCost : !l && !r ? markerCost : 0);
      if (used + spent + cost > limit + room) return false;
      kept[u + 1] = 1;
      marked.push(u);
      spent += cost;
      return true;
    };
    const step = split === "tail" ? -1 : 1;
    for (let u = split === "tail" ? last : first; split === "tail" ? u >= first : u <= last; u += step) {
      if (!keep(u)) {
        full = false;
        break;
      }
    }
    if (full && pick.also !== undefined && pick.also >= 0 && pick.also < n) full = keep(unitOf[pick.also]!);
    if (!full && split === "none") {
      for (const u of marked) kept[u + 1] = 0;
      return false;
    }
    used += spent;
    if (full && refund) {
      refunded.add(pick);
      if (noteTaken[refund.note]) {
        used -= refund.chars;
        charge[refund.note]! -= refund.chars;
        stale = true;
      } else credit[refund.note]! += refund.chars;
    }
    return full;
  };

  /** Takes what fits, in priority order; returns the items that did not fit whole. */
  const select = (list: readonly Item[]): Item[] => {
    const rest: Item[] = [];
    for (const item of list) {
      const limit = item.prio >= MUST ? Math.max(hardCap, budget) : budget;
      const k = item.note;
      if (k !== undefined) {
        if (noteTaken[k]) continue;
        if (!takeNote(k, limit) && !(remeasure() && takeNote(k, limit))) rest.push(item);
        continue;
      }
      const pick = item.pick!;
      if (!takePick(pick, limit) && !(remeasure() && takePick(pick, limit))) rest.push(item);
    }
    return rest;
  };

  // Render in original order.
  const render = (): Packed => {
    const notesAt = new Map<number, string[]>();
    notes.forEach((note, k) => {
      if (!noteTaken[k]) return;
      const text = note.final ? note.final(isKept) : note.text;
      if (note.final && text === "") return;
      const u = note.at >= n ? units : unitOf[Math.max(0, note.at)]!;
      const list = notesAt.get(u);
      if (list) list.push(text);
      else notesAt.set(u, [text]);
    });
    const out: string[] = [];
    let keptLines = 0;
    let gapFirst = -1;
    let gapLast = -1;
    let pending: string[] = [];
    const flushGap = () => {
      for (const t of pending) out.push(t);
      pending = [];
      if (gapFirst < 0) return;
      const a = rangeOf(doc, uFirst[gapFirst]!)[0];
      const b = rangeOf(doc, uLast[gapLast]!)[1];
      const marker = omissionMarker(a + base, b + base);
      // A gap of a line or two shorter than its own marker is cheaper to show.
      let fill = markers && gapLast - gapFirst < 2;
      let len = 0;
      for (let u = gapFirst; fill && u <= gapLast; u++) {
        if (uFirst[u] === doc.hole) fill = false;
        else len += uText[u]!.length + 1;
      }
      if (fill && len <= marker.length + 1) {
        for (let u = gapFirst; u <= gapLast; u++) {
          out.push(uText[u]!);
          keptLines += uLast[u]! - uFirst[u]! + 1;
        }
      } else if (b >= a && markers) out.push(marker);
      gapFirst = -1;
    };
    for (let u = 0; u < units; u++) {
      const here = notesAt.get(u);
      if (kept[u + 1]) {
        flushGap();
        if (here) out.push(...here);
        out.push(uText[u]!);
        keptLines += uLast[u]! - uFirst[u]! + 1;
      } else {
        if (here) pending.push(...here);
        if (gapFirst < 0) gapFirst = u;
        gapLast = u;
      }
    }
    flushGap();
    const tail = notesAt.get(units);
    if (tail) out.push(...tail);
    return { text: out.join("\n"), keptLines };
  };

  // The running cost is an estimate (short gaps are shown instead of marked, which is
  // cheaper); when the rendering comes out smaller, what did not fit gets another try.
  let pending = select(items);
  for (let round = 0; round < 3 && pending.length > 0; round++) {
    const size = render().text.length;
    // Notes that depend on what is kept count at their bound, not as shown now.
    let bounds = 0;
    notes.forEach((note, k) => {
      if (!noteTaken[k] || !note.final) return;
      charge[k] = measured(k);
      const text = note.final(isKept);
      bounds += charge[k]! - (text === "" ? 0 : text.length + 1);
    });
    if (size + bounds >= used - 16) break;
    used = size + bounds;
    stale = false;
    pending = select(pending);
  }
  return render();
}
