import { describe, expect, it } from "vitest";
import { placedAbove } from "../../../../src/compress/excerpt/placed-above.ts";
import { capturedCase } from "../corpus.ts";

describe("the line that places a rare line under it", () => {
  it("keeps the place of each rare pydocstyle code among 578 findings (fresh18)", async () => {
    const { e } = await capturedCase("fresh18", "pydocstyle-pygments-spilled-f18");
    for (const place of [
      "src/pygments/formatters/html.py:114 in public class `HtmlFormatter`:",
      "src/pygments/formatters/latex.py:477 in private method `_find_safe_escape_tokens`:",
      "src/pygments/filters/__init__.py:98 in public class `SymbolFilter`:",
      "src/pygments/formatters/img.py:236 in public class `ImageFormatter`:",
    ])
      expect(e.text).toContain(place);
  });

  it("keeps the place over a rare finding whose words read as a summary, `(found 1)` (fresh18)", async () => {
    const { e } = await capturedCase("fresh18", "pydocstyle-pygments-spilled-f18");
    expect(e.text).toContain(
      "src/pygments/formatters/html.py:940 in public method `wrap`:\n        D202: No blank lines allowed after function docstring (found 1)",
    );
  });

  it("is the line above, naming a place and ending with a colon, the rare line indented under it", () => {
    const lines = [
      "src/a.py:114 in public class `A`:",
      "        D412: No blank lines allowed between a section header and its content ('Example')",
      '  File "x.py", line 3, in f',
      "    raise KeyError(k)",
      "In function 'main':",
      "    note: here",
    ];
    expect(placedAbove(lines, 1)).toBe(0);
    // A traceback's frame ends with no colon; a line naming no place introduces nothing.
    expect(placedAbove(lines, 3)).toBe(3);
    expect(placedAbove(lines, 5)).toBe(5);
    // A line at the same depth is not under it.
    expect(placedAbove(["src/a.py:1 in f:", "D100: x"], 1)).toBe(1);
  });
});
