import { describe, expect, it } from "vitest";
import { askedSections } from "../../../../src/compress/excerpt/asked-section.ts";
import { capturedCase } from "../corpus.ts";

describe("the section the agent asked about", () => {
  it("keeps InnoDB's latest deadlock and the transactions asked for, not a stack trace (fresh19)", async () => {
    const { e, must } = await capturedCase("fresh19", "mariadb-innodb-status-f19");
    // Its record dumps (` 0: len 4; hex …`) are no Rust frames: the output is no trace.
    expect(e.kept).not.toMatch(/^trace/);
    for (const m of must) expect(e.text).toContain(m);
  });

  it("reads the rare lines under an outline heading that names a word of the intent, to the next heading", () => {
    const lines = [
      "----",
      "INTRO",
      "----",
      "x",
      "---------",
      "LAST DEADLOCK",
      "---------",
      "tx 1",
      "row",
      "row",
      "tx 2",
      "-----",
      "BUFFERS",
      "-----",
      "pool 5",
    ];
    const headings = [1, 5, 12];
    const rare = (i: number) => !/^-|^row$/.test(lines[i]!);
    expect(askedSections(lines, headings, "the last deadlock", rare)).toEqual([7, 10]);
    // A heading no word of the intent names, or no intent: nothing.
    expect(askedSections(lines, headings, "the buffer pool", rare)).toEqual([14]);
    expect(askedSections(lines, headings, undefined, rare)).toEqual([]);
    expect(askedSections(lines, headings, "memory pages", rare)).toEqual([]);
    // A heading not over an underline (a directive) heads no section here.
    expect(askedSections(["DEADLOCK", "tx 1"], [0], "deadlock", () => true)).toEqual([]);
  });

  it("holds a short word of the intent where a word starts, as intent.ts holds one said in the plural", () => {
    const section = (heading: string) => ["----", heading, "----", "tx 1"];
    const all = () => true;
    // `lock` is not in `DEADLOCK` (a capital tells no word's start), but is in what follows it:
    // every place is read, not only the first.
    expect(askedSections(section("DEADLOCK"), [1], "the lock", all)).toEqual([]);
    expect(askedSections(section("DEADLOCKS, THEN LOCK WAITS"), [1], "the lock", all)).toEqual([3]);
    expect(askedSections(section("Locks held"), [1], "the lock", all)).toEqual([3]);
    // A long word is held anywhere, as it always was.
    expect(askedSections(section("LATEST DETECTED DEADLOCK"), [1], "deadlock", all)).toEqual([3]);
  });
});
