import { describe, expect, it } from "vitest";
import { loadCorpus as benchCorpus, modelView } from "../../../../../bench/corpus/corpus.ts";
import { MATCH } from "../../../../../src/compress/kinds/grep/detect.ts";
import { filesMatched } from "../../../../../src/compress/kinds/grep/excerpt.ts";
import { loadCorpus, readText } from "../../corpus.ts";

/** contentExcerpt's two passes as they were at 212c1f9: each file's first match, then each file's count. */
function asItWas(file: (string | undefined)[]) {
  const firsts = new Map<string, number>();
  file.forEach((f, i) => {
    if (f !== undefined && !firsts.has(f)) firsts.set(f, i);
  });
  const matched = new Map<string, number>();
  for (const f of file) if (f !== undefined) matched.set(f, (matched.get(f) ?? 0) + 1);
  return { firsts, matched };
}

// The files of a grep's matches are read in one pass: on every output of the corpora read
// as a grep's (each line's path where MATCH reads one, a hole where not, as contentExcerpt's
// array has them), each file's first match and count must be what the two passes found,
// in the same order.
describe("filesMatched", () => {
  it("finds each file's first match and count as the two passes did", () => {
    const outputs = [...benchCorpus().map((e) => modelView(e)), ...loadCorpus().map((e) => readText(e))];
    let files = 0;
    let again = 0;
    for (const text of outputs) {
      const lines = text.split("\n");
      const file: (string | undefined)[] = new Array(lines.length);
      for (let i = 0; i < lines.length; i++) {
        const m = MATCH.exec(lines[i]!);
        if (m) file[i] = m[1];
      }
      const was = asItWas(file);
      const now = filesMatched(file);
      expect([...now.firsts]).toEqual([...was.firsts]);
      expect([...now.matched]).toEqual([...was.matched]);
      files += was.firsts.size;
      for (const n of was.matched.values()) if (n > 1) again++;
    }
    // Files matched, and files matched more than once (where a first and a count differ).
    expect(files).toBeGreaterThan(1000);
    expect(again).toBeGreaterThan(100);
  });
});
