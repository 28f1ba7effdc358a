import { describe, expect, it } from "vitest";
import { capturedCase } from "../../corpus.ts";

describe("cargo test: the harness's verdict told after a panic's backtrace", () => {
  it("keeps a should_panic test's note with the message and the string expected (fresh12 capture)", async () => {
    // A real `cargo test -p holds` of 260 tests with RUST_BACKTRACE on: a should_panic test
    // panicked with another message, and why it failed (`note: panic did not contain expected
    // string`, the panic's message, the expected substring) stands after the backtrace, which
    // was kept from its head: the note and the string expected were cut.
    const { e } = await capturedCase("fresh12", "cargo-test-holds-f12");
    expect(e.compressor).toBe("cargo-test");
    for (const fact of [
      "note: panic did not contain expected string",
      ' expected substring: "card must be numeric"',
      "panicked at holds/src/lib.rs:1305:31:",
      "test result: FAILED. 255 passed; 4 failed; 1 ignored; 0 measured; 0 filtered out",
    ])
      expect(e.text).toContain(fact);
    // the backtrace's advice, repeated by each of the four blocks, is no verdict
    expect(e.text.split("run with `RUST_BACKTRACE=full`").length - 1).toBeLessThan(4);
  });
});
