import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { loadCorpus as loadBench, modelView } from "../../../../../bench/corpus/corpus.ts";
import { editsOf } from "../../../../../src/compress/kinds/git/edit-pairs.ts";
import { loadCorpus, readText } from "../../corpus.ts";
import { editsOf as asItWas } from "./edit-pairs-as-it-was.ts";

// editsOf tests a word for a number only where it starts with a digit, and counts the words
// of every pair in one map: each pair's edit must be what it was.
describe("editsOf with a number told by its first character", () => {
  const same = (lines: string[], changed: number[], what: string) => {
    const was = asItWas(lines, changed);
    expect([...editsOf(lines, changed)], what).toEqual([...was]);
    return was.size;
  };

  it("reads the same edits in the real diffs of both corpora", () => {
    const texts = [
      ...loadCorpus().map((e) => [e.file, readText(e)]),
      ...loadBench().map((e) => [e.id, modelView(e)]),
    ];
    let edits = 0;
    for (const [what, text] of texts) {
      const lines = text!.split("\n");
      const changed = lines.flatMap((l, i) => (/^[-+]/.test(l) ? [i] : []));
      edits += same(lines, changed, what!);
    }
    expect(edits).toBeGreaterThan(1000);
  });

  it("reads the same edits of every real line made a removed line and the next an added one", () => {
    let edits = 0;
    for (const e of loadCorpus()) {
      const lines = readFileSync(e.path, "utf8")
        .split("\n")
        .slice(0, 4000)
        .map((l, i) => `${i % 4 < 2 ? "-" : "+"}${l}`);
      edits += same(
        lines,
        lines.map((_, i) => i),
        e.file,
      );
    }
    expect(edits).toBeGreaterThan(10000);
  });
});
