import { describe, expect, it } from "vitest";
import { variantCase } from "../corpus.ts";

describe("a line a shape rule finds keeps that rule's worth where its rare kind ranks it lower", () => {
  // `cmake --debug-find` (fresh21, 78 KB) grown to four times its searches: most lines now
  // repeat, so every line of a rare kind became a fact (rare-facts.ts), a thousand of them
  // under the 24 KB cap, and the tool's narration between the blocks, ranked at E.rare by
  // its rule (narration.ts) in the real run, stood at its rare kind's lower worth among
  // them and was cut, with the caller under the error (list-end.ts).
  it("cmake's narration between blocks of find-debug detail (fresh21 capture, grown4x)", async () => {
    const { e } = await variantCase("fresh21", "cmake-find-debug-spilled-f21", "grown4x");
    for (const fact of [
      '-- Found ZLIB: /usr/lib/x86_64-linux-gnu/libz.so (found version "1.2.13")',
      '-- Found LibXml2: /usr/lib/x86_64-linux-gnu/libxml2.so (found version "2.9.14")',
      '-- Found PkgConfig: /usr/bin/pkg-config (found version "1.8.1")',
      "-- Checking for module 'sndfile>=1.0.28'",
      "  CMakeLists.txt:7 (pkg_check_modules)",
    ])
      expect(e.text).toContain(fact);
  });
});
