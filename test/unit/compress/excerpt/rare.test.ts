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
    expect(e.text.split("\n")[0]).toMatch(/^\[157 entries: each directory's names by kind/);
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
