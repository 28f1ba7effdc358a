/**
 * Read excerpts and line numbers on the real Claude Code CLI. Claude Code puts its own
 * number before every line of a Read result; an excerpt skips lines, so each kept line
 * carries its line in the file (`L<n>: `) and Claude Code's numbers count the excerpt's
 * lines from 1, even for a Read from an offset. The scripted model then Reads exactly
 * what it needs from what it saw: a declaration by its `L<n>`, and the first lines the
 * excerpt left out by the Read the header names; both come back as the file's lines.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { installCairn } from "./harness/cairn.ts";
import { makeSandbox, type RunClaudeResult, runClaude, type Sandbox } from "./harness/claude.ts";
import { findToolResult, type MockApi, startMockApi, text, tool } from "./harness/mock-api.ts";
import { e2eTimeout } from "./harness/work.ts";

const SOURCE = Array.from({ length: 700 }, (_, i) =>
  i % 50 === 0
    ? `export function handler${i}(input: string): string {\n  return input.trim(); // needle ${i}\n}`
    : `// filler line ${i} with some words to make the file large enough`,
).join("\n");

describe("Read excerpts keep their line numbers consistent", () => {
  let api: MockApi;
  let sb: Sandbox;
  let run: RunClaudeResult;
  let file: string;
  const fileLines = () => readFileSync(file, "utf8").split("\n");

  const resultText = (id: string): string => {
    const req = api.mainRequests().find((r) => findToolResult(r, id));
    const content = req ? findToolResult(req, id)?.content : undefined;
    return typeof content === "string"
      ? content
      : (content ?? []).map((b: { text?: string }) => b.text ?? "").join("");
  };
  /** Claude Code's own numbers and the text after them, line by line. */
  const numbered = (shown: string) =>
    shown.split("\n").map((l) => {
      const m = /^(\d+)\t(.*)$/.exec(l);
      return { n: m ? Number(m[1]) : Number.NaN, text: m ? m[2]! : l };
    });

  // The session: four Reads; cairn install.
  const WORK = e2eTimeout({ sessions: 1, tools: 4, commands: 1 });
  beforeAll(async () => {
    api = await startMockApi();
    sb = makeSandbox({ prefix: "cairn-read-numbers" });
    sb.writeFile("src/big.ts", `${SOURCE}\n`);
    file = join(sb.project, "src/big.ts");
    await installCairn(sb);
    api.script([
      tool("Read", { file_path: file, offset: 300 }, { id: "toolu_offset" }),
      // The model Reads the declaration it wants by the line number it saw.
      () => {
        const line = numbered(resultText("toolu_offset")).find((l) => l.text.includes("handler350("));
        const at = Number(/^L(\d+): /.exec(line?.text ?? "")?.[1] ?? 1);
        return tool("Read", { file_path: file, offset: at, limit: 3 }, { id: "toolu_decl" });
      },
      // And the first lines the excerpt left out, exactly as the header says.
      () => {
        const m = /Read with offset=(\d+) limit=(\d+)/.exec(resultText("toolu_offset"));
        return tool(
          "Read",
          { file_path: file, offset: Number(m?.[1] ?? 1), limit: Number(m?.[2] ?? 1) },
          { id: "toolu_gap" },
        );
      },
      tool("Read", { file_path: file }, { id: "toolu_whole" }),
      text("Finished."),
    ]);
    run = await runClaude({ sandbox: sb, apiUrl: api.url, prompt: "read the handlers" });
  }, WORK);

  afterAll(async () => {
    await api.close();
    sb.cleanup();
  });

  it("the session completes", () => {
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.resultText).toContain("Finished.");
  });

  it.each(["toolu_offset", "toolu_whole"])(
    "%s: Claude Code's numbers count the excerpt's lines from 1, each L<n> is that line of the file",
    (id) => {
      const shown = resultText(id);
      expect(shown).toMatch(/^1\t\[cairn #\d+ · /);
      // The first excerpt of the session says how its numbers read; the next (the same
      // context, which holds the first) does not say it again (header.ts legendsOf).
      const legend = "L<n>: line n of the file (the number before it counts excerpt lines)";
      if (id === "toolu_offset") expect(shown).toContain(legend);
      else expect(shown).not.toContain(legend);
      const rows = numbered(shown);
      expect(rows.map((r) => r.n)).toEqual(rows.map((_, i) => i + 1));
      const lines = fileLines();
      const labelled = rows.flatMap((r) => {
        const m = /^L(\d+): (.*)$/.exec(r.text);
        return m ? [{ at: Number(m[1]), text: m[2]! }] : [];
      });
      expect(labelled.length).toBeGreaterThan(10);
      for (const l of labelled) expect(l.text, `L${l.at}`).toBe(lines[l.at - 1]);
    },
  );

  it("a Read from an offset keeps its excerpt from that line on", () => {
    const rows = numbered(resultText("toolu_offset"));
    const first = rows.find((r) => r.text.startsWith("L"));
    expect(first?.text).toBe(`L300: ${fileLines()[299]}`);
  });

  it("the line number the model saw Reads that declaration", () => {
    const rows = numbered(resultText("toolu_decl"));
    const lines = fileLines();
    const at = lines.findIndex((l) => l.includes("handler350(")) + 1;
    expect(rows[0]).toEqual({ n: at, text: lines[at - 1] });
    expect(rows.map((r) => r.n)).toEqual([at, at + 1, at + 2]);
  });

  it("the Read the header names shows exactly the first lines the excerpt left out", () => {
    const shown = resultText("toolu_offset");
    const m = /lines (\d+)-(\d+): Read with offset=(\d+) limit=(\d+)/.exec(shown);
    expect(m, shown.slice(0, 600)).not.toBeNull();
    const [from, to] = [Number(m![1]), Number(m![2])];
    const kept = new Set(
      numbered(shown).flatMap((r) => (/^L(\d+): /.exec(r.text) ? [Number(/^L(\d+)/.exec(r.text)![1])] : [])),
    );
    // Those lines were not in the excerpt, and the line before them was.
    for (let n = from; n <= to; n++) expect(kept.has(n)).toBe(false);
    expect(kept.has(from - 1)).toBe(true);
    const lines = fileLines();
    const rows = numbered(resultText("toolu_gap"));
    expect(rows).toEqual(
      Array.from({ length: to - from + 1 }, (_, i) => ({ n: from + i, text: lines[from + i - 1] })),
    );
  });
});
