import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { treeRoots } from "../../../../src/compress/excerpt/tree-roots.ts";
import { heaviestChildren } from "../../../../src/compress/excerpt/tree-totals.ts";
import { capturedCase } from "../corpus.ts";

describe("a tree drawn by indenting the last field keeps its roots", () => {
  it("keeps every top-level import of python -X importtime (fresh capture): each one's total", async () => {
    // Imports are printed after what they import (the parent last); site's 161 ms and the
    // project's own module are roots among 330 nested lines.
    const { e } = await capturedCase("fresh", "python-importtime");
    for (const fact of [
      "import time:      1288 |     677655 | pytest",
      "import time:      9222 |     161518 | site",
      "import time:       589 |       8401 | inventory.pricing",
    ])
      expect(e.text).toContain(fact);
  });

  it("keeps the child holding most of a root's total (fresh capture): site's 161 ms are certifi's", async () => {
    const { e } = await capturedCase("fresh", "python-importtime");
    expect(e.text).toContain("import time:      5782 |     121985 |   certifi");
  });

  it("reads totals only in a column where every root holds at least its children's sum", () => {
    // Children first; the second column sums (cumulative), the first does not (self).
    const lines = ["5 | 5 |   a", "1 | 90 |   b", "9 | 104 | top", "4 | 4 |   c", "2 | 6 | other"];
    const members = [0, 1, 2, 3, 4];
    const starts = lines.map((l) => l.search(/\w+$/));
    const depth = [1, 1, 0, 1, 0];
    expect(heaviestChildren(lines, members, starts, depth, true)).toEqual([1, 3]);
    // Parents first, where no column sums (a pid is no total): none.
    const ps = ["2 0 kthreadd", "3 2   kworker", "1 0 init", "40 1   sshd"];
    expect(heaviestChildren(ps, [0, 1, 2, 3], [4, 6, 4, 7], [0, 1, 0, 1], false)).toEqual([]);
  });

  it("finds the roots of ps -ejH, its parents printed first (captured here)", () => {
    const lines = readFileSync(join(import.meta.dirname, "../../../fixtures/trees/ps-ejH.txt"), "utf8").split(
      "\n",
    );
    const roots = treeRoots(lines).map((i) => lines[i]!.trim());
    // The header's CMD stands where the roots do; kthreadd and the container's pid 1 are the roots.
    expect(roots).toEqual([
      "PID  PGID   SID TTY          TIME CMD",
      "2     0     0 ?        00:00:00 kthreadd",
      "1     0     0 ?        00:01:40 process_api",
    ]);
  });

  it("finds none in a table whose last column is aligned (no depth) or right-aligned (no tree order)", () => {
    const flat = Array.from({ length: 30 }, (_, i) => `row ${String(i).padStart(3)}  name-${i}`);
    expect(treeRoots(flat)).toEqual([]);
    const right = Array.from(
      { length: 30 },
      (_, i) => `row ${String(i).padStart(3)}  ${"x".repeat((i * 7) % 11).padStart(12)}`,
    );
    expect(treeRoots(right)).toEqual([]);
  });
});
