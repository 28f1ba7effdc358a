import { describe, expect, it } from "vitest";
import { capturedCase } from "../corpus.ts";

describe("the first line of a frequent error kind", () => {
  it("is kept with the code frame that locates it (fresh18 gdc, 87 @safe errors under the cap)", async () => {
    const { e } = await capturedCase("fresh18", "gdc-getopt-unittest-f18");
    const line =
      "source/railyard/getopt.d:447:71: error: cannot take address of local ‘foo’ in ‘@safe’ function ‘__unittest_L441_C7’";
    const at = e.text.split("\n").findIndex((l) => l.startsWith(line));
    expect(at).toBeGreaterThanOrEqual(0);
    expect(e.text.split("\n")[at + 1]).toMatch(/^ {2}447 \|/);
  });
});
