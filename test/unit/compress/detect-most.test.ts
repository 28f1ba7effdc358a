import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { sampleOf } from "../../../src/compress/excerpt/doc.ts";
import type { Hints } from "../../../src/compress/excerpt/types.ts";
import { DETECTORS } from "../../../src/compress/kinds/detectors.ts";

// chooseKind does not ask a detector whose `most` is no higher than the best score so
// far: a `most` below what the detector can return would hand an output to another kind.

const DIR = join(import.meta.dirname, "../../fixtures/outputs");
const outputs = readdirSync(DIR)
  .filter((f) => f.endsWith(".txt"))
  .map((f) => [f, sampleOf(readFileSync(join(DIR, f), "utf8"))] as const);

/** Hints that add to some detector's score: a failing exit, the Grep tool, commands naming tools. */
const HINTS: Hints[] = [
  { tool: "Bash" },
  { tool: "Bash", exitCode: 1 },
  { tool: "Grep" },
  { tool: "Glob" },
  ...["ps aux", "journalctl -u app", "tail -f app.log", "node --test", "grep -rn x .", "ls -la"].map(
    (command): Hints => ({ tool: "Bash", command, exitCode: 1 }),
  ),
];

describe("a detector's most", () => {
  const bounded = DETECTORS.filter((d) => d.detector.most !== undefined);
  it("is said by the detectors asked late (so one can be skipped)", () =>
    expect(bounded.map((d) => d.detector.name)).toEqual(["table", "trace", "log"]));
  for (const { detector } of bounded)
    it(`bounds every score ${detector.name} gives the real outputs, and is reached`, () => {
      let top = 0;
      for (const [f, sample] of outputs)
        for (const hints of HINTS) {
          const score = detector.detect(sample, hints);
          expect(score, `${f} ${JSON.stringify(hints)}`).toBeLessThanOrEqual(detector.most!);
          top = Math.max(top, score);
        }
      // Reached by some output: a bound set too high would skip nothing.
      expect(top).toBe(detector.most);
    });
});
