import { describe, expect, it } from "vitest";
import { unresolvedTraces } from "../../../../../src/compress/kinds/compile/tsc-trace.ts";
import { capturedCase } from "../../corpus.ts";

describe("tsc --traceResolution: how a module the errors could not find was looked for", () => {
  it("keeps the paths substitution tried and the file missing for @tide/fares (fresh23)", async () => {
    const { e } = await capturedCase("fresh23", "tsc-trace-resolution-spilled-f23");
    expect(e.text).toContain(
      "Trying substitution 'src/fare/index.ts', candidate module location: 'src/fare/index.ts'.",
    );
    expect(e.text).toContain(
      "File '/home/dev/work-fresh23/fx/fresh23/web/src/fare/index.ts' does not exist.",
    );
    expect(e.text).toContain("error TS2307: Cannot find module '@tide/fares'");
  });

  it("reads only the blocks of the modules an error names, up to the first miss", () => {
    const lines = [
      "======== Resolving module 'a' from '/p/x.ts'. ========",
      "File '/p/a.ts' does not exist.",
      "more",
      "======== Module name 'a' was not resolved. ========",
      "======== Resolving module 'b' from '/p/x.ts'. ========",
      "File '/p/b.ts' does not exist.",
      "======== Module name 'b' was not resolved. ========",
      "x.ts(1,1): error TS2307: Cannot find module 'a' or its corresponding type declarations.",
    ];
    expect(unresolvedTraces(lines)).toEqual([[0, 1]]);
    expect(unresolvedTraces(lines.slice(0, 7))).toEqual([]);
  });
});
