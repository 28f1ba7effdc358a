/**
 * Honest figures: per tool call, what Claude Code alone would have shown the model
 * (the counterfactual) against what it was shown with cairn, and what reading
 * originals back cost. The counterfactual is held to what the real Claude Code 2.1.328
 * showed without cairn for the same calls (test/fixtures/claude-code-captures/
 * spill-without-cairn.json, made by test/e2e/harness/capture-spill.ts); the counting
 * runs through the built hook on those captured events.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { modelText } from "../../../src/claude/model-view.ts";
import { problemLinesBeyond } from "../../../src/window/figures.ts";
import { bigLog } from "../../e2e/harness/capture-spill.ts";
import { REPO, runCairn, tempHome } from "../../helpers/cairn.ts";

interface Captured {
  id: string;
  event: Record<string, unknown> & {
    tool_name: string;
    tool_use_id: string;
    session_id: string;
    transcript_path: string;
    tool_input: Record<string, unknown>;
    tool_response: unknown;
  };
  modelSaw: string;
}
const CAPTURE = JSON.parse(
  readFileSync(join(REPO, "test/fixtures/claude-code-captures/spill-without-cairn.json"), "utf8"),
) as { calls: Captured[] };
const call = (id: string) => CAPTURE.calls.find((c) => c.id === id)!;
const CAPTURE_ROOT = "/tmp/cairn-spill-capture";

describe("what Claude Code alone shows (the counterfactual)", () => {
  for (const c of CAPTURE.calls) {
    it(`${c.id}: exactly what the real CLI showed the model without cairn`, () => {
      const e = c.event;
      const place = {
        tool: e.tool_name,
        toolUseId: e.tool_use_id,
        sessionId: e.session_id,
        transcriptPath: e.transcript_path,
      };
      expect(modelText(place, e.tool_input, e.tool_response)).toBe(c.modelSaw);
    });
  }

  it("the captures cover a Bash output and a Grep over their limits", () => {
    expect(call("toolu_big").modelSaw).toMatch(/^<persisted-output>\nOutput too large \(91\.5KB\)/);
    expect(call("toolu_grep").modelSaw).toMatch(/^<persisted-output>\nOutput too large \(39\.7KB\)/);
  });
});

describe("problem lines the preview would have hidden", () => {
  it("counts lines of the original that name a problem, are shown, and are not in the notice", () => {
    const original = bigLog();
    const alone = call("toolu_big").modelSaw;
    const errorLine = original.split("\n").find((l) => l.includes("ERROR"))!;
    expect(
      problemLinesBeyond(`[cairn #1 · 3 errors]\n${errorLine}\nnot in the original: error`, alone, original),
    ).toBe(1);
    expect(problemLinesBeyond(original.split("\n").slice(0, 3).join("\n"), alone, original)).toBe(0);
  });
});

describe("counted by the built hook, call by call", () => {
  const h = tempHome("cairn-figures-");
  const relocate = (e: Captured["event"], extra: Record<string, unknown> = {}) =>
    JSON.stringify({ ...e, ...extra }).replaceAll(CAPTURE_ROOT, h.home);
  const post = (e: Captured["event"], extra: Record<string, unknown> = {}) =>
    runCairn(["hook", "PostToolUse"], { input: relocate(e, extra), cwd: h.home, env: h.env });
  let db: DatabaseSync;
  const rows = () =>
    db.prepare("SELECT * FROM call_figures ORDER BY at, rowid").all() as unknown as {
      tool_use_id: string;
      kind: string;
      retrieval: string | null;
      output_id: number | null;
      counterfactual_bytes: number;
      shown_bytes: number;
      hidden_errors_shown: number;
      shown: string | null;
    }[];
  const row = (id: string) => rows().find((r) => r.tool_use_id === id)!;
  const bytesAlone = (id: string) => Buffer.byteLength(call(id).modelSaw.replaceAll(CAPTURE_ROOT, h.home));

  beforeAll(async () => {
    // The session's files where Claude Code keeps them: the transcript and Bash's saved output.
    const big = call("toolu_big").event.tool_response as { persistedOutputPath: string };
    const spill = big.persistedOutputPath.replaceAll(CAPTURE_ROOT, h.home);
    mkdirSync(dirname(spill), { recursive: true });
    writeFileSync(spill, bigLog());
    writeFileSync(call("toolu_big").event.transcript_path.replaceAll(CAPTURE_ROOT, h.home), "");
    mkdirSync(join(h.home, "project"), { recursive: true });
    for (const id of ["toolu_big", "toolu_grep", "toolu_small", "toolu_read"])
      expect((await post(call(id).event)).code).toBe(0);
    db = new DatabaseSync(join(h.home, ".cairn", "cairn.db"), { readOnly: true });
  }, 60_000);
  afterAll(() => {
    db?.close();
    h.cleanup();
  });

  it("an excerpt of the 93 KB log: shown against Claude Code's notice, and the error line it bought", () => {
    const r = row("toolu_big");
    expect(r.kind).toBe("output");
    expect(r.output_id).toBe(1);
    expect(r.counterfactual_bytes).toBe(bytesAlone("toolu_big"));
    expect(r.shown).toMatch(/^\[cairn #1 · /);
    expect(r.shown_bytes).toBe(Buffer.byteLength(r.shown!));
    // The ERROR line is 900 lines in: the notice's preview ends at line 26.
    expect(r.shown).toContain("ERROR worker-0: batch 900");
    expect(r.hidden_errors_shown).toBe(1);
  });

  it("a Grep over its limit, a small output and a small Read: counterfactual as the CLI showed them", () => {
    expect(row("toolu_grep").counterfactual_bytes).toBe(bytesAlone("toolu_grep"));
    for (const id of ["toolu_small", "toolu_read"]) {
      expect(row(id)).toMatchObject({
        kind: "output",
        counterfactual_bytes: bytesAlone(id),
        shown_bytes: bytesAlone(id),
      });
      expect(row(id).shown).toBeNull();
    }
  });

  it("`cairn show 1` through Bash and the MCP show_output are retrievals of #1, with the bytes they brought back", async () => {
    const small = call("toolu_small").event;
    const page = "x".repeat(5000);
    await post(small, {
      tool_use_id: "toolu_show",
      tool_input: { command: "cairn show 1 --lines 880-920" },
      tool_response: { ...(small.tool_response as object), stdout: page },
    });
    await post(small, {
      tool_name: "mcp__cairn__show_output",
      tool_use_id: "toolu_mcp",
      tool_input: { id: 1, grep: "ERROR" },
      tool_response: [{ type: "text", text: "output 1 · Bash · cat big.log\n901: ERROR" }],
    });
    expect(row("toolu_show")).toMatchObject({
      kind: "retrieval",
      retrieval: "show",
      output_id: 1,
      counterfactual_bytes: 0,
      shown_bytes: 5000,
    });
    expect(row("toolu_mcp")).toMatchObject({ kind: "retrieval", retrieval: "show", output_id: 1 });
  });

  it("the same command run again after its excerpt is a retrieval; after an edit it is new work", async () => {
    const big = call("toolu_big").event;
    await post(big, { tool_use_id: "toolu_again" });
    expect(row("toolu_again")).toMatchObject({
      kind: "retrieval",
      retrieval: "rerun",
      output_id: 1,
      counterfactual_bytes: 0,
    });
    await post(call("toolu_small").event, {
      tool_name: "Edit",
      tool_use_id: "toolu_edit",
      tool_input: { file_path: "/x", old_string: "a", new_string: "b" },
      tool_response: { filePath: "/x" },
    });
    await post(big, { tool_use_id: "toolu_after_edit" });
    expect(row("toolu_after_edit").kind).toBe("output");
  });
});
