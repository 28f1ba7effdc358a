import { describe, expect, it } from "vitest";
import { oddExtensions } from "../../../../../src/compress/kinds/listing/odd-extensions.ts";
import { capturedCase } from "../../corpus.ts";

describe("ls -l: the files of a directory that are not of its one type", () => {
  it("shows the details of lodash-es's LICENSE and README.md among its 644 modules (fresh22 `ls -la`)", async () => {
    // Before, their names stood in the names' lines, their sizes nowhere: the details were for
    // rare kinds by permission and owner, and every entry here has the same.
    const { e } = await capturedCase("fresh22", "ls-la-lodash-es-spilled-f22");
    expect(e.text).toContain("1952 Nov 30 13:28 LICENSE");
    expect(e.text).toContain("356 Nov 30 13:28 README.md");
  });

  it("reads a directory nearly all of one extension, not one of names without any", () => {
    const js = Array.from({ length: 30 }, (_, k) => `m${k}.js`);
    const names = ["LICENSE", "README.md", "lib", ...js, "package.json"];
    const kinds = names.map((n) => (n === "lib" ? "d" : "-"));
    expect(oddExtensions(names, kinds)).toEqual([0, 1, 33]);
    // A bin directory: a dot there is a version's (`wish8.6`), no type.
    const bin = [...Array.from({ length: 30 }, (_, k) => `tool${k}`), "wish8.6", "perl5.36.0"];
    expect(
      oddExtensions(
        bin,
        bin.map(() => "-"),
      ),
    ).toEqual([]);
    // Too few files, or no one type: none stands out.
    expect(oddExtensions(names.slice(0, 10), kinds.slice(0, 10))).toEqual([]);
    const varied = [...js.slice(0, 20), ...Array.from({ length: 5 }, (_, k) => `d${k}.json`), "LICENSE"];
    expect(
      oddExtensions(
        varied,
        varied.map(() => "-"),
      ),
    ).toEqual([]);
  });
});
