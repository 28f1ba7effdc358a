import { describe, expect, it } from "vitest";
import { blockHeads } from "../../../../src/compress/excerpt/block-heads.ts";
import { leafTexts } from "../../../../src/compress/excerpt/tree-leaves.ts";
import { capturedCase } from "../corpus.ts";

describe("where the chains of a why tree end", () => {
  it("keeps both root dependencies npm explain ends its chains at (fresh15 `npm explain …`)", async () => {
    // 24 chains end at `dev mocha@"6.2.0" from the root project` (18) or nodemon's (6); the
    // kind's first and last are mocha's, and nodemon's was lost.
    const { e } = await capturedCase("fresh15", "npm-explain-api-f15");
    expect(e.text).toContain('dev mocha@"6.2.0" from the root project');
    expect(e.text).toContain('dev nodemon@"2.0.4" from the root project');
  });

  it("reads the leaves' few texts, in blocks of indented trees only", () => {
    const chain = (root: string) => [
      "  a@1 from b@2",
      "  node_modules/b",
      "    b@2 from c@3",
      "    node_modules/c",
      "      c@3 from d@4",
      "      node_modules/d",
      "        d@4 from e@5",
      "        node_modules/e",
      `          dev ${root} from the root project`,
    ];
    const block = (name: string, root: string) => [
      `${name}@1.0.0 dev`,
      `node_modules/${name}`,
      ...chain(root),
      "",
    ];
    const lines = [...block("x", "m@1"), ...block("y", "m@1"), ...block("z", "n@2")];
    expect(leafTexts(lines, blockHeads(lines))).toEqual([10, 34]);
    // Not a tree of blocks: nothing.
    expect(leafTexts(lines, [])).toEqual([]);
    // Leaves saying many texts: none stands for the others.
    const many = ["p", "q", "r", "s"].flatMap((r) => block(r, `${r}@1`));
    expect(leafTexts(many, blockHeads(many))).toEqual([]);
  });
});
