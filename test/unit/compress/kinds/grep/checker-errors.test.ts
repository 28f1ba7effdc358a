import { describe, expect, it } from "vitest";
import { checkerErrors } from "../../../../../src/compress/kinds/grep/checker-errors.ts";
import { capturedCase } from "../../corpus.ts";

describe("a checker's errors among its warnings, where nothing was searched", () => {
  it("tells each file's syntax error (fresh26 `ruby -wc` of 46 files)", async () => {
    // 144 lines: `Syntax OK`, 130 warnings and seven `path:36: syntax error, unexpected
    // `end'` lines alike but for their file. Read as a search's matches, the seven were one
    // kind shown once ("×7 like this"), and six files that do not parse were not named.
    const { e, must } = await capturedCase("fresh26", "ruby-wc-carriers-f26");
    expect(e.compressor).toBe("grep");
    expect(must.length).toBe(7);
    for (const fact of must) expect(e.text).toContain(fact);
  });

  it("reads a verdict at the text's start only, never for a search, never where most lines are errors", () => {
    const lines = [
      "a/x.rb:3: warning: assigned but unused variable - y",
      "a/y.rb:9: syntax error, unexpected `end'",
      "a/z.go:12:6: can inline (*SyntaxError).Error",
      "a/z.go:14:16: &SyntaxError{...} escapes to heap",
      "a/w.py:4:1 - error: Import could not be resolved",
    ];
    const bodyAt = Int32Array.from(lines, (l) => l.indexOf(":", l.indexOf(":") + 1) + 1);
    const file = lines.map((l) => l.slice(0, l.indexOf(":")));
    const errors = checkerErrors(lines, bodyAt, file, false)!;
    expect(lines.map((_, i) => errors(i))).toEqual([false, true, false, false, true]);
    expect(checkerErrors(lines, bodyAt, file, true)).toBeUndefined();
    expect(checkerErrors(lines.slice(1, 2), bodyAt, file, false)).toBeUndefined();
  });
});
