import { describe, expect, it } from "vitest";
import { capturedCase } from "../corpus.ts";

describe("the lines before a crash followed by a long trace", () => {
  it("keeps the last progress line before a panic with a full backtrace (fresh4 capture)", async () => {
    // A real `RUST_BACKTRACE=full cargo run -q -p worker` (10.6 KB): a warning, six
    // progress lines, the panic at line 20, then 95 lines of backtrace. The lines just
    // before a crash were looked for in the last fifth of the output only, which the
    // trace's frames filled, and the full backtrace's `  4:     0x55… - f` frames were
    // not known as frames: the last line before the panic was left out.
    const { text, e, must } = await capturedCase("fresh4", "rust-panic-full-backtrace");
    expect(text).toContain("planned job 6: depth 6\n\nthread 'main'");
    for (const fact of must) expect(e.text, fact).toContain(fact);
    expect(e.text.length).toBeLessThan(text.length * 0.6);
  });
});
