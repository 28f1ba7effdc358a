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
});
