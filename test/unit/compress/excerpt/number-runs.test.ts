import { describe, expect, it } from "vitest";
import { numberRunOutliers } from "../../../../src/compress/excerpt/number-runs.ts";
import { capturedCase } from "../corpus.ts";

describe("records led by a run of numbers, one field a line", () => {
  it("keeps the slowest entries of redis-cli SLOWLOG GET off a terminal (fresh32)", async () => {
    // The real `redis-cli SLOWLOG GET 128` piped (19 KB): each entry's id, unix time and
    // microseconds a line each, then the command's arguments; the evening's four slow calls
    // (214,744 us to 88,660 us among 2 to 16 ms writes) were cut with the lines of every number.
    const { e } = await capturedCase("fresh32", "redis-slowlog-get-f32");
    const shown = e.text.split("\n");
    for (const us of ["214744", "181249", "160339", "88660"]) expect(shown).toContain(us);
  });

  it("reads each position of the runs as a field, not ids or times", () => {
    const lines: string[] = [];
    const us = [3000, 4000, 3500, 250000, 3700, 4100, 3900, 3300, 3600, 4200];
    us.forEach((u, k) => {
      lines.push(String(100 - k), String(1796100478 - k), String(u), "SET", `key:${k}`, "127.0.0.1:4000", "");
    });
    const out = numberRunOutliers(lines);
    expect(out.map((o) => lines[o.line])).toEqual(["250000"]);
    // The run and the command after it.
    expect(out[0]).toEqual({ line: 23, from: 21, to: 25 });
    // Fewer than eight records: no field to read.
    expect(numberRunOutliers(lines.slice(0, 7 * 7))).toEqual([]);
  });

  it("finds none where numbers stand one a line in one run (a column cut out)", () => {
    const lines = ["values:", ...Array.from({ length: 40 }, (_, k) => String(k === 7 ? 90000 : 10 + k))];
    expect(numberRunOutliers(lines)).toEqual([]);
  });
});
