import { describe, expect, it } from "vitest";
import { isQuotedSource } from "../../../../src/compress/excerpt/quoted-source.ts";
import { capturedCase } from "../corpus.ts";

describe("source quoted between a diagnostic and its caret", () => {
  it("does not rank net/http's quoted `raise IOError` lines above RuboCop's warnings (fresh18)", async () => {
    const { e, must } = await capturedCase("fresh18", "rubocop-lib-spilled-f18");
    expect(e.text).toContain(
      "lib/railyard/getoptlong.rb:362:5: W: Lint/Debugger: Remove debugger entry point binding.irb.",
    );
    // Most of the 31 warnings, each with its place (the rest are further places of a kind kept).
    const kept = must.filter((m) => / W: /.test(m) && e.text.includes(m));
    expect(kept.length).toBeGreaterThanOrEqual(26);
  });

  it("is the line under a place with a caret under it pointing into it", () => {
    const lines = [
      "lib/net/http.rb:760:7: C: Layout/EmptyLineAfterGuardClause: Add empty line after guard clause.",
      '      raise IOError, "ipaddr value changed" if started?',
      "      ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^",
      "raise IOError, 'no place above'",
      "      ^^^^^",
    ];
    expect(isQuotedSource(lines, 1)).toBe(true);
    // The diagnostic names its own place; the last quote has no place above it.
    expect(isQuotedSource(lines, 0)).toBe(false);
    expect(isQuotedSource(lines, 3)).toBe(false);
    // A caret past the line's end points at nothing in it.
    expect(isQuotedSource(["f.rb:1:1: W: x", "ab", "     ^"], 1)).toBe(false);
  });
});
