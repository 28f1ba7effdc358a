import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { firstMaybeTrace, nextTraceStart, traceStart } from "../../../../src/compress/excerpt/traces.ts";

const DIR = join(import.meta.dirname, "../../../fixtures/outputs");
const outputs = readdirSync(DIR).map((f) => readFileSync(join(DIR, f), "utf8"));
const lines = outputs.flatMap((t) => t.split("\n"));

/**
 * Trace detection first scans the text once for a line that could start a trace; only
 * then does it run traceStart's per-line loop. The scan must never miss what the loop
 * finds, or an output would lose its trace excerpt.
 */
describe("the one-scan gate in front of trace detection", () => {
  it("lets through every real output in which traceStart finds a trace", () => {
    let traces = 0;
    for (const text of outputs) {
      if (traceStart(text.split("\n")) < 0) continue;
      traces++;
      expect(firstMaybeTrace(text)).toBeGreaterThanOrEqual(0);
    }
    expect(traces).toBeGreaterThan(5);
  });
  it("never stops a text whose lines traceStart would find a trace in (random mixes of real lines)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.nat(lines.length - 1), { minLength: 1, maxLength: 30 }),
        fc.constantFrom("", "\r", " ", "\t"),
        (picks, pad) => {
          const text = picks.map((i) => `${lines[i]}${i % 7 === 0 ? pad : ""}`).join("\n");
          if (firstMaybeTrace(text) < 0) expect(traceStart(text.split("\n"))).toBe(-1);
        },
      ),
      { numRuns: 3000 },
    );
  });
  it("finds no start above the line before the first it lets through (real outputs and random mixes of their lines)", () => {
    // Detection reads traceStart's lines only from there: the start must be the same.
    const same = (text: string) => {
      const split = text.split("\n");
      const first = firstMaybeTrace(text);
      const start = traceStart(split);
      if (first < 0) expect(start).toBe(-1);
      else expect(traceStart(split, 0, split.length - 1, first - 1), text).toBe(start);
      return start;
    };
    expect(outputs.filter((t) => same(t) > 0).length).toBeGreaterThan(5);
    fc.assert(
      fc.property(
        fc.array(fc.nat(lines.length - 1), { minLength: 1, maxLength: 30 }),
        fc.constantFrom("", "\r", " ", "\t"),
        (picks, pad) => {
          same(picks.map((i) => `${lines[i]}${i % 7 === 0 ? pad : ""}`).join("\n"));
        },
      ),
      { numRuns: 3000 },
    );
  });
  it("finds with nextTraceStart, from any line, the start traceStart finds (real outputs and random mixes of their lines)", () => {
    // The log and trace excerpts read traceStart's lines only from the first line its one
    // expression lets through: the start must be the same.
    let found = 0;
    const same = (split: string[], from: number) => {
      const start = traceStart(split, from);
      expect(nextTraceStart(split, from), `${from}: ${split.join("\n")}`).toBe(start);
      if (start >= 0) found++;
    };
    for (const text of outputs) {
      const split = text.split("\n");
      for (let from = 0; from < split.length; from += 1 + (from >> 4)) same(split, from);
    }
    expect(found).toBeGreaterThan(50);
    fc.assert(
      fc.property(
        fc.array(fc.nat(lines.length - 1), { minLength: 1, maxLength: 30 }),
        fc.constantFrom("", "\r", " ", "\t", "\u00a0"),
        fc.nat(29),
        (picks, pad, from) => {
          const split = picks.map((i) => `${i % 5 === 0 ? pad : ""}${lines[i]}${i % 7 === 0 ? pad : ""}`);
          same(split, Math.min(from, split.length - 1));
        },
      ),
      { numRuns: 3000 },
    );
  });
  it("stops an access log, which has no trace", () => {
    const log = readFileSync(join(DIR, "log-nginx-access.txt"), "utf8");
    expect(firstMaybeTrace(log)).toBe(-1);
  });
});
