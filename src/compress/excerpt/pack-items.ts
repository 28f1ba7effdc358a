/**
 * What compressors hand to the packer (pack.ts): line ranges to keep ("picks") and
 * synthetic lines ("notes"), each with a priority, and the options of one excerpt.
 */

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
  /** Why it was picked (the engine's reason), read only by the room bench's trace (pack.ts packTrace). */
  readonly why?: string;
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
  /** A delimited table's delimiter: a row too long is cut at the end of a cell (cutLine). */
  readonly cell?: string;
  /** Replacement text for some lines (by index); such a line is never collapsed. */
  readonly display?: ReadonlyMap<number, string>;
  /** Text appended to some lines after any cut (counts, locations); never collapsed. */
  readonly suffix?: ReadonlyMap<number, string>;
  /**
   * Mark omitted runs (default true). Read excerpts turn it off: every kept line
   * carries its own number there, so a marker per gap would only repeat them.
   */
  readonly markers?: boolean | "count";
}

export interface Packed {
  readonly text: string;
  /** Whether every fact (an item at MUST or above) was kept whole. */
  readonly allFacts?: boolean;
  /** Original lines shown verbatim (collapsed repeats count fully). */
  readonly keptLines: number;
  /** The runs of original lines left out, numbered as in the original (1-based, inclusive). */
  readonly gaps?: ReadonlyArray<readonly [number, number]>;
}
