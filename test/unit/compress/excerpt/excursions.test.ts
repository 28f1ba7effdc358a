import { describe, expect, it } from "vitest";
import { docOf } from "../../../../src/compress/excerpt/doc.ts";
import { excursions } from "../../../../src/compress/excerpt/excursions.ts";
import { templatesOf } from "../../../../src/compress/excerpt/templates.ts";
import { capturedCase } from "../corpus.ts";

/** The rows' kinds, as the engine makes them. */
const kinds = (lines: string[]) => templatesOf(docOf(lines.join("\n")), () => false);

describe("where a measured series leaves its level and comes back", () => {
  it("keeps where ebur128's burst ends (fresh29 hydrophone loudness, spilled)", async () => {
    // 300 rows of one kind: the burst's first rows showed (far values), the row where the
    // momentary loudness is back at -48.5 LUFS did not.
    const { e } = await capturedCase("fresh29", "ebur128-hydrophone-spilled-f29");
    expect(e.text).toContain("t: 11.1       TARGET:-23 LUFS    M: -27.8");
    expect(e.text).toContain("t: 14.4       TARGET:-23 LUFS    M: -35.2");
    expect(e.text).toContain("t: 14.5       TARGET:-23 LUFS    M: -48.5");
  });

  it("reads stretches that come back, not a start, an end or a level that changes", () => {
    const row = (t: number, v: number) => `sample t=${t} level=${v}`;
    const values = Array.from({ length: 40 }, (_, t) => (t >= 20 && t < 24 ? 90 : 10 + (t % 3)));
    const lines = values.map((v, t) => row(t, v));
    expect(excursions(lines, kinds(lines))).toEqual([20, 23, 24]);
    // A level that changes for good is a regime, no excursion.
    const shift = Array.from({ length: 40 }, (_, t) => row(t, t >= 30 ? 90 : 10));
    expect(excursions(shift, kinds(shift))).toEqual([]);
    // One row alone is a far value, not a stretch.
    const one = Array.from({ length: 40 }, (_, t) => row(t, t === 12 ? 90 : 10));
    expect(excursions(one, kinds(one))).toEqual([]);
  });
});
