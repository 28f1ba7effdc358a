import { describe, expect, it } from "vitest";
import { docOf } from "../../../../src/compress/excerpt/lines.ts";
import { attachedAfter, locatedBefore } from "../../../../src/compress/excerpt/problem-context.ts";
import { sameFinding } from "../../../../src/compress/excerpt/sibling-findings.ts";
import {
  hasLocation,
  indentOf,
  isCaret,
  isComparison,
  isFrame,
  isProblem,
  isSuccess,
} from "../../../../src/compress/excerpt/signals.ts";
import { verdictBelow } from "../../../../src/compress/excerpt/verdict-below.ts";
import { loadCorpus, readText } from "../corpus.ts";

/**
 * attachedAfter reads whether a line is a success only where nothing else ends what goes
 * with a problem, and locatedBefore reads a line for a problem only where it is short and
 * names a place: the same lines as when each read them first. Here they stand as they were,
 * with the rules added since (a matcher's verdict below a blank, a sibling finding above).
 */
function attachedAfterWas(lines: readonly string[], i: number, isProblemAt: (k: number) => boolean): number {
  const base = indentOf(lines[i]!);
  let end = i;
  for (let k = i + 1; k < lines.length && k - i <= 10; k++) {
    const line = lines[k]!;
    if (verdictBelow(lines, k)) continue;
    if (line.trim() === "" || isSuccess(line)) break;
    const deeper = indentOf(line) > base;
    if (!(deeper || isFrame(line) || isCaret(line) || isComparison(line)) || (!deeper && isProblemAt(k)))
      break;
    end = k;
  }
  return end;
}

function locatedBeforeWas(lines: readonly string[], i: number): number {
  let from = i > 0 && isCaret(lines[i]!) ? i - 1 : i;
  const placed = from === i && hasLocation(lines[i]!);
  let blanks = 0;
  for (let k = i - 1; k >= 0 && i - k <= 5; k--) {
    const line = lines[k]!;
    if (line.trim() === "") {
      if (++blanks > 1) break;
      continue;
    }
    if (blanks > 0 && isFrame(line)) break;
    if (isCaret(line) && placed) break;
    if (isCaret(line)) from = Math.max(0, k - 1);
    else if (placed && hasLocation(line) && sameFinding(line, lines[i]!)) break;
    else if (hasLocation(line) && !isProblem(line) && line.length < 300) from = k;
    else if (from > k) break;
  }
  return from;
}

describe("what locates a problem, its dearer reads put last", () => {
  it("is the same lines around every problem line of the captured outputs", () => {
    let problems = 0;
    let moved = 0;
    for (const e of loadCorpus()) {
      const { lines } = docOf(readText(e));
      const problem = lines.map((l) => isProblem(l));
      const isProblemAt = (k: number) => problem[k] === true;
      for (let i = 0; i < lines.length; i++) {
        if (!problem[i] && !isCaret(lines[i]!)) continue;
        problems++;
        const after = attachedAfter(lines, i, isProblemAt);
        const before = locatedBefore(lines, i);
        if (after > i || before < i) moved++;
        expect([after, before], `${e.file}:${i}`).toEqual([
          attachedAfterWas(lines, i, isProblemAt),
          locatedBeforeWas(lines, i),
        ]);
      }
    }
    expect(problems).toBeGreaterThan(1000);
    expect(moved).toBeGreaterThan(100);
  });
});
