import { describe, expect, it } from "vitest";
import { makeVariant } from "../../../../bench/corpus/facts/variants.ts";
import { compressText } from "../../../../src/compress/compress-text.ts";
import { excerptBudget } from "../../../../src/compress/excerpt/budget.ts";
import { isQuotedSource, quotedAgain } from "../../../../src/compress/excerpt/quoted-source.ts";
import { defaults } from "../../../../src/config/schema.ts";
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

  it("keeps RuboCop's warnings when the output grows and quoted lines stand cut from their carets (fresh18 grown2x)", async () => {
    const { text, must, hints } = await capturedCase("fresh18", "rubocop-lib-spilled-f18");
    // The body cycled to twice the size (bench/robust.ts): some quoted `class Net::HTTPError <
    // …` lines then stand without their caret, the same line of the program as where quoted.
    const made = makeVariant(text, must, "grown2x");
    if (!("text" in made)) throw new Error(made.skip);
    const e = compressText(made.text, hints, excerptBudget(defaults(), made.text.length));
    const kept = must.filter((m) => / W: /.test(m) && e.text.includes(m));
    expect(kept.length).toBeGreaterThanOrEqual(26);
  });

  it("keeps every RuboCop warning when the output grows 4x and rare conventions become facts (fresh18 grown4x)", async () => {
    const { text, must, hints } = await capturedCase("fresh18", "rubocop-lib-spilled-f18");
    const made = makeVariant(text, must, "grown4x");
    if (!("text" in made)) throw new Error(made.skip);
    const e = compressText(made.text, hints, excerptBudget(defaults(), made.text.length));
    // A warning's further places (MissingSuper thrice) outrank lines only of a rare kind.
    expect(must.filter((m) => / W: /.test(m) && !e.text.includes(m))).toEqual([]);
  });

  it("takes a problem-worded line for source where the same text is quoted elsewhere", () => {
    const lines = [
      "lib/a.rb:13:1: C: Layout/EmptyLineBetweenDefs: Expected 1 empty line.",
      "class Net::HTTPError < Net::ProtocolError",
      "^^^^^",
      "lib/a.rb:13:7: C: Style/ClassAndModuleChildren: Use nested definitions.",
      "class Net::HTTPError < Net::ProtocolError",
      "lib/a.rb:20:1: E: Lint/Syntax: unexpected token",
    ];
    const quoted = new Set([lines[1]!]);
    expect(quotedAgain(lines, [4, 5], quoted)).toEqual([4]);
    expect(quotedAgain(lines, [4, 5], new Set())).toEqual([]);
  });
});
