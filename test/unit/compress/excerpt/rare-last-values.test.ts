import { describe, expect, it } from "vitest";
import { rareLastValues } from "../../../../src/compress/excerpt/rare-last-values.ts";
import { capturedCase } from "../corpus.ts";

describe("the rare values of a list's last column", () => {
  it("keeps the reverse dependencies that need a rarer version (fresh24 `apt-cache showpkg libxml2`)", async () => {
    // 720 lines `name,libxml2 VERSION`, 607 of them 2.7.4: each line names its own package,
    // so no kind of line held them together, and the few asking 2.9.10 or later were cut.
    const { e } = await capturedCase("fresh24", "apt-cache-showpkg-libxml2-f24");
    for (const fact of [
      "libapache2-mod-security2,libxml2 2.9.14",
      "ruby-libxml,libxml2 2.9.12",
      "python3-libxml2,libxml2 2.9.11",
      "r-cran-xml2,libxml2 2.9.10",
      "libvisio-0.1-1,libxml2 2.9.2+zdfsg1-4",
      "zlib1g,libxml2 2.7.6.dfsg-2",
    ])
      expect(e.text).toContain(fact);
  });

  it("reads a column one value holds most of, among lines of one shape", () => {
    const list = Array.from({ length: 60 }, (_, i) => `  pkg${i} 1.0`);
    list[7] = "  pkg7 2.0";
    list[40] = "  pkg40 3.1";
    expect(rareLastValues(["header line here", ...list])).toEqual([8, 41]);
    // Every value its own (file names, sizes): no column of few values.
    expect(rareLastValues(Array.from({ length: 60 }, (_, i) => `  f ${i}`))).toEqual([]);
    // Too few lines of the shape.
    expect(rareLastValues(list.slice(0, 30))).toEqual([]);
  });
});
