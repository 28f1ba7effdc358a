import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { extractOutput } from "../../../src/claude/tool-outputs.ts";
import { asClaude, inReadFileTerms, splitShell } from "../../../src/gemini/tool-outputs.ts";

const CAPTURES = join(import.meta.dirname, "..", "..", "fixtures", "gemini-captures");

/** The real AfterTool inputs Gemini CLI 0.61.0 sent (the `shapes` run), by tool and command or path. */
function afterTool(pick: (i: Record<string, unknown>) => boolean) {
  for (const line of readFileSync(join(CAPTURES, "shapes.hook-inputs.jsonl"), "utf8").split("\n")) {
    if (!line) continue;
    const { ev, input } = JSON.parse(line);
    if (ev === "AfterTool" && pick(input)) return input;
  }
  throw new Error("no such capture");
}

describe("Gemini tool results in the engine's shapes", () => {
  it("reads a failing shell result's output apart from Gemini's status lines, and puts them back", () => {
    const input = afterTool((i) =>
      String((i.tool_input as { command: string }).command).startsWith("seq 1 3000"),
    );
    const c = asClaude(input.tool_name, input.tool_input, input.tool_response);
    expect(c?.toolName).toBe("Bash");
    const out = extractOutput(c!.toolName, c!.toolInput, c!.toolResponse);
    expect(out?.text.startsWith("1\n2\n3\n")).toBe(true);
    expect(out?.text.endsWith("oops")).toBe(true);
    const rebuilt = c!.rebuild(out!.replace("EXCERPT"));
    expect(rebuilt).toMatch(
      /^<untrusted_context>\nOutput: EXCERPT\nExit Code: 3\nProcess Group PGID: \d+\n<\/untrusted_context>$/,
    );
  });

  it("keeps output lines that only look like status lines inside the output", () => {
    expect(splitShell("Output: Exit Code: 9 is what the log said\nok\nProcess Group PGID: 7")).toEqual({
      output: "Exit Code: 9 is what the log said\nok",
      status: "Process Group PGID: 7",
    });
  });

  it("reads read_file's cut read with Gemini's note kept in front", () => {
    const input = afterTool(
      (i) => i.tool_name === "read_file" && !("start_line" in (i.tool_input as object)),
    );
    const c = asClaude(input.tool_name, input.tool_input, input.tool_response)!;
    const out = extractOutput(c.toolName, c.toolInput, c.toolResponse)!;
    expect(out.text.startsWith("line 1 of the big file")).toBe(true);
    expect(out.limit).toBeUndefined();
    expect(c.rebuild(out.replace("X"))).toMatch(
      /^\nIMPORTANT: The file content has been truncated\.[\s\S]*--- FILE CONTENT \(truncated\) ---\nX$/,
    );
  });

  it("takes a ranged read_file as a read the model bounded itself", () => {
    const input = afterTool((i) => i.tool_name === "read_file" && "start_line" in (i.tool_input as object));
    const c = asClaude(input.tool_name, input.tool_input, input.tool_response)!;
    expect(extractOutput(c.toolName, c.toolInput, c.toolResponse)?.limit).toBe(11);
  });

  it("keeps grep_search's and glob's headlines", () => {
    for (const tool of ["grep_search", "glob"]) {
      const input = afterTool((i) => i.tool_name === tool);
      const c = asClaude(input.tool_name, input.tool_input, input.tool_response)!;
      const out = extractOutput(c.toolName, c.toolInput, c.toolResponse)!;
      expect(out.text.startsWith("Found ")).toBe(false);
      const rebuilt = c.rebuild(out.replace("A\nB"))!;
      expect(rebuilt.split("\n")[0]).toMatch(/^Found \d+ /);
      expect(rebuilt.endsWith("\nA\nB")).toBe(true);
    }
  });

  it("reads an MCP tool's text parts (the tail call's own result in the capture)", () => {
    const lines = readFileSync(join(CAPTURES, "mech.hook-inputs.jsonl"), "utf8").split("\n").filter(Boolean);
    const input = lines
      .map((l) => JSON.parse(l))
      .find((l) => l.ev === "AfterTool" && l.input?.tool_name === "mcp_cx_excerpt")?.input;
    const c = asClaude(input.tool_name, input.tool_input, input.tool_response, input.mcp_context)!;
    expect(c.toolName).toBe("mcp__cx__excerpt");
    expect(asClaude(input.tool_name, input.tool_input, input.tool_response)?.toolName).toBe(
      "mcp__cx_excerpt",
    );
    const out = extractOutput(c.toolName, c.toolInput, c.toolResponse)!;
    expect(out.text).toBe("EXCERPT-FOR-7: line A\nline B");
    expect(c.rebuild(out.replace("E"))).toBe("<untrusted_context>\nE\n</untrusted_context>");
  });

  it("leaves errors, unknown tools and other shapes alone", () => {
    expect(asClaude("run_shell_command", {}, { llmContent: "x", error: { message: "no" } })).toBeUndefined();
    expect(asClaude("write_file", {}, { llmContent: "x" })).toBeUndefined();
    expect(asClaude("run_shell_command", {}, { llmContent: "not the shell's framing" })).toBeUndefined();
    expect(asClaude("mcp_s_t", {}, { llmContent: [{ inlineData: {} }] })).toBeUndefined();
  });

  it("says the header's advice in read_file's terms, and nothing else", () => {
    const header =
      "[cairn #2 · 65.7 KB, 900 lines → excerpt (read: outline)]\n[full output: cairn show 2 · L<n>: line n of the file (the number before it counts excerpt lines); lines 7-406: Read with offset=7 limit=400]\nL1: Read with offset=1 limit=2";
    expect(inReadFileTerms(header)).toBe(
      "[cairn #2 · 65.7 KB, 900 lines → excerpt (read: outline)]\n[full output: cairn show 2 · L<n>: line n of the file; lines 7-406: read_file with start_line=7 end_line=406]\nL1: Read with offset=1 limit=2",
    );
    expect(inReadFileTerms("no header\nRead with offset=1 limit=2")).toBe(
      "no header\nRead with offset=1 limit=2",
    );
  });
});
