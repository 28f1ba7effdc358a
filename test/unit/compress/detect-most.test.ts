import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { chooseKind, THRESHOLD } from "../../../src/compress/compress-with.ts";
import { sampleOf } from "../../../src/compress/excerpt/doc.ts";
import type { Detector, Hints } from "../../../src/compress/excerpt/types.ts";
import { DETECTORS, GENERIC } from "../../../src/compress/kinds/detectors.ts";

// chooseKind does not ask a detector whose `most` is no higher than the best score so
// far: a `most` below what the detector can return would hand an output to another kind.
// A `most` that depends on the hints must bound the scores given under those hints.

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
  { tool: "Glob", command: "find . -name x" },
  ...[
    "ps aux",
    "journalctl -u app",
    "tail -f app.log",
    "node --test",
    "grep -rn x .",
    "ls -la",
    "tree src",
  ].flatMap((command): Hints[] => [
    { tool: "Bash", command, exitCode: 1 },
    { tool: "Bash", command, exitCode: 0 },
    { tool: "Bash", command },
  ]),
];

const mostOf = (d: Detector, hints: Hints): number =>
  typeof d.most === "function" ? d.most(hints) : d.most!;

describe("a detector's most", () => {
  const bounded = DETECTORS.filter((d) => d.detector.most !== undefined);
  it("is said by the detectors asked late (so one can be skipped)", () =>
    expect(bounded.map((d) => d.detector.name)).toEqual(["listing", "table", "trace", "log"]));
  for (const { detector } of bounded)
    it(`bounds every score ${detector.name} gives the real outputs, and is reached`, () => {
      const top = new Map<number, number>();
      for (const [f, sample] of outputs)
        for (const hints of HINTS) {
          const score = detector.detect(sample, hints);
          const most = mostOf(detector, hints);
          expect(score, `${f} ${JSON.stringify(hints)}`).toBeLessThanOrEqual(most);
          top.set(most, Math.max(top.get(most) ?? 0, score));
        }
      // Each bound reached by some output under some hints: a bound set too high would skip nothing.
      for (const [most, score] of top) expect(score, `bound ${most}`).toBe(most);
    });
});

describe("chooseKind", () => {
  /** The choice when every detector is asked (ties to the earlier, the generic one below THRESHOLD). */
  function askingEvery(sample: string, hints: Hints): string {
    let best = { name: GENERIC.detector.name, score: THRESHOLD };
    for (const d of DETECTORS) {
      if (d === GENERIC) continue;
      const score = d.detector.detect(sample, hints);
      if (score > best.score) best = { name: d.detector.name, score };
    }
    return `${best.name} ${best.score}`;
  }
  it("chooses as asking every detector would, skipping those whose most cannot win", () => {
    for (const [f, sample] of outputs)
      for (const hints of HINTS) {
        const { chosen, score } = chooseKind(sample, hints);
        expect(`${chosen.detector.name} ${score}`, `${f} ${JSON.stringify(hints)}`).toBe(
          askingEvery(sample, hints),
        );
      }
  });
});
