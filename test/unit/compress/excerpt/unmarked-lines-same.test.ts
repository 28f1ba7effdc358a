import { describe, expect, it } from "vitest";
import { loadCorpus, modelView } from "../../../../bench/corpus/corpus.ts";
import { unmarkedLines } from "../../../../src/compress/excerpt/unmarked-lines.ts";
import { fixtureTexts } from "../corpus.ts";

// unmarkedLines read every line before telling there were more than MOST unmarked ones; it
// now stops at the first past MOST. On real outputs, whole and cut, it must find what
// reading them all found: the reference is unmarkedLines as it was (fc813bf3).
const MARK = /^([^\w\s]{1,4}) /;
const UNMARKED = /^\w/;
const FEWEST = 30;
const MARKED = 0.6;
const SHARE = 0.25;
const MOST = 40;
const READ = 5000;

function asItWas(lines: readonly string[]): number[] {
  if (lines.length < FEWEST || lines.length > READ) return [];
  const marks = new Map<string, number>();
  const unmarked: number[] = [];
  let nonBlank = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.trim() === "") continue;
    nonBlank++;
    const mark = MARK.exec(line)?.[1];
    if (mark !== undefined) marks.set(mark, (marks.get(mark) ?? 0) + 1);
    else if (UNMARKED.test(line)) unmarked.push(i);
  }
  if (nonBlank < FEWEST || unmarked.length === 0) return [];
  if (unmarked.length > MOST || unmarked.length > SHARE * nonBlank) return [];
  let most = 0;
  for (const n of marks.values()) if (n > most) most = n;
  return most >= MARKED * nonBlank ? unmarked : [];
}

const outputs = [
  ...loadCorpus().map((e) => modelView(e).split("\n")),
  ...fixtureTexts().map(({ text }) => text.split("\n")),
];

describe("unmarkedLines as it was", () => {
  it("finds the same lines in every corpus and fixture output, whole and cut, with marks put before most lines", () => {
    let calls = 0;
    let found = 0;
    for (const lines of outputs)
      for (const n of [30, 100, 300, lines.length])
        if (n <= lines.length) {
          const cut = lines.slice(0, n);
          // The same lines with `# ` before all but every 12th (a config file commented out):
          // a few left unmarked are set apart, or past MOST of them none are.
          const marked = cut.map((l, i) => (i % 12 === 5 ? l : `# ${l}`));
          for (const ls of [cut, marked]) {
            const was = asItWas(ls);
            if (was.length > 0) found++;
            calls++;
            expect(unmarkedLines(ls)).toEqual(was);
          }
        }
    expect(calls).toBeGreaterThan(500);
    expect(found).toBeGreaterThan(20);
  });
});
