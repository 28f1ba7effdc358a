import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { compressLoading } from "../../../src/compress/compress-lazy.ts";
import { compressText } from "../../../src/compress/compress-text.ts";
import { compressLoadingGeneric, compressWith } from "../../../src/compress/compress-with.ts";
import type { Compressor, Hints } from "../../../src/compress/excerpt/types.ts";
import { generic } from "../../../src/compress/kinds/index.ts";
import { REPO } from "../../helpers/cairn.ts";

// The hook loads only the kind an output needs (compress-lazy.ts); what it makes must be
// what compressing with every kind loaded makes, byte for byte, for every real output.

const DIR = join(REPO, "test/fixtures/outputs");

describe("compressing with only the chosen kind loaded", () => {
  const files = readdirSync(DIR).filter((f) => f.endsWith(".txt"));
  it("has real outputs to compare", () => expect(files.length).toBeGreaterThan(20));
  for (const f of files) {
    it(`makes the same excerpt of ${f}`, async () => {
      const text = readFileSync(join(DIR, f), "utf8");
      for (const hints of [{ tool: "Bash" }, { tool: "Read", filePath: `/src/${f}` }] as Hints[])
        for (const budget of [1_000, 4_000])
          expect(await compressLoading(text, hints, budget)).toEqual(compressText(text, hints, budget));
    });
  }
  it("loads the generic excerpt when the chosen one fails, and cuts as compressWith does", async () => {
    const text = readFileSync(join(DIR, "log-nginx-access.txt"), "utf8");
    const failing: Compressor = {
      name: "boom",
      detect: () => 1,
      compress: () => {
        throw new Error("a compressor bug");
      },
    };
    let loaded = 0;
    const loadGeneric = async () => {
      loaded++;
      return generic;
    };
    const lazy = await compressLoadingGeneric(text, { tool: "Bash" }, 2_000, failing, false, loadGeneric);
    expect(loaded).toBe(1);
    expect(lazy.compressor).toBe("generic (after boom)");
    expect(lazy).toEqual(compressWith(text, { tool: "Bash" }, 2_000, failing, generic));
    // A kind that cuts well never needs the generic excerpt.
    await compressLoadingGeneric(text, { tool: "Bash" }, 2_000, generic, true, loadGeneric);
    expect(loaded).toBe(1);
  });
});
