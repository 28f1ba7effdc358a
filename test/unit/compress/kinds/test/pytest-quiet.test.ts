import { describe, expect, it } from "vitest";
import { THRESHOLD } from "../../../../../src/compress/compress-with.ts";
import { pytest } from "../../../../../src/compress/kinds/test/detect.ts";
import { capturedCase } from "../../corpus.ts";

describe("pytest -q, which prints neither banner", () => {
  it("is read as pytest inside tox, so each failure keeps its E line and place (fresh18)", async () => {
    const { e } = await capturedCase("fresh18", "tox-offline-f18");
    expect(e.compressor).toBe("pytest");
    expect(e.text).toContain("pygments.util.ClassNotFound: no lexer for alias 'rail' found");
    expect(e.text).toContain("src/pygments/lexers/__init__.py:111: ClassNotFound");
    // tox's own lines stay: why the other environments failed.
    expect(e.text).toContain("ERROR: No matching distribution found for ruff==0.6.9");
  });

  it("scores its FAILURES header and bare summary line, not a line that only looks so", () => {
    const quiet = [
      ".........FF...                                                           [100%]",
      "=================================== FAILURES ===================================",
      "FAILED tests/test_a.py::test_b - AssertionError: x",
      "2 failed, 12 passed in 0.70s",
    ].join("\n");
    expect(pytest.detect(quiet, { tool: "Bash", command: "tox" })).toBeGreaterThanOrEqual(THRESHOLD);
    expect(
      pytest.detect("Build FAILURES: none\n2 failed, 3 passed in 0.7s? no\n", { tool: "Bash" }),
    ).toBeLessThan(THRESHOLD);
  });
});
