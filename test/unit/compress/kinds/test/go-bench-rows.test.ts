import { describe, expect, it } from "vitest";
import { makeVariant } from "../../../../../bench/corpus/facts/variants.ts";
import { compressText } from "../../../../../src/compress/compress-text.ts";
import { excerptBudget } from "../../../../../src/compress/excerpt/budget.ts";
import { defaults } from "../../../../../src/config/schema.ts";
import { capturedCase } from "../../corpus.ts";

describe("go test -bench", () => {
  it("keeps each package's slowest and fastest rows when a run grows past 8 KB, the rest as room allows (fresh22 go test -bench -benchmem, grown 2x)", async () => {
    const { text, must, hints } = await capturedCase("fresh22", "go-test-bench-mem-f22");
    // The real run is 4 KB and passes whole; the same tool over twice the packages does not.
    const made = makeVariant(text, must, "grown2x");
    if (!("text" in made)) throw new Error(made.skip);
    expect(made.text.length).toBeGreaterThan(8192);
    const e = compressText(made.text, hints, excerptBudget(defaults(), made.text.length));
    expect(e.compressor).toBe("go-test");
    expect(e.kept).not.toBe("everything");
    const rows = text.split("\n").filter((l) => /^Benchmark\S*\s+\d+\s+[\d.]+ ns\/op/.test(l));
    expect(rows.length).toBeGreaterThan(20);
    // The slowest of the tabwriter package, the slowest of csv, the fastest of all.
    expect(must.filter((m) => !e.text.includes(m))).toEqual([]);
    // Past the cap not every row fits (80 rows of 100 characters), but most do.
    expect(rows.filter((r) => e.text.includes(r)).length).toBeGreaterThan(rows.length / 2);
  });
});
