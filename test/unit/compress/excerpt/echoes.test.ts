import { describe, expect, it } from "vitest";
import { capturedCase } from "../corpus.ts";

describe("a rare line that says again a fact before it with other numbers", () => {
  it("is room, not a fact: a health app's sync round logged every few minutes (fresh6 capture)", async () => {
    // A real Read of 700 lines of a phone health app's log (64 KB). Its sync round
    // (`initDataPrivacy the dataPrivacy is true`, `ifCanSync not! no cloud version`, ...)
    // comes back every few minutes, the same words with another timestamp: each line of it
    // was a kind of line rare enough to be a fact, so every round was shown whole and
    // spent the room that the failures around it are read by. Now its first and its last.
    const { text, e, must } = await capturedCase("fresh6", "read-healthapp-log");
    const shown = (words: string) => e.text.split("\n").filter((l) => l.endsWith(words)).length;
    const logged = (words: string) => text.split("\n").filter((l) => l.endsWith(words)).length;
    // (Its lines are room, not facts: which of the middle ones the room holds moves with the
    // rest of the excerpt, as when the alike suffixes took the file's own line numbers.)
    const round = ["|initDataPrivacy the dataPrivacy is true", "|ifCanSync not! no cloud version"];
    for (const words of round) {
      expect(logged(words)).toBeGreaterThanOrEqual(3);
      expect(shown(words), words).toBeGreaterThanOrEqual(2);
    }
    const sum = (f: (w: string) => number) => round.reduce((n, w) => n + f(w), 0);
    expect(sum(shown)).toBeLessThan(sum(logged));
    // The last of `sendSyncFailedBroadcast`'s three (a fact: the failure still at 22:32).
    for (const fact of must) expect(e.text, fact).toContain(fact);
    // 13.1 KB (20%) with every round whole; 10.4 KB with the first and the last.
    expect(e.text.length).toBeLessThan(text.length * 0.17);
  });

  it("is still a fact where the numbers are all it says (`10 !== 500`, fresh3 capture)", async () => {
    // mocha's assertion diffs: two lines alike but for their numbers, each the failure's point.
    const { e, must } = await capturedCase("fresh3", "mocha-nested-describes");
    for (const fact of ["10 !== 500", "120 !== 100"]) expect(must).toContain(fact);
    for (const fact of must) expect(e.text, fact).toContain(fact);
  });
});
