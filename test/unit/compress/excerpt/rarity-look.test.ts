import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  FEW_LINES,
  farEitherSide,
  onlyGrow,
  printedStep,
} from "../../../../src/compress/excerpt/far-values.ts";
import { type Printed, signedNumberIn } from "../../../../src/compress/excerpt/fields.ts";
import { insideOfRows } from "../../../../src/compress/excerpt/nested.ts";
import { barCells, type Rarity, rarity, splitAligned } from "../../../../src/compress/excerpt/rare.ts";

// rarity counted each column's values in a Map (every cell hashed, then hashed again to
// find the rare rows); it now looks along the few values a column of categories holds and
// keeps each row's place among them. The answer must be the one the Map gave: this is
// that reading as it stood, but for farRows (the same function, left as it was).
const CATEGORIES = 20;
const isNumber = (v: string) => !Number.isNaN(signedNumberIn(v, 0, v.length));
function byMap(rows: readonly (readonly string[])[]): Rarity {
  const n = rows.length;
  if (n < 8) return { rare: [], columns: [], far: [] };
  const width = Math.max(...rows.map((r) => r.length));
  const rare = new Set<number>();
  const columns: { column: number; counts: [string, number][] }[] = [];
  const fewNumbers = Math.min(CATEGORIES, Math.max(2, Math.floor(n / 3)));
  const far: number[] = [];
  for (let c = 0; c < width; c++) {
    const counts = new Map<string, number>();
    for (const row of rows) {
      const v = (row[c] ?? "").trim();
      counts.set(v, (counts.get(v) ?? 0) + 1);
      if (counts.size > CATEGORIES) break;
    }
    if (counts.size < 2) continue;
    if (counts.size > CATEGORIES || (counts.size > fewNumbers && [...counts.keys()].every(isNumber))) {
      const above = farRows(rows, c);
      for (const i of above) rare.add(i);
      if (above.length > 0) far.push(c);
      continue;
    }
    const few = Math.max(...counts.values()) >= (n * 2) / 3 ? FEW_LINES : 0;
    const rareValues = new Set([...counts].filter(([, k]) => k < n * 0.05 || k <= few).map(([v]) => v));
    if (rareValues.size === 0) continue;
    rows.forEach((row, i) => {
      if (rareValues.has((row[c] ?? "").trim())) rare.add(i);
    });
    columns.push({ column: c, counts: [...counts].sort((a, b) => b[1] - a[1]) });
  }
  return { rare: [...rare].sort((a, b) => a - b), columns, far };
}

// farRows and notAbove0 as they stand in rare.ts.
const printed: Printed = { decimals: 0 };
function farRows(rows: readonly (readonly string[])[], c: number): number[] {
  const at: number[] = [];
  const values: number[] = [];
  let decimals = 0;
  let below1 = true;
  for (let i = 0; i < rows.length; i++) {
    const v = (rows[i]![c] ?? "").trim();
    if (v === "") continue;
    const x = signedNumberIn(v, 0, v.length, printed);
    if (Number.isNaN(x)) return [];
    at.push(i);
    values.push(x);
    decimals = Math.max(decimals, printed.decimals);
    if (Math.abs(x) >= 1) below1 = false;
  }
  if (values.length < rows.length * 0.9 || onlyGrow(values)) return [];
  const unit = printedStep(decimals, below1);
  const far = farEitherSide(values, 3, unit, insideOfRows(rows, c, at));
  return [...far, ...notAbove0(values).filter((k) => !far.includes(k))].map((k) => at[k]!);
}
function notAbove0(values: readonly number[]): number[] {
  const at: number[] = [];
  for (let k = 0; k < values.length; k++) if (values[k]! <= 0) at.push(k);
  return at.length > 0 && (at.length < values.length * 0.05 || at.length <= FEW_LINES) ? at : [];
}

const DIR = join(import.meta.dirname, "../../../fixtures/outputs");
const outputs = readdirSync(DIR)
  .filter((f) => f.endsWith(".txt"))
  .map((f) => readFileSync(join(DIR, f), "utf8").split("\n"));

describe("rarity looks along a column's values", () => {
  it("finds what counting them in a Map found, for every fixture output cut into cells", () => {
    let found = 0;
    for (const lines of outputs)
      for (const split of [splitAligned, (l: string) => barCells(l, "|"), (l: string) => l.split(/\s+/)]) {
        const rows = lines.filter((l) => l.trim() !== "").map(split);
        const r = rarity(rows);
        expect(r).toEqual(byMap(rows));
        found += r.rare.length;
      }
    expect(found).toBeGreaterThan(100);
  });

  it("finds it for random tables of few values, numbers, blanks and cells padded with spaces", () => {
    // Values from a pool of a given size: columns of 1 to 30 values (both sides of CATEGORIES).
    const cell = fc.oneof(
      fc.integer({ min: 0, max: 29 }).map((k) => `v${k}`),
      fc.integer({ min: 0, max: 3 }).map((k) => ["ok", " ok", "ok  ", "fail"][k]!),
      fc.integer({ min: -5, max: 900 }).map(String),
      fc.constantFrom("", " ", "\u00a0", "1.5K", "2M"),
    );
    const row = fc.array(cell, { minLength: 0, maxLength: 4 });
    fc.assert(
      fc.property(fc.array(row, { minLength: 0, maxLength: 80 }), (rows) => {
        expect(rarity(rows)).toEqual(byMap(rows));
      }),
      { numRuns: 3_000 },
    );
  });

  it("reads a column of exactly CATEGORIES values as one of categories, one more as none", () => {
    for (const values of [CATEGORIES, CATEGORIES + 1]) {
      const rows = Array.from({ length: 400 }, (_, i) => [`row${i}`, i < values - 1 ? `rare${i}` : "common"]);
      const r = rarity(rows);
      expect(r).toEqual(byMap(rows));
      expect(r.columns.length).toBe(values === CATEGORIES ? 1 : 0);
    }
  });
});
