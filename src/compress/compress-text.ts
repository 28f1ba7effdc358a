/**
 * Content-aware compression of tool outputs. `compressText` asks every compressor how
 * sure it is that it understands the text (content first, then the command and the
 * tool) and lets the most confident one cut the text to the budget; below a threshold,
 * or if a compressor fails, the generic one does it. Pure and deterministic.
 */

import { SMALL_OUTPUT } from "./excerpt/budget.ts";
import { forgetDoc, SAMPLE_NOTE, sampleOf } from "./excerpt/doc.ts";
import { docOf, whole } from "./excerpt/lines.ts";
import { substanceCap } from "./excerpt/pack.ts";
import type { Compressor, Excerpt, Hints } from "./excerpt/types.ts";
import { compressors, generic } from "./kinds/index.ts";

export { compressors, KIND } from "./kinds/index.ts";

/** Below this confidence the generic compressor is used. */
export const THRESHOLD = 0.35;

export interface Detection {
  readonly compressor: Compressor;
  readonly score: number;
}

export function detect(text: string, hints: Hints): Detection {
  const sample = sampleOf(text);
  let best: Detection = { compressor: generic, score: THRESHOLD };
  for (const c of compressors) {
    if (c === generic) continue;
    const score = c.detect(sample, hints);
    if (score > best.score) best = { compressor: c, score };
    // Certain (scores are at most 1, ties go to the earlier one): no later one can win.
    if (best.score >= 1) break;
  }
  return best;
}

/** An excerpt must save more than a fifth of the output to be worth what it leaves out. */
const SAVES_LITTLE = 1.25;

export function compressText(text: string, hints: Hints, budget: number): Excerpt {
  try {
    return compressWith(text, hints, budget);
  } finally {
    // The Doc is shared by the compressors of one call only; a long-lived process (the
    // http transport) must not keep a 50 MB output alive until the next one.
    forgetDoc();
  }
}

function compressWith(text: string, hints: Hints, budget: number): Excerpt {
  const limit = Math.max(200, Math.floor(budget));
  const { compressor } = detect(text, hints);
  const doc = docOf(text);
  if (hints.tool !== "Read") {
    const all = whole(doc, limit);
    if (all !== undefined) return { text: all, compressor: compressor.name, kept: "everything" };
  }
  // Counts in a sampled excerpt cover only what was read; say so.
  const sampled = (e: Excerpt): Excerpt =>
    doc.complete ? e : { ...e, kept: `${e.kept} (of a sample: ${SAMPLE_NOTE})` };
  // An output just over the budget can come out longer as an excerpt (omission markers
  // and notes in place of short lines), or barely shorter for a date and a file name
  // left out: then the whole of it costs about the same and hides nothing.
  // An output of 8 KB or less becomes an excerpt only when the excerpt keeps every
  // problem line and every rare line whole (budget.ts): else it is shown as it is.
  const shorter = (e: Excerpt): Excerpt => {
    if (hints.tool === "Read" || !doc.complete) return e;
    const all = doc.lines.join("\n");
    if (doc.size <= SMALL_OUTPUT && e.keptFacts !== true)
      return { text: all, compressor: e.compressor, kept: "everything" };
    if (doc.size > e.text.length * SAVES_LITTLE) return e;
    return all.length <= e.text.length * SAVES_LITTLE
      ? { text: all, compressor: e.compressor, kept: "everything" }
      : e;
  };
  try {
    const out = compressor.compress(text, hints, limit);
    // Substance may stretch an excerpt to the hard cap, never far past it; the generic
    // cut is the safety net.
    const ceiling = Math.max(limit * 1.6, substanceCap(limit, doc.size), out.ceiling ?? 0) + 200;
    if (out.text.length <= ceiling || compressor === generic) return shorter(sampled(out));
  } catch {
    // Fall through to the generic excerpt: a compressor bug must not lose the output.
  }
  const out = generic.compress(text, hints, limit);
  return shorter(sampled({ ...out, compressor: `generic (after ${compressor.name})` }));
}
