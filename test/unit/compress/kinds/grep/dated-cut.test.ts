import { describe, expect, it } from "vitest";
import { loadCorpus } from "../../../../../bench/corpus/corpus.ts";
import { loadSet } from "../../../../../bench/corpus/facts/sets.ts";
import { extractOutput } from "../../../../../src/claude/tool-outputs.ts";
import { bareMatches } from "../../../../../src/compress/kinds/grep/bare.ts";
import { MATCH, modeOf } from "../../../../../src/compress/kinds/grep/detect.ts";
import { oneFileMatches } from "../../../../../src/compress/kinds/grep/one-file.ts";
import { checkClaims } from "../../../../helpers/claims.ts";
import { capturedCase } from "../../corpus.ts";

/** A captured case's output lines (its spill where it has one). */
function linesOf(set: "fresh2" | "fresh8" | "fresh16" | "fresh23" | "fresh25", name: string): string[] {
  const c = loadSet(set).find((x) => x.name === name)!;
  const { tool_name, tool_input, tool_response } = c.input;
  return (c.spilled ?? extractOutput(tool_name, tool_input, tool_response)!.text).split("\n");
}

describe("a dated line is no grep match (grep/dated-cut.ts)", () => {
  it("grep -E over one access log: its lines, not matches of a file `127.0.0.1 - - [30/Nov/2026` (fresh25)", async () => {
    // grep over ONE file prints no file name; `[30/Nov/2026:19:50:51` was read as the path
    // `127.0.0.1 - - [30/Nov/2026` and line 19, and the header's "309 matches in 1 file"
    // was true by luck. Read as the lines of the one file searched (one-file.ts), it is so
    // by reading, and the claims checker recounts it.
    const lines = linesOf("fresh25", "nginx-access-4xx-5xx-f25");
    expect(MATCH.test(lines[0]!)).toBe(false);
    expect(modeOf(lines)).toBeUndefined();
    const { e, must, text, hints } = await capturedCase("fresh25", "nginx-access-4xx-5xx-f25");
    const read = oneFileMatches(lines, hints.command)!;
    expect(read.count).toBe(309);
    expect(read.file.filter(Boolean).every((f) => f === "../logs/access.log")).toBe(true);
    expect(e.compressor).toBe("grep");
    expect(e.kept).toBe("309 matches in 1 file");
    expect(checkClaims(text, e).filter((c) => !c.ok)).toEqual([]);
    expect(must.filter((m) => !e.text.includes(m))).toEqual([]);
  });

  it("access logs read by awk and tail are no matches either (fresh2, fresh8)", () => {
    for (const lines of [
      linesOf("fresh2", "awk-non-200-requests"),
      linesOf("fresh8", "tail-apache-access-spilled"),
    ])
      expect(modeOf(lines)).toBeUndefined();
  });

  it("an ISO time (`…|2026-11-02T15:51:52.731Z`) and a date (`…|BoA|2026-10-18`) in sqlite's rows are neither", () => {
    const corpus = loadCorpus(undefined);
    for (const id of ["sqlite/0-2", "sqlite/2-2"]) {
      const e = corpus.find((x) => x.id === id)!;
      const text = extractOutput(e.tool_name, e.tool_input, e.tool_response)!.text;
      expect(modeOf(text.split("\n"))).toBeUndefined();
    }
  });

  it("a URL's scheme in a CSV row is no path, a comment's `//` after a path's colon stays a match", () => {
    // license-checker --csv: `"@babel/parser@7.29.15","MIT","https://github.com/…` was the
    // path `"@babel/parser@7.29.15","MIT","https`.
    expect(bareMatches(linesOf("fresh16", "license-checker-csv-spilled-f16"))).toBeUndefined();
    const rg = linesOf("fresh23", "rg-stats-delete-f23");
    const bare = bareMatches(rg)!;
    const at = rg.indexOf("cJSON_Utils.h://        cJSON_Delete(*object);");
    expect(bare.file[at]).toBe("cJSON_Utils.h");
  });

  it("a path grep printed may hold blanks, end in digits, or be followed by a line's own time", () => {
    const lines = [
      "My Documents/notes 3.txt:12:a TODO here",
      "logs/app.log.1:25:12:30:01 ERROR disk full",
      "logs/app.log:7:2026-11-02T15:51:52Z WARN slow",
      "src/a.ts:3:const t = '10:20:30';",
    ];
    for (const l of lines) expect(MATCH.test(l)).toBe(true);
    expect(modeOf(lines)).toBe("content");
  });
});
