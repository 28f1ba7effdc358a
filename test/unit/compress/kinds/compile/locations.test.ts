import { describe, expect, it } from "vitest";
import {
  fairCap,
  locationList,
  locationPhrase,
} from "../../../../../src/compress/kinds/compile/locations.ts";
import { parsePhrase } from "./located.ts";

// The location lists printed after a diagnostic that stands for several: compact, in
// line order, ranges only where they are exact, and readable back into every location.

const at = (line: number, col?: number) => (col === undefined ? { line } : { line, col });

describe("location lists", () => {
  it("makes ranges only of four or more consecutive lines in one column", () => {
    const locs = [...Array.from({ length: 120 }, (_, i) => at(i + 1, 14)), at(121, 40)];
    expect(locationPhrase(locs)).toBe("line:col 1-120:14, 121:40");
    // Shorter runs name every line: each can be read (and searched for) as it is.
    expect(locationPhrase([at(3, 5), at(4, 6), at(5, 6)])).toBe("line:col 3:5, 4:6, 5:6");
    expect(locationList([at(4), at(5), at(6), at(6)], Number.POSITIVE_INFINITY, " ")).toBe("4 5 6×2");
  });

  it("names a shared column once, and says lines when there are no columns", () => {
    expect(locationPhrase([at(9, 9), at(4, 9), at(14, 9)])).toBe("col 9 of lines 4, 9, 14");
    expect(locationPhrase([at(12), at(15), at(16), at(17), at(18)])).toBe("lines 12, 15-18");
  });

  it("counts one place reported several times, and has nothing to add when all are one place", () => {
    expect(locationPhrase([at(57, 57), at(57, 57), at(57, 57), at(60, 61)])).toBe("line:col 57:57×3, 60:61");
    expect(locationPhrase([at(23, 48), at(23, 48)])).toBe("");
  });

  it("reads back into every location it was made from", () => {
    const locs = [at(1, 1), at(2, 1), at(3, 1), at(7, 2), at(8, 4), at(40, 4), at(41, 4)];
    expect(parsePhrase(locationPhrase(locs))).toEqual(locs);
  });

  it("cuts a list that cannot fit with how many more and where", () => {
    const locs = Array.from({ length: 50 }, (_, i) => at(10 * (i + 1)));
    const cut = locationList(locs, 40);
    expect(cut.length).toBeLessThanOrEqual(40);
    expect(cut).toMatch(/^10, 20(?:, \d+)*, … and \d+ more at lines \d+-500$/);
    const shown = cut.split(", … and")[0]!.split(", ").length;
    expect(cut).toContain(`… and ${50 - shown} more at lines ${10 * (shown + 1)}-500`);
    expect(locationList(locs, 10)).toBe("… and 50 more at lines 10-500");
  });

  it("shares room fairly: short lists whole, the longest cut to one length", () => {
    expect(fairCap([10, 20, 30], 100)).toBe(Number.POSITIVE_INFINITY);
    expect(fairCap([10, 500, 800], 410, 60)).toBe(200);
    expect(fairCap([500, 800], 100, 60)).toBe(60);
  });
});
