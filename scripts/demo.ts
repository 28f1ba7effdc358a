// `npm run demo`: a real Claude Code session, against a scripted model on loopback,
// with cairn installed into a throwaway HOME. The scripted model runs real commands
// (a failing test suite, a type check with errors, a long log, a large read); the
// report shows what the model was actually sent, and what cairn kept; then the same
// project in a real Gemini CLI session against a scripted Gemini API.
//
// `npm run demo -- --readme` also writes the table of what the model was sent into
// README.md (between its demo-sample markers), so the README's sample is this demo's
// own output; test/e2e/demo-readme.e2e.test.ts fails when it no longer is.
import { readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import pc from "picocolors";
import { cairn, cairnDb, cairnOnPath, installCairn, rows } from "../test/e2e/harness/cairn.ts";
import { makeSandbox, runClaude } from "../test/e2e/harness/claude.ts";
import { runGemini, writeGeminiSettings } from "../test/e2e/harness/gemini.ts";
import { call, type GeminiApi, shell, startGeminiApi } from "../test/e2e/harness/gemini-api.ts";
import { bash, findToolResult, startMockApi, text, tool } from "../test/e2e/harness/mock-api.ts";

const REPO = join(import.meta.dirname, "..");
const README = join(REPO, "README.md");
const step = (s: string) => console.log(`\n${pc.bold(pc.cyan("▸"))} ${pc.bold(s)}`);

/** One tool call cairn filed: what the tool gave and what the model was sent. */
export interface DemoRow {
  readonly id: number;
  readonly tool: string;
  readonly label: string;
  readonly original: number;
  readonly shown: number;
  readonly compressor: string;
}

type Paint = (s: string) => string;
const plain: Paint = (s) => s;

/** The table of what the model was sent, as the demo prints it (and README.md shows it, unpainted). */
export function sampleLines(
  rows: readonly DemoRow[],
  green: Paint = plain,
  dim: Paint = plain,
  bold: Paint = plain,
) {
  let before = 0;
  let after = 0;
  const lines = rows.map((f) => {
    before += f.original;
    after += f.shown;
    const pct = Math.round(100 - (f.shown / f.original) * 100);
    const change = pct > 0 ? `-${pct}%` : `+${-pct}%`;
    return `  #${f.id} ${f.tool.padEnd(5)} ${f.label.slice(0, 48).padEnd(48)} ${String(f.original).padStart(7)} B → ${String(f.shown).padStart(5)} B  ${green(change.padStart(4))}  ${dim(f.compressor)}`;
  });
  const total = `  total ${before} B → ${after} B (${Math.round(100 - (after / Math.max(1, before)) * 100)}% less context)`;
  return [...lines, bold(total)];
}

const SAMPLE_START = "<!-- demo-sample: written by `npm run demo -- --readme` -->";
const SAMPLE_END = "<!-- /demo-sample -->";

/** README.md's sample block: the table in a code block between the markers. */
export function readmeSample(readme: string): string | undefined {
  const a = readme.indexOf(SAMPLE_START);
  const b = readme.indexOf(SAMPLE_END);
  return a === -1 || b < a ? undefined : readme.slice(a + SAMPLE_START.length, b);
}

function writeReadmeSample(rows: readonly DemoRow[]): void {
  const readme = readFileSync(README, "utf8");
  const old = readmeSample(readme);
  if (old === undefined) throw new Error(`README.md has no ${SAMPLE_START} … ${SAMPLE_END} block`);
  const block = [
    "",
    "```",
    "▸ What the model was sent for each tool call",
    ...sampleLines(rows),
    "```",
    "",
  ].join("\n");
  writeFileSync(
    README,
    readme.replace(`${SAMPLE_START}${old}${SAMPLE_END}`, `${SAMPLE_START}${block}${SAMPLE_END}`),
  );
  console.log(pc.dim(`  README.md's sample rewritten from this run`));
}

/** The demo, printed as it goes; returns the filed rows and whether everything checked out. */
export async function runDemo(): Promise<{ rows: DemoRow[]; ok: boolean }> {
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
    // cairn on the session's PATH: headers print `cairn show N`, so the sizes below do
    // not depend on where cairn lives.
    const run = await runClaude({
      sandbox: sb,
      apiUrl: api.url,
      prompt: "Why is checkout failing?",
      timeoutMs: 180_000,
      env: cairnOnPath(sb),
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
    // What the model was sent, read from the request Claude Code made (not cairn's own
    // record): an output cairn left whole (its excerpt would not have saved enough) counts whole.
    const demoRows: DemoRow[] = filed.map((f) => {
      const sent = api.toolResult(f.tool_use_id);
      const shown = sent === undefined ? f.excerpt_bytes : Buffer.byteLength(sent, "utf8");
      return {
        id: f.id,
        tool: f.tool_name,
        label: f.label,
        original: f.original_bytes,
        shown,
        compressor:
          sent !== undefined && !sent.includes("[cairn #") ? `${f.compressor} (sent whole)` : f.compressor,
      };
    });
    for (const line of sampleLines(demoRows, pc.green, pc.dim, pc.bold)) console.log(line);

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
        call("read_file", { file_path: "server.log" }),
        "The log shows a payment timeout.",
      ],
    });
    const g = await runGemini(sb, { prompt: "Why is checkout failing?", apiUrl: gemini.url });
    console.log(`  exit ${g.code}, ${gemini.main().length} model requests`);
    for (const fr of gemini.functionResponses()) {
      const said = gemini.responseText(fr);
      console.log(
        `  ${String(fr?.name).padEnd(18)} ${String(said.length).padStart(6)} chars sent  ${pc.dim(said.split("\n").find((l) => l.includes("[cairn #")) ?? "(as it was)")}`,
      );
    }
    const okGemini =
      g.code === 0 && gemini.functionResponses().every((fr) => gemini?.responseText(fr).includes("[cairn #"));
    await cairn(sb, ["uninstall", "--agent", "gemini"]);
    return { rows: demoRows, ok: run.exitCode === 0 && same && okGemini };
  } finally {
    await gemini?.close();
    await api.close();
    sb.cleanup();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { rows, ok } = await runDemo();
  if (process.argv.includes("--readme")) writeReadmeSample(rows);
  process.exitCode = ok ? 0 : 1;
}
