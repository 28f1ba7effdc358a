import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { REPO, runCairn, tempHome } from "../../../helpers/cairn.ts";

// A header's legends (how a Read excerpt's lines are numbered, how a kind chose what it
// kept) are said once per context, through the built hook on real captured inputs: the
// first excerpt of a kind says them, later ones in the same context do not; after a
// compaction (what the model read before it is a summary now) and in a subagent's own
// context the next one says them again.

const capture = (name: string) =>
  JSON.parse(readFileSync(join(REPO, "test/fixtures/hook-inputs", `${name}.json`), "utf8")) as Record<
    string,
    unknown
  >;
const output = (name: string) => readFileSync(join(REPO, "test/fixtures/outputs", name), "utf8");
const readCall = capture("PostToolUse-Read-large");
const grepCall = capture("PostToolUse-Grep-content");
const NUMBERS = "L<n>: line n of the file (the number before it counts excerpt lines)";
const METHOD = /\(grep: \d+ matches in \d+ files: each kind of match once, [^)]+\)\]/;

describe("a header's legends are said once per context", () => {
  let sb: ReturnType<typeof tempHome>;
  const hook = async (name: string, event: Record<string, unknown>) => {
    const r = await runCairn(["hook", name], {
      input: JSON.stringify({ ...event, cwd: sb.project }),
      env: sb.env,
      cwd: sb.home,
    });
    expect(r.code, r.stderr).toBe(0);
    return r.stdout.trim().startsWith("{") ? JSON.parse(r.stdout) : {};
  };
  const content = readCall.tool_response as { file: { content: string } };
  /** A Read of another file each time (a near repeat of one path would be a delta). */
  const read = async (n: number, extra: Record<string, unknown> = {}): Promise<string> => {
    const path = `/tmp/cairn-hook-capture/project/big${n}.txt`;
    const out = await hook("PostToolUse", {
      ...readCall,
      ...extra,
      tool_use_id: `toolu_legend_read_${n}`,
      tool_input: { file_path: path },
      tool_response: {
        ...(readCall.tool_response as object),
        file: { ...content.file, filePath: path, content: `${content.file.content}\nfile ${n}` },
      },
    });
    return out.hookSpecificOutput.updatedToolOutput.file.content;
  };
  const grep = async (id: string, pattern: string, text: string): Promise<string> => {
    const out = await hook("PostToolUse", {
      ...grepCall,
      tool_use_id: id,
      tool_input: { ...(grepCall.tool_input as object), pattern },
      tool_response: {
        ...(grepCall.tool_response as object),
        content: text,
        numLines: text.split("\n").length,
      },
    });
    return out.hookSpecificOutput.updatedToolOutput.content;
  };

  beforeEach(() => {
    sb = tempHome();
    mkdirSync(sb.project, { recursive: true });
  });
  afterEach(() => sb.cleanup());

  it("a Read excerpt says how its lines are numbered the first time, keeps the Read it proposes each time", async () => {
    const first = await read(1);
    expect(first).toMatch(/^\[cairn #1 · /);
    expect(first).toContain(NUMBERS);
    const second = await read(2);
    expect(second).toMatch(/^\[cairn #2 · /);
    expect(second).not.toContain(NUMBERS);
    // What is its own stays: the part worth reading, as a Read that runs as printed.
    expect(second).toMatch(/\[full output: .* show 2 · lines \d+-\d+: Read with offset=\d+ limit=\d+\]/);
    expect(second.split("\n").slice(2)).toEqual(
      first
        .split("\n")
        .slice(2)
        .map((l) => l.replace("file 1", "file 2")),
    );
  });

  it("says it again after a compaction, and in a subagent's own context", async () => {
    await read(1);
    expect(await read(2)).not.toContain(NUMBERS);
    await hook("PreCompact", { ...capture("PreCompact-auto"), session_id: readCall.session_id });
    expect(await read(3)).toContain(NUMBERS);
    expect(await read(4)).not.toContain(NUMBERS);
    await hook("SessionStart", { ...capture("SessionStart-compact"), session_id: readCall.session_id });
    expect(await read(5)).toContain(NUMBERS);
    const sub = { agent_id: "a8af6be07cba1eb8c", agent_type: "general-purpose" };
    expect(await read(6, sub)).toContain(NUMBERS);
    expect(await read(7, sub)).not.toContain(NUMBERS);
  });

  it("a grep excerpt says how it chose its matches the first time, its counts each time", async () => {
    const first = await grep("toolu_legend_grep_1", "deprecated", output("grep-tool-content.txt"));
    expect(first.split("\n")[0]).toMatch(METHOD);
    const second = await grep("toolu_legend_grep_2", "TODO", output("grep-rn-todo.txt"));
    expect(second.split("\n")[0]).toMatch(/\(grep: \d+ matches in \d+ files\)\]$/);
    // The --grep option, the same under every header, is said once; the range worth
    // asking for is the header's own and stays, as a command that runs as printed.
    expect(first.split("\n")[1]).toMatch(/ show 1 · a part: add (--lines \d+-\d+ or )?--grep 'PATTERN'\]$/);
    expect(second.split("\n")[1]).toMatch(/ show 2( · a part: add --lines \d+-\d+)?\]$/);
  });
});
