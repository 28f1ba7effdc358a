/**
 * Compression with every kind loaded at once, synchronously: for what compresses in
 * process (`cairn slim`, the benches, the tests). The hook files through
 * compress-lazy.ts, which loads only the kind an output needs; both decide and cut the
 * same way (compress-with.ts).
 */

import { type Chosen, chooseKind, compressWith } from "./compress-with.ts";
import type { Compressor, Excerpt, Hints } from "./excerpt/types.ts";
import { compressors, generic } from "./kinds/index.ts";

export { THRESHOLD } from "./compress-with.ts";
export { compressors, KIND } from "./kinds/index.ts";

export interface Detection {
  readonly compressor: Compressor;
  readonly score: number;
}

const byName = new Map(compressors.map((c) => [c.name, c]));
const compressorOf = ({ chosen }: Chosen): Compressor => byName.get(chosen.detector.name)!;

export function detect(text: string, hints: Hints): Detection {
  const c = chooseKind(text, hints);
  return { compressor: compressorOf(c), score: c.score };
}

export function compressText(text: string, hints: Hints, budget: number): Excerpt {
  return compressWith(text, hints, budget, compressorOf(chooseKind(text, hints)), generic);
}
