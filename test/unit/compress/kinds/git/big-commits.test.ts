import { describe, expect, it } from "vitest";
import type { Pick } from "../../../../../src/compress/excerpt/pack.ts";
import { bigCommitPicks } from "../../../../../src/compress/kinds/git/big-commits.ts";
import { capturedCase } from "../../corpus.ts";

describe("git log --stat's commits far bigger than the rest", () => {
  it("keeps the stat summaries of holmesgpt's two largest commits among 60 (fresh22)", async () => {
    const { e } = await capturedCase("fresh22", "git-log-stat-spilled-f22");
    expect(e.text).toContain(
      "6fe8ee3 feat: Add experimental AG-UI supported chat endpoint and PPL query assist",
    );
    expect(e.text).toContain(" 33 files changed, 19496 insertions(+), 9 deletions(-)");
    expect(e.text).toContain(" 40 files changed, 5842 insertions(+), 377 deletions(-)");
  });

  it("picks none where the commits are alike in size, nor a one-file commit", () => {
    const commits = Array.from({ length: 10 }, (_, k) => ({
      start: k * 5,
      summary: k * 5 + 4,
      size: 10 + k,
    }));
    const lines = Array.from({ length: 60 }, () => " 3 files changed, 10 insertions(+)");
    lines[59] = " 1 file changed, 4000 insertions(+)";
    const picks: Pick[] = [];
    bigCommitPicks(lines, commits, picks);
    expect(picks).toEqual([]);
    bigCommitPicks(lines, [...commits, { start: 50, summary: 54, size: 5000 }], picks);
    expect(picks.map((p) => p.from)).toEqual([54]);
    // A one-file commit's summary says no more than its file's stat line.
    const one: Pick[] = [];
    bigCommitPicks(lines, [...commits, { start: 55, summary: 59, size: 4000 }], one);
    expect(one).toEqual([]);
  });
});
