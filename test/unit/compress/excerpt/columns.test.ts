import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { tabOutliers } from "../../../../src/compress/excerpt/columns.ts";
import { capturedCase } from "../corpus.ts";

// tabOutliers as it read every line before it left outputs with too few tabs early.
function cutFirst(lines: readonly string[], at: readonly number[], out: Map<string, number[]>): void {
  if (at.length < 50) return;
  const tabs = new Map<number, number>();
  const cells: string[][] = [];
  for (const i of at) {
    const row = lines[i]!.length <= 2000 && lines[i]!.includes("\t") ? lines[i]!.split("\t") : [];
    cells.push(row);
    tabs.set(row.length, (tabs.get(row.length) ?? 0) + 1);
  }
  let width = 0;
  for (const [w, n] of tabs) if (w > 1 && n >= at.length * 0.9) width = w;
  if (width === 0) return;
  for (let c = 0; c < width; c++) {
    const held = new Map<string, number[]>();
    cells.forEach((row, k) => {
      if (row.length !== width) return;
      const v = row[c]!.trim();
      const list = held.get(v);
      if (list) list.push(at[k]!);
      else held.set(v, [at[k]!]);
    });
    if (held.size > at.length / 2) continue;
    let regular = 0;
    let singles = 0;
    for (const list of held.values()) {
      if (list.length >= 3) regular += list.length;
      else if (list.length === 1) singles++;
    }
    if (singles === 0 || regular < at.length * 0.85) continue;
    if (singles > Math.max(3, at.length * 0.05)) continue;
    for (const [v, list] of held) if (list.length === 1 && v !== "") out.set(`tab:${c}:${v}`, list);
  }
}

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
      cutFirst(cut, at, before);
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
      cutFirst(fixture, all, before);
      expect([...out], f).toEqual([...before]);
    }
  });
});
