import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { namedOf } from "../../../../src/compress/excerpt/minority-records.ts";

// namedOf leaves a line holding no colon before a blank, or no match of its regex, before
// matchAll; it must read what matchAll over every line read. This is it as it stood.
const NAMED = /(?:^|\s)([A-Za-z][\w.-]*(?: [A-Za-z][\w.-]*)?):\s+(\S+)(?= {2}|\t|$)/g;
function asItStood(line: string): { names: string; values: string[] } | undefined {
  const names: string[] = [];
  const values: string[] = [];
  for (const m of line.matchAll(NAMED)) {
    names.push(m[1]!);
    values.push(m[2]!);
  }
  return names.length > 0 ? { names: names.join("|"), values } : undefined;
}

const DIR = join(import.meta.dirname, "../../../fixtures/outputs");
const lines = readdirSync(DIR)
  .filter((f) => f.endsWith(".txt"))
  .flatMap((f) => readFileSync(join(DIR, f), "utf8").split("\n"));

describe("namedOf's gate", () => {
  it("reads what matchAll read for every fixture output's line", () => {
    expect(lines.filter((l) => asItStood(l)).length).toBeGreaterThan(100);
    for (const line of lines) expect(namedOf(line)).toEqual(asItStood(line));
  });
  it("reads so for lines of names, colons, blanks of every kind and values", () => {
    const part = fc.constantFrom(
      ...["Severity", "Confidence", "Location", "x.y-z", "12", "Medium", "path/a.py", "a b"],
      ...[":", ": ", ":\t", ":\u00a0", "  ", " ", "\t", "\u3000", "\r", "\v", "\f", "\ufeff"],
    );
    fc.assert(
      fc.property(fc.array(part, { maxLength: 10 }), (parts) => {
        const line = parts.join("");
        expect(namedOf(line)).toEqual(asItStood(line));
      }),
      { numRuns: 30_000 },
    );
  });
});
