/**
 * A 1 MB original retrieved through a real Claude Code session: the model's Bash call
 * pipes `cairn show N` into a reader slower than cairn (as the model's own commands
 * often do), and every byte arrives; `| head -1` ends quietly.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { CAIRN } from "../helpers/cairn.ts";
import { installCairn } from "./harness/cairn.ts";
import { makeSandbox, type RunClaudeResult, runClaude, type Sandbox } from "./harness/claude.ts";
import {
  bash,
  type CapturedRequest,
  findToolResult,
  type MockApi,
  startMockApi,
  text,
} from "./harness/mock-api.ts";
import { e2eTimeout } from "./harness/work.ts";

let api: MockApi;
let sb: Sandbox;
let run: RunClaudeResult;
let log: string;

const resultText = (req: CapturedRequest | undefined, id: string): string => {
  const content = req ? findToolResult(req, id)?.content : undefined;
  return typeof content === "string"
    ? content
    : (content ?? []).map((b: { text?: string }) => b.text ?? "").join("");
};
const lastResult = (id: string) =>
  resultText(
    api.mainRequests().find((r) => findToolResult(r, id)),
    id,
  );

// The session: four tool calls, three of them cairn show; cairn install.
const WORK = e2eTimeout({ sessions: 1, tools: 4, commands: 4 });
beforeAll(async () => {
  api = await startMockApi();
  sb = makeSandbox();
  const lines = Array.from(
    { length: 12_000 },
    (_, i) =>
      `2026-11-25T10:${String(i % 60).padStart(2, "0")}:00.000Z ${i === 7777 ? "ERROR" : "INFO"} worker-${i % 9}: batch ${i} processed ${createHash("sha1").update(String(i)).digest("hex")}`,
  );
  sb.writeFile("big.log", `${lines.join("\n")}\n`);
  log = readFileSync(join(sb.project, "big.log"), "utf8");
  sb.writeSettings({ permissions: { allow: ["Bash"] } });
  await installCairn(sb);
  const show = (req: CapturedRequest) => {
    const id = /\[cairn #(\d+)/.exec(resultText(req, "toolu_big"))?.[1] ?? "0";
    return `"${process.execPath}" "${CAIRN}" show ${id}`;
  };
  let command = "";
  api.script([
    bash("cat big.log", { id: "toolu_big" }),
    (req) => {
      command = show(req);
      return bash(`${command} | (sleep 1; wc -c)`, { id: "toolu_wc" });
    },
    () => bash(`${command} | sha256sum`, { id: "toolu_sha" }),
    () => bash(`${command} | head -1; echo "status=\${PIPESTATUS[0]}"`, { id: "toolu_head" }),
    text("Finished."),
  ]);
  run = await runClaude({ sandbox: sb, apiUrl: api.url, prompt: "look at the log" });
}, WORK);

afterAll(async () => {
  await api.close();
  sb.cleanup();
});

it("the session completes, with the 1 MB log shown as an excerpt", () => {
  expect(run.exitCode, run.stderr).toBe(0);
  expect(Buffer.byteLength(log)).toBeGreaterThan(1_000_000);
  const excerpt = lastResult("toolu_big");
  expect(excerpt).toMatch(/\[cairn #\d+/);
  expect(excerpt.length).toBeLessThan(log.length / 10);
});

it("`cairn show N` into a slow reader delivers every byte, exactly the original", () => {
  expect(lastResult("toolu_wc").trim()).toBe(String(Buffer.byteLength(log)));
  expect(lastResult("toolu_sha")).toContain(createHash("sha256").update(log).digest("hex"));
});

it("`cairn show N | head -1` prints the first line, no EPIPE, exit 0", () => {
  const r = lastResult("toolu_head");
  expect(r).toContain(log.split("\n")[0]!);
  expect(r).toContain("status=0");
  expect(r).not.toMatch(/EPIPE|EAGAIN|Error/);
});
