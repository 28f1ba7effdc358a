import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  ancestors,
  children,
  commonLead,
  depthOf,
  depthsOf,
  recordIdOf,
} from "../../../../src/compress/excerpt/around.ts";
import { isProblem } from "../../../../src/compress/excerpt/signals.ts";
import { loadCorpus, readText } from "../corpus.ts";

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

describe("commonLead reads a line's lead as its expression does", () => {
  // commonLead reads each line's lead in place (leadEnd) where it matched `/^\S+ (?:\S+ )?/`
  // and trimmed every line: a lead read otherwise would hide or bare another output's problem words.
  const byExpression = (lines: readonly string[]): string | undefined => {
    const counts = new Map<string, number>();
    let total = 0;
    for (let i = 0; i < lines.length && total < 400; i++) {
      if (lines[i]!.trim() === "") continue;
      total++;
      const m = /^\S+ (?:\S+ )?/.exec(lines[i]!);
      if (m) counts.set(m[0], (counts.get(m[0]) ?? 0) + 1);
    }
    let best: string | undefined;
    let most = 0;
    for (const [lead, k] of counts) if (k > most) [best, most] = [lead, k];
    return best !== undefined && most >= Math.max(8, total * 0.4) && isProblem(best) ? best : undefined;
  };

  it("on blanks of every kind, leads of one word and two, and none", () => {
    const lines = (line: string) => Array.from({ length: 10 }, () => line);
    for (const line of [
      "npm error code E404",
      "error: x",
      "error  x",
      "error\tx",
      "error\u00a0x y",
      "error x\u3000y",
      " error x",
      "\u2028",
      "error",
      "error ",
      "error x",
      "error x ",
      "error  ",
      "\ufeffERROR x y",
    ])
      expect(commonLead(lines(line)), JSON.stringify(line)).toBe(byExpression(lines(line)));
  });

  it("on every output of the test corpus", () => {
    let leads = 0;
    for (const entry of loadCorpus()) {
      const lines = readText(entry).split("\n");
      const lead = commonLead(lines);
      expect(lead, entry.file).toBe(byExpression(lines));
      if (lead !== undefined) leads++;
    }
    expect(leads).toBeGreaterThan(0);
  });
});
