import { describe, expect, it } from "vitest";
import { rootRows } from "../../../../../src/compress/excerpt/root-rows.ts";
import { capturedCase } from "../../corpus.ts";

describe("a table of a tree keeps the rows under its root", () => {
  it("keeps the direct dependencies of npm outdated --all among 233 rows (fresh8 capture)", async () => {
    // `Depended by` names each row's parent; `portal` (the project) is named by no row:
    // its 12 rows are the direct dependencies, seven a major version behind.
    const { e, must } = await capturedCase("fresh8", "npm-outdated-all-portal");
    expect(must.length).toBe(7);
    for (const fact of must) expect(e.text).toContain(fact);
    for (const fact of [
      "lodash                   4.17.15  4.17.15   4.18.1",
      "qs                         6.7.0    6.7.0   6.17.1",
    ])
      expect(e.text).toContain(fact);
  });

  it("finds the root in another tree: a parent no row names, heading the most rows", () => {
    const rows = [
      ["app-a", "1", "web"],
      ["lib-x", "2", "app-a"],
      ["lib-y", "2", "app-a"],
      ["app-b", "1", "web"],
      ["lib-z", "3", "app-b"],
      ["lib-w", "3", "lib-z"],
      ["lib-v", "3", "lib-z"],
      ["lib-u", "1", "lib-y"],
      ["lib-t", "1", "lib-y"],
      ["lib-s", "1", "lib-x"],
      ["lib-r", "1", "lib-x"],
      ["lib-q", "1", "lib-w"],
      ["lib-p", "1", "other"],
    ];
    expect(rootRows(rows)).toEqual([0, 3]);
  });

  it("finds none where no column names rows (every row under one project, a plain listing)", () => {
    const rows = Array.from({ length: 20 }, (_, i) => [`pkg-${i}`, `${i}.0.0`, "portal"]);
    expect(rootRows(rows)).toEqual([]);
    // Two parents tie for root: no top level to tell.
    const tie = [
      ["a", "x"],
      ["b", "x"],
      ["c", "y"],
      ["d", "y"],
      ["e", "a"],
      ["f", "b"],
      ["g", "c"],
      ["h", "d"],
    ];
    expect(rootRows(tie)).toEqual([]);
  });
});
