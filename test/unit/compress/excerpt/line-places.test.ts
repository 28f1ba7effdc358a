import { describe, expect, it } from "vitest";
import { linePlaces } from "../../../../src/compress/excerpt/line-places.ts";
import { capturedCase } from "../corpus.ts";

describe("errors a script names by line alone", () => {
  it("tells each failing statement of a migration run through sqlite3 (fresh24 `sqlite3 -echo`, 38 errors)", async () => {
    // The UNIQUE and FOREIGN KEY errors, eleven of each, were one kind each, shown by their
    // first and last: the statements between, each its own row to fix, were lost.
    const { e, must } = await capturedCase("fresh24", "sqlite3-echo-import-constraints-f24");
    const errors = must.filter((m) => / error near line \d+:/.test(m));
    expect(errors).toHaveLength(38);
    for (const fact of errors) expect(e.text).toContain(fact);
  });

  it("reads a line named by most members, each line once", () => {
    const lines = [
      "Runtime error near line 4: UNIQUE constraint failed: t.n (19)",
      "Runtime error near line 9: UNIQUE constraint failed: t.n (19)",
      "Runtime error near line 9: UNIQUE constraint failed: t.n (19)",
      "Runtime error: UNIQUE constraint failed: t.n (19)",
    ];
    expect(linePlaces(lines, [0, 1, 2, 3])).toEqual([0, 1]);
    // A line of a file (`line 4 of a.c`) or a place with its file is no script's line.
    expect(linePlaces(["error at line 4 of a.c", "error at line 5 of a.c", "oops"], [0, 1, 2])).toEqual([]);
    // Most members naming no line: the numbers are the odd few.
    expect(linePlaces(["bad line 1", "bad", "bad", "bad"], [0, 1, 2, 3])).toEqual([]);
  });
});
