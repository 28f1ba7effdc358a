import { describe, expect, it } from "vitest";
import { headTree } from "../../../../src/compress/excerpt/head-tree.ts";
import { capturedCase, variantCase } from "../corpus.ts";

describe("a short tree drawn at the head of an output", () => {
  it("is kept whole once the output grows past 8 KB: sqlite3's query plan over its bytecode (fresh24)", async () => {
    const { text } = await capturedCase("fresh24", "sqlite3-eqp-full-maintainers-f24");
    const plan = text.split("\n").slice(0, 8);
    expect(plan[0]).toBe("QUERY PLAN");
    const { e } = await variantCase("fresh24", "sqlite3-eqp-full-maintainers-f24", "grown2x");
    const shown = e.text.split("\n");
    for (const line of plan) expect(shown, line).toContain(line);
  });

  it("is its title and its drawn lines", () => {
    const body = Array.from({ length: 30 }, (_, i) => `${i}  Op  ${i}`);
    expect(headTree(["QUERY PLAN", "|--SCAN p", "`--USE TEMP B-TREE", ...body])).toEqual([0, 1, 2]);
    expect(headTree(["", "├─ a", "└─ b", ...body])).toEqual([1, 2]);
  });

  it("is none where the tree is the whole output, starts below the head, or is one line", () => {
    const tree = ["root", ...Array.from({ length: 30 }, (_, i) => `├── f${i}`), "└── z"];
    expect(headTree(tree)).toEqual([]);
    const body = Array.from({ length: 30 }, (_, i) => `${i}  Op  ${i}`);
    expect(headTree(["a", "b", "c", "d", "|--SCAN p", "`--X", ...body])).toEqual([]);
    expect(headTree(["QUERY PLAN", "`--SCAN p", ...body])).toEqual([]);
  });
});
