import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { sampleOf } from "../../../../../src/compress/excerpt/doc.ts";
import {
  CONTEXT,
  COUNT,
  MATCH,
  type Mode,
  modeOf,
  PATH_ONLY,
} from "../../../../../src/compress/kinds/grep/detect.ts";

// modeOf returns a mode as soon as its count passes its bound (over half the lines, so no
// other mode can pass its own); it must answer as reading all 150 lines did (copied as it
// stood, with the regexes tried alone).
function everyLine(lines: readonly string[]): Mode | undefined {
  const head = lines.slice(0, 150).filter((l) => l !== "" && l !== "--");
  const total = head.length;
  let content = 0;
  let count = 0;
  let files = 0;
  let other = 0;
  for (const line of head) {
    if (COUNT.test(line)) count++;
    else if (MATCH.test(line) || CONTEXT.test(line)) content++;
    else if (PATH_ONLY.test(line)) files++;
    else if (++other >= total * 0.4) return undefined;
  }
  if (total === 0) return undefined;
  if (count / total > 0.8) return "count";
  if (content / total > 0.6) return "content";
  if (files / total > 0.8) return "files";
  return undefined;
}

const DIR = join(import.meta.dirname, "../../../../fixtures");
const outputs = ["outputs", "outputs-extra", "outputs-substance"].flatMap((d) =>
  readdirSync(join(DIR, d))
    .filter((f) => f.endsWith(".txt"))
    .map((f) => sampleOf(readFileSync(join(DIR, d, f), "utf8"))),
);

describe("grep modeOf", () => {
  it("answers every fixture output (its lines from each tenth on, every 2nd and 3rd) as reading every line did", () => {
    const seen = new Set<Mode | undefined>();
    for (const text of outputs) {
      const lines = text.split("\n");
      for (let k = 0; k < lines.length; k += Math.max(1, Math.floor(lines.length / 10))) {
        const part = lines.slice(k);
        for (const step of [1, 2, 3]) {
          const picked = part.filter((_, i) => i % step === 0);
          const mode = modeOf(picked);
          expect(mode).toBe(everyLine(picked));
          seen.add(mode);
        }
      }
    }
    expect([...seen].sort()).toEqual(["content", "count", "files", undefined]);
  });
  it("answers random mixes of match, context, count, path and other lines as reading every line did", () => {
    const line = fc.constantFrom(
      "src/a.ts:12:const x = 1;",
      "lib/b.py-40-    return y",
      "src/a.ts:7",
      "docs/readme.md",
      "./build/out.js",
      "",
      "--",
      "plain words here",
      "2024-05-30 16:31:02 started",
    );
    fc.assert(
      fc.property(fc.array(line, { maxLength: 180 }), (lines) => {
        expect(modeOf(lines)).toBe(everyLine(lines));
      }),
      { numRuns: 30_000 },
    );
  });
});
