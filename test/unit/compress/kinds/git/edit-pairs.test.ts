import { describe, expect, it } from "vitest";
import { editGroups, editsOf } from "../../../../../src/compress/kinds/git/edit-pairs.ts";
import { capturedCase } from "../../corpus.ts";

describe("changed lines alike in their words but renaming each its own name", () => {
  it("shows each renamed definition of a rename refactor, old against new (fresh23 git show)", async () => {
    // cJSON's parse/print helpers renamed: six prototypes, each another name, were one kind
    // of changed line with the calls, shown by its first and last; four definitions were cut.
    const { e, must } = await capturedCase("fresh23", "git-show-refactor-f23");
    for (const fact of must) expect(e.text).toContain(fact);
  });

  it("reads a run of removed lines against as many added as pairs, each pair's edit its words changed", () => {
    const lines = [
      "@@ -1,4 +1,4 @@",
      "-int parse_value(int x);",
      "-int print_value(int x);",
      "+int read_value(int x);",
      "+int render_value(int x);",
      "-    return parse_value(1);",
      "+    return read_value(1);",
      "-a",
      "+b",
      "+c",
    ];
    const edits = editsOf(lines, [1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(edits.get(1)).toBe("parse_value\0read_value");
    expect(edits.get(4)).toBe("print_value\0render_value");
    expect(edits.get(5)).toBe(edits.get(1));
    // Two added lines for one removed: which became which is unknown.
    expect(edits.has(7)).toBe(false);
    // A number is a value: an edit of one is the same edit whatever the numbers.
    const tuned = editsOf(["-x = 13;", "+x = 14;", "-x = 2;", "+x = 3;"], [0, 1, 2, 3]);
    expect(tuned.get(0)).toBe(tuned.get(2));
    const oneFile = new Int32Array(lines.length);
    const groups = editGroups(lines, [1, 2, 3, 4, 5, 6], [[1, 2], [3, 4], [5], [6]], oneFile);
    expect(groups).toEqual([
      { at: [1], again: false },
      { at: [2], again: false },
      { at: [3], again: false },
      { at: [4], again: false },
      { at: [5], again: true },
      { at: [6], again: true },
    ]);
    // The call renamed in another file is that file's change.
    const twoFiles = Int32Array.from(lines, (_, i) => (i >= 5 ? 1 : 0));
    expect(editGroups(lines, [1, 2, 3, 4, 5, 6], [[1, 2], [3, 4], [5], [6]], twoFiles).at(-1)).toEqual({
      at: [6],
      again: false,
    });
  });
});
