import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fieldBounds } from "../../../../src/compress/excerpt/fields.ts";
import { leadOutliers } from "../../../../src/compress/excerpt/outliers.ts";

// leadOutliers kept each first field's lines in a Map (every line's value hashed); it now
// looks along the few values it holds. The answer must be the Map's: this is that reading
// as it stood.
function byMap(
  lines: readonly string[],
  at: readonly number[],
  bodyAt: (i: number) => number,
): [string, number[]][] {
  const out = new Map<string, number[]>();
  if (at.length < 50) return [];
  const held = new Map<string, number[]>();
  const bounds = new Int32Array(2);
  for (const i of at) {
    const line = lines[i]!;
    const v = fieldBounds(line, bodyAt(i), 1, bounds) > 0 ? line.slice(bounds[0], bounds[1]) : "";
    const list = held.get(v);
    if (list) list.push(i);
    else if (held.size === 20) return [];
    else held.set(v, [i]);
  }
  if (held.size < 3) return [];
  for (const [v, list] of held) if (list.length <= 2) out.set(`lead:${v}`, list);
  return [...out];
}

function byLook(
  lines: readonly string[],
  at: readonly number[],
  bodyAt: (i: number) => number,
): [string, number[]][] {
  const out = new Map<string, number[]>();
  leadOutliers(lines, at, out, bodyAt);
  return [...out];
}

const DIR = join(import.meta.dirname, "../../../fixtures/outputs");
const outputs = readdirSync(DIR)
  .filter((f) => f.endsWith(".txt"))
  .map((f) => readFileSync(join(DIR, f), "utf8").split("\n"));

describe("leadOutliers's look along its values", () => {
  it("answers as the Map for every fixture output, from each tenth on, its bodies cut", () => {
    let found = 0;
    for (const lines of outputs)
      for (let tenth = 0; tenth < 10; tenth++) {
        const at: number[] = [];
        for (let i = Math.floor((lines.length * tenth) / 10); i < lines.length; i++)
          if (lines[i] !== "") at.push(i);
        for (const bodyAt of [() => 0, (i: number) => Math.min(lines[i]!.length, 2)]) {
          const expected = byMap(lines, at, bodyAt);
          expect(byLook(lines, at, bodyAt)).toEqual(expected);
          if (expected.length > 0) found++;
        }
      }
    expect(found).toBeGreaterThan(20);
  });
  it("answers so for random outputs of 1 to 25 first values, at and past the 20 values kept", () => {
    const line = fc.tuple(fc.integer({ min: 0, max: 24 }), fc.constantFrom("", " x", "\ty", " ", "a,b,c d"));
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 40, maxLength: 120 }),
        fc.integer({ min: 1, max: 25 }),
        (rows, most) => {
          const lines = rows.map(([v, rest]) => (v % most === 0 ? rest : `v${v % most}${rest}`));
          const at = lines.map((_, i) => i);
          expect(byLook(lines, at, () => 0)).toEqual(byMap(lines, at, () => 0));
        },
      ),
      { numRuns: 5_000 },
    );
  });
});
