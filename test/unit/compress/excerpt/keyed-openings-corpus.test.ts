import { describe, expect, it } from "vitest";
import { product } from "../../../../bench/compress.ts";
import { loadCorpus as benchCorpus, modelView } from "../../../../bench/corpus/corpus.ts";
import { loadSet, OPEN_SETS, wholeOutput } from "../../../../bench/corpus/facts/sets.ts";
import { keyedRecords } from "../../../../src/compress/excerpt/keyed-records.ts";
import { loadCorpus, readText } from "../corpus.ts";
import { keyedRecords as asItWas } from "./keyed-records-as-it-was.ts";

// keyedOpenings tells a line by the character where the opener's colon stands before it
// seeks the opener there: on the real outputs (the bench's corpus as the model reads it and
// as the compressors get it, the tests', the open sets' captured ones), and on each cut of them that starts at a line
// opening with a key, the records found must be the ones found before.
describe("keyedRecords with the opener's colon read first", () => {
  it("finds the same records on the corpora", async () => {
    const p = await product("src");
    const texts = [
      ...benchCorpus().flatMap((e) => [
        modelView(e),
        p.extractOutput(e.tool_name, e.tool_input, e.tool_response).text as string,
      ]),
      ...loadCorpus().map((e) => readText(e)),
      // The open sets of captured outputs (kubectl describe, pip show among them; never the blind one).
      ...OPEN_SETS.flatMap((set) => loadSet(set).map((c) => wholeOutput(c))),
    ];
    let found = 0;
    let cuts = 0;
    for (const text of texts) {
      const lines = text.split("\n");
      // The whole output, and from each of its first lines that opens with a key at column 0.
      const starts = [
        0,
        ...lines.slice(0, 200).flatMap((l, i) => (/^[A-Za-z][\w ./-]{0,40}?:\s/.test(l) ? [i] : [])),
      ];
      for (const from of starts.slice(0, 20)) {
        const cut = lines.slice(from);
        const was = asItWas(cut);
        if (was) found++;
        cuts++;
        expect(keyedRecords(cut)).toEqual(was);
      }
    }
    expect(cuts).toBeGreaterThan(1500);
    // Records were there to be found.
    expect(found).toBeGreaterThan(20);
  });
});
