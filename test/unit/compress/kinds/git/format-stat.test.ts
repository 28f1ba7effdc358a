import { describe, expect, it } from "vitest";
import type { Pick } from "../../../../../src/compress/excerpt/pack.ts";
import { formatStatPicks } from "../../../../../src/compress/kinds/git/format-stat.ts";
import { capturedCase } from "../../corpus.ts";

describe("git log --stat under a format of the user's own", () => {
  it("keeps every commit's line of `git log -S --format=... --stat`, the newest first (fresh23)", async () => {
    const { e, must } = await capturedCase("fresh23", "git-log-s-valuestring-f23");
    for (const m of must) expect(e.text).toContain(m);
  });

  it("reads a log whose commits have stat lines, and no other", () => {
    const picks: Pick[] = [];
    const lines = ["abc1234 one", "", " a.c | 2 +-", " 1 file changed, 1 insertion(+), 1 deletion(-)"];
    const stat = formatStatPicks(
      [...lines, ...lines.map((l) => l.replace("abc1234", "def5678")), ...lines],
      picks,
    );
    expect(stat?.(2)).toBe(true);
    expect(stat?.(0)).toBe(false);
    expect(picks.filter((p) => p.from === 0)).toHaveLength(1);
    expect(formatStatPicks(["abc1234 one", "def5678 two", "0123abc three"], [])).toBeUndefined();
  });
});
