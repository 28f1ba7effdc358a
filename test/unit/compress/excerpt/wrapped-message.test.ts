import { describe, expect, it } from "vitest";
import { wrappedEnd } from "../../../../src/compress/excerpt/wrapped-message.ts";
import { capturedCase } from "../corpus.ts";

describe("a diagnostic's message wrapped below it", () => {
  it("keeps what mypy --pretty could not find, on the line under its error (fresh22)", async () => {
    const { e } = await capturedCase("fresh22", "mypy-pretty-vendor-f22");
    expect(e.text).toContain(
      'vendor/pytz/lazy.py:6: error: Cannot find implementation or library stub for\nmodule named "UserDict"  [import]\n',
    );
    expect(e.text).toContain('module named "sets"  [import]\n');
    expect(e.text).toContain('library stub for module named "_winreg"  [import]\n');
    expect(e.text).toContain(
      "(Skipping most remaining errors due to unresolved imports or missing stubs; fix these first)",
    );
  });

  it("ends at the closing code, and not where the next line is a place or deeper", () => {
    const lines = [
      "a.py:6: error: Cannot find implementation or library stub for",
      'module named "UserDict"  [import]',
      "    from UserDict import DictMixin",
      "a.py:7: error: Name defined  [no-redef]",
      "b.py:1: error: Something long",
      "b.py:2: error: Another",
    ];
    expect(wrappedEnd(lines, 0)).toBe(1);
    expect(wrappedEnd(lines, 3)).toBe(3);
    expect(wrappedEnd(lines, 4)).toBe(4);
  });
});
