import { describe, expect, it } from "vitest";
import { capturedCase } from "../../corpus.ts";

describe("an object whose values are records of one layout, keyed by name", () => {
  it("is a table of records: its first whole, its rare ones (fresh14 bandit's metrics per file)", async () => {
    // `metrics` maps each file to its counts, `_totals` first: read as the top's keys, every
    // file's counts were room and the totals were cut.
    const { e } = await capturedCase("fresh14", "bandit-json-netcommon-spilled-f14");
    for (const fact of [
      '"SEVERITY.LOW": 32.0',
      '"SEVERITY.MEDIUM": 7.0',
      '"SEVERITY.HIGH": 0.0',
      '"loc": 14937',
    ])
      expect(e.text).toContain(fact);
  });
});
