import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  formatDelta,
  formatHunks,
  lineDelta,
  rebuilds,
  tellDelta,
  timingless,
  withMoves,
} from "../../../../src/compress/hook/delta.ts";

// Two outputs of one command a session runs twice, made by real git in a scratch
// repository: the delta holds exactly the lines that changed, and nothing when too much did.

describe("lineDelta on real outputs", () => {
  let dir: string;
  const git = (...args: string[]) => execFileSync("git", args, { cwd: dir, encoding: "utf8" });
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "cairn-delta-"));
    git("init", "-q", "-b", "main");
    git("config", "user.email", "dev@example.com");
    git("config", "user.name", "Dev");
    for (let i = 0; i < 30; i++) writeFileSync(join(dir, `f${i}.txt`), `line ${i}\n`);
    git("add", "-A");
    git("commit", "-qm", "init");
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("a status with one more modified file differs by that line only", () => {
    for (let i = 0; i < 12; i++) writeFileSync(join(dir, `f${i}.txt`), `changed ${i}\n`);
    const before = git("status").split("\n");
    writeFileSync(join(dir, "f20.txt"), "changed 20\n");
    const after = git("status").split("\n");
    const hunks = lineDelta(before, after, 4);
    expect(hunks).toHaveLength(1);
    expect(hunks?.[0]?.removed).toEqual([]);
    expect(hunks?.[0]?.added).toEqual(["\tmodified:   f20.txt"]);
    expect(formatHunks(hunks!)).toBe(
      `@@ after L${hunks![0]!.fromNow - 1} → L${hunks![0]!.fromNow}\n+\tmodified:   f20.txt`,
    );
  });

  it("a grown diff shows its new hunk, a replaced line shows both sides", () => {
    const before = git("diff").split("\n");
    writeFileSync(join(dir, "f25.txt"), "changed 25\n");
    const after = git("diff").split("\n");
    const hunks = lineDelta(before, after, 10)!;
    const added = hunks.flatMap((h) => h.added);
    expect(added).toContain("+changed 25");
    expect(added).toContain("-line 25");
    expect(hunks.flatMap((h) => h.removed)).toEqual([]);
    const replaced = lineDelta(["a", "b", "c"], ["a", "B", "c"], 4)!;
    expect(formatHunks(replaced)).toBe("@@ L2 → L2\n-b\n+B");
  });

  it("a file touched again in a listing by time is one move, not a removal and an addition", () => {
    const ls = () => execFileSync("ls", ["-tr"], { cwd: dir, encoding: "utf8" }).split("\n");
    // Distinct times, oldest first (ls -tr): f0 .. f29, then f5 touched last.
    const at = (i: number) => new Date(Date.UTC(2026, 0, 1, 0, i));
    for (let i = 0; i < 30; i++) utimesSync(join(dir, `f${i}.txt`), at(i), at(i));
    const before = ls();
    utimesSync(join(dir, "f5.txt"), at(40), at(40));
    const after = ls();
    const hunks = lineDelta(before, after, 4)!;
    // As hunks, the name goes at its old place and comes at the end: said twice.
    expect(formatHunks(hunks)).toBe("@@ L6 → (gone)\n-f5.txt\n@@ after L30 → L30\n+f5.txt");
    const delta = withMoves(hunks);
    expect(delta.changed).toBe(1);
    expect(formatDelta(delta)).toBe("@@ L6 → L30 moved: f5.txt");
  });

  it("a move that would split what is left of a hunk is shown as removed and added", () => {
    const hunks = lineDelta(["a", "b", "x", "c", "d"], ["a", "B", "C", "d", "x"], 6)!;
    const delta = withMoves(hunks);
    expect(delta.moves).toEqual([]);
    expect(delta.changed).toBe(6);
    expect(formatDelta(delta)).toBe(formatHunks(hunks));
    expect(formatDelta(delta)).toBe("@@ L2-4 → L2-3\n-b\n-x\n-c\n+B\n+C\n@@ after L5 → L5\n+x");
  });

  it("files touched in turn, listed by time against the first listing, are each one move", () => {
    const ls = () => execFileSync("ls", ["-tr"], { cwd: dir, encoding: "utf8" }).split("\n");
    const at = (i: number) => new Date(Date.UTC(2026, 0, 1, 0, i));
    for (let i = 0; i < 30; i++) utimesSync(join(dir, `f${i}.txt`), at(i), at(i));
    const first = ls();
    // Touched in another order than they are listed: each lands among the others at the end.
    for (const [n, i] of [20, 5, 12, 27].entries())
      utimesSync(join(dir, `f${i}.txt`), at(40 + n), at(40 + n));
    const now = ls();
    const delta = withMoves(lineDelta(first, now, 16)!);
    expect(delta.hunks).toEqual([]);
    expect(delta.changed).toBe(4);
    expect(delta.moves.map((m) => m.line).sort()).toEqual(["f12.txt", "f20.txt", "f27.txt", "f5.txt"]);
    for (const m of delta.moves) expect([first[m.from - 1], now[m.to - 1]]).toEqual([m.line, m.line]);
  });

  it("moves an earlier delta printed, made again and shifted alike, are named, not said again", () => {
    const ls = () => execFileSync("ls", ["-tr"], { cwd: dir, encoding: "utf8" }).split("\n");
    const at = (i: number) => new Date(Date.UTC(2026, 0, 1, 0, i));
    for (let i = 0; i < 30; i++) utimesSync(join(dir, `f${i}.txt`), at(i), at(i));
    const first = ls();
    // One more file touched each round, each round told against the first listing.
    for (const [n, i] of [20, 5, 12, 27].entries())
      utimesSync(join(dir, `f${i}.txt`), at(40 + n), at(40 + n));
    const one = tellDelta(withMoves(lineDelta(first, ls(), 60)!), [], 7);
    expect(one.text.split("\n")).toHaveLength(4);
    expect(one.printed).toEqual([
      { id: 7, from: 27, lines: ["f20.txt", "f5.txt", "f12.txt", "f27.txt"], moved: [21, 6, 13, 28] },
    ]);
    utimesSync(join(dir, "f3.txt"), at(50), at(50));
    const now = ls();
    const delta = withMoves(lineDelta(first, now, 60)!);
    const two = tellDelta(delta, one.printed, 8);
    expect(two.text).toBe("@@ L4 → L30 moved: f3.txt\n= lines #7 moved to L27-30, now to L26-29");
    // The name gives back each move it stands for: the same line, from the same place, landing one line up.
    for (const [k, from] of [21, 6, 13, 28].entries())
      expect(delta.moves).toContainEqual({ from, to: 26 + k, line: first[from - 1] });
    expect(two.printed).toEqual([{ id: 8, from: 30, lines: ["f3.txt"], moved: [4] }]);
    // Moves that landed elsewhere are not named: they are said as they are.
    const other = tellDelta(delta, [{ ...one.printed[0]!, moved: [21, 6, 13, 29] }], 8);
    expect(other.text.split("\n")).toHaveLength(5);
  });

  it("gives nothing when more lines changed than allowed, and nothing changed is no hunk", () => {
    const before = git("status").split("\n");
    for (let i = 0; i < 30; i++) writeFileSync(join(dir, `f${i}.txt`), `again ${i}\n`);
    const after = git("status").split("\n");
    expect(lineDelta(before, after, 4)).toBeUndefined();
    expect(lineDelta(after, after, 0)).toEqual([]);
  });
});

describe("timings are not changes", () => {
  // Real lines of a vitest run (test/fixtures) and of a later run of it: other durations and start time.
  const run1 = [
    " ❯ test/lru.test.ts (12 tests | 1 failed) 9ms",
    "      Tests  3 failed | 176 passed (179)",
    "   Start at  00:22:56",
    "   Duration  1.46s (transform 412ms, setup 0ms, collect 1.02s, tests 71ms)",
  ];
  const run2 = [
    " ❯ test/lru.test.ts (12 tests | 1 failed) 14ms",
    "      Tests  2 failed | 177 passed (179)",
    "   Start at  00:31:07",
    "   Duration  1.52s (transform 398ms, setup 0ms, collect 0.98s, tests 80ms)",
  ];

  it("compared without their timings, two runs differ only in the count that changed", () => {
    const hunks = lineDelta(run1, run2, 4, timingless);
    expect(hunks).toEqual([{ fromEarlier: 2, removed: [run1[1]], fromNow: 2, added: [run2[1]] }]);
    // Compared as they are, every line changed.
    expect(lineDelta(run1, run2, 8)?.reduce((n, h) => n + h.added.length, 0)).toBe(4);
  });

  it("hunks that leave timings out do not give the new run back; hunks of every change do", () => {
    const masked = lineDelta(run1, run2, 4, timingless)!;
    expect(rebuilds(run1, masked, run2)).toBe(false);
    const only = run1.map((l, i) => (i === 1 ? run2[1]! : l));
    expect(rebuilds(run1, masked, only)).toBe(true);
    expect(rebuilds(run1, lineDelta(run1, run2, 8)!, run2)).toBe(true);
  });

  it("masks durations and clock times, never counts or names", () => {
    expect(timingless(run1[3]!)).toBe(
      "   Duration  #time (transform #time, setup #time, collect #time, tests #time)",
    );
    expect(timingless(run1[2]!)).toBe("   Start at  #clock");
    expect(timingless(run1[1]!)).toBe(run1[1]);
    expect(timingless("parses mapping 7 8ms")).toBe("parses mapping 7 #time");
    expect(timingless("3 files changed, 12 seconds")).toBe("3 files changed, 12 seconds");
  });
});

describe("lines an earlier delta printed are named, not said again", () => {
  // Added lines of real git status output (test/fixtures/outputs/git-status.txt).
  const a = "\tmodified:   src/picomatch/constants.js";
  const b = "\tmodified:   src/picomatch/picomatch.js";
  const c = "\tmodified:   src/range-regex.js";
  const hunk = (added: string[]) => withMoves([{ fromEarlier: 9, removed: [], fromNow: 9, added }]);

  it("a whole run a delta printed is one line naming it; the lines printed now are kept for the next", () => {
    const first = tellDelta(hunk([a, b]), [], 7);
    expect(first.text).toBe(`@@ after L8 → L9-10\n+${a}\n+${b}`);
    expect(first.printed).toEqual([{ id: 7, from: 9, lines: [a, b] }]);
    const next = tellDelta(hunk([a, b, c]), first.printed, 8);
    expect(next.text).toBe(`@@ after L8 → L9-11\n= lines #7 added at L9-10\n+${c}`);
    expect(next.printed).toEqual([{ id: 8, from: 11, lines: [c] }]);
  });

  it("never a piece of a run, nor a run whose name takes more than half the room of its lines", () => {
    const printed = [{ id: 7, from: 9, lines: [a, b, c] }];
    expect(tellDelta(hunk([a, b]), printed, 8).text).toBe(`@@ after L8 → L9-10\n+${a}\n+${b}`);
    const short = [{ id: 7, from: 9, lines: ["x", "y"] }];
    expect(tellDelta(hunk(["x", "y"]), short, 8).text).toBe("@@ after L8 → L9-10\n+x\n+y");
  });
});
