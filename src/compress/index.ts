/**
 * Content-aware compression of tool outputs. `compressText` asks every compressor how
 * sure it is that it understands the text (content first, then the command and the
 * tool) and lets the most confident one cut the text to the budget; below a threshold,
 * or if a compressor fails, the generic one does it. Pure and deterministic.
 */
import type { Compressor, Excerpt, Hints } from "./types.ts";
import { docOf, whole } from "./common.ts";
import { sampleOf } from "./doc.ts";
import { generic } from "./generic.ts";
import { cargoTest } from "./tests/cargo-test.ts";
import { goTest } from "./tests/go-test.ts";
import { jest } from "./tests/jest.ts";
import { nodeTest } from "./tests/node-test.ts";
import { pytest } from "./tests/pytest.ts";
import { vitest } from "./tests/vitest.ts";

/** What kind of output each compressor handles (the corpus's kinds). */
export const KIND: Readonly<Record<string, string>> = {
  vitest: "test",
  jest: "test",
  "node-test": "test",
  pytest: "test",
  "cargo-test": "test",
  "go-test": "test",
  generic: "generic",
};

/** Every compressor, most specific first (ties go to the earlier one). */
export const compressors: readonly Compressor[] = [vitest, jest, nodeTest, pytest, cargoTest, goTest, generic];

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
  }
  return best;
}

export function compressText(text: string, hints: Hints, budget: number): Excerpt {
  const limit = Math.max(200, Math.floor(budget));
  const { compressor } = detect(text, hints);
  if (hints.tool !== "Read") {
    const all = whole(docOf(text), limit);
    if (all !== undefined) return { text: all, compressor: compressor.name, kept: "everything" };
  }
  try {
    const out = compressor.compress(text, hints, limit);
    // A compressor must never come near twice the budget; the generic cut is the safety net.
    if (out.text.length <= limit * 1.6 + 200 || compressor === generic) return out;
  } catch {
    // Fall through to the generic excerpt: a compressor bug must not lose the output.
  }
  const out = generic.compress(text, hints, limit);
  return { ...out, compressor: `generic (after ${compressor.name})` };
}
