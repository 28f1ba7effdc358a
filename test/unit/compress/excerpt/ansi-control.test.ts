import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { loadCorpus, modelView } from "../../../../bench/corpus/corpus.ts";
import { cleanText, hasControl } from "../../../../src/compress/excerpt/ansi.ts";

// cleanText asked a search for a control byte whether a text holds one; hasControl ran
// along the characters that are none (a sticky run, NO_CONTROL as it was at 6cdc51d1), and
// now looks for each control byte with includes: it must answer as both did.
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it looks for
const CONTROL = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]/;

const NO_CONTROL = /[\t\n\r\x20-\x7e\x80-\uffff]*/y;
function asItWas(text: string): boolean {
  NO_CONTROL.lastIndex = 0;
  NO_CONTROL.test(text);
  return NO_CONTROL.lastIndex < text.length;
}

const DIR = join(import.meta.dirname, "../../../fixtures/outputs");
const outputs = readdirSync(DIR)
  .filter((f) => f.endsWith(".txt"))
  .map((f) => readFileSync(join(DIR, f), "utf8"));

describe("hasControl", () => {
  it("answers as the search for every code unit, at the start, inside and at the end of a text", () => {
    for (let c = 0; c < 0x10000; c++) {
      const u = String.fromCharCode(c);
      for (const text of [u, `ab${u}`, `${u}é`, `a\n${u}\tb`]) {
        expect(hasControl(text), `U+${c.toString(16)}`).toBe(CONTROL.test(text));
        expect(hasControl(text), `U+${c.toString(16)}`).toBe(asItWas(text));
      }
    }
    expect(hasControl("")).toBe(false);
  });
  it("answers as the search for every fixture output, and with a control byte put at each tenth of it", () => {
    let held = 0;
    for (const text of outputs) {
      expect(hasControl(text)).toBe(CONTROL.test(text));
      if (CONTROL.test(text)) held++;
      for (const at of [0, 0.1, 0.5, 0.9, 1]) {
        const k = Math.floor(text.length * at);
        const marked = `${text.slice(0, k)}\x01${text.slice(k)}`;
        expect(hasControl(marked)).toBe(true);
        // Dropped again, where no escape sequence it could stand inside is.
        if (!text.includes("\x1b")) expect(cleanText(marked)).toBe(cleanText(text));
      }
    }
    expect(outputs.length - held).toBeGreaterThan(10);
  });
  it("answers as the run did for every corpus output, whole and as the model reads it", () => {
    let held = 0;
    for (const e of loadCorpus()) {
      for (const text of [modelView(e), JSON.stringify(e.tool_response)]) {
        expect(hasControl(text)).toBe(asItWas(text));
        if (asItWas(text)) held++;
      }
    }
    expect(held).toBeGreaterThan(0);
  });
  it("answers as the search for random texts of control bytes, blanks, letters and surrogates", () => {
    const unit = fc.constantFrom(
      "\x00",
      "\x08",
      "\t",
      "\n",
      "\x0b",
      "\r",
      "\x1f",
      " ",
      "~",
      "\x7f",
      "\x80",
      "a",
      "\ud83d",
      "\ude00",
    );
    fc.assert(
      fc.property(fc.string({ unit, maxLength: 20 }), (text) => {
        expect(hasControl(text)).toBe(CONTROL.test(text));
        expect(hasControl(text)).toBe(asItWas(text));
      }),
      { numRuns: 20_000 },
    );
  });
});
