import { describe, expect, it } from "vitest";
import { DATA_NOTE } from "../../../src/core/data-block.ts";
import { buildAnchor } from "../../../src/notebook/anchor.ts";
import { dueWarning } from "../../../src/notebook/session-state.ts";
import { adviceFor, type Ladder, levelFor } from "../../../src/window/advisor.ts";

const DUE_WARNING = dueWarning("cairn");

const T: Ladder = { suggestPct: 45, warnPct: 35, criticalPct: 25, debounce: 5 };
const usage = (usedPct: number, staleToolTokens?: number) => ({
  usedPct,
  remainingPct: 100 - usedPct,
  usedTokens: Math.round(usedPct * 2000),
  windowTokens: 200_000,
  windowBasis: "registry" as const,
  source: "transcript",
  ...(staleToolTokens !== undefined ? { staleToolTokens } : {}),
});
/** The ladder's rung and words for a usage, as the anchor's part gathers them. */
const rung = (usedPct: number, atBoundary = false) => {
  const level = levelFor(100 - usedPct, T);
  const advice = level
    ? adviceFor({ ...usage(usedPct), level, atBoundary, notebook: ".cairn/STATE.md", cli: "cairn" }).forAgent
    : undefined;
  return { level, advice };
};
const GOAL = "- Make the importer stream instead of buffering\n- keep memory under 200 MB";
const NOW = "Step 3/5: the backpressure test in test/import.test.ts";
const BLOCK = [
  DATA_NOTE,
  '<cairn-data source="STATE.md">',
  "Goal: Make the importer stream instead of buffering · keep memory under 200 MB",
  "Now: Step 3/5: the backpressure test in test/import.test.ts",
  "</cairn-data>",
];

describe("buildAnchor", () => {
  it("says goal and step as the repository's data, then context health, within 400 tokens", () => {
    const a = buildAnchor({ goal: GOAL, now: NOW, usage: usage(42, 18_400), ...rung(42), maxChars: 1600 });
    expect(a.text).toBe(
      [
        "[cairn anchor]",
        ...BLOCK,
        "Context: 42% used (84k of 200k tokens, transcript usage); stale tool results ≈18k tokens (estimate).",
      ].join("\n"),
    );
    expect(a.empty).toBe(false);
  });

  it("says when the window is assumed", () => {
    const a = buildAnchor({
      goal: GOAL,
      usage: { ...usage(42), windowBasis: "assumed" },
      level: null,
      maxChars: 1600,
    });
    expect(a.text).toContain(
      "Context: 42% used (84k of 200k tokens, transcript usage; the window is assumed).",
    );
  });

  it("puts warnings first: the ladder's warning, then the notebook request", () => {
    const a = buildAnchor({
      goal: GOAL,
      now: NOW,
      usage: usage(74),
      ...rung(74),
      warnings: [DUE_WARNING],
      maxChars: 1600,
    });
    const lines = a.text.split("\n");
    expect(lines[1]).toMatch(
      /^⚠ WARNING \(cairn context monitor\): 26% of the context window remains .*\/compact keep the goal, decisions, dead-ends/,
    );
    expect(lines[2]).toBe(`⚠ ${DUE_WARNING}`);
    expect(lines.slice(3, 8)).toEqual(BLOCK);
    expect(lines[8]).toMatch(/^Context: 74% used/);
    expect(a.text.length).toBeLessThanOrEqual(1600);
  });

  it("suggests compacting at the next boundary, and now at a boundary, after the notebook request", () => {
    const mid = buildAnchor({
      goal: GOAL,
      usage: usage(58),
      ...rung(58),
      warnings: [DUE_WARNING],
      maxChars: 1600,
    });
    expect(mid.text.split("\n").slice(1, 3)).toEqual([
      `⚠ ${DUE_WARNING}`,
      "⚠ cairn context monitor: 42% of the context window remains (116,000 of 200,000 tokens used). Compact at the next task boundary (when this step is done), after updating .cairn/STATE.md.",
    ]);
    const boundary = buildAnchor({ goal: GOAL, usage: usage(58), ...rung(58, true), maxChars: 1600 });
    expect(boundary.text.split("\n")[1]).toMatch(
      /^⚠ cairn context monitor: 42% .* a step just ended: a good moment to compact/,
    );
  });

  it("is cut by urgency under a small budget: health goes first, then Now, then Goal; the block is never cut open", () => {
    const long = "x".repeat(600);
    const input = {
      goal: `${GOAL} ${long}`,
      now: `${NOW} ${long}`,
      usage: usage(74, 9000),
      ...rung(74),
      warnings: [DUE_WARNING],
    };
    const full = buildAnchor({ ...input, maxChars: 4000 }).text;
    expect(full).toContain("Context: 74% used");
    for (const maxChars of [1600, 1200, 1000, 900, 600, 400, 200]) {
      const a = buildAnchor({ ...input, maxChars });
      expect(a.text.length, `budget ${maxChars}`).toBeLessThanOrEqual(maxChars);
      // Whatever is cut, a block that opens closes (the note names the tag: not a block).
      const tags = a.text.replaceAll(DATA_NOTE, "");
      expect(tags.split("<cairn-data").length, `budget ${maxChars}`).toBe(tags.split("</cairn-data>").length);
    }
    const at1600 = buildAnchor({ ...input, maxChars: 1600 }).text;
    expect(at1600).toContain("Goal: Make the importer");
    expect(at1600).not.toContain("Context: 74% used"); // health was dropped first
    const at1000 = buildAnchor({ ...input, maxChars: 1000 }).text;
    expect(at1000).toContain("Goal: Make the importer");
    expect(at1000).not.toContain("Now:");
    const at400 = buildAnchor({ ...input, maxChars: 400 }).text;
    expect(at400).toMatch(/^\[cairn anchor\]\n⚠ WARNING \(cairn context monitor\)/);
    expect(at400).not.toContain("Goal:");
  });

  it("keeps the same key while only the figures move, and changes it when goal, step or rung change", () => {
    const a = buildAnchor({ goal: GOAL, now: NOW, usage: usage(20), ...rung(20), maxChars: 1600 });
    const b = buildAnchor({ goal: GOAL, now: NOW, usage: usage(31, 4000), ...rung(31), maxChars: 1600 });
    expect(b.key).toBe(a.key);
    expect(b.text).not.toBe(a.text);
    const step = buildAnchor({ goal: GOAL, now: "Step 4/5", usage: usage(31), ...rung(31), maxChars: 1600 });
    expect(step.key).not.toBe(a.key);
    const level = buildAnchor({ goal: GOAL, now: NOW, usage: usage(60), ...rung(60), maxChars: 1600 });
    expect(level.key).not.toBe(a.key);
    // Only the rung counts, not its figures: a suggestion at 58% and at 62% is the same.
    const later = buildAnchor({ goal: GOAL, now: NOW, usage: usage(62), ...rung(62), maxChars: 1600 });
    expect(later.key).toBe(level.key);
  });

  it("is empty with nothing to say (no notebook, no measurement yet)", () => {
    const a = buildAnchor({ level: null, maxChars: 1600 });
    expect(a.empty).toBe(true);
  });
});
