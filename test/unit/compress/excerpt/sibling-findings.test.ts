import { describe, expect, it } from "vitest";
import { locatedBefore } from "../../../../src/compress/excerpt/problem-context.ts";
import { sameFinding } from "../../../../src/compress/excerpt/sibling-findings.ts";
import { capturedCase } from "../corpus.ts";

describe("a finding listed above another is not what locates it", () => {
  it("takes no perlcritic finding for the locator of the next (fresh15 `perlcritic --severity 3`)", async () => {
    // `"warn" used instead of "carp"` is a problem by its word; the three findings above it
    // (`Hard tabs used`, `Variable declared in conditional statement`, `Regular expression
    // without "/x"`), each naming its own place, were taken for its locators (facts), 74
    // such lines in all, and the findings of a kind seen once were cut for them.
    const { text } = await capturedCase("fresh15", "perlcritic-severity3-debconf-spilled-f15");
    const lines = text.split("\n");
    const i = lines.findIndex((l) => l.includes('"warn" used instead of "carp" at line 46'));
    expect(i).toBeGreaterThan(3);
    expect(lines[i - 3]).toContain("Hard tabs used");
    expect(locatedBefore(lines, i)).toBe(i);
  });

  it("keeps the lines that locate a diagnostic, which end otherwise", () => {
    const error = "src/a.c:20:5: error: invalid conversion from 'int' to 'char*' [-fpermissive]";
    const lines = ["In file included from src/main.c:3:", "src/a.h:10:3:   required from here", error];
    expect(locatedBefore(lines, 2)).toBe(0);
    expect(sameFinding(lines[1]!, error)).toBe(false);
    // The same tag but for its numbers: another finding of one linter.
    expect(
      sameFinding("a.pm: Hard tabs at line 3, column 4.  (Severity: 3)", "a.pm: x at line 9.  (Severity: 5)"),
    ).toBe(true);
    expect(sameFinding("a.py:3: error: y  [arg-type]", "a.py:9: error: x  [no-any-return]")).toBe(false);
  });
});
