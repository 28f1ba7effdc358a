import { describe, expect, it } from "vitest";
import { patchOutline } from "../../../../src/compress/excerpt/patch-headers.ts";
import { variantCase } from "../corpus.ts";

describe("the hunks of a unified diff git did not print", () => {
  it("keeps each hunk's header (gofmt -d, fresh23 capture, grown 2x and 4x)", async () => {
    // A real `gofmt -d farejson`. The original (4 KB) passes whole; grown past the
    // threshold, the engine kept each file's `---`/`+++` header but its hunks' headers
    // (`@@ -60,11 +60,11 @@`: which lines of the file changed) were lines of one kind,
    // shown by their first and last, and cut.
    for (const kind of ["grown2x", "grown4x"] as const) {
      const { text, e, must } = await variantCase("fresh23", "gofmt-d-farejson-f23", kind);
      expect(e.text.length).toBeLessThan(text.length / 2);
      for (const f of must) expect(e.text, `${kind}: ${f}`).toContain(f);
    }
  });

  it("finds a hunk after one whose header's counts fall short of its lines", () => {
    const lines = [
      "--- a.go.orig",
      "+++ a.go",
      "@@ -1,1 +1,1 @@",
      "-x",
      "+y",
      "+z",
      "@@ -9,1 +10,1 @@",
      "-p",
      "+q",
      "done",
    ];
    expect(patchOutline(lines)?.hunks).toEqual([2, 6]);
    expect(patchOutline(lines)?.after).toEqual([9]);
  });
});
