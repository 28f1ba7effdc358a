import { readFileSync as readFile } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { EMPTY_STATE, IMAGE_TOKENS, resultSize, scanLines } from "../../../src/window/transcript-scan.ts";
import { REPO } from "../../helpers/cairn.ts";
import { oracle } from "./oracle.ts";

/** The scanner works on bytes; these tests build its input as text. */
const readFileSync = (p: string, _enc: "utf8") => readFile(p, "utf8");
const scan = (text: string, base: number, agent: string, state: typeof EMPTY_STATE) =>
  scanLines(Buffer.from(text), base, agent, state);

const T = join(REPO, "test", "fixtures", "transcripts");
const TOOLS = join(T, "tools-session.jsonl");
const AUTO = join(T, "autocompact-session.jsonl");
const SUB = join(T, "tools-session-subagent.jsonl");

function sums(responses: ReturnType<typeof scanLines>["responses"], agent = "") {
  const r = responses.filter((x) => x.agentId === agent);
  return {
    responses: r.length,
    input: r.reduce((n, x) => n + x.input, 0),
    cacheCreation: r.reduce((n, x) => n + x.cacheCreation, 0),
    cacheRead: r.reduce((n, x) => n + x.cacheRead, 0),
    output: r.reduce((n, x) => n + x.output, 0),
  };
}

describe("scanLines on real transcripts from Claude Code 2.1.328", () => {
  it("counts each API response once although Claude Code writes one entry per content block", () => {
    const text = readFileSync(TOOLS, "utf8");
    const r = scan(text, 0, "", EMPTY_STATE);
    const o = oracle([{ path: TOOLS }]);
    expect(sums(r.responses)).toEqual(o.byAgent.get(""));
    // msg_mock_14 asked for two parallel Reads: two assistant entries, one response.
    const entries = text.split("\n").filter((l) => l.includes('"id":"msg_mock_14"'));
    expect(entries).toHaveLength(2);
    expect(r.responses.filter((x) => x.messageId === "msg_mock_14")).toHaveLength(1);
    expect(new Set(r.toolCalls.map((t) => t.toolUseId))).toEqual(o.toolUses);
    expect(new Set(r.toolResults.map((t) => t.toolUseId))).toEqual(o.toolResults);
    expect(r.state).toMatchObject({
      turn: 1,
      epoch: 0,
      model: "claude-opus-5-5",
      contextTokens: o.lastMainContext,
    });
  });

  it("measures tool results as the model saw them, not toolUseResult", () => {
    const r = scan(readFileSync(TOOLS, "utf8"), 0, "", EMPTY_STATE);
    const big = r.toolResults.find((t) => t.toolUseId === "toolu_cap_large_read")!;
    const line = readFileSync(TOOLS, "utf8")
      .split("\n")
      .find((l) => l.includes('"tool_use_id":"toolu_cap_large_read"'))!;
    const content = JSON.parse(line).message.content[0].content as string;
    expect(big.bytes).toBe(Buffer.byteLength(content));
    expect(big.tokens).toBe(Math.ceil(content.length / 4));
    expect(r.toolResults.find((t) => t.toolUseId === "toolu_cap_exit3_bash")?.isError).toBe(true);
  });

  it("records a compaction and takes its post-compaction size as the context until the next response", () => {
    const lines = readFileSync(AUTO, "utf8").split("\n");
    const boundary = lines.findIndex((l) => l.includes('"compact_boundary"'));
    const upTo = `${lines.slice(0, boundary + 1).join("\n")}\n`;
    const before = scan(upTo, 0, "", EMPTY_STATE);
    expect(before.compactions).toEqual([
      expect.objectContaining({ trigger: "auto", preTokens: 95031, postTokens: 2623, agentId: "" }),
    ]);
    expect(before.state).toMatchObject({ epoch: 1, contextTokens: 2623, maxContextTokens: 95000 });
    const rest = scan(lines.slice(boundary + 1).join("\n"), Buffer.byteLength(upTo), "", before.state);
    expect(rest.responses.every((x) => x.epoch === 1)).toBe(true);
    expect(rest.state.contextTokens).toBe(oracle([{ path: AUTO }]).lastMainContext);
    expect(before.responses.every((x) => x.epoch === 0)).toBe(true);
  });

  it("attributes a subagent's responses to the agent, never to the main chain", () => {
    const text = readFileSync(SUB, "utf8");
    const asFile = scan(text, 0, "ad8ebffed80e1d36f", EMPTY_STATE);
    // Older Claude Code wrote sidechain entries into the main transcript: agentId comes from the entry.
    const inline = scan(text, 0, "", EMPTY_STATE);
    const o = oracle([{ path: SUB }]).byAgent.get("ad8ebffed80e1d36f");
    expect(sums(asFile.responses, "ad8ebffed80e1d36f")).toEqual(o);
    expect(sums(inline.responses, "ad8ebffed80e1d36f")).toEqual(o);
    expect(inline.state.contextTokens).toBeNull();
    expect(inline.state.turn).toBe(0);
  });

  it("counts user turns by promptId across a resumed session", () => {
    // Two real sessions back to back stand in for a session and its resume (two prompts).
    const text = readFileSync(TOOLS, "utf8") + readFileSync(AUTO, "utf8");
    const r = scan(text, 0, "", EMPTY_STATE);
    expect(r.state.turn).toBe(2);
    const last = r.toolResults.at(-1)!;
    expect(last.turn).toBe(2);
    expect(r.toolResults[0]!.turn).toBe(1);
  });

  it("notices the 1M context beta in the request journal", () => {
    const line = readFileSync(TOOLS, "utf8")
      .split("\n")
      .find((l) => l.startsWith('{"type":"api-request",'))!;
    expect(scan(`${line}\n`, 0, "", EMPTY_STATE).state.window1m).toBe(false);
    const with1m = line.replace('"betas":["', '"betas":["context-1m-2025-08-07","');
    expect(scan(`${with1m}\n`, 0, "", EMPTY_STATE).state.window1m).toBe(true);
  });

  it("skips a torn line and keeps the rest", () => {
    const lines = readFileSync(TOOLS, "utf8").split("\n");
    const i = lines.findIndex((l) => l.includes('"id":"msg_mock_2"'));
    lines[i] = lines[i]!.slice(0, 200);
    const r = scan(lines.join("\n"), 0, "", EMPTY_STATE);
    expect(r.responses.map((x) => x.messageId)).not.toContain("msg_mock_2");
    expect(r.responses).toHaveLength(15);
  });

  it("keeps the largest usage when a response's entries disagree (a streamed partial count)", () => {
    const lines = readFileSync(TOOLS, "utf8")
      .split("\n")
      .filter((l) => l.includes('"id":"msg_mock_14"'));
    const first = JSON.parse(lines[0]!);
    first.message.usage.output_tokens = 1;
    const text = `${JSON.stringify(first)}\n${lines[1]}\n`;
    const r = scan(text, 0, "", EMPTY_STATE);
    expect(r.responses[0]!.output).toBe(JSON.parse(lines[1]!).message.usage.output_tokens);
  });

  it("sizes text and image blocks", () => {
    expect(resultSize("héllo")).toEqual({ bytes: 6, tokens: 2 });
    expect(
      resultSize([
        { type: "text", text: "abcd" },
        { type: "image", source: { data: "AAAA" } },
      ]),
    ).toEqual({ bytes: 8, tokens: 1 + IMAGE_TOKENS });
    expect(resultSize(undefined)).toEqual({ bytes: 0, tokens: 0 });
  });
});
