import { describe, expect, it } from "vitest";
import { oneLeadOfTwoCells } from "../../../../../src/compress/kinds/table/common-first-cell.ts";
import { delimiterOf } from "../../../../../src/compress/kinds/table/detect.ts";
import { capturedCase } from "../../corpus.ts";

describe("lines behind one lead are no table's rows", () => {
  it("reads LD_DEBUG=libs's lines behind the loader's pid as no table, so no row count is said (fresh29)", async () => {
    const { text, e } = await capturedCase("fresh29", "ld-debug-libs-exporter-f29");
    expect(delimiterOf(text.split("\n"), true)).toBeUndefined();
    expect(e.compressor).not.toBe("table");
    expect(e.text).not.toMatch(/\[\d+ rows\]/);
    expect(e.text).toContain("exit code: 127");
  });

  it("reads ldd's tab-indented lines as no table either (fresh29)", async () => {
    const { e } = await capturedCase("fresh29", "ldd-exporter-missing-f29");
    expect(e.compressor).not.toBe("table");
    expect(e.text).toContain("\tlibtidecodec.so.2 => not found");
  });

  it("keeps a table of two columns whose first differs, and a wider one with a constant column", () => {
    expect(oneLeadOfTwoCells(["name\tstatus", "api\tok", "db\tfailed", "cache\tok"], "\t")).toBe(false);
    const wide = ["kind\tname\tstate", "pod\tapi\tRunning", "pod\tdb\tError", "pod\tcache\tRunning"];
    expect(delimiterOf(wide)).toBe("\t");
    expect(oneLeadOfTwoCells(["a\tb", "a\tc"], "\t")).toBe(false);
  });
});
