import { describe, expect, it } from "vitest";
import { bareErrorsAgain } from "../../../../src/compress/excerpt/bare-errors.ts";
import { capturedCase } from "../corpus.ts";

describe("an error that names nothing but its place, said again in its file", () => {
  it("is kept at each place (fresh14 javadoc -Xdoclint:all, 32 errors among 81 warnings)", async () => {
    // FinishService.java:41 and QuoteService.java:37 say `malformed HTML` and `bad HTML
    // entity` as :33 and :17 did: they were taken for cascades, and the warnings' first
    // lines in each file came before the errors' other places.
    const { e, must } = await capturedCase("fresh14", "javadoc-doclint-orders-f14");
    const errors = must.filter((m) => m.includes(": error: "));
    expect(errors).toHaveLength(32);
    for (const fact of errors) expect(e.text).toContain(fact);
  });

  it("leaves out a message with a name or a number in it, and places named before", () => {
    const lines = [
      "a.java:3: error: malformed HTML",
      "a.java:9: error: cannot find symbol 'foo'",
      "a.java:12: error: malformed HTML",
      "a.java:14: error: cannot find symbol 'foo'",
      "a.java:12: error: malformed HTML",
      "a.java:20: error: 2 slots",
      "a.java:21: error: 3 slots",
    ];
    const members = lines.map((_, i) => i);
    expect(
      bareErrorsAgain(lines, members, [
        [0, 0],
        [1, 1],
        [5, 5],
      ]),
    ).toEqual([2]);
    expect(bareErrorsAgain(lines, members, [])).toEqual([]);
    // A note under an error (g++'s `note:   template argument deduction/substitution failed:`) is no error of its own.
    const notes = ["m.h:923:9: note:   deduction failed:", "m.h:941:9: note:   deduction failed:"];
    expect(bareErrorsAgain(notes, [0, 1], [[0, 0]])).toEqual([]);
  });
});
