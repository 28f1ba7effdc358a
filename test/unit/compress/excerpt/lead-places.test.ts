import { describe, expect, it } from "vitest";
import { distinctPlaces } from "../../../../src/compress/excerpt/code-places.ts";
import { leadPlace } from "../../../../src/compress/excerpt/lead-places.ts";
import { attachedAfter } from "../../../../src/compress/excerpt/problem-context.ts";
import { saidAgain, saidPlaces } from "../../../../src/compress/excerpt/said-again.ts";
import { capturedCase } from "../corpus.ts";

describe("places a finding opens with under its file's header", () => {
  it("keeps each of spectral's operation-tag-defined errors, each at its own operation (fresh30)", async () => {
    const { e } = await capturedCase("fresh30", "spectral-lint-openapi-f30");
    const tagErrors = e.text.split("\n").filter((l) => l.includes("error  operation-tag-defined"));
    // Twelve in the output; before, the kind was told by its first and last.
    expect(tagErrors.length).toBeGreaterThanOrEqual(10);
    for (const at of ["618:14", "635:14", "650:14", "666:14", "680:14", "697:14", "712:14", "729:14"])
      expect(e.text).toContain(`  ${at}    error  operation-tag-defined`);
  });

  it("reads the line and column a line opens with, in the file its header names", () => {
    const lines = [
      "/srv/api/openapi.yaml",
      "  46:10   warning  operation-description  Operation must have a description.  paths./a.post",
      "   63:9     error  operation-tag-defined  Operation tags must be defined.  paths./a.get.tags[0]",
      "",
      "  63:9  no header above",
    ];
    expect(leadPlace(lines, 2)?.[0]).toBe("63:9");
    expect(leadPlace(lines, 2)?.[1]).toBe("/srv/api/openapi.yaml");
    expect(leadPlace(lines, 1)?.[0]).toBe("46:10");
    expect(leadPlace(lines, 0)).toBeNull();
    expect(leadPlace(lines, 4)).toBeNull();
  });

  it("reads lead places of an error kind of one file, not of many files nor of a warning's", () => {
    const row = (n: number, path: string) =>
      `  ${n}:14    error  operation-tag-defined  Operation tags must be defined in global tags.  paths./${path}.get.tags[0]`;
    const one = ["/srv/api.yaml", row(10, "a"), row(20, "b"), row(30, "c")];
    expect(distinctPlaces(one, [1, 2, 3], undefined, undefined, 16)).toEqual([
      [1, 1],
      [2, 2],
      [3, 3],
    ]);
    // Without leads (a warning's kind), or past the count, none.
    expect(distinctPlaces(one, [1, 2, 3])).toEqual([]);
    expect(distinctPlaces(one, [1, 2, 3], undefined, undefined, 2)).toEqual([]);
    // The same finding atop two files: one mistake copied, its first and last.
    const two = [
      "/srv/a.js",
      "  1:5  error  'util' is assigned a value but never used  no-unused-vars",
      "",
      "/srv/b.js",
      "  1:5  error  'util' is assigned a value but never used  no-unused-vars",
    ];
    expect(distinctPlaces(two, [1, 4], undefined, undefined, 16)).toEqual([]);
  });

  it("does not read a finding right-aligned deeper as what locates the one above", () => {
    const lines = [
      "/srv/api.yaml",
      "  46:10   warning  operation-description  Operation must have a description.  paths./a.post",
      "   63:9   warning  operation-description  Operation must have a description.  paths./a.get",
    ];
    expect(attachedAfter(lines, 1, (k) => k > 0)).toBe(1);
  });

  it("reads the message of a finding past its lead place and its last column", () => {
    const lines = [
      "/srv/api.yaml",
      ...Array.from(
        { length: 12 },
        (_, k) =>
          `  ${10 + k}:9   warning  operation-description  Operation "description" must be present.  paths./p${k}.get`,
      ),
    ];
    const told = lines.map((_, i) => i).slice(1);
    // Past the first FEW (8), the further places but the last; the first few past the first, and the last.
    expect([...saidAgain(lines, told)]).toEqual([9, 10, 11]);
    expect([...saidPlaces(lines, told).first].sort((a, b) => a - b)).toEqual([2, 3, 4, 5, 6, 7, 8, 12]);
  });
});
