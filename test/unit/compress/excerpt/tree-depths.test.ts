import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  ancestors,
  children,
  depthOf,
  depthsOf,
  recordIdOf,
} from "../../../../src/compress/excerpt/tree-depths.ts";

const FIXTURES = join(import.meta.dirname, "../../../fixtures/outputs");
const linesOf = (name: string) => readFileSync(join(FIXTURES, name), "utf8").split("\n");

describe("walks up and down a tree", () => {
  it("a line's depth is past its blanks and the tree's drawing, whatever draws it", () => {
    expect(depthOf("│   ├── src")).toBe(8);
    // An ASCII tree's dashes start its name, as they always did: only `|`, `+` and `` ` `` draw.
    expect(depthOf("| +-- left-pad@1.3.0")).toBe(3);
    expect(depthOf("`-- x")).toBe(1);
    expect(depthOf("\u00a0\u00a0└─┬ name")).toBe(6);
    expect(depthOf("\t  key: value")).toBe(3);
    expect(depthOf("name")).toBe(0);
  });

  // A real `tree`, `npm ls --all` and `ls -laR`: the depths read once for the output
  // (depthsOf) must lead every walk where reading each line's depth as it goes leads it.
  for (const name of [
    "listing-tree.txt",
    "pkg-npm-ls-all.txt",
    "listing-ls-laR.txt",
    "json-cargo-metadata.txt",
  ]) {
    it(`reading depths once walks as reading them each time does (${name})`, () => {
      const lines = linesOf(name);
      const depths = depthsOf(lines);
      for (let i = 0; i < lines.length; i++) {
        expect(ancestors(lines, i, undefined, undefined, depths), `line ${i}`).toEqual(ancestors(lines, i));
        expect(children(lines, i, undefined, depths), `line ${i}`).toEqual(children(lines, i));
        expect(recordIdOf(lines, i, depths), `line ${i}`).toEqual(recordIdOf(lines, i));
      }
    });
  }
});
