import { describe, expect, it } from "vitest";
import { jsonBreak } from "../../../../src/compress/excerpt/json-break.ts";
import { capturedCase } from "../corpus.ts";

describe("where a JSON document stops parsing", () => {
  it("keeps the unquoted 001E52 where mlr's JSON breaks (fresh17 `mlr --ojson filter … Apple`)", async () => {
    // 1053 records; 68 assignments that look like numbers are written unquoted, and the
    // first with a leading zero is where no parser goes on. Before, the unquoted ones
    // showed by their first and last (402619, 1093E9), not that one.
    const { e } = await capturedCase("fresh17", "mlr-apple-json-spilled-f17");
    expect(e.text).toContain('"Assignment": 001E52,');
  });

  it("reads only a value broken inside, not one whole value followed by more", () => {
    const doc = ["[", "{", '  "a": "x",', '  "b": 012,', '  "c": 1', "}", "]"];
    expect(jsonBreak(doc)).toBe(3);
    expect(jsonBreak(["", ...doc, ""])).toBe(4);
    expect(jsonBreak(doc.map((l) => l.replace("012", "12")))).toBe(-1);
    // NDJSON, and a program's JSON line over its report: each value is whole.
    expect(jsonBreak(['{"a": 1}', '{"a": 2}', '{"a": 3}'])).toBe(-1);
    expect(jsonBreak(['{"moves": 6000}', "  710206 function calls", "  1 0.000 {method 'add'}"])).toBe(-1);
    expect(jsonBreak(["a log", "[x]", "{y}"])).toBe(-1);
  });
});
