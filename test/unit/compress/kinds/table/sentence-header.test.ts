import { describe, expect, it } from "vitest";
import { endsAsSentence } from "../../../../../src/compress/kinds/table/sentence-header.ts";
import { capturedCase } from "../../corpus.ts";

describe("a sentence heads no columns", () => {
  it("reads pandoc's reStructuredText of a README as no table (fresh17)", async () => {
    // `The fastest JSON validator for Node.js and browser.` split at its capitals into
    // three header cells, and the document became a table of 190 rows.
    const { e } = await capturedCase("fresh17", "pandoc-ajv-rst-f17");
    expect(e.compressor).not.toBe("table");
  });

  it("tells a sentence from a header of labels", () => {
    expect(endsAsSentence("The fastest JSON validator for Node.js and browser.")).toBe(true);
    expect(endsAsSentence("  PID TTY          TIME CMD")).toBe(false);
    expect(endsAsSentence("Filesystem      Size  Used Avail Use% Mounted on")).toBe(false);
  });
});
