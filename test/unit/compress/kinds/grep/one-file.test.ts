import { describe, expect, it } from "vitest";
import { oneFileMatches } from "../../../../../src/compress/kinds/grep/one-file.ts";

const lines = ["alpha error one", "beta error two", "gamma error three"];

describe("a search over one file (grep/one-file.ts)", () => {
  it("reads each line as the file's match, grep naming no file", () => {
    const read = oneFileMatches(lines, "grep -E 'error' ../logs/app.log")!;
    expect(read.count).toBe(3);
    expect(read.file).toEqual(["../logs/app.log", "../logs/app.log", "../logs/app.log"]);
    expect([...read.bodyAt]).toEqual([0, 0, 0]);
    // rg's -E takes an encoding: the pattern is the word after it.
    expect(oneFileMatches(lines, "rg -E utf-8 error app.log")?.count).toBe(3);
    // Each program's options by their own meaning: rg's -L follows links and its -r replaces
    // (ripgrep 14 over one file printed the lines bare either way); grep's -L lists files.
    expect(oneFileMatches(lines, "rg -L error app.log")?.count).toBe(3);
    expect(oneFileMatches(lines, "rg -r ERR error app.log")?.count).toBe(3);
    expect(oneFileMatches(lines, "grep -L error app.log")).toBeUndefined();
  });

  it("reads -n's numbers, its context lines and `--` as no matches", () => {
    const numbered = ["3-before", "4:alpha error", "5-after", "--", "9:beta error"];
    const read = oneFileMatches(numbered, "grep -n -C1 error app.log")!;
    expect(read.count).toBe(2);
    expect(read.file).toEqual([undefined, "app.log", undefined, undefined, "app.log"]);
    expect(read.bodyAt[1]).toBe(2);
  });

  it("reads nothing where the lines are not one file's matches one by one", () => {
    for (const command of [
      "grep error",
      "grep error a.log b.log",
      "grep -r error src",
      "grep -rn error .",
      "grep -c error app.log",
      "grep -l error app.log",
      "grep -v error app.log",
      "grep -C2 error app.log",
      "grep error logs/*.log",
      "git grep error app.log",
      "rg --json error app.log",
      "rg -c error app.log",
      "ag -L error app.log",
      "ls -la",
    ])
      expect(oneFileMatches(lines, command), command).toBeUndefined();
    // -n promised numbers that a line lacks.
    expect(oneFileMatches(lines, "grep -n error app.log")).toBeUndefined();
  });
});
