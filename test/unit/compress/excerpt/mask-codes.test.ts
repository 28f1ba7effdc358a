import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { loadCorpus as loadBenchCorpus, modelView } from "../../../../bench/corpus/corpus.ts";
import { codesOf } from "../../../../src/compress/excerpt/code-units.ts";
import { docOf, forgetDoc } from "../../../../src/compress/excerpt/doc.ts";
import {
  codesOfLastLine,
  MAX_TOKENS,
  maskCodes,
  maskLine,
  shapeOfLastLine,
} from "../../../../src/compress/excerpt/mask.ts";
import { loadCorpus } from "../corpus.ts";
import * as was from "./mask-as-it-was.ts";

// mask.ts reads a text's code units (a typed array), not its characters (charCodeAt), and
// templates.ts reads every line of a Doc from one text: its source, or its lines joined by
// newlines. Every answer must be the one mask.ts gave reading the line alone: tokens,
// values, codes and shape, on real outputs.

const values = () => ({ numbered: new Uint8Array(MAX_TOKENS), files: new Int32Array(MAX_TOKENS) });

/** A mask's whole answer: how many tokens, them, their values, the line's codes and shape. */
function whole(n: number, out: Int32Array, v: ReturnType<typeof values>, codes: number, shape: number) {
  const cut = (a: ArrayLike<number>) => Array.from(a).slice(0, n);
  return [n, cut(out), cut(v.numbered), cut(v.files), codes, shape];
}

function asItWas(line: string, from: number) {
  const out = new Int32Array(MAX_TOKENS);
  const v = values();
  const n = was.maskLine(line, out, from, v);
  return whole(n, out, v, was.codesOfLastLine(), was.shapeOfLastLine());
}

function fromCodes(units: Uint16Array, first: number, line: string, from: number) {
  const out = new Int32Array(MAX_TOKENS);
  const v = values();
  const n = maskCodes(units, out, first + from, v, 0, first + line.length, first);
  return whole(n, out, v, codesOfLastLine(), shapeOfLastLine());
}

function fromLine(line: string, from: number) {
  const out = new Int32Array(MAX_TOKENS);
  const v = values();
  const n = maskLine(line, out, from, v);
  return whole(n, out, v, codesOfLastLine(), shapeOfLastLine());
}

/** Every line of `text`'s Doc, masked as it was and from the source's and the joined lines' code units; how many lines differ. */
function differing(text: string): { lines: number; differ: string[] } {
  forgetDoc();
  const doc = docOf(text);
  const differ: string[] = [];
  const joined = doc.lines.join("\n");
  const reads = [joined, ...(doc.source === undefined ? [] : [doc.source])].map((t) =>
    codesOf(t, new Uint16Array(t.length + 7)),
  );
  let first = 0;
  for (const line of doc.lines) {
    if (line.length <= 2000)
      for (const from of [0, 3]) {
        const expected = JSON.stringify(asItWas(line, from));
        const got = [...reads.map((units) => fromCodes(units, first, line, from)), fromLine(line, from)];
        if (got.some((g) => JSON.stringify(g) !== expected)) differ.push(line);
      }
    first += line.length + 1;
  }
  return { lines: doc.lines.length, differ };
}

describe("maskLine read from code units", () => {
  it("answers as it did reading characters, for every line of the bench corpus's outputs", () => {
    let lines = 0;
    for (const e of loadBenchCorpus()) {
      const r = differing(modelView(e));
      expect(r.differ, e.id).toEqual([]);
      lines += r.lines;
    }
    expect(lines).toBeGreaterThan(100_000);
  });

  it("answers as it did for every line of the test fixtures' outputs", () => {
    let lines = 0;
    for (const e of loadCorpus()) {
      const r = differing(readFileSync(e.path, "utf8"));
      expect(r.differ, e.file).toEqual([]);
      lines += r.lines;
    }
    expect(lines).toBeGreaterThan(10_000);
  });

  it("tells a place in a file (an extension, then `(` or `:` and a digit) as the pattern did, for any token", () => {
    // Pieces that make and unmake places: extensions of up to seven letters, marks, digits.
    const piece = fc.constantFrom(
      ".",
      "ts",
      "a",
      "abcde",
      "abcdef",
      "Zz",
      "(",
      ":",
      "1",
      "42",
      ",",
      "/",
      "é",
      "_",
    );
    const loose = fc.array(piece, { minLength: 1, maxLength: 9 }).map((ps) => ps.join(""));
    // A name, a dot, up to seven letters, a mark and more: a place or nearly one.
    const near = fc
      .tuple(piece, fc.stringMatching(/^[a-zA-Zé]{0,7}$/), fc.constantFrom("(", ":", ",", "."), piece, piece)
      .map(([name, ext, mark, a, b]) => `${name}.${ext}${mark}${a}${b}`);
    const token = fc.oneof(loose, near);
    const line = fc.array(token, { minLength: 1, maxLength: 5 }).map((ts) => ts.join(" "));
    let places = 0;
    fc.assert(
      fc.property(line, (l) => {
        const expected = asItWas(l, 0);
        if ((expected[3] as number[]).some((f) => f !== 0)) places++;
        expect(fromLine(l, 0)).toEqual(expected);
      }),
      { numRuns: 5000 },
    );
    // Places were there to be told, not only their absence. About 120 of the 5,000 lines
    // drawn hold one (binomial, sd about 11): 100 failed one run in twenty or so; 40 is
    // seven deviations down, so the bound says "places were drawn" without being a draw.
    expect(places).toBeGreaterThan(40);
  });

  it("reads code units as charCodeAt does, lone surrogates and all", () => {
    const text = "a\ud800b\udc00c│ é 😀";
    expect(Array.from(codesOf(text))).toEqual(
      Array.from({ length: text.length }, (_, i) => text.charCodeAt(i)),
    );
    // Into a longer array: its start only, what stood past it not read.
    const into = new Uint16Array(40).fill(7);
    expect(Array.from(codesOf(text, into))).toEqual(Array.from(codesOf(text)));
  });
});
