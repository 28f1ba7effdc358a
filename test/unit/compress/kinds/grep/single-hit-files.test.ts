import { describe, expect, it } from "vitest";
import { variantCase } from "../../corpus.ts";

// The Grep tool in content mode, `@deprecated` in *.d.ts under node_modules (fresh6): 46
// files, a few with many hits. A file with one hit is named by that hit alone; rare matches
// of the files with many were facts and took the room up to the cap, while each file's first
// match came only as room allowed. Shrunk to half its rows or rotated at its middle (the
// robustness bench's variants), the files with one hit (@eslint/config-array, @humanfs) were
// left out.
describe("grep content mode: a file with one match", () => {
  it("is named by its match whatever the room, in the output shrunk or rotated", async () => {
    for (const kind of ["shrunk", "shifted"] as const) {
      const { e, must } = await variantCase("fresh6", "grep-tool-content-deprecated-dts", kind);
      for (const fact of must) expect(e.text, `${kind}: ${fact}`).toContain(fact);
    }
  });
});
