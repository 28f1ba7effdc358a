import { describe, expect, it } from "vitest";
import type { OpenSet } from "../../../../bench/corpus/facts/sets.ts";
import { makeVariant } from "../../../../bench/corpus/facts/variants.ts";
import { compressText } from "../../../../src/compress/compress-text.ts";
import { excerptBudget } from "../../../../src/compress/excerpt/budget.ts";
import { defaults } from "../../../../src/config/schema.ts";
import { capturedCase } from "../corpus.ts";

/** A real capture shrunk to half by the robustness bench (bench/corpus/facts/variants.ts), compressed. */
async function shrunk(set: Exclude<OpenSet, "shared">, name: string) {
  const { text, must, hints } = await capturedCase(set, name);
  const v = makeVariant(text, must, "shrunk");
  if (!("text" in v)) throw new Error(v.skip);
  return { text: v.text, e: compressText(v.text, hints, excerptBudget(defaults(), v.text.length)) };
}

describe("a structure still there in half the rows", () => {
  it("the direct dependencies of npm outdated --all where half its rows are left out (fresh8 capture, shrunk)", async () => {
    // 126 of 233 rows: the parents named in `Depended by` whose own rows went are many, and
    // only 29 of its 52 names were rows (56%, under the 60% asked): `portal`'s ten direct
    // dependencies, a major behind like the rest, were no longer told from them.
    const { text, e } = await shrunk("fresh8", "npm-outdated-all-portal");
    for (const fact of [
      "axios                     0.21.1   0.21.1   1.21.1",
      "express                   4.17.1   4.17.1    5.3.0",
      "mocha                      9.1.3    9.1.3   12.0.3",
      "uuid                       8.3.2    8.3.2   14.0.3",
    ])
      expect(e.text).toContain(fact);
    expect(e.text.length).toBeLessThan(text.length * 0.3);
  });

  it("the listening socket with a queue among four listening sockets (fresh8 capture, shrunk)", async () => {
    // ss -tanp with 7302's LISTEN line left out: four sockets listen with a process, one with
    // 6 in its accept queue where three hold 0; a kind of four was too few to hold an odd value.
    const { e } = await shrunk("fresh8", "ss-tanp-sockets");
    expect(e.text).toContain("LISTEN     6      64         127.0.0.1:7301");
  });

  it("an error's second place in its file before a warning's places (fresh14 javadoc, shrunk)", async () => {
    // javadoc -Xdoclint with half its warnings left out: warnings of many files became
    // warnings of a few (each of `no @param for qty`, the first `empty <p> tag` in each file)
    // and outranked the errors said again further down a file, cut at the cap.
    const { e } = await shrunk("fresh14", "javadoc-doclint-orders-f14");
    expect(e.text).toContain("TicketService.java:23: error: malformed HTML");
    expect(e.text).toContain("TicketService.java:23: error: bad HTML entity");
  });
});
