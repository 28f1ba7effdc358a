import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

describe("rare rows", () => {
  it("finds the rows whose value in a column of categories is rare, not ids or amounts", async () => {
    const { rarity } = await import("../../../../src/compress/excerpt/rare.ts");
    const rows = Array.from({ length: 100 }, (_, i) => [
      `ch_${i}`,
      String(100 + i),
      i === 42 ? "declined" : "paid",
    ]);
    const r = rarity(rows);
    expect(r.rare).toEqual([42]);
    expect(r.columns).toEqual([
      {
        column: 2,
        counts: [
          ["paid", 99],
          ["declined", 1],
        ],
      },
    ]);
  });

  it("cuts aligned rows where the rule under the header puts the columns", async () => {
    const { spansOf, splitBySpans } = await import("../../../../src/compress/excerpt/rare.ts");
    const spans = spansOf("+++-=====-====-==");
    expect(splitBySpans("ii  nginx 1.2  all", spans)).toEqual(["ii", "nginx", "1.2", "all"]);
  });
});

describe("source code is not a table", () => {
  it("a CommonJS file with capitalised comments and commas is code", async () => {
    const { looksLikeCode } = await import("../../../../src/compress/kinds/table/detect.ts");
    const text = readFileSync(
      new URL("../../../fixtures/outputs-substance/cat-base64-js.txt", import.meta.url),
      "utf8",
    );
    expect(looksLikeCode(text.split("\n", 60).filter((l) => l.trim() !== ""))).toBe(true);
    const csv = readFileSync(new URL("../../../fixtures/outputs-substance/csv.txt", import.meta.url), "utf8");
    expect(looksLikeCode(csv.split("\n", 60))).toBe(false);
  });
});

describe("ls -la of one directory", () => {
  it("is a listing: every name whole, by kind, in a quarter of the size", async () => {
    const { compressText } = await import("../../../../src/compress/compress-text.ts");
    const { excerptBudget } = await import("../../../../src/compress/excerpt/budget.ts");
    const { defaults } = await import("../../../../src/config/schema.ts");
    const text = readFileSync(
      new URL("../../../fixtures/outputs-substance/ls-la-node-modules.txt", import.meta.url),
      "utf8",
    );
    const e = compressText(
      text,
      { tool: "Bash", command: "ls -la node_modules" },
      excerptBudget(defaults(), text.length),
    );
    expect(e.compressor).toBe("listing");
    // The count is the header's (kept), not said again by the note.
    expect(e.kept).toMatch(/names of 157 entries$/);
    expect(e.text.split("\n")[0]).toMatch(/^\[each directory's names by kind/);
    const words = new Set(e.text.split(/\s+/));
    const names = text
      .split("\n")
      .map((l) => l.split(/\s+/).slice(8).join(" "))
      .filter((n) => n !== "" && n !== "." && n !== "..");
    expect(names).toHaveLength(155);
    for (const n of names) expect(words.has(n), n).toBe(true);
    expect(e.text.length).toBeLessThanOrEqual(text.length * 0.25);
  });
});

describe("tables on fragments", () => {
  it("a table compressor given only blank lines does not throw", async () => {
    const { tablesExcerpt } = await import("../../../../src/compress/kinds/table/excerpt.ts");
    expect(() => tablesExcerpt("", { tool: "Bash" }, 200)).not.toThrow();
    expect(() => tablesExcerpt("\n\n", { tool: "Bash" }, 200)).not.toThrow();
  });
});

describe("a number at or below zero among positive ones", () => {
  it("is a rare row of a CSV (fresh9 capture)", async () => {
    // A real `cat` of a 420-row stock count: on-hand counts of 20-900 and one of -14, unit
    // costs of 0.40-80 and one of 0.00. Neither stands far above the rest, so neither row
    // was shown, where the row with more reserved than on hand (far above) was.
    const { capturedCase } = await import("../corpus.ts");
    const { e } = await capturedCase("fresh9", "cat-stock-csv");
    for (const fact of [
      "SKU-20096,DUB1,-14,4,97,61.61,2024-12-02,Nordpak",
      "SKU-20318,ORK2,397,7,73,0.00,2024-12-05,Brady Ltd",
      "SKU-20251,DUB1,528,828,56,44.23,2024-12-03,Brady Ltd",
    ])
      expect(e.text).toContain(fact);
  });

  it("is not rare where many rows hold it", async () => {
    const { rarity } = await import("../../../../src/compress/excerpt/rare.ts");
    const rows = Array.from({ length: 100 }, (_, i) => [
      `r${i}`,
      String(i % 10 === 0 ? 0 : 40 + ((i * 37) % 300)),
    ]);
    expect(rarity(rows).rare).toEqual([]);
  });
});

describe("a column of numbers", () => {
  // rare.ts told a column of numbers by an expression of its own (digits, points, commas),
  // apart from signedNumberIn, by which farRows then reads them: du -h's sizes (`44K`,
  // `42M`) were no numbers to it, and a column of 18 sizes among 21 rows was one of
  // categories whose every value was rare. Every 25th row of fresh9's `du -ah | sort -h`
  // with its body rotated by the robustness bench (bench/corpus/facts/variants.ts).
  it("reads a column of sizes as numbers, by the reader farRows reads them with", async () => {
    const { rarity } = await import("../../../../src/compress/excerpt/rare.ts");
    const { makeVariant } = await import("../../../../bench/corpus/facts/variants.ts");
    const { capturedCase } = await import("../corpus.ts");
    const { text, must } = await capturedCase("fresh9", "du-ah-cache-sorted");
    const v = makeVariant(text, must, "shifted");
    if (!("text" in v)) throw new Error(v.skip);
    const rows = v.text
      .split("\n")
      .filter((l) => l.includes("\t"))
      .filter((_, i) => i % 25 === 0)
      .map((l) => l.split("\t"));
    expect(rows.length).toBe(21);
    expect(rarity(rows).rare.map((i) => rows[i]!.join("\t"))).toEqual([
      "268K\tcache/api/deps",
      "42M\tcache/infra/tmp/b00",
    ]);
  });
});
