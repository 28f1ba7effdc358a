import { describe, expect, it } from "vitest";
import { advise } from "../../../src/notebook/advisor.ts";
import { buildAnchor } from "../../../src/notebook/anchor.ts";
import { dueWarning } from "../../../src/notebook/session-state.ts";

const DUE_WARNING = dueWarning("cairn");

const T = { suggestPct: 55, urgePct: 70 };
const usage = (usedPct: number, staleToolTokens?: number) => ({
  usedPct,
  usedTokens: Math.round(usedPct * 2000),
  windowTokens: 200_000,
  source: "transcript",
  ...(staleToolTokens !== undefined ? { staleToolTokens } : {}),
});
const GOAL = "- Make the importer stream instead of buffering\n- keep memory under 200 MB";
const NOW = "Step 3/5: the backpressure test in test/import.test.ts";

describe("buildAnchor", () => {
  it("says goal, step and context health in a few lines, within 400 tokens", () => {
    const a = buildAnchor({
      goal: GOAL,
      now: NOW,
      usage: usage(42, 18_400),
      advice: advise(42, false, T),
      maxChars: 1600,
    });
    expect(a.text).toBe(
      [
        "[cairn anchor]",
        "Goal: Make the importer stream instead of buffering · keep memory under 200 MB",
        "Now: Step 3/5: the backpressure test in test/import.test.ts",
        "Context: 42% used (84k of 200k tokens, transcript usage); stale tool results ≈18k tokens (estimate).",
      ].join("\n"),
    );
    expect(a.healthy).toBe(true);
    expect(a.empty).toBe(false);
  });

  it("puts warnings first: urge advice, then the notebook request", () => {
    const a = buildAnchor({
      goal: GOAL,
      now: NOW,
      usage: usage(74),
      advice: advise(74, false, T),
      warnings: [DUE_WARNING],
      maxChars: 1600,
    });
    const lines = a.text.split("\n");
    expect(lines[1]).toMatch(
      /^⚠ Context 74% used: compact now\..*\/compact keep the goal, decisions, dead-ends/,
    );
    expect(lines[2]).toBe(`⚠ ${DUE_WARNING}`);
    expect(lines[3]).toMatch(/^Goal: /);
    expect(lines[4]).toMatch(/^Now: /);
    expect(lines[5]).toMatch(/^Context: 74% used/);
    expect(a.healthy).toBe(false);
    expect(a.text.length).toBeLessThanOrEqual(1600);
  });

  it("suggests compacting at the next boundary from 55%, and now at a boundary", () => {
    const mid = buildAnchor({ goal: GOAL, usage: usage(58), advice: advise(58, false, T), maxChars: 1600 });
    expect(mid.text.split("\n")[1]).toBe(
      "⚠ Context 58% used: compact at the next task boundary (when this step is done), after updating STATE.md.",
    );
    const boundary = buildAnchor({
      goal: GOAL,
      usage: usage(58),
      advice: advise(58, true, T),
      maxChars: 1600,
    });
    expect(boundary.text.split("\n")[1]).toMatch(
      /^⚠ Context 58% used and a step just ended: a good moment to compact/,
    );
  });

  it("is cut by urgency under a small budget: health goes first, then Now, then Goal; warnings stay", () => {
    const long = "x".repeat(600);
    const input = {
      goal: `${GOAL} ${long}`,
      now: `${NOW} ${long}`,
      usage: usage(74, 9000),
      advice: advise(74, false, T),
      warnings: [DUE_WARNING],
    };
    const full = buildAnchor({ ...input, maxChars: 4000 }).text;
    expect(full).toContain("Context: 74% used");
    let previous = full;
    for (const maxChars of [1600, 900, 600, 400, 200]) {
      const a = buildAnchor({ ...input, maxChars });
      expect(a.text.length, `budget ${maxChars}`).toBeLessThanOrEqual(maxChars);
      // A smaller budget only ever removes from the end.
      const kept = a.text.replace(/…$/, "");
      expect(previous.replace(/…$/, "").startsWith(kept.slice(0, kept.lastIndexOf("\n") + 1))).toBe(true);
      previous = a.text;
    }
    const at600 = buildAnchor({ ...input, maxChars: 600 }).text;
    expect(at600).toContain("⚠ Context 74% used");
    expect(at600).not.toContain("Context: 74% used"); // health was dropped first
    const at400 = buildAnchor({ ...input, maxChars: 400 }).text;
    expect(at400).toMatch(/^\[cairn anchor\]\n⚠ Context 74% used/);
    expect(at400).not.toContain("Now:");
  });

  it("keeps the same key while only the figures move, and changes it when goal, step or advice change", () => {
    const a = buildAnchor({
      goal: GOAL,
      now: NOW,
      usage: usage(20),
      advice: advise(20, false, T),
      maxChars: 1600,
    });
    const b = buildAnchor({
      goal: GOAL,
      now: NOW,
      usage: usage(31, 4000),
      advice: advise(31, false, T),
      maxChars: 1600,
    });
    expect(b.key).toBe(a.key);
    expect(b.text).not.toBe(a.text);
    const step = buildAnchor({
      goal: GOAL,
      now: "Step 4/5",
      usage: usage(31),
      advice: advise(31, false, T),
      maxChars: 1600,
    });
    expect(step.key).not.toBe(a.key);
    const level = buildAnchor({
      goal: GOAL,
      now: NOW,
      usage: usage(60),
      advice: advise(60, false, T),
      maxChars: 1600,
    });
    expect(level.key).not.toBe(a.key);
  });

  it("is empty with nothing to say (no notebook, no measurement yet)", () => {
    const a = buildAnchor({ advice: advise(undefined, false, T), maxChars: 1600 });
    expect(a.empty).toBe(true);
    expect(a.healthy).toBe(true);
  });
});

describe("advise", () => {
  it("follows the configured thresholds", () => {
    expect(advise(54, true, T).level).toBe("ok");
    expect(advise(55, false, T).level).toBe("suggest");
    expect(advise(69.6, false, T).level).toBe("suggest");
    expect(advise(70, false, T).level).toBe("urge");
    expect(advise(40, false, { suggestPct: 30, urgePct: 40 }).level).toBe("urge");
    expect(advise(undefined, true, T).level).toBe("ok");
    expect(advise(72, false, T).forUser).toBe(
      "cairn: context 72% used, compact now: /compact keep the goal, decisions, dead-ends and the files in play; drop raw tool output",
    );
  });
});
