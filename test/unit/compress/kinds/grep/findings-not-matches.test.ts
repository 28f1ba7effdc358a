import { describe, expect, it } from "vitest";
import { capturedCase } from "../../corpus.ts";

describe("a command that searched nothing, read as grep's matches are", () => {
  it("counts vulture's findings as lines naming places, not as matches (fresh18)", async () => {
    // `vulture src/pygments`: 132 `path:12: unused import 'X' (90% confidence)` lines. Read
    // as a search's output they keep their rare findings whole (generic kept fewer facts
    // over the open sets: fresh3 401 -> 396, fresh18 197 -> 195); but nothing was searched
    // for, and the header said "132 matches in 75 files".
    const { e } = await capturedCase("fresh18", "vulture-pygments-f18");
    expect(e.compressor).toBe("grep");
    expect(e.kept).toBe("132 lines in 75 files");
    expect(e.method).toMatch(/^each kind of line once, /);
  });

  it("counts luacheck's as lines too, a search's still as matches", async () => {
    const lua = await capturedCase("fresh15", "luacheck-luacheck-f15");
    expect(lua.e.kept).toMatch(/^\d+ lines in \d+ files$/);
    const grep = await capturedCase("fresh16", "git-grep-todo-f16");
    expect(grep.e.compressor).toBe("grep");
    expect(grep.e.kept).toMatch(/^\d+ matches in \d+ files$/);
  });

  it("keeps no file's only finding as a fact for being its file's only one (fresh18 vulture)", async () => {
    // 47 `unused class 'XStyle' (60% confidence)`, one in each style file: read as a search's
    // one mention of a name, each was a fact and they took 3 KB of a 5.2 KB excerpt of a
    // 10 KB output. Found by a linter, each is one more of a frequent kind: told by its first
    // and last with the count, while the findings of rare kinds (the six at 90% and 100%
    // confidence) stay whole.
    const { e, must } = await capturedCase("fresh18", "vulture-pygments-f18");
    for (const fact of must) expect(e.text).toContain(fact);
    expect(e.text.length).toBeLessThan(2500);
  });
});
