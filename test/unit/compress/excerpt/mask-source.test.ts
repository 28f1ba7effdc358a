import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { docOf, forgetDoc } from "../../../../src/compress/excerpt/doc.ts";
import {
  codesOfLastLine,
  MAX_TOKENS,
  maskLine,
  shapeOfLastLine,
} from "../../../../src/compress/excerpt/mask.ts";
import { templatesOf } from "../../../../src/compress/excerpt/templates.ts";

// templates.ts masks a line from the Doc's source text (the cleaned text it was cut from)
// where it has one: reading a slice's characters is slower. Every answer must be the one
// the line alone gives: tokens, values, codes and shape, whatever stands around the line.

const DIR = join(import.meta.dirname, "../../../fixtures/outputs");
const outputs = readdirSync(DIR)
  .filter((f) => f.endsWith(".txt"))
  .map((f) => readFileSync(join(DIR, f), "utf8"));

/** maskLine's whole answer for `line` from `from`, or for its span in `text` from `first`. */
function answer(line: string, from: number, text?: string, first = 0) {
  const out = new Int32Array(MAX_TOKENS);
  const values = { numbered: new Uint8Array(MAX_TOKENS), files: new Int32Array(MAX_TOKENS) };
  const n =
    text === undefined
      ? maskLine(line, out, from, values)
      : maskLine(text, out, first + from, values, 0, first + line.length, first);
  const cut = (a: ArrayLike<number>) => Array.from(a).slice(0, n);
  return [n, cut(out), cut(values.numbered), cut(values.files), codesOfLastLine(), shapeOfLastLine()];
}

function sameFromSource(text: string): number {
  forgetDoc();
  const doc = docOf(text);
  const source = doc.source;
  if (source === undefined) return 0;
  let first = 0;
  for (const line of doc.lines) {
    expect(source.slice(first, first + line.length)).toBe(line);
    for (const from of [0, 1, 7]) expect(answer(line, from, source, first), line).toEqual(answer(line, from));
    first += line.length + 1;
  }
  return doc.lines.length;
}

describe("maskLine read from the Doc's source", () => {
  it("answers as the line alone for every line of every fixture output", () => {
    let read = 0;
    for (const text of outputs) read += sameFromSource(text);
    expect(read).toBeGreaterThan(1000);
  });

  it("does not read a code's key on the line above (a quoted value opening a line)", () => {
    // `"V125"` opening a line is a code; the colon two characters before it is the line above's.
    const text = 'valve:\n"V125",\nkey: "V125",\n';
    expect(sameFromSource(text)).toBe(3);
    forgetDoc();
    const doc = docOf(text);
    const t = templatesOf(doc, () => false);
    forgetDoc();
    const alone = templatesOf({ ...docOf(text), source: undefined }, () => false);
    expect(t.list.map((x) => Array.from(x.tokens))).toEqual(alone.list.map((x) => Array.from(x.tokens)));
  });

  it("answers as the line alone for random lines of codes, quotes, paths, ids and blanks", () => {
    const piece = fc.constantFrom(
      '"',
      "'",
      ":",
      " ",
      "\t",
      "/",
      "(",
      "[",
      "]",
      "E501",
      "TS2305:",
      "V125",
      "a.ts:3",
      "x9f3e2d1c",
      "---",
      "word",
      "12",
      ",",
    );
    fc.assert(
      fc.property(
        fc.array(
          fc.array(piece, { maxLength: 12 }).map((p) => p.join("")),
          { minLength: 1, maxLength: 8 },
        ),
        (lines) => {
          sameFromSource(lines.join("\n"));
        },
      ),
      { numRuns: 3000 },
    );
  });
});
