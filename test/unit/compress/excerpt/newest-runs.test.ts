import { describe, expect, it } from "vitest";
import { newestLines } from "../../../../src/compress/excerpt/newest.ts";

/** A blame-like line stamped `k` minutes on. */
const stamped = (k: number) =>
  `a1b2c3d (Ann 2024-05-10 ${String(Math.floor(k / 60) % 24).padStart(2, "0")}:${String(k % 60).padStart(2, "0")}:00 +0000 ${k}) x = ${k};`;

describe("newestLines's runs", () => {
  it("takes the first line of each run of one stamp, a blank line inside a run not ending it", () => {
    // Stamps out of order (no log); the newest, 500, stamps lines 10, 11 and, past a blank, 13.
    const lines = Array.from({ length: 30 }, (_, i) => stamped((i * 37) % 29));
    lines[10] = stamped(500);
    lines[11] = stamped(500);
    lines[12] = "";
    lines[13] = stamped(500);
    const newest = newestLines(lines);
    expect(newest).toContain(10);
    expect(newest).not.toContain(11);
    expect(newest).not.toContain(13);
  });
});
