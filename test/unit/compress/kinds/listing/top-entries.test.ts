import { describe, expect, it } from "vitest";
import { topEntries, treeDepth } from "../../../../../src/compress/kinds/listing/top-entries.ts";
import { capturedCase } from "../../corpus.ts";

describe("a tree listing's top-level entries", () => {
  it("keeps every stub package of `tree -h -L 2` of pyright's typeshed stubs (fresh21)", async () => {
    const { e } = await capturedCase("fresh21", "tree-typeshed-stubs-f21");
    for (const pkg of ["PyYAML", "psycopg2", "requests", "python-dateutil", "pytz", "JACK-Client"])
      expect(e.text).toContain(`├── [4.0K]  ${pkg}`);
    expect(e.text).toContain("└── [4.0K]  zxcvbn");
    expect(e.text).toContain("373 directories, 305 files");
  });

  it("keeps the locale folders of `tree -L 2` of date-fns where every top entry does not fit (fresh21)", async () => {
    const { e } = await capturedCase("fresh21", "tree-date-fns-locale-f21");
    for (const locale of ["cy", "gd", "en-GB", "zh-TW"]) expect(e.text).toContain(`├── ${locale}\n`);
  });

  it("takes all of the top level, else its branches, else none, by the room given", () => {
    const tree = [
      "lib",
      "├── a",
      "│   └── a.js",
      "├── a.d.ts",
      "├── b",
      "│   └── b.js",
      "└── b.d.ts",
      "",
      "2 directories, 4 files",
    ];
    expect(tree.map(treeDepth)).toEqual([-1, 0, 1, 0, 0, 1, 0, -1, -1]);
    expect(topEntries(tree, 100)).toEqual([1, 3, 4, 6]);
    expect(topEntries(tree, 20)).toEqual([1, 4]);
    expect(topEntries(tree, 5)).toEqual([]);
  });
});
