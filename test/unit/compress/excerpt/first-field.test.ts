import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fieldBounds } from "../../../../src/compress/excerpt/fields.ts";
import { fixtureTexts } from "../corpus.ts";

// fieldBounds read a line's first field (leadOutliers: max 1) as it reads many: a look for
// a tab and one for a comma along the whole line first. It now reads the first word alone,
// and must find the bounds it found: the reference below is fieldBounds as it was.
function fieldBoundsAsItWas(line: string, from: number, max: number, bounds: Int32Array): number {
  let count = 0;
  const n = line.length;
  // The first comma at or after the word read (-1: none left), found once for many words.
  let comma = line.indexOf(",", from);
  // Without a tab, a word ends at the next space, found natively.
  const tabs = line.indexOf("\t", from) >= 0;
  // Word by word, up to `max` fields: a caller that needs the first few reads no further.
  for (let i = from; i < n && count < max; ) {
    while (i < n && (line.charCodeAt(i) === 32 || line.charCodeAt(i) === 9)) i++;
    if (i >= n) break;
    let j = i + 1;
    if (tabs) while (j < n && line.charCodeAt(j) !== 32 && line.charCodeAt(j) !== 9) j++;
    else {
      j = line.indexOf(" ", j);
      if (j < 0) j = n;
    }
    if (comma >= 0 && comma < i) comma = line.indexOf(",", i);
    // Packed: a comma inside the word, not its last character, and a further one not right after it.
    let packed = false;
    if (comma >= 0 && comma < j - 1) {
      const next = line.indexOf(",", comma + 1);
      packed = next > comma + 1 && next < j;
    }
    if (!packed) {
      bounds[2 * count] = i;
      bounds[2 * count + 1] = j;
      count++;
    } else
      for (let s = i; ; ) {
        if (count === max) return count;
        let e = line.indexOf(",", s);
        if (e < 0 || e > j) e = j;
        bounds[2 * count] = s;
        bounds[2 * count + 1] = e;
        count++;
        if (e >= j) break;
        s = e + 1;
      }
    i = j;
  }
  return count;
}

/** The first field's bounds, or [] where the line has none. */
function first(read: typeof fieldBounds, line: string, from: number): number[] {
  const bounds = new Int32Array(2);
  return read(line, from, 1, bounds) > 0 ? [bounds[0]!, bounds[1]!] : [];
}

const lines = fixtureTexts().flatMap(({ text }) => text.split("\n"));

describe("fieldBounds of the first field alone", () => {
  it("finds the bounds it found, in every line of the fixture outputs and past its first characters", () => {
    expect(lines.length).toBeGreaterThan(10_000);
    const got: number[][] = [];
    const want: number[][] = [];
    for (const line of lines)
      for (const from of [0, 1, 5]) {
        got.push(first(fieldBounds, line, from));
        want.push(first(fieldBoundsAsItWas, line, from));
      }
    expect(got).toEqual(want);
  });

  it("finds them in random lines of blanks, tabs, commas and words", () => {
    const unit = fc.constantFrom(" ", "\t", ",", ",,", "a", "bc", "1", "\u00a0", ";");
    fc.assert(
      fc.property(fc.string({ unit, maxLength: 16 }), fc.nat(3), (line, from) => {
        expect(first(fieldBounds, line, from)).toEqual(first(fieldBoundsAsItWas, line, from));
      }),
      { numRuns: 30_000 },
    );
  });
});
