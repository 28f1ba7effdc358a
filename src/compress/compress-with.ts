/**
 * Content-aware compression of tool outputs, given the chosen kind's excerpt: every
 * detector says how sure it is that it understands the text (content first, then the
 * command and the tool) and the most confident one's excerpt cuts the text to the
 * budget; below a threshold, or if that excerpt fails, the generic one does it. Pure
 * and deterministic. It imports no kind's excerpt: compress-text.ts hands it every
 * kind at once, compress-lazy.ts only the one an output needs.
 */

import { SMALL_OUTPUT } from "./excerpt/budget.ts";
import { forgetDoc, SAMPLE_NOTE, sampleOf } from "./excerpt/doc.ts";
import { docOf, whole } from "./excerpt/lines.ts";
import { substanceCap } from "./excerpt/pack.ts";
import type { Compressor, Excerpt, Hints } from "./excerpt/types.ts";
import { DETECTORS, GENERIC, type KindDetector } from "./kinds/detectors.ts";

/** Below this confidence the generic compressor is used. */
export const THRESHOLD = 0.35;

/** The detector chosen for a text (the generic one below THRESHOLD) and its score. */
export interface Chosen {
  readonly chosen: KindDetector;
  readonly score: number;
}

export function chooseKind(text: string, hints: Hints): Chosen {
  const sample = sampleOf(text);
  let best: Chosen = { chosen: GENERIC, score: THRESHOLD };
  for (const d of DETECTORS) {
    if (d === GENERIC || mostOf(d, hints) <= best.score) continue;
    const score = d.detector.detect(sample, hints, best.score);
    if (score > best.score) best = { chosen: d, score };
    // Certain (scores are at most 1, ties go to the earlier one): no later one can win.
    if (best.score >= 1) break;
  }
  return best;
}

/** The highest score `d` can give an output with these hints. */
function mostOf({ detector: { most } }: KindDetector, hints: Hints): number {
  return most === undefined ? 1 : typeof most === "number" ? most : most(hints);
}

/** An excerpt must save more than a fifth of the output to be worth what it leaves out. */
const SAVES_LITTLE = 1.25;

/** `text` cut to `budget` by `compressor` (chosen by chooseKind), with `generic` as the safety net. */
export function compressWith(
  text: string,
  hints: Hints,
  budget: number,
  compressor: Compressor,
  generic: Compressor,
): Excerpt {
  try {
    const r = cut(text, hints, budget, compressor, compressor === generic);
    return "excerpt" in r ? r.excerpt : r.fallback(generic);
  } finally {
    // The Doc is shared by the compressors of one call only; a long-lived process (the
    // http transport) must not keep a 50 MB output alive until the next one.
    forgetDoc();
  }
}

/** The same, with the generic excerpt loaded only when it is needed (the chosen one failed or ran long). */
export async function compressLoadingGeneric(
  text: string,
  hints: Hints,
  budget: number,
  compressor: Compressor,
  isGeneric: boolean,
  generic: () => Promise<Compressor>,
): Promise<Excerpt> {
  try {
    const r = cut(text, hints, budget, compressor, isGeneric);
    return "excerpt" in r ? r.excerpt : r.fallback(await generic());
  } finally {
    forgetDoc();
  }
}

/** The chosen compressor's excerpt, or how to make the generic one in its place. */
type Cut = { readonly excerpt: Excerpt } | { readonly fallback: (generic: Compressor) => Excerpt };

function cut(text: string, hints: Hints, budget: number, compressor: Compressor, isGeneric: boolean): Cut {
  const limit = Math.max(200, Math.floor(budget));
  const doc = docOf(text);
  if (hints.tool !== "Read") {
    const all = whole(doc, limit);
    if (all !== undefined) return { excerpt: { text: all, compressor: compressor.name, kept: "everything" } };
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
    if (doc.size <= SMALL_OUTPUT && e.keptFacts !== true)
      return { text: doc.lines.join("\n"), compressor: e.compressor, kept: "everything" };
    if (doc.size > e.text.length * SAVES_LITTLE) return e;
    const all = doc.lines.join("\n");
    return all.length <= e.text.length * SAVES_LITTLE
      ? { text: all, compressor: e.compressor, kept: "everything" }
      : e;
  };
  try {
    const out = compressor.compress(text, hints, limit);
    // Substance may stretch an excerpt to the hard cap, never far past it; the generic
    // cut is the safety net.
    const ceiling = Math.max(limit * 1.6, substanceCap(limit, doc.size), out.ceiling ?? 0) + 200;
    if (out.text.length <= ceiling || isGeneric) return { excerpt: shorter(sampled(out)) };
  } catch {
    // Fall through to the generic excerpt: a compressor bug must not lose the output.
  }
  return {
    fallback: (generic) => {
      const out = generic.compress(text, hints, limit);
      return shorter(sampled({ ...out, compressor: `generic (after ${compressor.name})` }));
    },
  };
}
