import { describe, expect, it } from "vitest";
import { largestSized } from "../../../../src/compress/excerpt/sized-tree.ts";
import { capturedCase } from "../corpus.ts";

describe("the largest entries of a tree that prints sizes after names", () => {
  it("keeps deno info's three largest modules among 97 (fresh20)", async () => {
    const { e } = await capturedCase("fresh20", "deno-info-checkout-spilled-f20");
    for (const module of [
      "vendor-zod/v4/core/schemas.ts (172.97KB)",
      "vendor-zod/v4/classic/schemas.ts (100.33KB)",
      "vendor-zod/v4/core/compile.ts (95.57KB)",
    ])
      expect(e.text).toContain(module);
  });

  it("ranks the sized lines by size, in any unit, and needs enough of them", () => {
    const tree = ["root (1.93KB)"];
    for (let k = 0; k < 9; k++) tree.push(`├── m${k}.ts (${k + 1}00B)`, `├── r${k}.ts *`);
    tree.push("└── big.ts (1.03MB)");
    const top = largestSized(tree);
    expect(top[0]).toBe(tree.length - 1);
    expect(top[1]).toBe(0);
    expect(top).toHaveLength(10);
    // Too few sized lines, or too small a share of the output: not such a tree.
    expect(largestSized(tree.slice(0, 8))).toEqual([]);
    expect(largestSized([...tree, ...Array(120).fill("a line")])).toEqual([]);
  });
});
