import { describe, expect, it } from "vitest";
import { capturedCase } from "../../corpus.ts";

describe("functions named with their table or object", () => {
  it("are distinct functions, not overloads of one (fresh27 Read of the vendored argparse.lua)", async () => {
    // `function Parser:error(msg)` and `function Parser:parse(args)` were taken for
    // overloads of one function `Parser`, and only its first came in the outline's room.
    const { e } = await capturedCase("fresh27", "read-lua-argparse-whole-f27");
    for (const fact of [
      "function Parser:error(msg)",
      "function Parser:parse(args)",
      "function Parser:pparse(args)",
      "function Parser:mutex(...)",
      "function Parser:argument(...)",
    ])
      expect(e.text).toContain(fact);
  });
});
