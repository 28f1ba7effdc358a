import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { docOf, SAMPLE_ABOVE } from "../../../../src/compress/excerpt/doc.ts";
import type { PackOptions } from "../../../../src/compress/excerpt/pack-items.ts";
import { layoutOf, render, renderedSize } from "../../../../src/compress/excerpt/pack-layout.ts";

// The packer measured its rendering by making its lines; renderedSize now counts them
// without making them, and must say the rendered text's length for any kept units and notes.

const DIR = join(import.meta.dirname, "../../../fixtures/outputs");
const outputs = readdirSync(DIR)
  .filter((f) => f.endsWith(".txt"))
  .map((f) => readFileSync(join(DIR, f), "utf8"));
// One sampled output: its skipped middle is a hole that is never shown.
outputs.push(
  Array.from({ length: 60_000 }, (_, i) => `row ${i % 7 === 0 ? i : 7} ${"v".repeat(70)}`).join("\n"),
);
expect(outputs.at(-1)!.length).toBeGreaterThan(SAMPLE_ABOVE);

/** A small deterministic generator, so a failure is the same on every run. */
function random(seed: number): () => number {
  let s = seed;
  return () => {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    return s / 2 ** 32;
  };
}

const OPTIONS: PackOptions[] = [
  { budget: 0 },
  { budget: 0, markers: "count" },
  { budget: 0, markers: false },
  { budget: 0, collapse: false, lineBase: 40, label: (n) => `${n}| ` },
  { budget: 0, maxLine: 30 },
];

describe("renderedSize", () => {
  it("is render's text length for every fixture output, kept units and notes drawn at random", () => {
    const next = random(7);
    let checked = 0;
    for (const text of outputs) {
      const doc = docOf(text);
      for (const opts of OPTIONS) {
        const layout = layoutOf(doc, opts);
        const units = layout.first.length;
        for (const density of [0, 0.03, 0.3, 0.9, 1]) {
          const kept = new Uint8Array(units + 2);
          kept[0] = kept[units + 1] = 1;
          for (let u = 0; u < units; u++) if (next() < density) kept[u + 1] = 1;
          const notesAt = new Map<number, string[]>();
          const notes: string[] = [];
          for (let k = Math.floor(next() * 4); k > 0; k--) {
            const note = next() < 0.2 ? "" : `[note ${k}]`;
            const u = Math.floor(next() * (units + 1));
            notesAt.set(u, [...(notesAt.get(u) ?? []), note]);
            notes.push(note);
          }
          expect(renderedSize(layout, kept, notes)).toBe(render(layout, kept, notesAt).text.length);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(100);
  });
});
