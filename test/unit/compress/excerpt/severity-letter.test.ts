import { describe, expect, it } from "vitest";
import { isAdvice, severityLetter } from "../../../../src/compress/excerpt/severity-letter.ts";
import { isProblem, isSevere } from "../../../../src/compress/excerpt/signals.ts";
import { capturedCase } from "../corpus.ts";

describe("a severity written as one letter after the place (RuboCop)", () => {
  it("keeps the syntax error among 1,242 conventions (fresh18 rubocop, and its -a run)", async () => {
    const full = await capturedCase("fresh18", "rubocop-lib-spilled-f18");
    expect(full.e.text).toContain("lib/railyard/observer.rb:229:1: E: Lint/Syntax: unexpected token $end");
    const fixed = await capturedCase("fresh18", "rubocop-autocorrect-railyard-f18");
    expect(fixed.e.text).toContain("lib/railyard/observer.rb:229:1: E: Lint/Syntax: unexpected token $end");
  });

  it("reads E and F as errors, W as a warning, and the advice letters as nothing", () => {
    expect(severityLetter("lib/a.rb:229:1: E: Lint/Syntax: unexpected token $end")).toBe("E");
    expect(severityLetter("/abs/lib/a.rb:3: F: Lint/Syntax: x")).toBe("F");
    expect(severityLetter("lib/a.rb:12:5: W: [Correctable] Lint/Loop: Use Kernel#loop")).toBe("W");
    expect(
      severityLetter("lib/a.rb:12:5: C: [Correctable] Style/AndOr: Use && instead of and."),
    ).toBeUndefined();
    // Not after a place: a sentence, a key, a time.
    expect(severityLetter("Note: W: is the warning letter")).toBeUndefined();
    expect(severityLetter("12:30: W: late")).toBeUndefined();
    expect(severityLetter("a b.rb:1: W: x")).toBeUndefined();
    expect(isProblem("lib/net/http.rb:1577:15: W: [Correctable] Lint/Loop: Use Kernel#loop")).toBe(true);
    expect(isSevere("lib/net/http.rb:1577:15: W: [Correctable] Lint/Loop: Use Kernel#loop")).toBe(false);
    expect(isSevere("lib/railyard/observer.rb:229:1: E: Lint/Syntax: unexpected token $end")).toBe(true);
  });

  it("keeps every warning's place over conventions that only say `missing` (fresh18 rubocop)", async () => {
    const full = await capturedCase("fresh18", "rubocop-lib-spilled-f18");
    // Each of the 31 warnings, the four places of Lint/UnreachableLoop in header.rb among them.
    const lost = full.must.filter((f) => !full.e.text.includes(f));
    expect(lost).toEqual([]);
  });

  it("reads C, R and I after a place as advice, no problem whatever its words", () => {
    const style =
      "lib/net/http/header.rb:505:47: C: [Correctable] Layout/SpaceInsideBlockBraces: Space missing inside {.";
    expect(isAdvice(style)).toBe(true);
    expect(isProblem(style)).toBe(false);
    expect(isAdvice("lib/a.rb:3:1: R: Metrics/AbcSize: Assignment Branch Condition size is too high")).toBe(
      true,
    );
    expect(isAdvice("lib/a.rb:3:1: W: Lint/Void: Variable str used in void context.")).toBe(false);
    // Not after a place, or a code with digits (pylint's `C0114: Missing module docstring`).
    expect(isAdvice("Note: C: missing")).toBe(false);
    expect(isAdvice("a.py:1:0: C0114: Missing module docstring (missing-module-docstring)")).toBe(false);
    expect(isProblem("a.py:1:0: C0114: Missing module docstring (missing-module-docstring)")).toBe(true);
  });
});
