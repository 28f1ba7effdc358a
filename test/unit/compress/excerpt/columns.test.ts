import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { tabOutliers } from "../../../../src/compress/excerpt/columns.ts";
import { capturedCase } from "../corpus.ts";
import { tabOutliersAsItWas } from "./tab-outliers-as-it-was.ts";

// `git log --format='%H%x09%an <%ae>%x09%ad%x09%s'` of holmes/plugins (fresh6): 249 commits
// by 29 authors, 9 of them named once. Read by words, the author's column shifted by the
// words of each name, and 29 values are no column of categories: the authors named once
// (Taylor Fahlman's openshift toolset, Vadim Rutkovsky, Mathew Merrick's Cilium toolset)
// were left out.
describe("columns cut by tabs", () => {
  it("git log in a tab-separated format: each author named once, with the commit", async () => {
    const { e, must } = await capturedCase("fresh6", "git-log-tab-format-plugins");
    for (const fact of must) expect(e.text, fact).toContain(fact);
  });

  it("only the lines of a value of their own, in a column of regular values", async () => {
    const { text } = await capturedCase("fresh6", "git-log-tab-format-plugins");
    const lines = text.split("\n");
    const out = new Map<string, number[]>();
    tabOutliers(
      lines,
      lines.map((_, i) => i).filter((i) => lines[i] !== ""),
      out,
    );
    // The author's column only: hashes, dates and subjects are each a line's own.
    expect([...out.keys()].every((k) => k.startsWith("tab:1:"))).toBe(true);
    expect(out.size).toBe(9);
    // Rotated, the same lines.
    const rotated = [...lines.slice(120), ...lines.slice(0, 120)];
    const again = new Map<string, number[]>();
    tabOutliers(
      rotated,
      rotated.map((_, i) => i).filter((i) => rotated[i] !== ""),
      again,
    );
    expect([...again.keys()].sort()).toEqual([...out.keys()].sort());
  });

  it("leaves early only outputs with too few tabs: the same outliers with the tabs of 0 to 30 lines taken out", async () => {
    const { text } = await capturedCase("fresh6", "git-log-tab-format-plugins");
    const lines = text.split("\n");
    const at = lines.map((_, i) => i).filter((i) => lines[i] !== "");
    let kept = 0;
    for (let k = 0; k <= 30; k++) {
      // The tabs of k lines spread over the output become blanks.
      const cut = lines.map((l, i) => (i % 8 === 0 && i / 8 < k ? l.replaceAll("\t", " ") : l));
      const out = new Map<string, number[]>();
      const before = new Map<string, number[]>();
      tabOutliers(cut, at, out);
      tabOutliersAsItWas(cut, at, before);
      expect([...out], String(k)).toEqual([...before]);
      if (out.size > 0) kept++;
    }
    // Both sides of the bound: columns read with few lines untabbed, none past 10% of them.
    expect(kept).toBeGreaterThan(5);
    expect(kept).toBeLessThan(31);
    const DIR = join(import.meta.dirname, "../../../fixtures/outputs");
    for (const f of readdirSync(DIR).filter((f) => f.endsWith(".txt"))) {
      const fixture = readFileSync(join(DIR, f), "utf8").split("\n");
      const all = fixture.map((_, i) => i);
      const out = new Map<string, number[]>();
      const before = new Map<string, number[]>();
      tabOutliers(fixture, all, out);
      tabOutliersAsItWas(fixture, all, before);
      expect([...out], f).toEqual([...before]);
    }
  });
});
