import { describe, expect, it } from "vitest";
import { isSearch } from "../../../../../src/compress/kinds/grep/detect.ts";
import { capturedCase } from "../../corpus.ts";

describe("a search piped into a program that writes its own lines", () => {
  it("reads pino-pretty's output of grepped log lines as what it is (fresh30)", async () => {
    // Read as grep matches, its 528 lines of 18 records were told `528 matches in 1 file`
    // (the claims checker recounts 18), and one error's frame was cut.
    const { e, must } = await capturedCase("fresh30", "pino-pretty-errors-f30");
    expect(e.text).not.toContain("528 matches");
    for (const f of must) expect(e.text).toContain(f);
  });

  it("keeps a search whose matches reach the output", () => {
    expect(isSearch(`grep '"level":50' logs/api.log | npx pino-pretty`)).toBe(false);
    expect(isSearch("grep -c x a.log | wc -l")).toBe(false);
    expect(isSearch("grep -rn x src | sort | uniq -c")).toBe(false);
    expect(isSearch("rg -n 'read_value|render_value' src")).toBe(true);
    expect(isSearch("grep -n x a.log | head -50")).toBe(true);
    expect(isSearch("grep -rn x src | grep -v test | sort | uniq")).toBe(true);
    expect(isSearch('grep -E "a|b" x.log; echo "exit code: $?"')).toBe(true);
    expect(isSearch("ls -la")).toBe(false);
  });

  it("reads the search program as a word of its own", () => {
    expect(isSearch("egrep -rn 'timeout|refused' logs/")).toBe(true);
    expect(isSearch("fgrep -n '[ERROR]' app.log")).toBe(true);
    expect(isSearch("git grep -n TODO -- src")).toBe(true);
    // A search's name inside another word, option or path runs no search.
    expect(isSearch("git log --grep=fix --oneline")).toBe(false);
    expect(isSearch("./scripts/grep-logs.sh api")).toBe(false);
    expect(isSearch("cat notes/grep.txt")).toBe(false);
  });
});
