import { describe, expect, it } from "vitest";
import { capturedCase } from "../../corpus.ts";

describe("a failure's message introduced by a line ending in a colon", () => {
  it("keeps the message with the line that introduces it (fresh7 capture)", async () => {
    // A real `cargo test -p inventory` of 245 tests with RUST_BACKTRACE on: Rust prints
    // `panicked at inventory/src/lib.rs:1235:42:` and what `expect` said on the next line.
    // An assertion's message matches the runner's message words; free text does not, so
    // the panic's location was kept without what it said.
    const { e } = await capturedCase("fresh7", "cargo-test-inventory-many-cases");
    expect(e.compressor).toBe("cargo-test");
    for (const fact of [
      "panicked at inventory/src/lib.rs:1235:42:\nsku WH-12a should parse with a lenient number",
      "panicked at inventory/src/lib.rs:1224:9:",
      '  left: "A07-S03"',
      "test result: FAILED. 241 passed; 3 failed; 1 ignored; 0 measured; 0 filtered out; finished in 0.51s",
    ])
      expect(e.text).toContain(fact);
  });
});
