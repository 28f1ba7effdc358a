import { describe, expect, it } from "vitest";
import { decide, levelFor, type MonitorState, warningText } from "../../../src/context/advisor.ts";

const T = { warnPct: 35, criticalPct: 25, debounce: 5 };

/** Runs a series of tool uses and returns what fired at each (1-based). */
function run(remaining: (number | undefined)[], t = T): string[] {
  let state: MonitorState | undefined;
  const fired: string[] = [];
  remaining.forEach((r, i) => {
    const d = decide(state, r, t);
    state = d.next;
    if (d.fire) fired.push(`${i + 1}:${d.fire}`);
  });
  return fired;
}

describe("context warnings: levels, debounce, escalation", () => {
  it("places the thresholds inclusively", () => {
    expect(levelFor(36, T)).toBeNull();
    expect(levelFor(35, T)).toBe("warning");
    expect(levelFor(26, T)).toBe("warning");
    expect(levelFor(25, T)).toBe("critical");
    expect(levelFor(0, T)).toBe("critical");
  });

  it("warns once, then again only after 5 more tool uses", () => {
    expect(run([70, 34, 34, 33, 33, 32, 32, 31, 31, 30, 30, 30])).toEqual([
      "2:warning",
      "7:warning",
      "12:warning",
    ]);
  });

  it("escalates to critical at once, whatever the debounce, then debounces critical", () => {
    expect(run([34, 33, 24, 24, 24, 24, 24, 23, 23])).toEqual(["1:warning", "3:critical", "8:critical"]);
    expect(run([34, 24], { ...T, debounce: 1000 })).toEqual(["1:warning", "2:critical"]);
  });

  it("jumps straight to critical when the first measurement is already low", () => {
    expect(run([20, 20])).toEqual(["1:critical"]);
  });

  it("forgets after the context recovers (a compaction), and warns afresh", () => {
    expect(run([34, 33, 90, 34])).toEqual(["1:warning", "4:warning"]);
  });

  it("says nothing without a measurement, but the tool use still counts", () => {
    expect(run([34, undefined, undefined, undefined, undefined, 34])).toEqual(["1:warning", "6:warning"]);
    expect(run([undefined, undefined])).toEqual([]);
  });

  it("with debounce 0 repeats at every tool use", () => {
    expect(run([34, 34, 34], { ...T, debounce: 0 })).toEqual(["1:warning", "2:warning", "3:warning"]);
  });

  it("words each level for the agent, with the notebook and the handoff", () => {
    const base = {
      remainingPct: 30,
      usedTokens: 700_000,
      windowTokens: 1_000_000,
      notebook: "/p/.cairn/STATE.md",
      handoff: "run X",
    };
    const w = warningText({ ...base, level: "warning" });
    expect(w).toMatch(/^WARNING/);
    expect(w).toContain("30% of the context window remains (700,000 of 1,000,000 tokens used)");
    expect(w).toContain("Wrap up the current step");
    expect(w).toContain("/p/.cairn/STATE.md");
    expect(w).toContain("avoid starting large work");
    const c = warningText({ ...base, level: "critical", remainingPct: 20 });
    expect(c).toMatch(/^CRITICAL/);
    expect(c).toContain("Save state now");
    expect(c).toContain("run X");
    expect(c.length).toBeLessThan(600);
  });
});
