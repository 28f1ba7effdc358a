import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { compressText } from "../../../../../src/compress/compress-text.ts";
import { splitAligned } from "../../../../../src/compress/excerpt/rare.ts";
import { placedCells, startsOf } from "../../../../../src/compress/kinds/table/placed-cells.ts";

const CASE = join(__dirname, "../../../../../bench/corpus/fresh25/systemd-analyze-security-offline-f25.json");
const input = JSON.parse(readFileSync(CASE, "utf8")).input;
const text: string = input.tool_response.stdout;
const lines = text.split("\n");

describe("an aligned row of fewer cells than titles, placed by where its cells stand", () => {
  const header = lines.find((l) => l.includes("EXPOSURE"))!;
  const starts = startsOf(header, splitAligned(header));

  it("puts a row whose name ran into its description under the right titles (systemd-analyze security)", () => {
    const row = lines.find((l) => l.includes("CAP_NET_(BIND_SERVICE|BROADCAST|RAW)"))!;
    const cells = placedCells(row, splitAligned(row), starts);
    expect(cells).toHaveLength(3);
    expect(cells[2]).toBe("0.1");
    expect(cells[1]).toBe("");
  });

  it("leaves a row of as many cells as titles, and one of a single cell, as they are", () => {
    const row = lines.find((l) => l.startsWith("✗ UMask="))!;
    expect(placedCells(row, splitAligned(row), starts)).toEqual(splitAligned(row));
    expect(placedCells("exit code: 0", ["exit code: 0"], starts)).toEqual(["exit code: 0"]);
  });

  it("counts every row holding 0.1 in the EXPOSURE column's note: 50, as the output has", () => {
    const held = lines.filter((l) => / 0\.1\s*$/.test(l)).length;
    expect(held).toBe(50);
    const e = compressText(text, { tool: "Bash", command: input.tool_input.command } as never, 2069);
    expect(e.text).toContain(`0.1 ×${held},`);
  });
});
