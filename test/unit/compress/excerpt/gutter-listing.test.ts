import { describe, expect, it } from "vitest";
import { listingReport } from "../../../../src/compress/excerpt/gutter-listing.ts";
import { isCodeFrame, isProblem } from "../../../../src/compress/excerpt/signals.ts";
import { capturedCase } from "../corpus.ts";

describe("a source listing: the program's text behind its gutter, the tool's words outside it", () => {
  it("keeps what `gcov -t -b` says of each function of gzlog.c, not its comments (fresh20)", async () => {
    const { text, e, must } = await capturedCase("fresh20", "gcov-stdout-gzlog-spilled-f20");
    const functions = must.filter((m) => m.startsWith("function "));
    expect(functions.length).toBe(8);
    for (const m of functions) expect(e.text).toContain(m);
    // Every function gcov reports on, the ones the tests never called first of all.
    for (const line of text.split("\n").filter((l) => l.startsWith("function ")))
      expect(e.text).toContain(line);
  });

  it("reads gcov's gutter as source: its words are no problem; a clock is no gutter", () => {
    const comment = "        -:  347:   flagged as an error. */";
    const never = '    #####:  760:                log_log(log, op, ".add file read failure");';
    for (const line of [comment, never, "     8008:  372:local void log_touch(struct log *log)"]) {
      expect(isCodeFrame(line)).toBe(true);
      expect(isProblem(line)).toBe(false);
    }
    expect(isCodeFrame("10:23:45: error: connection refused")).toBe(false);
    expect(isProblem("10:23:45: error: connection refused")).toBe(true);
  });

  it("picks the lines outside one listed source told once, not frames of many places", () => {
    const source = Array.from(
      { length: 30 },
      (_, k) => `${String(k + 1).padStart(9)}:${String(k + 1).padStart(5)}:    x++;`,
    );
    const lines = [
      "function f called 0 returned 0% blocks executed 0%",
      ...source.slice(0, 10),
      "call    0 returned 100%",
      ...source.slice(10, 20),
      "call    1 returned 100%",
      "function g called 3 returned 100% blocks executed 80%",
      ...source.slice(20),
    ];
    expect(listingReport(lines)).toEqual([0, 23]);
    // A formatter's diff of each file: line 1 again under each file's header.
    const frame = (file: string) => [
      `${file} format ━━━━`,
      ...Array.from({ length: 6 }, (_, k) => `  ${k + 1} │ y`),
    ];
    expect(listingReport(["a.js", "b.js", "c.js", "d.js", "e.js"].flatMap(frame))).toEqual([]);
  });
});
