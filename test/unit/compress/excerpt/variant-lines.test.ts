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

  it("tells a line of the sampled form token by token as its form would", () => {
    // Lines of the form most take are told without building theirs; a word's prefix, a
    // tab for a blank, a value added, a NUL where a value was all read as their forms do.
    const long = Array.from({ length: 300 }, (_, k) => `migrating batch ${k}/400: rows ${k * 500} ok`);
    long[50] = "migrating batch 50/400: rows 1 okay";
    long[60] = "migrating\tbatch 60/400:  rows 2 ok";
    long[70] = "migrating batch 70/400: rows 3 ok done";
    long[80] = "migrating batch 80/400: rows 4 o";
    long[90] = "migrating batch 90/400: rows 5 ok 7";
    long[100] = "migrating batch \u0000 rows 6 ok";
    long[110] = "migrating batch 110/400: rows";
    expect(variantLines(long, () => false)).toEqual([50, 70, 80]);
  });
});
