import { describe, expect, it } from "vitest";
import { bareMatches } from "../../../../../src/compress/kinds/grep/bare.ts";
import { capturedCase } from "../../corpus.ts";

describe("a search's matches without line numbers (grep -r, rg into a pipe)", () => {
  it("keeps rg --stats' totals and the files with one match among 165 (fresh23)", async () => {
    const { e, must } = await capturedCase("fresh23", "rg-stats-delete-f23");
    expect(e.compressor).toBe("grep");
    for (const m of must) expect(e.text).toContain(m);
  });

  it("keeps rg -C2's matches apart from their context lines (fresh23)", async () => {
    const { e, must } = await capturedCase("fresh23", "rg-c2-hooks-free-f23");
    expect(e.compressor).toBe("grep");
    for (const m of must) expect(e.text).toContain(m);
  });

  it("reads `path:text` as a match and `path-text` as its context, a colon in the context too", () => {
    const b = bareMatches([
      "a/x.c-int f(void)",
      "a/x.c:    g();",
      "a/x.c-loop_end:",
      "--",
      "b.h:void g(void);",
    ])!;
    expect(b.file).toEqual([undefined, "a/x.c", undefined, undefined, "b.h"]);
    expect([...b.bodyAt]).toEqual([6, 6, 6, 0, 4]);
    expect(b.count).toBe(2);
  });

  it("reads nothing where one file is named or most lines are no match", () => {
    expect(bareMatches(["a/x.c:one", "a/x.c:two"])).toBeUndefined();
    expect(bareMatches(["a/x.c:one", "b/y.c:two", "plain", "words", "more"])).toBeUndefined();
  });
});
