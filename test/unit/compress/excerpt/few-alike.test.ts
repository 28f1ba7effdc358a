import { describe, expect, it } from "vitest";
import { fewAlike } from "../../../../src/compress/excerpt/few-alike.ts";
import { capturedCase } from "../corpus.ts";

describe("a kind of a few lines, each naming its own name, where rare lines are facts", () => {
  it("keeps vulture's four unused imports (fresh18 `vulture pygments`)", async () => {
    // 132 findings: 66 unused variables, 47 classes, 12 functions, and four imports at 90%
    // confidence, one kind of four (not rare by count). Before, its first line showed with
    // its count and the last as room allowed: two of the four imports were lost.
    const { e } = await capturedCase("fresh18", "vulture-pygments-f18");
    for (const name of [
      "agile.py:13: unused import 'Python3Lexer'",
      "agile.py:13: unused import 'Python3TracebackLexer'",
    ])
      expect(e.text).toContain(`src/pygments/lexers/${name} (90% confidence)`);
    expect(e.text).toContain("src/pygments/lexers/other.py:29: unused import 'BroLexer' (90% confidence)");
    expect(e.text).toContain("src/pygments/lexers/web.py:11: unused import 'JadeLexer' (90% confidence)");
  });

  it("tells copies of one line in several files by their first", () => {
    const lines = [
      "a/moment.js:3316:    prototypeMax = deprecate(",
      "b/moment.js:3322:        prototypeMax = deprecate(",
      "c/min-max.js:18:    prototypeMax = deprecate(",
    ];
    const bodyAt = (i: number) => lines[i]!.indexOf(":", lines[i]!.indexOf(":") + 1) + 1;
    expect(fewAlike(lines, [0, 1, 2], 2, bodyAt)).toBe(false);
    const named = ["x.py:1: unused import 'A'", "y.py:2: unused import 'B'", "z.py:3: unused import 'C'"];
    const at = (i: number) => named[i]!.indexOf(": ") + 2;
    expect(fewAlike(named, [0, 1, 2], 2, at)).toBe(true);
    // Five in an output of 200 lines is no longer few (rare up to 2).
    expect(fewAlike([...named, ...named], [0, 1, 2, 3, 4], 2, (i) => i)).toBe(false);
  });
});
