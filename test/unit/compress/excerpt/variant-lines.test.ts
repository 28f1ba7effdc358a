import { describe, expect, it } from "vitest";
import { variantLines } from "../../../../src/compress/excerpt/variant-lines.ts";
import { capturedCase } from "../corpus.ts";

describe("variants of the form most lines take", () => {
  it("keeps the few lines that add words at the form's end (fresh16 cspell: the 6 with a fix among 245)", async () => {
    // Each unknown word was a kind of its own, so the lines cspell offers a fix on were
    // rare among 113 rare kinds, and the cap went to the shorter ones.
    const { e, must } = await capturedCase("fresh16", "cspell-vendor-f16");
    const fixes = must.filter((m) => m.includes(" fix: ("));
    expect(fixes).toHaveLength(6);
    for (const fact of fixes) expect(e.text).toContain(fact);
  });

  it("keeps the few lines that put another word in the form (fresh16 git fsck: 4 dangling commits among 150 blobs)", async () => {
    // The four were a kind of four, shown by its first and last.
    const { e, must } = await capturedCase("fresh16", "git-fsck-full-f16");
    const commits = must.filter((m) => m.startsWith("dangling commit "));
    expect(commits).toHaveLength(4);
    for (const fact of commits) expect(e.text).toContain(fact);
  });

  it("finds none where no form holds most lines, or where the variants are many", () => {
    const form = (k: number) => `src/a${k}.ts:${k}:1 - Unknown word (w${k})`;
    const lines = Array.from({ length: 40 }, (_, k) => form(k));
    expect(variantLines([...lines, "src/b.ts:3:1 - Unknown word (x) fix: (y)"], () => false)).toEqual([40]);
    expect(variantLines([...lines, "src/b.ts:3:1 - Known word (x)"], () => false)).toEqual([40]);
    // Another value in place of a value, or a value added, is no variant.
    expect(variantLines([...lines, "src/b.ts:3:1 - Unknown word (x) (y)"], () => false)).toEqual([]);
    const many = Array.from({ length: 10 }, (_, k) => `src/b.ts:${k}:1 - Unknown word (x) fix: (y)`);
    expect(variantLines([...lines, ...many], () => false)).toEqual([]);
    const mixed = Array.from({ length: 40 }, (_, k) => `line ${k} of kind ${k % 3 ? "a" : "b"} said ${k}`);
    expect(variantLines(mixed, () => false)).toEqual([]);
  });

  it("reads a short output's lines once, and none of an output too short to hold a dominant form", () => {
    // Where the sample is every line, it is the one pass; fewer than 20 lines are not read.
    const lines = Array.from({ length: 40 }, (_, k) => `src/a${k}.ts:${k}:1 - Unknown word (w${k})`);
    let reads = 0;
    const counted = () => {
      reads++;
      return false;
    };
    expect(variantLines([...lines, "src/b.ts:3:1 - Unknown word (x) fix: (y)"], counted)).toEqual([40]);
    expect(reads).toBe(41);
    reads = 0;
    expect(variantLines(lines.slice(0, 19), counted)).toEqual([]);
    expect(reads).toBe(0);
    // A longer output is sampled, then read whole: its variant is found wherever it lies.
    const long = Array.from({ length: 300 }, (_, k) => `src/a${k}.ts:${k}:1 - Unknown word (w${k})`);
    long[151] = "src/b.ts:3:1 - Unknown word (x) fix: (y)";
    expect(variantLines(long, () => false)).toEqual([151]);
  });
});
