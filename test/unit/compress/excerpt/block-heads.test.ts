import { describe, expect, it } from "vitest";
import { blockHeads } from "../../../../src/compress/excerpt/block-heads.ts";
import { capturedCase } from "../corpus.ts";

describe("the opening lines of blocks of indented trees", () => {
  it("names every copy npm explain explains (fresh15 `npm explain ansi-regex string-width`)", async () => {
    // Twelve blocks, each `name@version dev` and its node_modules path over the chain that
    // pulls it in. Before, the openings were two kinds of six alike: the first showed, and
    // 15 of the 20 facts (the other versions, the nested paths) were lost.
    const { e } = await capturedCase("fresh15", "npm-explain-api-f15");
    for (const fact of [
      "ansi-regex@2.1.1",
      "ansi-regex@4.1.1",
      "node_modules/cliui/node_modules/ansi-regex",
      "node_modules/wrap-ansi/node_modules/ansi-regex",
      "string-width@1.0.2",
      "string-width@3.1.0",
      "node_modules/yargs/node_modules/string-width",
    ])
      expect(e.text).toContain(fact);
  });

  it("reads only an output wholly of blocks opening at column 0 over deep trees", () => {
    // Each block: two openings over a chain of eight dependents, two lines a step.
    const chain = ["a", "b", "c", "d"].flatMap((d, k) => [
      `${"  ".repeat(k + 1)}${d}@"^1" from ${d}x@1`,
      `${"  ".repeat(k + 1)}node_modules/${d}x`,
    ]);
    const block = (name: string) => [`${name}@1.0.0`, `node_modules/${name}`, ...chain, ""];
    const lines = ["x", "y", "z"].flatMap(block);
    expect(blockHeads(lines)).toEqual([0, 1, 11, 12, 22, 23]);
    // A diagnostic's one indented place under its message is no tree (two depths).
    const flat = lines.filter((l) => !l.startsWith("    "));
    expect(flat.length).toBeGreaterThan(10);
    expect(blockHeads(flat)).toEqual([]);
    // A line at column 0 after the indented ones (a traceback's exception) is something else.
    expect(blockHeads([...lines.slice(0, 10), "ValueError: x", ...lines.slice(10)])).toEqual([]);
    // A block of column-0 lines alone before the last (a build's progress line).
    expect(blockHeads(["[1 of 3] Compiling A", "", ...lines])).toEqual([]);
  });
});
