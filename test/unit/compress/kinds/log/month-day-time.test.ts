import { describe, expect, it } from "vitest";
import { capturedCase } from "../../corpus.ts";

describe("a log whose lines start with a month-day and a time", () => {
  it("is read as a log, its warnings and errors shown (fresh3 capture)", async () => {
    // A real Read of an Android system log (loghub's Android_2k.log, 300 lines, 40 KB):
    // `03-17 16:13:46.764  2227  2794 E KeyguardUpdateMonitor: …`. No timestamp shape
    // matched a date without its year, so it was read as a file of no kind: its first and
    // last lines, and none of its errors or warnings.
    const { e, must } = await capturedCase("fresh3", "read-android-log");
    for (const fact of must) expect(e.text, fact).toContain(fact);
  });
});
