import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { countKey, fieldBounds, keyIn, named } from "../../../../src/compress/excerpt/fields.ts";

// tally counted each line's name by reading it (keyIn, then a look along the names); a
// value met again is now counted under the name read for it before. The counts must be
// the reading's: this is it as it stood (countName, copied).
function byReading(
  seen: string[],
  counts: number[],
  line: string,
  from: number,
  to: number,
  most: number,
): boolean {
  if (!keyIn(line, from, to)) return false;
  const length = named.to - named.from;
  for (let x = 0; x < seen.length; x++)
    if (seen[x]!.length === length && line.startsWith(seen[x]!, named.from)) {
      counts[x]!++;
      return true;
    }
  if (seen.length === most) return false;
  seen.push(line.slice(named.from, named.to));
  counts.push(1);
  return true;
}

/** Reads field `k` of each line both ways, its values' places kept as tally keeps them. */
function both(lines: readonly string[], k: number): number {
  const bounds = new Int32Array(2 * (k + 1));
  const [seen, counts, seen2, counts2, values, nameOf] = [[], [], [], [], [], []] as [
    ...[string[], number[], string[], number[], string[], number[]],
  ];
  let read = 0;
  let categorical = true;
  for (const line of lines) {
    if (fieldBounds(line, 0, k + 1, bounds) <= k) continue;
    const [from, to] = [bounds[2 * k]!, bounds[2 * k + 1]!];
    const v = line.slice(from, to);
    // As tally: the value's place among the field's, until a 13th value makes it no field of categories.
    let at = -1;
    if (categorical) {
      at = values.indexOf(v);
      if (at < 0) at = values.push(v) - 1;
      if (values.length > 12) categorical = false;
    }
    const expected = byReading(seen, counts, line, from, to, 12);
    expect(countKey(seen2, counts2, 12, nameOf, at, line, from, to), line).toBe(expected);
    expect([seen2, counts2]).toEqual([seen, counts]);
    read++;
    if (!expected) break;
  }
  return read;
}

const DIR = join(import.meta.dirname, "../../../fixtures/outputs");
const outputs = readdirSync(DIR)
  .filter((f) => f.endsWith(".txt"))
  .map((f) => readFileSync(join(DIR, f), "utf8").split("\n"));

describe("countKey", () => {
  it("counts as reading each name for the first eight fields of every fixture output", () => {
    let read = 0;
    for (const lines of outputs) for (let k = 0; k < 8; k++) read += both(lines, k);
    expect(read).toBeGreaterThan(500);
  });
  it("counts so for random fields of values under names, alike values under other names, and none", () => {
    const name = fc.constantFrom(
      "method",
      "path",
      "took",
      "x",
      "a.b",
      "Test",
      "Time",
      "n1",
      "n2",
      "n3",
      "n4",
      "n5",
      "n6",
    );
    const value = fc.constantFrom("POST", "GET", "12ms", "1", "", "a b");
    const field = fc.oneof(
      fc.tuple(name, value).map(([n, v]) => `${n}=${v}`),
      fc.tuple(name, value).map(([n, v]) => `"${n}":"${v}"`),
      fc.tuple(name, value).map(([n, v]) => `{"${n}":${v}`),
      fc.constantFrom("POST", "=x", '"":1', "12"),
    );
    fc.assert(
      fc.property(fc.array(fc.tuple(field, field), { maxLength: 60 }), (rows) => {
        both(
          rows.map(([a, b]) => `${a} ${b}`),
          1,
        );
      }),
      { numRuns: 10_000 },
    );
  });
});
