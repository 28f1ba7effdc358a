import { describe, expect, it } from "vitest";
import { patchOutline } from "../../../../src/compress/excerpt/patch-headers.ts";
import { capturedCase } from "../corpus.ts";

describe("a unified diff that is no git diff", () => {
  it("names every file and keeps the tool's word on each (fresh14 `black --check --diff`, 4 files)", async () => {
    // The headers of the files after the first, and black's `would reformat` after each
    // file's last hunk, were lines of one kind each, shown by their first and last.
    const { e, must } = await capturedCase("fresh14", "black-check-diff-builder-spilled-f14");
    const files = must.filter((m) => m.startsWith("--- ") || m.startsWith("would reformat "));
    expect(files).toHaveLength(8);
    for (const fact of files) expect(e.text).toContain(fact);
  });

  it("shows each file's first change by example (fresh14 `black --check --diff`)", async () => {
    const { e } = await capturedCase("fresh14", "black-check-diff-builder-spilled-f14");
    expect(e.text).toContain("-    'HTML5TreeBuilder',");
    expect(e.text).toContain('+    "HTML5TreeBuilder",');
  });

  it("reads a hunk by its line counts, so a `---` line inside it is no header", () => {
    const lines = [
      "--- a.txt\t2026-01-01",
      "+++ a.txt\t2026-01-02",
      "@@ -1,2 +1,2 @@",
      "--- removed line that looks like a header",
      "+++ added line that looks like one too",
      "would reformat a.txt",
      "",
      "--- b.txt",
      "+++ b.txt",
      "@@ -3 +3,2 @@",
      " context",
      "+new",
      "Only in b: c.txt",
      "2 files would be reformatted.",
      "exit code: 1",
      "more",
    ];
    expect(patchOutline(lines)).toEqual({
      headers: [0, 7],
      after: [5, 12, 13, 14],
      first: [3, 4, 11],
      hunks: [2, 9],
    });
    expect(patchOutline(["--- not a diff", "+++ at all"])).toBeUndefined();
  });
});
