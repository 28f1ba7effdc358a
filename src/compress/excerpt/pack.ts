/**
 * The one mechanism every compressor shares: it proposes line ranges ("picks") and
 * synthetic lines ("notes"), each with a priority; `pack` keeps the most important
 * ones that fit the budget and renders them in original order, with every omitted
 * run of lines replaced by `[lines A-B omitted]` (original numbers).
 *
 * Consecutive identical lines become one `<line>  [×N]`, runs of blank lines one
 * blank line, and over-long lines are cut with `… [+N chars]`.
 *
 * A note may depend on what was kept (`Note.final`): an index of what the excerpt left
 * out is charged at its longest, and each pick that makes it shorter gives the
 * difference back when kept (`Pick.refund`), so the index and the lines share one budget.
 */
import { factCap } from "./budget.ts";
import type { Doc } from "./doc.ts";
import type { Note, Packed, PackOptions, Pick } from "./pack-items.ts";
import { type Layout, layoutOf } from "./pack-layout.ts";
import { Packer } from "./packer.ts";

export { MUST, type Note, type Packed, type PackOptions, type Pick } from "./pack-items.ts";
export { omissionMarker } from "./pack-layout.ts";

/**
 * How far facts (MUST items) may push an excerpt past its budget (budget.ts: up to half
 * of an output over 8 KB, never past what the tool shows inline).
 */
export const substanceCap = (budget: number, originalSize: number, tool?: string): number =>
  factCap(budget, originalSize, tool);

/** What one packing kept and why: the pick that first kept each shown unit (undefined: not kept). */
export interface PackTraced {
  readonly layout: Layout;
  readonly owner: readonly (Pick | undefined)[];
  readonly text: string;
}

/**
 * A debug sink the room bench (bench/room.ts) sets to attribute an excerpt's bytes to why
 * each line was kept. Unset in the hook: the packer then tracks nothing.
 */
export const packTrace: { sink: ((t: PackTraced) => void) | undefined } = { sink: undefined };

export function pack(doc: Doc, picks: readonly Pick[], notes: readonly Note[], opts: PackOptions): Packed {
  const hardCap = opts.hardCap ?? factCap(opts.budget, doc.size);
  const layout = layoutOf(doc, opts);
  const sink = packTrace.sink;
  const owner: (Pick | undefined)[] | undefined = sink ? [] : undefined;
  const packed = new Packer(layout, notes, opts.budget, hardCap, owner).pack(picks);
  if (sink && owner) sink({ layout, owner, text: packed.text });
  return packed;
}
