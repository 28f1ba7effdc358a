import { describe, expect, it } from "vitest";
import { capturedCase } from "../../corpus.ts";

describe("a Read of text of no known shape", () => {
  it("keeps its rare lines, not only its two ends (fresh6 capture)", async () => {
    // A real Read of 700 lines of loghub's HealthApp log: `time|component|pid|message`,
    // a timestamp (`20171223-22:17:25:163`) no log detector knows. Read as plain text it
    // got its first six lines and its last two; the failures in between were gone.
    const { text, e } = await capturedCase("fresh6", "read-healthapp-log");
    expect(e.compressor).toBe("read");
    for (const fact of [
      "saveHealthDetailData() saveOneDetailData fail hiHealthData = 1513958400000,type = 40003",
      "insertHiHealthData() bulkSaveDetailHiHealthData fail errorCode = 4,errorMessage = ERR_DATA_INSERT",
      "uploadStaticsToDB failed message=true",
      "checkFirstSyncByType no such data in db ,type is 1 deviceCode is 0",
    ])
      expect(e.text).toContain(fact);
    // Each frequent kind once with its count, not the whole log.
    expect(e.text).toMatch(/\[×\d+ like this, lines \d+-\d+\]/);
    expect(e.text.length).toBeLessThan(text.length * 0.3);
  });
});
