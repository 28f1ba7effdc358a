import { describe, expect, it } from "vitest";
import { variantCase } from "../corpus.ts";

describe("how a run ended, kept before the problems past the cap", () => {
  // pyright over agate (fresh21, 38 KB, 154 errors) grown to four times its errors: the
  // errors of rare kinds fill the 24 KB cap, taken in the order of the output, and the
  // closing count under them (E.end, ranked under a rare problem) was cut with the last.
  it("pyright's closing count of errors (fresh21 capture, grown4x)", async () => {
    const { e } = await variantCase("fresh21", "pyright-agate-spilled-f21", "grown4x");
    expect(e.text).toContain("154 errors, 0 warnings, 0 informations");
  });

  // turbo run typecheck --continue (fresh28) grown to four times: the tasks' type errors
  // fill the cap, and the closing tally of tasks (closing-tally.ts) ranked as a rare line
  // was cut.
  it("turbo's closing tally of tasks (fresh28 capture, grown4x)", async () => {
    const { e } = await variantCase("fresh28", "turbo-run-typecheck-continue-f28", "grown4x");
    expect(e.text).toContain("Tasks:    2 successful, 8 total");
  });
});
