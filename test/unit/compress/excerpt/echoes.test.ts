import { describe, expect, it } from "vitest";
import { capturedCase } from "../corpus.ts";

describe("a rare line that says again a fact before it with other numbers", () => {
  it("is room, not a fact: a health app's sync round logged every few minutes (fresh6 capture)", async () => {
    // A real Read of 700 lines of a phone health app's log (64 KB). Its sync round
    // (`initDataPrivacy the dataPrivacy is true`, `ifCanSync not! no cloud version`, ...)
    // comes back every few minutes, the same words with another timestamp: each line of it
    // was a kind of line rare enough to be a fact, so every round was shown whole and
    // spent the room that the failures around it are read by.
    const { text, e, must } = await capturedCase("fresh6", "read-healthapp-log");
    const shown = (words: string) => e.text.split("\n").filter((l) => l.endsWith(words)).length;
    const logged = (words: string) => text.split("\n").filter((l) => l.endsWith(words)).length;
    for (const words of ["|initDataPrivacy the dataPrivacy is true", "|ifCanSync not! no cloud version"]) {
      expect(logged(words)).toBeGreaterThanOrEqual(3);
      expect(shown(words), words).toBe(1);
    }
    // `sendSyncFailedBroadcast` (a failure in a camel-cased name) is missed before and after.
    const kept = must.filter((fact) => !fact.endsWith("sendSyncFailedBroadcast"));
    expect(kept.length).toBe(must.length - 1);
    for (const fact of kept) expect(e.text, fact).toContain(fact);
    expect(e.text.length).toBeLessThan(text.length * 0.15);
  });

  it("is still a fact where the numbers are all it says (`10 !== 500`, fresh3 capture)", async () => {
    // mocha's assertion diffs: two lines alike but for their numbers, each the failure's point.
    const { e, must } = await capturedCase("fresh3", "mocha-nested-describes");
    for (const fact of ["10 !== 500", "120 !== 100"]) expect(must).toContain(fact);
    for (const fact of must) expect(e.text, fact).toContain(fact);
  });
});
