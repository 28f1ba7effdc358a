import { describe, expect, it } from "vitest";
import { capturedCase } from "../../corpus.ts";

describe("a rustc error's primary label", () => {
  it("is kept with the error: it says what the header only names (fresh11 capture)", async () => {
    // A real cargo build of 49 warnings around three errors: `error[E0308]: mismatched
    // types` kept its place and source line, not the caret line under it whose label says
    // which types (a secondary label's dashes share that line, so it was not read as the
    // caret under the source).
    const { e } = await capturedCase("fresh11", "cargo-build-berths-f11");
    for (const fact of [
      "error[E0308]: mismatched types",
      "berths/src/lib.rs:153:21",
      "expected `u16`, found `Option<f32>`",
    ])
      expect(e.text).toContain(fact);
  });
});
