import { describe, expect, it } from "vitest";
import { saidAgain } from "../../../../src/compress/excerpt/said-again.ts";
import { FEW } from "../../../../src/compress/excerpt/work.ts";
import { variantCase } from "../corpus.ts";

describe("one message said at many places, each place a kind of its own", () => {
  it("leaves room for the one-off warnings: sphinx grown to 40 `target not found` lines (fresh17)", async () => {
    const { e } = await variantCase("fresh17", "sphinx-build-nitpicky-f17", "grown4x");
    for (const warning of [
      "index.rst:4: WARNING: toctree contains reference to nonexisting document 'tides'",
      "WARNING: undefined label: 'manifest-format'",
      "WARNING: unknown document: 'changelog'",
      "No module named 'yaml.berths'",
    ])
      expect(e.text, warning).toContain(warning);
  });

  it("leaves room for the traceback's own frame: strace's ENOENT for each path searched (fresh25)", async () => {
    const { e } = await variantCase("fresh25", "strace-status-failed-sync-f25", "grown4x");
    expect(e.text).toContain('  File "/home/dev/work-fresh25/fx/fresh25/py/tools/sync.py", line 27, in push');
    expect(e.text).toContain('    u.connect("/run/kestrel/api.sock")');
  });

  it("is each line past the first FEW that say a message, but the last", () => {
    const say = (k: number) => `/lib/m${"x".repeat(k)}.py:docstring of m:1: WARNING: target not found: E`;
    const lines = [
      ...Array.from({ length: FEW + 3 }, (_, k) => say(k)),
      "a.py:3: WARNING: undefined label: 'x'",
    ];
    const told = lines.map((_, i) => i);
    expect([...saidAgain(lines, told)]).toEqual([FEW, FEW + 1]);
  });

  it("reads a call's quoted names and addresses apart from what it says of them", () => {
    const call = (k: number) =>
      `openat(AT_FDCWD, "/lib/m${k}.so", 0x7ffe${k}0) = -1 ENOENT (No such file or directory)`;
    const lines = Array.from({ length: FEW + 2 }, (_, k) => call(k));
    expect([
      ...saidAgain(
        lines,
        lines.map((_, i) => i),
      ),
    ]).toEqual([FEW]);
  });

  it("is none for a message the tool calls an error: each of its places is something to fix", () => {
    const lines = Array.from(
      { length: FEW + 4 },
      (_, k) => `src/m${k}.ts(3,5): error TS2322: Type 'string' is not assignable`,
    );
    expect(
      saidAgain(
        lines,
        lines.map((_, i) => i),
      ).size,
    ).toBe(0);
  });

  it("is none where a message is said FEW times or fewer, or a line names no place", () => {
    const lines = Array.from({ length: FEW + 4 }, (_, k) =>
      k < FEW ? `f${k}.c:1: warning: unused x` : "no place here, said again",
    );
    expect(
      saidAgain(
        lines,
        lines.map((_, i) => i),
      ).size,
    ).toBe(0);
  });
});
