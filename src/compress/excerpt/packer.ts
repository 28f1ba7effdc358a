/**
 * The packer behind `pack` (pack.ts): takes items (picks and notes) in priority order
 * while they fit, each against the budget or, for MUST items, the hard cap; then
 * renders, and gives what did not fit another try while the rendering comes out
 * smaller than its running estimate.
 *
 * Notes with `final` are charged at their longest; each kept pick with a `refund`
 * gives back what it saves such a note, and when something does not fit the notes are
 * measured again (a few times at most: each measure renders them).
 */
import type { Doc } from "./doc.ts";
import { omissionMarker } from "./framing.ts";
import { MUST, type Note, type Packed, type Pick } from "./pack-items.ts";
import { type Layout, render, renderedSize } from "./pack-layout.ts";

/** The share of the budget that what is not a fact gets past facts that took all of it. */
const PAST_FACTS = 0.25;

/**
 * Whether a pick that is no fact may use the room past the facts (restLimit): it is there to
 * say what the rest of the output is (the first line of each kind of line, the head, a
 * kind's own room). More lines around a problem already located (`locator` under MUST) and
 * code quoted under one (`code-frame`), a warning's further place in a file it is told in
 * (`place` under MUST) say nothing of the rest: they only fill the budget,
 * as every pick that is no fact does.
 */
function mayPassFacts(pick: Pick): boolean {
  return pick.why !== "locator" && pick.why !== "code-frame" && pick.why !== "place";
}

/**
 * A pick or a note to take, with what the packer reads of a pick copied out of it: picks
 * come in dozens of shapes (each rule writes its own literal), and every round of select
 * reads each item again, where one shape is read faster than many.
 */
interface Item {
  readonly prio: number;
  readonly pos: number;
  /** The pick as handed (or its clipped copy); undefined for a note. */
  readonly pick: Pick | undefined;
  /** The note's index; -1 for a pick. */
  readonly note: number;
  readonly from: number;
  readonly to: number;
  readonly split: NonNullable<Pick["split"]>;
  /** The pick's `with` and `also`, -1 for none. */
  readonly with: number;
  readonly also: number;
  readonly refund: Pick["refund"];
  /** mayPassFacts of the pick; true for a note. */
  readonly passes: boolean;
}

/** Picks clipped to the document and notes, most important first, then in order. */
function itemsOf(n: number, picks: readonly Pick[], notes: readonly Note[]): Item[] {
  const items: Item[] = [];
  for (const p of picks) {
    const from = Math.max(0, p.from);
    const to = Math.min(n - 1, p.to);
    if (from > to) continue;
    // A pick within the document is taken as it is; one with a refund is copied, as the
    // packer tells refunds apart by the pick (a pick handed twice refunds twice).
    const { refund } = p;
    const pick = from === p.from && to === p.to && refund === undefined ? p : { ...p, from, to };
    items.push({
      prio: p.prio,
      pos: from,
      pick,
      note: -1,
      from,
      to,
      split: p.split ?? "head",
      with: p.with ?? -1,
      also: p.also ?? -1,
      refund,
      passes: mayPassFacts(p),
    });
  }
  notes.forEach((note, k) => {
    const pos = Math.min(note.at, n);
    items.push({
      prio: note.prio,
      pos,
      pick: undefined,
      note: k,
      from: pos,
      to: pos,
      split: "none",
      with: -1,
      also: -1,
      refund: undefined,
      passes: true,
    });
  });
  return items.sort((a, b) => b.prio - a.prio || a.pos - b.pos);
}

export class Packer {
  private readonly layout: Layout;
  private readonly notes: readonly Note[];
  private readonly budget: number;
  /** Ceiling for MUST items. */
  private readonly hardCap: number;
  private readonly doc: Doc;
  private readonly n: number;
  private readonly units: number;
  private readonly markerCost: number;
  /** What closing a gap gives back: the shortest marker it may have been (`[line 5 omitted]`). */
  private readonly markerCredit: number;
  /** kept[u + 1] for unit u; the two sentinels count as kept so edge gaps are counted. */
  private readonly kept: Uint8Array;
  private used: number;
  private readonly noteTaken: Uint8Array;
  /** Refunds earned by kept picks for notes not taken yet (they make those notes cheaper). */
  private readonly credit: Float64Array;
  private readonly refunded = new Set<Pick>();
  /** What each taken note with `final` is charged now. */
  private readonly charge: Float64Array;
  private stale = false;
  private measures = 0;
  /** The room for what is not a fact: the budget, or what the facts took and a little more. */
  private rest = -1;
  /** Units kept by the pick being taken (the first `marks`), and what they cost so far. */
  private readonly marked: Int32Array;
  private marks = 0;
  private spent = 0;
  /** With the room bench's trace on (pack.ts), the pick that kept each unit; the pick being taken. */
  private readonly owner: (Pick | undefined)[] | undefined;
  private taking: Pick | undefined;

  constructor(
    layout: Layout,
    notes: readonly Note[],
    budget: number,
    hardCap: number,
    owner?: (Pick | undefined)[],
  ) {
    this.owner = owner;
    this.layout = layout;
    this.notes = notes;
    this.budget = budget;
    this.hardCap = hardCap;
    this.doc = layout.doc;
    this.n = this.doc.lines.length;
    this.units = layout.first.length;
    const digits = String(this.doc.total + layout.base).length;
    // `[lines A-B omitted]` and its newline, at its longest; the grammar's one home writes it.
    const widest = 10 ** digits - 1;
    this.markerCost = layout.markers ? omissionMarker(widest - 1, widest).length + 1 : 0;
    this.markerCredit = layout.markers ? omissionMarker(5, 5).length + 1 : 0;
    this.kept = new Uint8Array(this.units + 2);
    this.marked = new Int32Array(this.units + 1);
    this.kept[0] = 1;
    this.kept[this.units + 1] = 1;
    this.used = this.units > 0 ? this.markerCost : 0;
    this.noteTaken = new Uint8Array(notes.length);
    this.credit = new Float64Array(notes.length);
    this.charge = new Float64Array(notes.length);
  }

  pack(picks: readonly Pick[]): Packed {
    let pending = this.select(itemsOf(this.n, picks, this.notes));
    for (let round = 0; round < 3 && pending.length > 0; round++) {
      if (!this.settle()) break;
      pending = this.select(pending);
    }
    // A fact left out (but one that only explains a line not kept).
    const dropped = pending.some((item) => item.prio >= MUST && item.pick?.with === undefined);
    return { ...this.render(), allFacts: !dropped };
  }

  private readonly isKept = (line: number): boolean =>
    line >= 0 && line < this.n && this.kept[this.layout.unitOf[line]! + 1] === 1;

  /**
   * The running cost is an estimate (short gaps are shown instead of marked, which is
   * cheaper): when the rendering comes out smaller, it becomes the cost and what did not
   * fit may get another try (true).
   */
  private settle(): boolean {
    // Notes that depend on what is kept count at their bound, not as shown now: each such
    // note's text is made once, for the size and for its bound (a diff's note counts its lines).
    const texts: string[] = [];
    let bounds = 0;
    this.notes.forEach((note, k) => {
      const text = this.shownNote(k);
      if (text !== undefined) texts.push(text);
      if (!this.noteTaken[k] || !note.final) return;
      this.charge[k] = this.measured(k);
      bounds += this.charge[k]! - (text === undefined ? 0 : text.length + 1);
    });
    const size = renderedSize(this.layout, this.kept, texts);
    if (size + bounds >= this.used - 16) return false;
    this.used = size + bounds;
    this.stale = false;
    return true;
  }

  /** Takes what fits, in priority order; returns the items that did not fit whole. */
  private select(list: readonly Item[]): Item[] {
    const rest: Item[] = [];
    for (const item of list) {
      if (item.prio < MUST && this.rest < 0) this.rest = this.restLimit();
      const limit =
        item.prio >= MUST
          ? Math.max(this.hardCap, this.budget)
          : item.passes
            ? Math.max(this.budget, this.rest)
            : this.budget;
      const k = item.note;
      if (k >= 0) {
        if (this.noteTaken[k]) continue;
        if (!this.takeNote(k, limit) && !(this.remeasure() && this.takeNote(k, limit))) rest.push(item);
        continue;
      }
      if (!this.takePick(item, limit) && !(this.remeasure() && this.takePick(item, limit))) rest.push(item);
    }
    return rest;
  }

  /**
   * Where facts took the excerpt past its budget, what is not a fact still gets a share of
   * the budget past them (within the cap): the first line of each frequent kind of line
   * says what the rest of the output is, which the facts alone do not.
   */
  private restLimit(): number {
    if (this.used <= this.budget) return this.budget;
    return Math.min(Math.max(this.hardCap, this.budget), this.used + this.budget * PAST_FACTS);
  }

  private measured(k: number): number {
    const note = this.notes[k]!;
    if (note.bound) return note.bound(this.isKept) + 1;
    const text = note.final!(this.isKept);
    return text === "" ? 0 : text.length + 1;
  }

  /** Measures the taken notes again; whether that freed room. */
  private remeasure(): boolean {
    if (!this.stale || this.measures >= 16) return false;
    this.stale = false;
    this.measures++;
    let freed = 0;
    this.notes.forEach((note, k) => {
      if (!this.noteTaken[k] || !note.final) return;
      const actual = this.measured(k);
      if (actual < this.charge[k]!) {
        freed += this.charge[k]! - actual;
        this.charge[k] = actual;
      }
    });
    this.used -= freed;
    return freed > 0;
  }

  private takeNote(k: number, limit: number): boolean {
    const note = this.notes[k]!;
    const cost = note.text.length + 1 - this.credit[k]!;
    if (this.used + cost > limit) return false;
    this.used += cost;
    this.noteTaken[k] = 1;
    this.charge[k] = cost;
    if (note.final) this.stale = true;
    return true;
  }

  /** Keeps what fits of a pick; whether it was kept whole. */
  private takePick(item: Item, limit: number): boolean {
    if (item.with >= 0 && !this.isKept(item.with)) return false;
    const { split } = item;
    const pick = item.pick!;
    const refund = item.refund && split === "none" && !this.refunded.has(pick) ? item.refund : undefined;
    // Kept whole, such a pick shortens a note already paid for: it may use that room.
    const room = refund && this.noteTaken[refund.note] ? refund.chars : 0;
    this.marks = 0;
    this.spent = 0;
    this.taking = pick;
    let full = this.keepRange(item, limit + room);
    if (full && item.also >= 0 && item.also < this.n)
      full = this.keepUnit(this.layout.unitOf[item.also]!, limit + room);
    if (!full && split === "none") {
      for (let k = 0; k < this.marks; k++) {
        const u = this.marked[k]!;
        this.kept[u + 1] = 0;
        if (this.owner) this.owner[u] = undefined;
      }
      return false;
    }
    this.used += this.spent;
    if (full && refund) this.refund(pick, refund);
    return full;
  }

  /** Keeps the pick's units from its beginning (or end, for "tail") while they fit; whether all did. */
  private keepRange(item: Item, ceiling: number): boolean {
    const first = this.layout.unitOf[item.from]!;
    const last = this.layout.unitOf[item.to]!;
    if (item.split === "tail") {
      for (let u = last; u >= first; u--) if (!this.keepUnit(u, ceiling)) return false;
    } else {
      for (let u = first; u <= last; u++) if (!this.keepUnit(u, ceiling)) return false;
    }
    return true;
  }

  /** Keeps a unit if it fits under `ceiling` (its text, and the markers it adds or saves). */
  private keepUnit(u: number, ceiling: number): boolean {
    const { kept } = this;
    if (kept[u + 1] || this.layout.first[u] === this.doc.hole) return true;
    const l = kept[u];
    const r = kept[u + 2];
    const marker = l && r ? -this.markerCredit : !l && !r ? this.markerCost : 0;
    const cost = this.layout.textOf(u).length + 1 + marker;
    if (this.used + this.spent + cost > ceiling) return false;
    kept[u + 1] = 1;
    if (this.owner) this.owner[u] = this.taking;
    this.marked[this.marks++] = u;
    this.spent += cost;
    return true;
  }

  private refund(pick: Pick, refund: NonNullable<Pick["refund"]>): void {
    this.refunded.add(pick);
    if (this.noteTaken[refund.note]) {
      this.used -= refund.chars;
      this.charge[refund.note]! -= refund.chars;
      this.stale = true;
    } else this.credit[refund.note]! += refund.chars;
  }

  private render(): Packed {
    return render(this.layout, this.kept, this.notesAt());
  }

  /** The taken notes' texts by the unit they stand before. */
  private notesAt(): Map<number, string[]> {
    const notesAt = new Map<number, string[]>();
    this.notes.forEach((note, k) => {
      const text = this.shownNote(k);
      if (text === undefined) return;
      const u = note.at >= this.n ? this.units : this.layout.unitOf[Math.max(0, note.at)]!;
      const list = notesAt.get(u);
      if (list) list.push(text);
      else notesAt.set(u, [text]);
    });
    return notesAt;
  }

  /** Note k's text as shown: undefined where it is not taken, or its final text says nothing. */
  private shownNote(k: number): string | undefined {
    if (!this.noteTaken[k]) return undefined;
    const note = this.notes[k]!;
    const text = note.final ? note.final(this.isKept) : note.text;
    return note.final && text === "" ? undefined : text;
  }
}
