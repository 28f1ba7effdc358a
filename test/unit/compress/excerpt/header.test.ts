import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { RETRIEVAL_PAGE_CHARS } from "../../../../src/claude/limits.ts";
import { compressText } from "../../../../src/compress/compress-text.ts";
import { excerptBudget } from "../../../../src/compress/excerpt/budget.ts";
import {
  excerptHeader,
  hintRange,
  showCommand,
  shownOf,
  splitShown,
} from "../../../../src/compress/excerpt/header.ts";
import { isProblem } from "../../../../src/compress/excerpt/signals.ts";
import { defaults } from "../../../../src/config/schema.ts";
import { CORPUS_DIRS } from "../corpus.ts";

const read = (file: string) => {
  for (const dir of CORPUS_DIRS) {
    try {
      return readFileSync(join(dir, file), "utf8");
    } catch {}
  }
  throw new Error(`no fixture ${file}`);
};
const linesOf = (text: string, [a, b]: readonly [number, number]) => text.split("\n").slice(a - 1, b);

describe("the header's hint", () => {
  it("names the left-out run with most problem lines, from just before its first problem", () => {
    const text = [
      "ok 1",
      "ok 2",
      "ok 3",
      "ok 4",
      "ok 5",
      "ok 6",
      "error: boom",
      "ok 8",
      "ok 9",
      "ok 10",
    ].join("\n");
    // The larger gap holds no problem; the smaller one does.
    expect(
      hintRange(text, [
        [1, 5],
        [6, 9],
      ]),
    ).toEqual([6, 9]);
    expect(hintRange(text, [[1, 10]])).toEqual([5, 10]);
    // Without problems, the largest gap.
    expect(
      hintRange(text, [
        [1, 2],
        [4, 6],
      ]),
    ).toEqual([4, 6]);
    expect(hintRange(text, [])).toBeUndefined();
  });

  it("is cut to what a retrieval shows whole, and to a Read's lines", () => {
    const text = Array.from({ length: 5000 }, (_, i) => `line ${i + 1} ${"x".repeat(40)}`).join("\n");
    const range = hintRange(text, [[1, 5000]])!;
    expect(range[0]).toBe(1);
    const chars = linesOf(text, range).join("\n").length + 1;
    expect(chars).toBeLessThanOrEqual(RETRIEVAL_PAGE_CHARS);
    // One more line would not fit.
    expect(linesOf(text, [range[0], range[1] + 1]).join("\n").length + 1).toBeGreaterThan(
      RETRIEVAL_PAGE_CHARS,
    );
    expect(hintRange(text, [[1, 5000]], 1, RETRIEVAL_PAGE_CHARS, 400)).toEqual([1, 400]);
    // A single line longer than a page: no range (the --grep serves).
    expect(hintRange(`a\n${"y".repeat(RETRIEVAL_PAGE_CHARS + 10)}\nb`, [[2, 2]])).toBeUndefined();
  });

  it("on a real build log with warnings, the printed --lines returns problem lines the excerpt left out", () => {
    const text = read("log-make-lua-warnings.txt");
    const hints = { tool: "Bash", command: "make", exitCode: 2 } as const;
    const made = compressText(text, hints, excerptBudget(defaults(), text.length));
    const header = excerptHeader(7, text, text.length, made, hints, 0, "cairn");
    const m = /--lines (\d+)-(\d+)/.exec(header);
    expect(m, header).not.toBeNull();
    const range = [Number(m![1]), Number(m![2])] as const;
    const problems = made.gaps!.map((g) => linesOf(text, g).filter(isProblem).length);
    // The named range lies in the gap holding most problems, and starts at most two lines before one.
    const best = made.gaps![problems.indexOf(Math.max(...problems))]!;
    expect(range[0]).toBeGreaterThanOrEqual(best[0]);
    expect(range[1]).toBeLessThanOrEqual(best[1]);
    expect(Math.max(...problems)).toBeGreaterThan(1);
    expect(linesOf(text, range).slice(0, 3).some(isProblem)).toBe(true);
    expect(header.split("\n")[1]).toMatch(
      /^\[full output: cairn show 7 · a part: add --lines \d+-\d+ or --grep 'PATTERN'\]$/,
    );
  });
});

describe("header and body", () => {
  it("split back exactly as they were joined", () => {
    const header =
      "[cairn #3 · 10 KB · kept 2 failures]\n[full output: cairn show 3 · a part: add --grep 'PATTERN']";
    const body = "[cairn is not a header here]\nline";
    expect(splitShown(shownOf(header, body))).toEqual({ header, body });
    expect(showCommand(12, "/opt/x/bin/cairn")).toBe("/opt/x/bin/cairn show 12");
  });
});
