import { describe, expect, it } from "vitest";
import { farAbove, farEitherSide } from "../../../../src/compress/excerpt/far-values.ts";

/**
 * farAbove reads the median distance only where a value stands above twice the median
 * (the bar is at least that): the same values as farEitherSide's upper side, which reads
 * both always, on fields of every shape.
 */
describe("values far above the rest, the median distance read only when one may be", () => {
  // A small generator of its own, so that each run tries the same fields.
  let seed = 7;
  const next = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const fields: number[][] = [
    [1, 1, 1, 1, 1, 1, 1, 1, 1, 900],
    [5, 5, 5, 5, 5, 5, 5, 5, 10, 11],
    [-9, -8, -8, -7, -7, -7, -6, -1, 0, 3],
    [1, 2, 3, 4, 5, 6, 7, 8, Number.NaN, 4000],
    [0, 0, 0, 0, 0, 0, 0, 0, 0, 1],
  ];
  for (let f = 0; f < 400; f++) {
    const n = 8 + Math.floor(next() * 40);
    const scale = [1, 10, 1000, 0.01][f % 4]!;
    fields.push(
      Array.from({ length: n }, () =>
        next() < 0.1
          ? Math.round(next() * 100 * scale)
          : Math.round((50 + next() * 20) * scale) - (f % 7 === 0 ? 60 * scale : 0),
      ),
    );
  }

  it("are those farEitherSide finds above the median, for every field", () => {
    let found = 0;
    for (const values of fields) {
      const median = Float64Array.from(values).sort()[values.length >> 1]!;
      const upper = farEitherSide(values).filter((i) => values[i]! > median);
      const far = farAbove(values);
      if (far.length > 0) found++;
      expect(far, values.join(",")).toEqual(upper);
    }
    expect(found).toBeGreaterThan(20);
  });
});
