import { describe, expect, it } from "vitest";
import { porcelainCommits } from "../../../../src/compress/excerpt/blame-porcelain.ts";
import { capturedCase } from "../corpus.ts";

describe("git blame --porcelain: each commit by its header, author and summary", () => {
  it("keeps the commit owning most lines and the initial commit's author (fresh22, 300 lines of tool_calling_llm.py)", async () => {
    // Before, the model-comparison commit's summary was kept without its header line, and the
    // initial commit's summary without its author: the engine read `author-time` ×36 as a kind.
    const { e } = await capturedCase("fresh22", "git-blame-porcelain-spilled-f22");
    expect(e.text).toContain("2462f2b50dda666b0c719979b00c96fc1e14ef1d 13 19 1\nauthor Natan Yellin");
    expect(e.text).toContain("summary evals: add support for model-comparison and cost calculation (#894)");
    expect(e.text).toContain("6b62717177c627a63d7238aff46301d49efc6566 2 3 3\nauthor Robusta Runner");
    expect(e.text).toContain("summary initial commit");
  });

  it("reads each commit once, weighted by the lines it owns, only in porcelain", () => {
    const a = "a".repeat(40);
    const b = "b".repeat(40);
    const lines = [
      `${a} 1 1 1`,
      "author Ann",
      "author-time 1700000000",
      "summary first",
      "filename f.py",
      "\timport os",
      `${b} 2 2 3`,
      "author Bob",
      "summary second",
      "filename f.py",
      "\tx = 1",
      `${b} 3 3`,
      "\ty = 2",
      `${b} 4 4`,
      "\tz = 3",
    ];
    expect(porcelainCommits(lines)).toEqual([
      { header: 0, author: 1, summary: 3, weight: 0.25 },
      { header: 6, author: 7, summary: 8, weight: 0.75 },
    ]);
    expect(porcelainCommits(lines.slice(1))).toEqual([]);
  });
});
