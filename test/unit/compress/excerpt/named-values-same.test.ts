import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { namedOutliers } from "../../../../src/compress/excerpt/named-values.ts";
import { namedOutliers as asItWas } from "./named-values-as-it-was.ts";

// namedOutliers seeks the sampled keys each alone over every line, where it matched NAMED
// with every key of the line: it must find the same rare values, in the same order.
describe("namedOutliers seeking each key alone", () => {
  const key = fc.constantFrom("level", "lvl", "method", "a.b", "x-y", "status", "Mac", "vel");
  const value = fc.constantFrom("GET", "POST", "500", "200", "=x", "", "a=b", "MD5", "RSA", "x\u00a0y");
  const blank = fc.constantFrom(" ", "  ", "\t", "\u00a0", "\u3000", "\ufeff", "", "=", ":");
  const pair = fc.tuple(blank, key, fc.constantFrom("=", "=", "==", ":"), value).map((p) => p.join(""));
  const line = fc.array(pair, { maxLength: 6 }).map((ps) => ps.join(""));
  // The first line names no key, and the lines name theirs in two orders: a sample and every
  // line meet the keys first in two orders, and the fields are made in the second.
  const usual = (k: number) =>
    k === 0
      ? "begin"
      : k % 2
        ? `at ${k} level=info method=${k % 3 ? "GET" : "POST"} status=200 Mac=SHA1`
        : `at ${k} Mac=SHA1 status=200 level=info method=${k % 3 ? "GET" : "POST"}`;
  let found = 0;

  it("finds the same values where most lines name the same keys and the rest are any", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 20, max: 300 }),
        fc.array(fc.tuple(fc.nat(), line), { maxLength: 40 }),
        (n, odd) => {
          const lines = Array.from({ length: n }, (_, k) => usual(k));
          for (const [at, l] of odd) lines[at % n] = l;
          const at = lines.map((_, i) => i).filter((i) => i % 11 !== 5);
          const now = new Map<string, number[]>();
          const was = new Map<string, number[]>();
          namedOutliers(lines, at, now);
          asItWas(lines, at, was);
          if (was.size > 0) found++;
          expect([...now]).toEqual([...was]);
        },
      ),
      { numRuns: 3000 },
    );
    // Rare values were there to be found, not only their absence.
    // Drawn: about 1,558 of 3,000 draws find rare values (binomial sd about 27): 300 is far below.
    expect(found).toBeGreaterThan(300);
  });

  it("finds the same values over lines of any keys", () => {
    fc.assert(
      fc.property(fc.array(line, { minLength: 20, maxLength: 120 }), (lines) => {
        const at = lines.map((_, i) => i);
        const now = new Map<string, number[]>();
        const was = new Map<string, number[]>();
        namedOutliers(lines, at, now);
        asItWas(lines, at, was);
        expect([...now]).toEqual([...was]);
      }),
      { numRuns: 2000 },
    );
  });
});
