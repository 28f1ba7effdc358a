import { describe, expect, it } from "vitest";
import { ownSortEnd } from "../../../../src/compress/excerpt/own-sort.ts";
import { rankedEnd } from "../../../../src/compress/excerpt/ranked.ts";
import { capturedCase } from "../corpus.ts";

describe("a tool's own size sort read as a ranking", () => {
  it("keeps the largest symbols of arm-none-eabi-nm --size-sort -C -S -r (fresh34 capture)", async () => {
    // 331 symbols largest first; the six 16004-byte calibration tables and newlib's float
    // conversions lead it, yet alike in form they went as "[×7 like this]" and the third
    // table and _dtoa_r were cut: the top of the tool's own sort is the answer.
    const { e } = await capturedCase("fresh34", "arm-nm-size-sort-f34");
    for (const fact of [
      "08021344 00003e84 R k_depth_vega_well72",
      "0802904c 00003e84 R k_depth_keller_pa36xw",
      "080251c8 00003e84 R k_depth_druck_ptx1830",
      "080137b8 00002000 R k_temp_comp",
      "0800d90c 00000f08 T _dtoa_r",
    ])
      expect(e.text).toContain(fact);
  });

  it("tells which end holds the largest sizes", () => {
    expect(ownSortEnd(["arm-none-eabi-nm", "--size-sort", "-C", "-S", "-r", "fw.elf"])).toBe("head");
    expect(ownSortEnd(["nm", "--size-sort", "--reverse-sort", "a.out"])).toBe("head");
    expect(ownSortEnd(["/usr/bin/nm", "--size-sort", "a.out"])).toBe("tail");
    expect(ownSortEnd(["nm", "-C", "a.out"])).toBeUndefined();
    expect(ownSortEnd(["ls", "--size-sort"])).toBeUndefined();
    expect(rankedEnd("nm --size-sort -r a.out | head -40")).toBe("head");
    expect(rankedEnd("nm --size-sort a.out | grep ' T '")).toBeUndefined();
  });
});
