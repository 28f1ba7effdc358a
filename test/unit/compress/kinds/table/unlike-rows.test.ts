import { describe, expect, it } from "vitest";
import { alignedHeader } from "../../../../../src/compress/kinds/table/detect.ts";
import { namedFields, widerThanTitles } from "../../../../../src/compress/kinds/table/unlike-rows.ts";
import { capturedCase, variantCase } from "../../corpus.ts";

describe("lines under a header's words that are no rows of it", () => {
  it("leave MariaDB's slow log no table under `Time  Id Command  Argument` (fresh32, shifted and grown)", async () => {
    for (const kind of ["shifted", "grown4x"] as const) {
      const { text, e } = await variantCase("fresh32", "mariadb-slow-log-spilled-f32", kind);
      const lines = text.split("\n");
      expect(lines.slice(0, 12).some((l) => /^Time\t+ +Id Command\tArgument$/.test(l))).toBe(true);
      expect(alignedHeader(lines)).toBe(-1);
      expect(e.compressor).not.toBe("table");
    }
    const { e } = await capturedCase("fresh32", "mariadb-slow-log-spilled-f32");
    expect(e.compressor).not.toBe("table");
  });

  it("are lines of many more cells than titles, and lines of named fields", () => {
    const explain =
      "# explain: 1\tSIMPLE\torders\tindex\tNULL\tPRIMARY\t4\tNULL\t58747\t60000.00\t100.00\t0.00\tUsing where";
    expect(widerThanTitles(explain, 4)).toBe(true);
    expect(widerThanTitles("web-1  1/1  Running  0  5d", 5)).toBe(false);
    expect(namedFields("# Thread_id: 19  Schema: boxoffice  QC_hit: No")).toBe(true);
    expect(namedFields("# Time: 261201  4:47:35")).toBe(true);
    expect(namedFields("web-1   1/1     Running")).toBe(false);
    expect(namedFields("C:\\dir   12  file")).toBe(false);
  });
});
