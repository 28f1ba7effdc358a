import { describe, expect, it } from "vitest";
import { capturedCase } from "../../corpus.ts";

describe("cargo test: a panic's backtrace read by whose frames they are", () => {
  it("keeps every user frame of each panic with its function (fresh9 capture)", async () => {
    // A real `cargo test -p settle` of 324 tests with RUST_BACKTRACE on: each panic's
    // backtrace is std's frames (`at /rustc/…/panicking.rs`) around the crate's own
    // (`6: settle::split` over `at ./src/lib.rs:8:6`, then the test that called it). Only the
    // block's first place was a location; the rest of the block was kept from its head, so
    // std's frames came before the test's frame (`at ./src/lib.rs:1626:17`), which was cut.
    const { e } = await capturedCase("fresh9", "cargo-test-settle-three-kinds");
    expect(e.compressor).toBe("cargo-test");
    for (const fact of [
      "   6: settle::split\n             at ./src/lib.rs:8:6",
      "   7: settle::tests::split_keeps_every_cent\n             at ./src/lib.rs:1626:17",
      "   4: settle::tests::net_case_203\n             at ./src/lib.rs:1036:9",
      "index out of bounds: the len is 4 but the index is 4",
      "test result: FAILED. 320 passed; 3 failed; 1 ignored; 0 measured; 0 filtered out",
    ])
      expect(e.text).toContain(fact);
  });
});
