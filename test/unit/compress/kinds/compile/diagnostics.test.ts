import { describe, expect, it } from "vitest";
import { pointedLine } from "../../../../../src/compress/kinds/compile/diagnostics.ts";
import { capturedCase } from "../../corpus.ts";

describe("a diagnostic's code frame", () => {
  it("keeps the source line the diagnostic points at and its caret, not only the frame's first lines", async () => {
    // A real `cargo check` (73 warnings, 15 KB): rustc quotes line 37 (another label's)
    // before line 39, where `--> src/journal.rs:39:9` points.
    const { text, e, must } = await capturedCase("fresh", "cargo-check-warnings");
    for (const fact of must) expect(e.text, fact).toContain(fact);
    const lines = text.split("\n");
    const at = lines.findIndex((l) => l.startsWith("39 |") && l.includes('0 => "contra"'));
    expect(lines[at + 1]).toContain("^ no value can reach this");
    expect(e.text).toContain(`${lines[at]}\n${lines[at + 1]}`);
  });

  it("finds the pointed line by its gutter number only", () => {
    const frame = [
      "  --> src/a.rs:39:9",
      "   |",
      "37 |     x",
      "...",
      "39 |     y",
      "   |     ^",
      "139 |  z",
    ];
    expect(pointedLine(frame, 0, frame.length - 1, 39)).toBe(4);
    expect(pointedLine(frame, 0, frame.length - 1, 9)).toBe(-1);
    expect(pointedLine(["  > 12 | const a = 1;"], 0, 0, 12)).toBe(0);
  });
});
