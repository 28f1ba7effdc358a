import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readTail } from "../../../src/claude/transcript.ts";
import { firstErrorLine, scanTranscript, transcriptFacts } from "../../../src/notebook/transcript-facts.ts";

const FIXTURES = join(import.meta.dirname, "..", "..", "fixtures");
const TOOLS = join(FIXTURES, "transcripts", "tools-session.jsonl");
const AUTO = join(FIXTURES, "transcripts", "autocompact-session.jsonl");
const P = "/tmp/cairn-hook-capture/project";

/** Independent count: each main-chain response once, by message id. */
function outputAfter(path: string, since: number): number {
  const seen = new Map<string, number>();
  for (const line of readFileSync(path, "utf8").split("\n")) {
    if (!line.trim()) continue;
    const e = JSON.parse(line);
    if (e.type !== "assistant" || e.isSidechain || Date.parse(e.timestamp) <= since) continue;
    if (!seen.has(e.message.id)) seen.set(e.message.id, e.message.usage.output_tokens);
  }
  return [...seen.values()].reduce((a, b) => a + b, 0);
}

describe("transcriptFacts on real transcripts", () => {
  it("counts output since the notebook changed, each response once though its entries repeat the usage", () => {
    const all = transcriptFacts(TOOLS, undefined);
    expect(all.outputTokensSince).toBe(outputAfter(TOOLS, Number.NEGATIVE_INFINITY));
    expect(all.outputTokensSince).toBe(603);
    const since = Date.parse("2026-11-22T00:17:41.500Z");
    const later = transcriptFacts(TOOLS, since);
    expect(later.outputTokensSince).toBe(outputAfter(TOOLS, since));
    expect(later.outputTokensSince).toBeLessThan(all.outputTokensSince);
    expect(later.complete).toBe(true);
    expect(transcriptFacts(AUTO, undefined).outputTokensSince).toBe(
      outputAfter(AUTO, Number.NEGATIVE_INFINITY),
    );
  });

  it("lists the files in play, most recent first, and the commands still failing with their error line", () => {
    const f = transcriptFacts(TOOLS, undefined);
    expect(f.files).toEqual([
      `${P}/src/b.ts`,
      `${P}/notes.txt`,
      `${P}/out/new.txt`,
      `${P}/src/a.ts`,
      `${P}/does-not-exist.txt`,
      `${P}/big.txt`,
    ]);
    expect(f.failing).toEqual([
      {
        command: `Read ${P}/does-not-exist.txt`,
        error: `File does not exist. Note: your current working directory is ${P}.`,
      },
      { command: "echo oops >&2; exit 3", error: "oops" },
    ]);
    expect(f.lastAssistantText).toBe("All done.");
  });

  it("drops a command from the failing list once it succeeds", () => {
    const lines = readFileSync(TOOLS, "utf8").split("\n");
    const rerun = [
      JSON.stringify({
        type: "assistant",
        timestamp: "2026-11-22T00:18:00.000Z",
        message: {
          id: "msg_rerun",
          content: [
            {
              type: "tool_use",
              id: "toolu_rerun",
              name: "Bash",
              input: { command: "echo oops >&2; exit 3" },
            },
          ],
          usage: { output_tokens: 9 },
        },
      }),
      JSON.stringify({
        type: "user",
        message: {
          content: [{ type: "tool_result", tool_use_id: "toolu_rerun", content: "ok", is_error: false }],
        },
      }),
    ];
    const f = scanTranscript([...lines, ...rerun], undefined, true);
    expect(f.failing.map((r) => r.command)).toEqual([`Read ${P}/does-not-exist.txt`]);
  });

  it("reads only the tail of a long transcript and says when the count is a lower bound", () => {
    const size = readFileSync(TOOLS).length;
    const tail = readTail(TOOLS, Math.floor(size / 3));
    expect(tail.whole).toBe(false);
    // The cut first line is dropped, every remaining line is whole JSON.
    for (const l of tail.lines.filter(Boolean)) expect(() => JSON.parse(l)).not.toThrow();
    const f = scanTranscript(tail.lines, Date.parse("2026-11-22T00:00:00.000Z"), tail.whole);
    expect(f.complete).toBe(false);
    expect(f.outputTokensSince).toBeLessThan(603);
    expect(readTail(join(FIXTURES, "nope.jsonl"), 100)).toEqual({ lines: [], whole: true });
  });
});

describe("firstErrorLine on real failing runs", () => {
  const manifest = JSON.parse(readFileSync(join(FIXTURES, "outputs", "manifest.json"), "utf8")) as {
    file: string;
    exitCode?: number;
    facts: string[];
  }[];
  const cases = manifest.filter(
    (m) => /^(test|compile|trace)-/.test(m.file) && m.exitCode && m.file !== "compile-eslint-errors.txt",
  );

  it.each(cases.map((c) => [c.file, c] as const))("%s: the line it picks is one of the facts", (_name, c) => {
    const text = readFileSync(join(FIXTURES, "outputs", c.file), "utf8");
    const line = firstErrorLine(`Exit code ${c.exitCode}\n${text}`);
    expect(line.length).toBeGreaterThan(0);
    expect(line.length).toBeLessThanOrEqual(200);
    // A runner's own failure mark and timing around a test's name still name that test.
    const core = line
      .replace(/…$/, "")
      .replace(/^[×✖✗]\s*/, "")
      .replace(/\s+\d+(?:\.\d+)?m?s$/, "");
    const hit = c.facts.some((f) => {
      const first = f.trim().split("\n")[0]!.trim();
      return line.includes(first) || first.includes(core) || line.includes(first.slice(0, 40));
    });
    expect(hit, `${line} not among ${JSON.stringify(c.facts)}`).toBe(true);
  });
});
