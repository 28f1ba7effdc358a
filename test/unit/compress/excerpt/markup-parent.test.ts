import { describe, expect, it } from "vitest";
import { enclosingStartTag } from "../../../../src/compress/excerpt/markup-parent.ts";
import { capturedCase } from "../corpus.ts";

describe("a problem told in a markup element", () => {
  it("keeps the start tag it hangs from: the test case that failed (fresh11 capture)", async () => {
    // A real cat of a surefire XML report: 162 test cases, two parameterized invocations
    // fail. Their `<failure message="expected: …">` lines were kept, not the `<testcase
    // name="…[38]">` line above each, so the report said what failed but not which case.
    const { e } = await capturedCase("fresh11", "cat-surefire-fare-xml-f11");
    for (const fact of [
      "fareMatchesTimetableOffice(String, int, int, int)[38]",
      "fareMatchesTimetableOffice(String, int, int, int)[103]",
      "AssertionFailedError: expected: <5491> but was: <6460>",
    ])
      expect(e.text).toContain(fact);
  });

  it("reads only an open start tag on the shallower line above", () => {
    const lines = [
      '<file name="src/a.ts">',
      '  <error line="3" severity="error" message="x"/>',
      '  <testcase name="t" time="0.1"/>',
      '    <failure message="y">boom</failure>',
      "  plain text",
      "    <error/>",
    ];
    expect(enclosingStartTag(lines, 1)).toBe(0);
    expect(enclosingStartTag(lines, 3)).toBe(-1);
    expect(enclosingStartTag(lines, 5)).toBe(-1);
    expect(enclosingStartTag(lines, 4)).toBe(-1);
  });
});
