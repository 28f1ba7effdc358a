import { describe, expect, it } from "vitest";
import { makeVariant } from "../../../../../bench/corpus/facts/variants.ts";
import { capturedCase } from "../../corpus.ts";

describe("a table whose column of numbers has one far above the rest", () => {
  it("keeps that row, as a rare category's (fresh7 capture)", async () => {
    // A real aligned `psql -c "SELECT * FROM shipments …"` of 400 rows: parcels of 0.1 to
    // 40 kg and one of 1,840 kg. Rarity read columns of categories only, so the weight
    // was no reason to show its row, while the lost and returned ones were.
    const { e } = await capturedCase("fresh7", "psql-aligned-recent-shipments");
    expect(e.compressor).toBe("table");
    for (const fact of [
      " 29917 | ORD-729917 |           10 |          3 | in_transit         |   1840.00 |",
      " 29788 | ORD-729788 |            1 |          5 | lost ",
      " 29851 | ORD-729851 |            2 |          5 | returned_to_sender |",
      "(400 rows)",
    ])
      expect(e.text).toContain(fact);
  });

  it("keeps a table's five largest amounts, not its three (fresh19 csvlook capture)", async () => {
    // `csvlook packages.csv | head -n 300`: 298 packages, their Installed-Size in KB with
    // thousands grouped. ghc, google-cloud-cli and kubectl (775,755 to 422,505) were kept
    // as the three largest; golang-1.19-go (334,790) and chromium (290,280), the next two
    // and as far above the median of a few hundred, were left out of the excerpt.
    const { e } = await capturedCase("fresh19", "csvlook-packages-spilled-f19");
    expect(e.compressor).toBe("table");
    for (const size of ["775,755", "510,243", "422,505", "334,790", "290,280"])
      expect(e.text).toMatch(new RegExp(`^\\| \\S+ +\\| .*\\| +${size} \\|`, "m"));
  });

  it("finds the numbers far above the rest, not ids that grow or amounts that spread", async () => {
    const { rarity } = await import("../../../../../src/compress/excerpt/rare.ts");
    const rows = Array.from({ length: 60 }, (_, i) => [
      String(1000 + i),
      (5 + ((i * 7) % 30) + 0.25).toFixed(2),
      i === 17 ? "1840.00" : `${(10 + ((i * 13) % 25)).toFixed(2)}`,
    ]);
    const r = rarity(rows);
    expect(r.rare).toEqual([17]);
    expect(r.far).toEqual([2]);
    expect(r.columns).toEqual([]);
  });

  it("reads numbers that only grow as places, not amounts (an eslint report's lines)", async () => {
    const { rarity } = await import("../../../../../src/compress/excerpt/rare.ts");
    const lines = [3, 4, 4, 9, 12, 15, 18, 21, 22, 30, 182, 312];
    const r = rarity(lines.map((l, i) => [String(l), `rule-${i}`]));
    expect(r.far).toEqual([]);
    expect(r.rare).toEqual([]);
  });

  it("reads a size's unit as the outliers do: a du -ah's largest, wherever they stand", async () => {
    // `du -ah cache | sort -h` (fresh9) rotated at its middle by the robustness bench
    // (bench/corpus/facts/variants.ts), so its largest lines no longer end it. Far rows read
    // only plain numbers, so `149M` was no number and no row stood far above the rest.
    const { text, must } = await capturedCase("fresh9", "du-ah-cache-sorted");
    const v = makeVariant(text, must, "shifted");
    if (!("text" in v)) throw new Error(v.skip);
    const { rarity } = await import("../../../../../src/compress/excerpt/rare.ts");
    const lines = v.text.split("\n").filter((l) => l !== "");
    const r = rarity(lines.map((l) => l.split("\t")));
    expect(r.far).toEqual([0]);
    // The largest five values, a line inside the one above it (a folder's largest child,
    // du -a's file in its folder) taking no place of its own: the 96M and 41M files and the
    // folders that hold them, then 2.1M's cache/api, 2.0M's cache/web, 1.9M's cache/docs.
    // When each line was a value, the total and the folders around the 96M file took all
    // the places, and the file was left out.
    expect(r.rare.map((i) => lines[i])).toEqual([
      "1.9M\tcache/docs",
      "2.0M\tcache/web",
      "2.1M\tcache/api",
      "41M\tcache/infra/tmp/b00/part-0.bin",
      "42M\tcache/infra/tmp",
      "42M\tcache/infra/tmp/b00",
      "44M\tcache/infra",
      "96M\tcache/mobile/artifacts/b02/part-0.bin",
      "97M\tcache/mobile/artifacts",
      "97M\tcache/mobile/artifacts/b02",
      "98M\tcache/mobile",
      "149M\tcache",
    ]);
  });
});
