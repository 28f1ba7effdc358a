import { describe, expect, it } from "vitest";
import { variantCase } from "../../corpus.ts";

/** A real tree capture grown by the robustness bench (bench/corpus/facts/variants.ts), compressed. */
async function grownTree(set: "fresh3" | "fresh6", name: string, kind: "grown2x" | "grown4x") {
  return (await variantCase(set, name, kind)).e;
}

describe("a tree with sizes", () => {
  // `tree -h node_modules/@babel/core/lib` (fresh3, 4 KB, passed whole) grown to twice its
  // entries: the tree excerpt kept entries by depth only, and the vendored
  // import-meta-resolve and config-chain's map, the largest files, were cut with the rest.
  it("keeps the entries far above the rest in size, wherever they stand (tree -h)", async () => {
    const e = await grownTree("fresh3", "tree-babel-core", "grown2x");
    expect(e.compressor).toBe("listing");
    for (const fact of [
      "[107K]  import-meta-resolve.js.map",
      "[ 46K]  config-chain.js.map",
      "[ 41K]  import-meta-resolve.js",
      "14 directories, 114 files",
    ])
      expect(e.text).toContain(fact);
  });

  // `tree --du -h var` (fresh6) grown to four times: a 13M partial download among small files.
  it("in bytes whatever the unit (tree --du -h)", async () => {
    const e = await grownTree("fresh6", "tree-du-var", "grown4x");
    expect(e.text).toContain("[ 13M]  .incomplete-9f2c");
  });
});
