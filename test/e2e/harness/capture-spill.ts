/**
 * Regenerates test/fixtures/claude-code-captures/spill-without-cairn.json: what the real
 * Claude Code CLI shows the model, without cairn, for a Bash output over its 30,000
 * characters, a Grep over its 20,000, a small Bash output and a small Read, beside the
 * PostToolUse event a hook receives for each call (a logging hook that changes nothing).
 * cairn's counterfactual ("what Claude Code alone would have shown") is checked against it.
 *
 *   npx node test/e2e/harness/capture-spill.ts
 */
import { readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { makeSandbox, REPO_ROOT, runClaude } from "./claude.ts";
import { bash, findToolResult, startMockApi, text, tool } from "./mock-api.ts";

const OUT = join(REPO_ROOT, "test", "fixtures", "claude-code-captures", "spill-without-cairn.json");

/** The 93 KB log the capture shows: one ERROR line deep inside. */
export function bigLog(): string {
  const lines = Array.from(
    { length: 1200 },
    (_, i) =>
      `2026-11-25T10:00:${String(i % 60).padStart(2, "0")}.000Z ${i === 900 ? "ERROR" : "INFO"} worker-${i % 9}: batch ${i} processed ok ok ok ok ok ok`,
  );
  return `${lines.join("\n")}\n`;
}

async function main(): Promise<void> {
  const api = await startMockApi();
  const sb = makeSandbox({ root: join(tmpdir(), "cairn-spill-capture") });
  sb.writeFile("big.log", bigLog());
  for (let f = 0; f < 60; f++)
    sb.writeFile(
      `src/f${String(f).padStart(2, "0")}.ts`,
      `${Array.from({ length: 20 }, (_, i) => `export const price${i} = ${i}; // price${i} of item number ${f}`).join("\n")}\n`,
    );
  sb.writeFile("small.txt", "hello\nworld\n");
  const log = join(sb.root, "events.jsonl");
  writeFileSync(join(sb.root, "hook.sh"), `#!/bin/sh\ncat >> ${log}\necho >> ${log}\n`, { mode: 0o755 });
  sb.writeSettings({
    permissions: { allow: ["Bash", "Grep", "Glob", "Read"] },
    hooks: { PostToolUse: [{ hooks: [{ type: "command", command: join(sb.root, "hook.sh") }] }] },
  });
  api.script([
    bash("cat big.log", { id: "toolu_big" }),
    tool(
      "Grep",
      { pattern: "price\\d+", path: ".", output_mode: "content", "-n": true, head_limit: 600 },
      { id: "toolu_grep" },
    ),
    bash("cat small.txt", { id: "toolu_small" }),
    tool("Read", { file_path: join(sb.project, "small.txt") }, { id: "toolu_read" }),
    text("ok"),
  ]);
  await runClaude({ sandbox: sb, apiUrl: api.url, prompt: "capture" });
  const last = api.mainRequests().at(-1)!;
  const events = readFileSync(log, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { tool_use_id: string });
  const calls = ["toolu_big", "toolu_grep", "toolu_small", "toolu_read"].map((id) => ({
    id,
    event: events.find((e) => e.tool_use_id === id),
    modelSaw: findToolResult(last, id)?.content,
  }));
  writeFileSync(OUT, `${JSON.stringify({ claudeCode: "2.1.328", calls }, null, 1)}\n`);
  await api.close();
  sb.cleanup();
}

if (import.meta.main) await main();
