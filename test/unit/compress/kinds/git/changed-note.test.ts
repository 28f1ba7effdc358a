import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { compressText } from "../../../../../src/compress/compress-text.ts";
import { capturedCase } from "../../corpus.ts";

const FIXTURES = join(import.meta.dirname, "../../../../fixtures/outputs");

/** The 0-based indexes of a diff's changed lines (`+`/`-` inside hunks, not the file headers). */
function changedLines(text: string): number[] {
  const out: number[] = [];
  let inHunk = false;
  text.split("\n").forEach((line, i) => {
    if (line.startsWith("@@")) inHunk = true;
    else if (/^(?:diff --git|commit [0-9a-f]{40})/.test(line)) inHunk = false;
    else if (inHunk && /^[-+]/.test(line)) out.push(i);
  });
  return out;
}

/** How many of `lines` an excerpt shows: those in none of its gaps (1-based, inclusive). */
function shownOf(lines: readonly number[], gaps: ReadonlyArray<readonly [number, number]>): number {
  return lines.filter((i) => !gaps.some(([a, b]) => i + 1 >= a && i + 1 <= b)).length;
}

describe("a diff's note on its changed lines", () => {
  it("says how many changed lines are shown where the cap cut some, never 'every changed line' (real git diff, 49 KB)", () => {
    // 460 changed lines in 18 files; at a small budget the facts' cap cuts them, and the note
    // said "every changed line" over 94 of them.
    const text = readFileSync(join(FIXTURES, "git-diff-multifile.txt"), "utf8");
    const e = compressText(text, { tool: "Bash", command: "git diff" }, 2000);
    expect(e.compressor).toBe("git-diff");
    const changed = changedLines(text);
    expect(changed.length).toBe(460);
    expect(e.text).not.toContain("every changed line");
    const m = /: (\d+) of (\d+) changed lines shown/.exec(e.text)!;
    expect(m, e.text.slice(0, 400)).not.toBeNull();
    expect(Number(m[2])).toBe(changed.length);
    expect(Number(m[1])).toBe(shownOf(changed, e.gaps ?? []));
    expect(Number(m[1])).toBeLessThan(changed.length);
  });

  it("says 'every changed line' where each is shown (real git log -p, fresh2) and counts them where cut", async () => {
    const { text } = await capturedCase("fresh2", "git-log-patch");
    const changed = changedLines(text);
    for (const budget of [6000, 1200]) {
      const e = compressText(text, { tool: "Bash", command: "git log -p v1.0.0..main" }, budget);
      expect(e.compressor).toBe("git-log");
      const m = /patches: (\d+) of (\d+) changed lines shown/.exec(e.text);
      if (m) {
        expect(Number(m[2])).toBe(changed.length);
        expect(Number(m[1])).toBe(shownOf(changed, e.gaps ?? []));
      } else {
        expect(e.text).toContain("patches: every changed line");
        // Every changed line is shown, or is an alike edit's member the note says is counted.
        const shown = shownOf(changed, e.gaps ?? []);
        expect(shown === changed.length || e.text.includes("like this")).toBe(true);
      }
    }
  });
});
