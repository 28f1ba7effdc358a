/**
 * Repeated outputs end to end on the real Claude Code CLI: the same command printing the
 * same thing twice reaches the model the second time as one line naming the earlier
 * output. The retrieval command for a number is printed once in a context: for an
 * excerpt in its header (the line then names the number alone), for an output shown whole
 * in the first line referring to it. The scripted model runs it exactly as printed and
 * gets the original back.
 */
import { chmodSync, mkdirSync, writeFileSync } from "node:fs";
import { delimiter, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CAIRN } from "../helpers/cairn.ts";
import { installCairn } from "./harness/cairn.ts";
import { makeSandbox, type RunClaudeResult, runClaude, type Sandbox } from "./harness/claude.ts";
import { bash, findToolResult, type MockApi, startMockApi, text } from "./harness/mock-api.ts";
import { e2eTimeout } from "./harness/work.ts";

// Under Bash's 30,000-character spill, so the retrieved original reaches the model whole.
const LOG = Array.from({ length: 280 }, (_, i) =>
  i === 171
    ? "2026-11-22T10:15:42.123Z ERROR payment-service: charge failed for order 81723: card_declined"
    : `2026-11-22T10:${String(10 + (i % 50)).padStart(2, "0")}:00.000Z INFO worker-${i % 7}: processed batch ${i} in ${i % 97} ms`,
).join("\n");

describe("repeated outputs e2e", () => {
  let api: MockApi;
  let sb: Sandbox;
  let run: RunClaudeResult;

  const resultText = (id: string): string => {
    const req = api.mainRequests().find((r) => findToolResult(r, id));
    const content = req ? findToolResult(req, id)?.content : undefined;
    return typeof content === "string"
      ? content
      : (content ?? []).map((b: { text?: string }) => b.text ?? "").join("");
  };

  // Under compress.min_bytes: shown whole the first time.
  const NOTES = Array.from({ length: 30 }, (_, i) => `release note ${i}: parser keeps line ${i * 17}`).join(
    "\n",
  );

  // The session: six tool calls, two of them cairn show; cairn install.
  const WORK = e2eTimeout({ sessions: 1, tools: 6, commands: 2 });
  beforeAll(async () => {
    api = await startMockApi();
    sb = makeSandbox({ prefix: "cairn-repeats" });
    sb.writeFile("app.log", `${LOG}\n`);
    sb.writeFile("notes.md", `${NOTES}\n`);
    // No allow rule for Bash: the command is not routed through cairn's Bash runner, so the
    // output is filed in PostToolUse, where repeats are recognised (the runner does not).
    await installCairn(sb);
    // cairn on PATH, as an npm global install puts it.
    const bin = join(sb.home, "bin");
    mkdirSync(bin, { recursive: true });
    writeFileSync(join(bin, "cairn"), `#!/bin/sh\nexec "${process.execPath}" "${CAIRN}" "$@"\n`);
    chmodSync(join(bin, "cairn"), 0o755);
    api.script([
      bash("cat app.log", { id: "toolu_first" }),
      bash("cat app.log", { id: "toolu_again" }),
      // The model runs the command printed for the number the line names, exactly: the header's.
      () => {
        const header = resultText("toolu_first");
        const command =
          /^\[full output: (.+?)(?: · |\]$)/m.exec(header)?.[1] ?? "echo no command in the header";
        return bash(command, { id: "toolu_show" });
      },
      bash("cat notes.md", { id: "toolu_notes_1" }),
      bash("cat notes.md", { id: "toolu_notes_2" }),
      // Shown whole, with no header: the reference line prints the command, run as printed.
      () => {
        const line = resultText("toolu_notes_2");
        const command = /full output: (.+)\]$/.exec(line)?.[1] ?? "echo no command in the reference";
        return bash(command, { id: "toolu_notes_show" });
      },
      text("Finished."),
    ]);
    run = await runClaude({
      sandbox: sb,
      apiUrl: api.url,
      prompt: "look at the log twice",
      env: { PATH: `${bin}${delimiter}${process.env.PATH ?? ""}` },
    });
  }, WORK);

  afterAll(async () => {
    await api.close();
    sb.cleanup();
  });

  it("the session completes", () => {
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.resultText).toContain("Finished.");
  });

  it("the first output reaches the model as an excerpt, the identical second one as one line referring to it", () => {
    const first = resultText("toolu_first");
    expect(first).toMatch(/^\[cairn #(\d+) · /);
    expect(first).toContain("card_declined");
    const id = /^\[cairn #(\d+)/.exec(first)?.[1];
    const again = resultText("toolu_again");
    // The same call again: the line follows it and does not name it; the header printed the command.
    expect(again).toBe(`[cairn #${id}, as shown earlier]`);
  });

  it("the retrieval command printed for that number runs as printed and returns the original", () => {
    expect(resultText("toolu_show")).toBe(LOG);
  });

  it("an output shown whole is named the second time with its retrieval command, which runs as printed", () => {
    expect(resultText("toolu_notes_1")).toBe(NOTES);
    expect(resultText("toolu_notes_2")).toMatch(
      /^\[cairn #\d+, as shown earlier · full output: .* show \d+\]$/,
    );
    expect(resultText("toolu_notes_show")).toBe(NOTES);
  });

  it("the transcript stores the reference line", () => {
    const stored = run.transcript
      .filter((e) => e.type === "user")
      .flatMap((e) => ((e.message as { content?: unknown })?.content as { tool_use_id?: string }[]) ?? [])
      .find((b) => typeof b === "object" && b?.tool_use_id === "toolu_again");
    expect(JSON.stringify(stored)).toContain("as shown earlier]");
  });
});
