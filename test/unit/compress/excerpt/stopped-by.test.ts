import { describe, expect, it } from "vitest";
import { capturedCase } from "../corpus.ts";

describe("the lines naming what the error an output stopped on names", () => {
  it("keeps configure's failed check and its cache variable (fresh15 `cat config.log`)", async () => {
    // `configure:4613: error: PROJ is required for reprojection` names `proj`; the check
    // that failed 40 lines above it and the `=no` cache variable each are of a kind many
    // lines share (50 `checking for`, 60 `ac_cv_`), and before, neither showed.
    const { e, must } = await capturedCase("fresh15", "cat-config-log-tiles-spilled-f15");
    for (const fact of [
      "configure:4571: checking for proj_create in -lproj",
      "ac_cv_lib_proj_proj_create=no",
    ])
      expect(e.text).toContain(fact);
    for (const fact of must) expect(e.text).toContain(fact);
  });
});
