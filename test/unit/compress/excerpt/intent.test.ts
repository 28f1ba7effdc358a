import { describe, expect, it } from "vitest";
import { intentLines } from "../../../../src/compress/excerpt/intent.ts";
import { capturedCase } from "../corpus.ts";

describe("the lines that name what the agent is after", () => {
  it("are those of its rarer words: a far commoner word of the intent is the output's own vocabulary", async () => {
    // A real `gcc -fanalyzer` of a job queue (572 lines), run "to run gcc's analyzer over the
    // job queue": 10 lines name the analyzer's checks (the findings), 42 quote source lines
    // that declare or pass `struct queue` in the analyzer's event paths.
    const { text, e, must } = await capturedCase("fresh4", "gcc-fanalyzer-jobq");
    const lines = text.split("\n");
    const chosen = intentLines(lines, "Run gcc's analyzer over the job queue");
    expect(chosen.length).toBeGreaterThan(0);
    for (const i of chosen) expect(lines[i]).toContain("analyzer");
    // Every fact is kept, the path's last event too (a diagnostic told again below it).
    const missed = must.filter((fact) => !e.text.includes(fact));
    expect(missed).toEqual([]);
    // 8,552 characters when each line quoting `struct queue` was a fact, past its budget;
    // 6,315 with every path's last event (a message told again in other words).
    expect(e.text.length).toBeLessThan(7000);
  });

  it("keeps every word's lines while none is far commoner than the rest", () => {
    const lines = [
      "payment 1 failed",
      "payment 2 ok",
      "refund 3 failed",
      "refund 4 ok",
      ...Array(40).fill("noise"),
    ];
    expect(intentLines(lines, "find failed payments and refunds")).toEqual([0, 1, 2, 3]);
  });

  it("hold a short word as that word, not as the start of a longer one", async () => {
    // A real `kubectl describe pods` (1,700 lines) run "to describe the analytickit pods":
    // `pods` stood inside each pod's `PodScheduled` condition, 15 lines of no fact that were
    // facts by intent; the excerpt is 11.6 KB with them (11.36 KB without them since
    // lone-values.ts keeps a kind's one line of another value among its alike ones).
    const { text, e, must } = await capturedCase("fresh13", "kubectl-describe-pods-analytickit-spilled-f13");
    const lines = text.split("\n");
    for (const i of intentLines(lines, "Describe the analytickit pods"))
      expect(lines[i]).not.toMatch(/PodScheduled/);
    expect(must.filter((fact) => !e.text.includes(fact))).toEqual([]);
    expect(e.text.length).toBeLessThan(11_500);
  });

  it("hold a word with a short ending, and a long word wherever it starts", () => {
    const lines = [
      "if text.startswith(word):",
      "start the queue",
      "3 failures",
      "configuration loaded",
      "feat(http): add parseRetryAfter helper",
      "PodScheduled True",
      ...Array(40).fill("noise"),
    ];
    expect(intentLines(lines, "the start")).toEqual([1]);
    expect(intentLines(lines, "why it fails")).toEqual([2]);
    expect(intentLines(lines, "check the config")).toEqual([3]);
    expect(intentLines(lines, "the retry helper")).toEqual([4]);
    expect(intentLines(lines, "describe the pods")).toEqual([]);
  });

  it("reads the lines right where lowering changes a line's length (`İ`), and none where a line is too large a share", () => {
    // `İ` lowers to two characters: offsets in the output lowered as one text move, and a
    // word's line would be read one line off.
    const lines = ["İİİİİİİİ", "gateway", "x", "y", ...Array(40).fill("noise")];
    expect(intentLines(lines, "the gateway")).toEqual([1]);
    // Of 3 lines, no word can be held by 1% of them: none are facts.
    expect(intentLines(["gateway", "b", "c"], "gateway", () => true, 0.01)).toEqual([]);
    // A word held by more lines than the share allows is left out, one within it kept.
    const many = [...Array(8).fill("retry later"), "gateway down", ...Array(91).fill("noise")];
    expect(intentLines(many, "retry gateway", () => true, 0.07)).toEqual([8]);
    expect(intentLines(many, "retry gateway", () => true, 0.09)).toEqual([...Array(9).keys()]);
  });
});
