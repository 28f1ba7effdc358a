import { describe, expect, it } from "vitest";
import { failedCalls, mayEndInStatus } from "../../../../src/compress/excerpt/failed-calls.ts";
import { capturedCase } from "../corpus.ts";

describe("lines recording a call's non-zero exit", () => {
  it("keeps the pkg-config call that failed in meson's log (fresh15 `cat build/meson-logs/meson-log.txt`)", async () => {
    // Before, its `stderr:` and the messages under it showed, not the call nor its status.
    const { e } = await capturedCase("fresh15", "cat-meson-log-dockd-f15");
    expect(e.text).toContain("Called `/usr/bin/pkg-config --modversion libmosquitto` -> 1");
  });

  it("reads the status at a line's end, and only a few of them", () => {
    const lines = [
      "Called `/usr/bin/pkg-config --modversion zlib` -> 0",
      "Called `/usr/bin/pkg-config --modversion libmosquitto` -> 1",
      "configure:4594: $? = 1",
      "  Non-zero exit status: 1",
      '[ "$answer" = y ] || exit 1',
      "a -> 1",
      "exit status 2 was not expected here",
    ];
    expect(failedCalls(lines)).toEqual([1, 2, 3]);
    // A configure's routine probe failures are many: its odd values tell them.
    expect(failedCalls([...lines, "configure:3086: $? = 1"])).toEqual([]);
  });

  it("gates the status pattern only by a line's end: a digit, or a digit and a full stop, before white space", () => {
    // Lines the pattern takes (the gate must pass each) and lines it cannot (a cheap no).
    for (const line of [
      "x -> 1",
      "configure: $? = 12.",
      "exit status 2 \t",
      "exit code: 1\u00a0",
      "`a` -> 1\u2003",
    ])
      expect(mayEndInStatus(line)).toBe(true);
    for (const line of ["", "   ", ".", "1.x", "exit status", "-> 1:", "exit 1."])
      expect(mayEndInStatus(line)).toBe(line === "exit 1.");
    // White space past ASCII (a no-break space) still reaches the pattern, which reads it as `\s`.
    expect(failedCalls(["exit status 1\u00a0"])).toEqual([0]);
  });
});
