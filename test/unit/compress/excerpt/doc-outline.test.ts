import { describe, expect, it } from "vitest";
import { documentOutline } from "../../../../src/compress/excerpt/doc-outline.ts";
import { capturedCase } from "../corpus.ts";

describe("a document's headings and directives", () => {
  it("keeps the headings and directives of pandoc's reStructuredText of a README (fresh17)", async () => {
    const { e, must } = await capturedCase("fresh17", "pandoc-ajv-rst-f17");
    for (const m of must.filter((x) => x.startsWith(".. ") || x.startsWith("Please `sponsor")))
      expect(e.text).toContain(m);
  });

  it("reads underlined headings and `.. name::` directives, and only in a document of headings", () => {
    const prose = Array.from({ length: 20 }, (_, k) => `line ${k} of prose.`);
    const doc = [
      "Title",
      "=====",
      "",
      ...prose,
      ".. code:: js",
      "",
      "   x()",
      "",
      "Usage",
      "-----",
      "more text",
    ];
    expect(documentOutline(doc)).toEqual([0, 23, 27]);
    // One rule under a line is a log's banner, not an outline.
    expect(documentOutline(["Build", "=====", "ok", "done", "x", "y"])).toEqual([]);
  });

  it("reads the same lines with its character tests first as with its regexes alone", () => {
    // Each underline opens with its mark (trailing blanks go, leading ones do not), each
    // directive with `..`: what the character tests pass by is what the regexes refuse.
    const prose = Array.from({ length: 20 }, (_, k) => `line ${k} of prose.`);
    const doc = [
      "Title",
      "===== \t",
      ...prose,
      "Not a heading",
      " -----",
      "Nor this",
      "--=--",
      "..  code:: js",
      ".. |b| image:: x.svg",
      "Last",
      "~~~~~",
    ];
    expect(documentOutline(doc)).toEqual([0, 27, 28]);
  });
});
