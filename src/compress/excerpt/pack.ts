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
import type { Doc } from "./doc.ts";
import type { Note, Packed, PackOptions, Pick } from "./pack-items.ts";
import { layoutOf } from "./pack-layout.ts";
import { Packer } from "./packer.ts";

export { MUST, type Note, type Packed, type PackOptions, type Pick } from "./pack-items.ts";
export { omissionMarker } from "./pack-layout.ts";

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

export function pack(doc: Doc, picks: readonly Pick[], notes: readonly Note[], opts: PackOptions): Packed {
  const hardCap = opts.hardCap ?? defaultHardCap(opts.budget, doc.size);
  return new Packer(layoutOf(doc, opts), notes, opts.budget, hardCap).pack(picks);
}
