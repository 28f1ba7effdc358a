import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { extractOutput } from "../../../src/claude/tool-outputs.ts";
import { REPO } from "../../helpers/cairn.ts";
import { capturedHookInputs } from "../../helpers/captures.ts";

// Each adapter on the real PostToolUse inputs Claude Code 2.1.328 sent: it finds the
// long text, and puts an excerpt back in the tool's own shape with every other field
// as it was (Claude Code silently ignores a replacement of the wrong shape).

const input = (name: string) =>
  JSON.parse(readFileSync(join(REPO, "test/fixtures/hook-inputs", `PostToolUse-${name}.json`), "utf8")) as {
    tool_name: string;
    tool_input: Record<string, unknown>;
    tool_response: Record<string, unknown>;
  };

function roundTrip(name: string) {
  const e = input(name);
  const out = extractOutput(e.tool_name, e.tool_input, e.tool_response);
  if (!out) throw new Error(`${name}: not understood`);
  return { e, out, replaced: out.replace("EXCERPT") as Record<string, unknown> };
}

describe("tool output adapters on real captured outputs", () => {
  it("Bash: stdout carries the excerpt; the spilled-output fields go so the model sees it plainly", () => {
    const { e, out, replaced } = roundTrip("Bash-persisted");
    expect(out.persistedPath).toBe(e.tool_response.persistedOutputPath);
    expect(out.text).toBe(e.tool_response.stdout);
    expect(replaced.stdout).toBe("EXCERPT");
    expect(replaced).not.toHaveProperty("persistedOutputPath");
    expect(replaced).not.toHaveProperty("persistedOutputSize");
    expect(replaced.interrupted).toBe(e.tool_response.interrupted);
  });

  it("Read: the file content, its first line and the requested region", () => {
    const { e, out, replaced } = roundTrip("Read-offset-limit");
    expect(out.text).toBe((e.tool_response.file as { content: string }).content);
    expect(out.firstLine).toBe((e.tool_response.file as { startLine: number }).startLine);
    expect(out.limit).toBe(e.tool_input.limit);
    const file = replaced.file as Record<string, unknown>;
    expect(file.content).toBe("EXCERPT");
    expect(file.filePath).toBe((e.tool_response.file as { filePath: string }).filePath);
    expect(file.totalLines).toBe((e.tool_response.file as { totalLines: number }).totalLines);
    // Claude Code numbers the shown lines from startLine: an excerpt's are counted from 1,
    // never like the file's own (each kept line names its own, L<n>).
    expect((e.tool_response.file as { startLine: number }).startLine).toBeGreaterThan(1);
    expect(file.startLine).toBe(1);
  });

  it("Grep in content mode and in files mode; Glob", () => {
    const content = roundTrip("Grep-content");
    expect(content.out.text).toBe(content.e.tool_response.content);
    expect(content.replaced.content).toBe("EXCERPT");
    expect(content.replaced.numFiles).toBe(content.e.tool_response.numFiles);

    const files = roundTrip("Grep-files-with-matches");
    expect(files.out.text).toBe((files.e.tool_response.filenames as string[]).join("\n"));
    expect(files.replaced.filenames).toEqual(["EXCERPT"]);
    expect(files.replaced.numFiles).toBe(files.e.tool_response.numFiles);

    const glob = roundTrip("Glob-basic");
    expect(glob.out.text.split("\n")).toEqual(glob.e.tool_response.filenames);
    expect(glob.replaced.filenames).toEqual(["EXCERPT"]);
    expect(glob.replaced.durationMs).toBe(glob.e.tool_response.durationMs);
  });

  it("an MCP tool's text content blocks", () => {
    const mcp = capturedHookInputs().find(
      (x) => x.hook_event_name === "PostToolUse" && String(x.tool_name).startsWith("mcp__"),
    )!;
    const out = extractOutput(
      String(mcp.tool_name),
      mcp.tool_input as Record<string, unknown>,
      mcp.tool_response,
    )!;
    expect(out.text).toBe((mcp.tool_response as { text: string }[])[0]!.text);
    expect(out.replace("EXCERPT")).toEqual([{ type: "text", text: "EXCERPT" }]);
  });

  it("WebFetch and WebSearch shapes from sdk-tools.d.ts (not reachable offline)", () => {
    const fetch = {
      bytes: 90_000,
      code: 200,
      codeText: "OK",
      result: "long page",
      durationMs: 12,
      url: "https://x",
    };
    expect(extractOutput("WebFetch", { url: "https://x" }, fetch)!.replace("E")).toEqual({
      ...fetch,
      result: "E",
    });
    const search = {
      query: "q",
      results: ["text part", { tool_use_id: "t", content: [{ title: "a", url: "u" }] }],
      durationSeconds: 1,
    };
    const s = extractOutput("WebSearch", { query: "q" }, search)!;
    expect(s.text).toBe("text part");
    expect(s.replace("E")).toEqual({ ...search, results: ["E", search.results[1]] });
  });

  it("leaves what it does not know alone", () => {
    expect(extractOutput("Edit", {}, input("Edit-basic").tool_response)).toBeUndefined();
    expect(extractOutput("Bash", {}, { stdout: 1, stderr: "" })).toBeUndefined();
    expect(extractOutput("Bash", {}, { stdout: "x", stderr: "", isImage: true })).toBeUndefined();
    expect(extractOutput("Read", {}, { type: "image", file: { base64: "…" } })).toBeUndefined();
    expect(extractOutput("mcp__s__t", {}, [{ type: "image", data: "…" }])).toBeUndefined();
    expect(extractOutput("FutureTool", {}, { text: "x" })).toBeUndefined();
  });
});
