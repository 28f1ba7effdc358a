import { describe, expect, it } from "vitest";
import { type FrameOptions, type MonitorRow, renderFrame } from "../../../src/window/monitor-view.ts";

const NOW = Date.parse("2026-11-22T10:00:00Z");
const rows: MonitorRow[] = [
  {
    id: "036f1196-9d1c-4602-91c6-233dac7ee60b",
    project: "payments-service",
    model: "claude-opus-5-5",
    usedPct: 35,
    remainingPct: 65,
    usedTokens: 351_000,
    windowTokens: 1_000_000,
    updatedAt: NOW - 4_000,
    ended: false,
  },
  {
    id: "c0ffee00-0000-4000-8000-000000000002",
    project: "p",
    model: "claude-sonnet-4-5",
    usedPct: 80,
    remainingPct: 20,
    usedTokens: 160_000,
    windowTokens: 200_000,
    updatedAt: NOW - 125_000,
    ended: false,
  },
  {
    id: "aaaaaaaa-0000-4000-8000-000000000003",
    project: "new",
    model: null,
    usedPct: null,
    remainingPct: null,
    usedTokens: null,
    windowTokens: null,
    updatedAt: NOW,
    ended: false,
  },
];
const opts: FrameOptions = {
  width: 100,
  height: 20,
  now: NOW,
  warnPct: 35,
  criticalPct: 25,
  color: false,
  listed: "active",
};
const ANSI = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, "g");
const cells = (s: string) => [...s.replace(ANSI, "")].length;

describe("the monitor's frame", () => {
  it("shows one line per session: bar, percentage, tokens, model, last update", () => {
    const [header, a, b, c] = renderFrame(rows, opts);
    expect(header).toMatch(/^cairn monitor · 3 active sessions · \d\d:\d\d:\d\d · q quits$/);
    expect(a).toMatch(/^036f1196 payments-service █+░+ {2}35%\s+351k\/1M claude-opus-5-5\s+4s ago$/);
    expect(b).toMatch(/^c0ffee00 p\s+█+░+ {2}80%\s+160k\/200k claude-sonnet-4-5\s+2m ago$/);
    expect(c).toMatch(/^aaaaaaaa new\s+·+\s+–\s+– \?\s+0s ago$/);
  });

  it("never writes past the width or the height, at any size", () => {
    for (let width = 1; width <= 160; width++) {
      for (const height of [1, 2, 3, 5, 30]) {
        const lines = renderFrame(rows, { ...opts, width, height, color: true });
        expect(lines.length).toBeLessThanOrEqual(height);
        for (const l of lines) expect(cells(l), `width ${width}: ${l}`).toBeLessThanOrEqual(width);
      }
    }
  });

  it("gives up columns in order as the terminal narrows: model, project, tokens, stamp", () => {
    const at = (width: number) => renderFrame(rows, { ...opts, width })[1]!;
    expect(at(100)).toContain("claude-opus-5-5");
    expect(at(75)).not.toContain("claude-opus");
    expect(at(75)).toContain("payments");
    expect(at(55)).not.toContain("payments");
    expect(at(55)).toContain("351k/1M");
    expect(at(40)).not.toContain("351k");
    expect(at(40)).toContain("4s ago");
    expect(at(24)).toMatch(/^036f1196 █+░+ {2}35%$/);
  });

  it("says how many did not fit", () => {
    const lines = renderFrame(rows, { ...opts, height: 3 });
    expect(lines).toHaveLength(3);
    expect(lines[2]).toBe("… 2 more (enlarge the window)");
  });

  it("colours by the thresholds only when asked", () => {
    const [, a, b] = renderFrame(rows, { ...opts, color: true });
    expect(a).toContain("\x1b[32m");
    expect(b).toContain("\x1b[31m");
    expect(renderFrame(rows, opts).join("")).not.toContain("\x1b[");
  });

  it("says when there is nothing to show", () => {
    expect(renderFrame([], opts)[1]).toContain("no active sessions");
  });
});
