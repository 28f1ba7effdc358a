// `npm run demo`: a real Claude Code session, against a scripted model on loopback,
// with cairn installed into a throwaway HOME. The scripted model runs real commands
// (a failing test suite, a type check with errors, a long log, a large read); the
// report shows what the model was actually sent, and what cairn kept; then the same
// project in a real Gemini CLI session against a scripted Gemini API.
import { readFileSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import pc from "picocolors";
import { cairn, cairnDb, installCairn, rows } from "../test/e2e/harness/cairn.ts";
import { makeSandbox, runClaude } from "../test/e2e/harness/claude.ts";
import { runGemini, writeGeminiSettings } from "../test/e2e/harness/gemini.ts";
import { call, type GeminiApi, shell, startGeminiApi } from "../test/e2e/harness/gemini-api.ts";
import { bash, findToolResult, startMockApi, text, tool } from "../test/e2e/harness/mock-api.ts";

const REPO = join(import.meta.dirname, "..");
const step = (s: string) => console.log(`\n${pc.bold(pc.cyan("▸"))} ${pc.bold(s)}`);

const sb = makeSandbox({ prefix: "cairn-demo" });
const api = await startMockApi();
let gemini: GeminiApi | undefined;
try {
  const log = Array.from({ length: 1400 }, (_, i) =>
    i === 911
      ? "2026-11-22T10:31:07.412Z ERROR checkout: payment provider timeout after 30000 ms (order 4471)"
      : `2026-11-22T10:${String(i % 60).padStart(2, "0")}:00.000Z INFO http: GET /api/items/${i} 200 ${i % 40} ms`,
  );
  const logText = `${log.join("\n")}\n`;
  // The size said is the size written.
  step(
    `A demo project: a test suite with 2 failures among 120, a file with type errors, a ${Math.round(Buffer.byteLength(logText) / 1024)} KB log`,
  );
  symlinkSync(join(REPO, "node_modules"), join(sb.project, "node_modules"));
  sb.writeFile("package.json", JSON.stringify({ name: "shop", type: "module", private: true }));
  sb.writeFile(
    "cart.test.ts",
    [
      'import { describe, expect, it } from "vitest";',
      "const total = (xs: number[]) => xs.reduce((a, b) => a + b, 0);",
      'describe("cart", () => {',
      ...Array.from(
        { length: 118 },
        (_, i) => `  it("sums basket ${i}", () => expect(total([${i}, 1])).toBe(${i + 1}));`,
      ),
      '  it("applies the 10% discount", () => expect(total([100]) * 0.9).toBe(91));',
      '  it("rounds tax to cents", () => expect(Math.round(19.999 * 100) / 100).toBe(19.99));',
      "});",
    ].join("\n"),
  );
  sb.writeFile(
    "pricing.ts",
    Array.from({ length: 80 }, (_, i) => `export const price${i}: number = "${i}.99";`).join("\n") +
      "\nexport function discount(p: number): string { return p * 0.9; }\n",
  );
  sb.writeFile("server.log", logText);
  sb.writeSettings({ permissions: { allow: ["Bash"] } });

  step("cairn install (into the demo's own HOME; your ~/.claude is not touched)");
  await installCairn(sb);
  console.log(pc.dim(`  ${join(sb.home, ".claude", "settings.json")}`));

  step("A real Claude Code session (claude -p) against the scripted model");
  api.script([
    bash("npx vitest run --reporter=verbose cart.test.ts", {
      id: "toolu_tests",
      text: "I'll run the tests first.",
    }),
    bash("npx tsc --noEmit --pretty false pricing.ts", { id: "toolu_tsc" }),
    bash("cat server.log", { id: "toolu_log" }),
    tool(
      "Grep",
      { pattern: "price\\d+", path: ".", output_mode: "content", "-n": true },
      { id: "toolu_grep" },
    ),
    text(
      "Two tests fail (discount, tax rounding), pricing.ts has type errors, and the log shows a payment timeout.",
    ),
  ]);
  const run = await runClaude({
    sandbox: sb,
    apiUrl: api.url,
    prompt: "Why is checkout failing?",
    timeoutMs: 180_000,
  });
  console.log(
    `  exit ${run.exitCode}, ${(run.durationMs / 1000).toFixed(1)} s, ${api.mainRequests().length} model requests`,
  );

  step("What the model was sent for each tool call");
  const db = cairnDb(sb);
  const filed = rows<{
    id: number;
    tool_use_id: string;
    tool_name: string;
    label: string;
    original_bytes: number;
    excerpt_bytes: number;
    compressor: string;
  }>(
    db,
    "SELECT id, tool_use_id, tool_name, label, original_bytes, excerpt_bytes, compressor FROM outputs ORDER BY id",
  );
  db.close();
  let before = 0;
  let after = 0;
  for (const f of filed) {
    before += f.original_bytes;
    after += f.excerpt_bytes;
    const pct = Math.round(100 - (f.excerpt_bytes / f.original_bytes) * 100);
    console.log(
      `  #${f.id} ${f.tool_name.padEnd(5)} ${f.label.slice(0, 48).padEnd(48)} ${String(f.original_bytes).padStart(7)} B → ${String(f.excerpt_bytes).padStart(5)} B  ${pc.green(`-${pct}%`)}  ${pc.dim(f.compressor)}`,
    );
  }
  console.log(
    pc.bold(
      `  total ${before} B → ${after} B (${Math.round(100 - (after / Math.max(1, before)) * 100)}% less context)`,
    ),
  );

  step("The failing test run, exactly as the model saw it");
  const req = api.mainRequests().find((r) => findToolResult(r, "toolu_tests"));
  const block = req && findToolResult(req, "toolu_tests");
  const shown =
    typeof block?.content === "string" ? block.content : JSON.stringify(block?.content ?? "(not sent)");
  console.log(
    pc.dim(
      shown
        .split("\n")
        .slice(0, 40)
        .map((l) => `  │ ${l}`)
        .join("\n"),
    ),
  );

  step("Nothing is lost: the log's error line, fetched from the stored original");
  const logId = filed.find((f) => f.tool_use_id === "toolu_log")?.id;
  const grep = await cairn(sb, ["show", String(logId), "--grep", "ERROR", "-C", "1"]);
  console.log(
    pc.dim(
      grep.stdout
        .trimEnd()
        .split("\n")
        .map((l) => `  │ ${l}`)
        .join("\n"),
    ),
  );
  const whole = await cairn(sb, ["show", String(logId)]);
  const same = whole.stdout === readFileSync(join(sb.project, "server.log"), "utf8");
  console.log(
    `  cairn show ${logId} returns the original byte for byte: ${same ? pc.green("yes") : pc.red("NO")}`,
  );

  step("cairn doctor");
  console.log((await cairn(sb, ["doctor"])).stdout.trimEnd().replace(/^/gm, "  "));

  step("The same project in Gemini CLI (gemini -p, pinned 0.61.0), one engine for both");
  writeGeminiSettings(sb);
  await installCairn(sb, ["--agent", "gemini"]);
  gemini = await startGeminiApi({
    steps: [
      shell("cat server.log"),
      call("grep_search", { pattern: "GET /api/items" }),
      "The log shows a payment timeout.",
    ],
  });
  const g = await runGemini(sb, { prompt: "Why is checkout failing?", apiUrl: gemini.url });
  console.log(`  exit ${g.code}, ${gemini.main().length} model requests`);
  for (const fr of gemini.functionResponses()) {
    const text = gemini.responseText(fr);
    console.log(
      `  ${String(fr?.name).padEnd(18)} ${String(text.length).padStart(6)} chars sent  ${pc.dim(text.split("\n").find((l) => l.includes("[cairn #")) ?? "(as it was)")}`,
    );
  }
  const okGemini =
    g.code === 0 && gemini.functionResponses().every((fr) => gemini?.responseText(fr).includes("[cairn #"));
  await cairn(sb, ["uninstall", "--agent", "gemini"]);
  process.exitCode = run.exitCode === 0 && same && okGemini ? 0 : 1;
} finally {
  await gemini?.close();
  await api.close();
  sb.cleanup();
}
