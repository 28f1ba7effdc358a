import { describe, expect, it } from "vitest";
import { layoutJson } from "../../../../../src/compress/kinds/json/layout.ts";
import { scanSpans, stringEnd } from "../../../../../src/compress/kinds/json/spans.ts";

describe("a JSON string's end is found past its escapes", () => {
  // scanSpans and the layout skip a string by looking for its closing quote natively: a
  // quote after an odd run of backslashes is inside the string, after an even one it ends it.
  it("after no, one, two and three backslashes", () => {
    const text = String.raw`"a\"b" "c\\" "d\\\"e" "f"`;
    expect(stringEnd(text, 0)).toBe(text.indexOf(" ") - 1);
    const second = text.indexOf('"c');
    expect(stringEnd(text, second)).toBe(second + 4);
    const third = text.indexOf('"d');
    expect(text.slice(third, stringEnd(text, third) + 1)).toBe(String.raw`"d\\\"e"`);
    expect(stringEnd('"open', 0)).toBe(5);
  });

  it("so brackets and newlines inside strings are no containers, and lines are counted", () => {
    const text = String.raw`{
  "a": "}\"{[",
  "b": [
    "\\",
    {"c": "]"}
  ]
}`;
    const spans = scanSpans(text, 10)!;
    expect([...spans.first]).toEqual([10, 12, 14]);
    expect([...spans.last]).toEqual([16, 15, 14]);
    expect([...spans.next]).toEqual([3, 3, 3]);
    // A newline inside a string (no JSON, but a text the kind may meet) still counts a line.
    const broken = scanSpans('{"a": "x\ny", "b": [\n1]}', 0)!;
    expect([...broken.first]).toEqual([0, 1]);
    expect([...broken.last]).toEqual([2, 2]);
    expect(scanSpans('{"a": "]"}]', 0)).toBeUndefined();
  });

  it("as the layout keeps members whole", () => {
    const doc = {
      items: Array.from({ length: 30 }, (_, i) => ({ id: i, note: `say "x\\" ${"}".repeat(i % 3)},` })),
    };
    const laid = layoutJson(JSON.stringify(doc), 60)!;
    expect(JSON.parse(laid)).toEqual(doc);
    expect(laid.split("\n").length).toBeGreaterThan(30);
  });
});
