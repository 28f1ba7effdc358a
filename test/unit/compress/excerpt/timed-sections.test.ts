import { describe, expect, it } from "vitest";
import { timedSections } from "../../../../src/compress/excerpt/timed-sections.ts";
import { capturedCase } from "../corpus.ts";

describe("the header and first value of each timed section", () => {
  it("keeps the sections of `sar -A` that hold a value among some sixty (fresh19)", async () => {
    const { e, must } = await capturedCase("fresh19", "sar-all-f19");
    expect(must.length).toBeGreaterThan(10);
    for (const m of must) expect(e.text).toContain(m);
  });

  it("reads a header after a clock over rows of values, skips rows of zeros, and a header's repeats", () => {
    const section = (t: string, head: string, rows: string[]) => [
      `${t}  ${head}`,
      ...rows.map((r) => `${t.replace(/5$/, "6")}  ${r}`),
      "",
    ];
    const lines = [
      "Linux 6.1 (host)  11/30/26  _x86_64_  (2 CPU)",
      "",
      ...section("07:59:25", "CPU  %usr  %idle", ["all  89.50  0.00"]),
      ...section("07:59:25", "IFACE  rxpck/s  txpck/s", ["lo  0.00  0.00", "eth0  0.00  3.00"]),
      ...section("07:59:25", "pswpin/s pswpout/s", ["0.00  0.00"]),
      ...section("08:00:25", "CPU  %usr  %idle", ["all  10.00  90.00"]),
      "Average:  CPU  %usr  %idle",
      "Average:  all  49.75  45.00",
    ];
    expect(timedSections(lines)).toEqual([2, 3, 5, 7]);
    // A log's clock-stamped paragraphs: the next line is no row of the first's names.
    const log = ["", "12:00:01 Starting server", "12:00:02 Listening on port 8080", ""];
    expect(timedSections([...log, ...log, ...log, ...log])).toEqual([]);
    // Too few sections: a log's clock lines are no report.
    expect(timedSections(lines.slice(0, 9))).toEqual([]);
  });
});
