/**
 * Compression for a hook: the detectors first, then only the chosen kind's excerpts are
 * loaded, each kind a file of its own in the bundle (the generic ones only when they
 * are chosen or the chosen kind's fail). Decides and cuts exactly as compress-text.ts
 * does (compress-with.ts).
 */

import { chooseKind, compressLoadingGeneric } from "./compress-with.ts";
import type { Compressor, Excerpt, Hints } from "./excerpt/types.ts";
import { GENERIC } from "./kinds/detectors.ts";
import { loadKind } from "./kinds/load.ts";

export async function compressLoading(text: string, hints: Hints, budget: number): Promise<Excerpt> {
  const { chosen } = chooseKind(text, hints);
  const excerpts = await loadKind(chosen.kind);
  const compressor: Compressor = { ...chosen.detector, compress: excerpts[chosen.detector.name]! };
  const generic = async (): Promise<Compressor> => ({
    ...GENERIC.detector,
    compress: (await loadKind(GENERIC.kind))[GENERIC.detector.name]!,
  });
  return compressLoadingGeneric(text, hints, budget, compressor, chosen === GENERIC, generic);
}
