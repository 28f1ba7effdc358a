import { describe, expect, it } from "vitest";
import { buildSteps } from "../../../../../src/compress/kinds/compile/tsc-build.ts";
import { capturedCase } from "../../corpus.ts";

describe("tsc --build --verbose's steps", () => {
  it("keeps the projects in the build and which was built, among 145 errors (fresh17)", async () => {
    // Ranked as a summary under the errors, the steps were cut once the errors filled the cap.
    const { e, must } = await capturedCase("fresh17", "tsc-build-verbose-spilled-f17");
    expect(e.text).toContain("Projects in this build:");
    expect(e.text).toContain(must.find((m) => m.startsWith("Building project"))!);
  });

  it("reads each time-stamped step with the projects listed under it", () => {
    const lines = [
      "5:43:22 AM - Projects in this build: ",
      "    * a/tsconfig.json",
      "    * tsconfig.json",
      "",
      "a/x.ts(1,1): error TS2304: Cannot find name 'exports'.",
      "17:02:09 - Building project '/w/a/tsconfig.json'...",
    ];
    expect(buildSteps(lines)).toEqual([
      [0, 2],
      [5, 5],
    ]);
  });
});
