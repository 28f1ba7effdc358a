/**
 * Endless mode end to end on the real Claude Code CLI: real commands with large
 * outputs reach the model as excerpts (as seen in the requests the scripted server
 * received), the transcript stores the excerpts, the exit status and working
 * directory behave as without cairn, and `cairn show` returns the originals.
 */
import { readFileSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO } from "../helpers/cairn.ts";
import { cairn, cairnDb, installCairn, rows } from "./harness/cairn.ts";
import { makeSandbox, type RunClaudeResult, runClaude, type Sandbox } from "./harness/claude.ts";
import { bash, findToolResult, type MockApi, startMockApi, text, tool } from "./harness/mock-api.ts";
import { e2eTimeout } from "./harness/work.ts";

const ERROR_LINE =
  "2026-11-22T10:15:42.123Z ERROR payment-service: charge failed for order 81723: card_declined";

function makeProject(sb: Sandbox): void {
  symlinkSync(join(REPO, "node_modules"), join(sb.project, "node_modules"));
  sb.writeFile("package.json", JSON.stringify({ name: "demo", type: "module", private: true }));
  const tests = Array.from(
    { length: 150 },
    (_, i) => `  it("adds case ${i}", () => expect(add(${i}, 1)).toBe(${i + 1}));`,
  );
  sb.writeFile(
    "math.test.ts",
    [
      'import { describe, expect, it } from "vitest";',
      "const add = (a: number, b: number) => a + b;",
      'describe("add", () => {',
      ...tests,
      '  it("handles negative totals", () => expect(add(-2, 1)).toBe(1));',
      "});",
      'describe("invoice", () => {',
      '  it("rounds the tax to cents", () => expect(Math.round(19.999 * 100) / 100).toBe(19.99));',
      "});",
    ].join("\n"),
  );
  const errors = Array.from({ length: 120 }, (_, i) => `export const v${i}: number = "not a number ${i}";`);
  sb.writeFile("bad.ts", [...errors, "export function f(x: string): number { return x; }"].join("\n"));
  const log = Array.from({ length: 900 }, (_, i) =>
    i === 517
      ? ERROR_LINE
      : `2026-11-22T10:${String(10 + (i % 50)).padStart(2, "0")}:00.000Z INFO worker-${i % 7}: processed batch ${i} in ${i % 97} ms`,
  );
  sb.writeFile("app.log", `${log.join("\n")}\n`);
  const src = Array.from({ length: 700 }, (_, i) =>
    i % 50 === 0
      ? `export function handler${i}(input: string): string {\n  return input.trim(); // needle ${i}\n}`
      : `// filler line ${i} with some words to make the file large enough`,
  );
  sb.writeFile("src/big.ts", `${src.join("\n")}\n`);
  for (let f = 0; f < 30; f++) {
    sb.writeFile(
      `src/mod${f}.ts`,
      Array.from({ length: 40 }, (_, i) => `export const needle${f}_${i} = "needle value ${i}";`).join("\n"),
    );
  }
  sb.writeFile("sub/.keep", "");
  // A real source file between compress.min_bytes and read_code_min_bytes (8.7 KB).
  sb.writeFile(
    "src/composer.js",
    readFileSync(join(REPO, "node_modules/yaml/dist/compose/composer.js"), "utf8"),
  );
}

describe("endless mode e2e", () => {
  let api: MockApi;
  let sb: Sandbox;
  let run: RunClaudeResult;

  // The session: twelve tool calls, two of them npx; cairn install.
  const WORK = e2eTimeout({ sessions: 1, tools: 12, commands: 3 });
  beforeAll(async () => {
    api = await startMockApi();
    sb = makeSandbox();
    makeProject(sb);
    sb.writeSettings({ permissions: { allow: ["Bash"] } });
    await installCairn(sb);
    api.script([
      bash("npx vitest run --reporter=verbose math.test.ts", { id: "toolu_vitest" }),
      bash("npx tsc --noEmit --pretty false bad.ts", { id: "toolu_tsc" }),
      bash("cat app.log", { id: "toolu_log" }),
      tool(
        "Grep",
        { pattern: "needle", path: "src", output_mode: "content", "-n": true },
        { id: "toolu_grep" },
      ),
      tool("Read", { file_path: join(sb.project, "src/big.ts") }, { id: "toolu_read" }),
      tool(
        "Edit",
        {
          file_path: join(sb.project, "src/big.ts"),
          old_string: "// filler line 633 with some words",
          new_string: "// EDITED line 633 with some words",
        },
        { id: "toolu_edit" },
      ),
      bash("cd sub && pwd", { id: "toolu_cd" }),
      bash("pwd", { id: "toolu_pwd" }),
      bash("echo small output; exit 3", { id: "toolu_exit3" }),
      bash(`cat ${join(sb.project, "src/composer.js")}`, { id: "toolu_cat" }),
      tool(
        "Edit",
        {
          file_path: join(sb.project, "src/composer.js"),
          old_string: "    /** Advance the composer by one CST token. */",
          new_string: "    /** EDITED: advance the composer by one CST token. */",
        },
        { id: "toolu_edit_cat" },
      ),
      bash(`sed -n '300,700p' ${join(sb.project, "src/big.ts")}`, { id: "toolu_sed" }),
      text("Finished."),
    ]);
    run = await runClaude({ sandbox: sb, apiUrl: api.url, prompt: "check the project" });
  }, WORK);

  afterAll(async () => {
    await api.close();
    sb.cleanup();
  });

  const result = (id: string) => {
    const req = api.mainRequests().find((r) => findToolResult(r, id));
    const block = req ? findToolResult(req, id) : undefined;
    const content = block?.content;
    const textOf =
      typeof content === "string"
        ? content
        : (content ?? []).map((b: { text?: string }) => b.text ?? "").join("");
    return { text: textOf, isError: block?.is_error === true };
  };
  const idOf = (shown: string) => Number(/\[cairn #(\d+)/.exec(shown)?.[1]);

  it("the session completes", () => {
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.resultText).toContain("Finished.");
  });

  it("a failing vitest run reaches the model as an excerpt with its failures and exit status", async () => {
    const r = result("toolu_vitest");
    // The exit trap makes the failing run reach PostToolUse; the status is stated first.
    expect(r.text).toMatch(/^Exit code 1\n/);
    expect(r.text).toMatch(/\[cairn #\d+ ·/);
    expect(r.text).toContain("exit 1");
    expect(r.text).toContain("handles negative totals");
    expect(r.text).toContain("rounds the tax to cents");
    expect(r.text).toMatch(/2 failed/);
    const original = await cairn(sb, ["show", String(idOf(r.text))]);
    expect(original.stdout.length).toBeGreaterThan(r.text.length * 2);
    expect(original.stdout).toContain("adds case 149");
  });

  it("a tsc run with errors reaches the model as an excerpt keeping every error code, alike errors counted", async () => {
    const r = result("toolu_tsc");
    expect(r.text).toMatch(/^Exit code 1\n/);
    expect(r.text).toMatch(/\[cairn #\d+ ·/);
    // 121 alike errors: the first and the last whole, the first with how many and where (issue 24).
    expect(r.text).toContain(
      "bad.ts(1,14): error TS2322: Type 'string' is not assignable to type 'number'.  [×121 like this, lines 1-121]",
    );
    expect(r.text).toContain(
      "bad.ts(121,40): error TS2322: Type 'string' is not assignable to type 'number'.",
    );
    expect(r.text).toContain("TS2322");
  });

  it("a long log keeps the one error line from its middle, and cairn show returns the original byte for byte", async () => {
    const r = result("toolu_log");
    expect(r.isError).toBe(false);
    expect(r.text).toMatch(/\[cairn #\d+ ·/);
    expect(r.text).toContain(ERROR_LINE);
    const log = readFileSync(join(sb.project, "app.log"), "utf8");
    expect(log.length).toBeGreaterThan(30_000);
    expect(r.text.length).toBeLessThan(log.length * 0.15);
    const shown = await cairn(sb, ["show", String(idOf(r.text))]);
    expect(shown.stdout).toBe(log);
    const range = await cairn(sb, ["show", String(idOf(r.text)), "--lines", "518-518"]);
    expect(range.stdout).toBe(`${ERROR_LINE}\n`);
  });

  it("a big Grep and a large Read are compressed in PostToolUse", () => {
    const g = result("toolu_grep");
    expect(g.text).toMatch(/\[cairn #\d+ ·/);
    const r = result("toolu_read");
    expect(r.text).toMatch(/\[cairn #\d+ ·/);
    expect(r.text).toContain("handler650");
  });

  it("an Edit of a line from the compressed region of a Read still succeeds", () => {
    const e = result("toolu_edit");
    expect(e.isError, e.text).toBe(false);
    expect(readFileSync(join(sb.project, "src/big.ts"), "utf8")).toContain("// EDITED line 633");
  });

  it("a source file printed by cat reaches the model whole below a Read's size, and an Edit built from it applies", () => {
    const original = readFileSync(join(REPO, "node_modules/yaml/dist/compose/composer.js"), "utf8");
    expect(result("toolu_cat").text).toBe(original.trimEnd());
    const e = result("toolu_edit_cat");
    expect(e.isError, e.text).toBe(false);
    expect(readFileSync(join(sb.project, "src/composer.js"), "utf8")).toContain(
      "EDITED: advance the composer",
    );
  });

  it("a region printed by sed -n, above a Read's size, is excerpted with the file's own line numbers", () => {
    const shown = result("toolu_sed").text;
    expect(shown).toMatch(/\[cairn #\d+ ·/);
    const file = readFileSync(join(sb.project, "src/big.ts"), "utf8").split("\n");
    const numbered = [...shown.matchAll(/^L(\d+): (.*)$/gm)];
    expect(numbered.length).toBeGreaterThan(5);
    for (const [, n, line] of numbered) expect(line, `L${n}`).toBe(file[Number(n) - 1]);
    expect(Number(numbered[0]![1])).toBeGreaterThanOrEqual(300);
  });

  it("the working directory carries over and exit statuses are the command's own", () => {
    expect(result("toolu_cd").text).toBe(join(sb.project, "sub"));
    expect(result("toolu_pwd").text).toBe(join(sb.project, "sub"));
    expect(result("toolu_exit3").text).toBe("Exit code 3\nsmall output");
  });

  it("the transcript stores the excerpts, not the originals", () => {
    const toolResults = run.transcript
      .filter((e) => e.type === "user")
      .flatMap(
        (e) =>
          ((e.message as { content?: unknown })?.content as {
            type?: string;
            tool_use_id?: string;
            content?: unknown;
          }[]) ?? [],
      )
      .filter((b) => typeof b === "object" && b?.type === "tool_result");
    const log = toolResults.find((b) => b.tool_use_id === "toolu_log");
    expect(JSON.stringify(log?.content)).toContain("[cairn #");
    expect(JSON.stringify(log?.content)).not.toContain("processed batch 300 ");
  });

  it("cairn report lists each filed output with its figures, and totals per compressor", async () => {
    const r = await cairn(sb, ["report", "--session", run.sessionId, "--json"]);
    expect(r.code, r.stderr).toBe(0);
    const report = JSON.parse(r.stdout) as {
      figures: { outputs: { outputId: number | null; toolName: string }[] };
      compressions: { byCompressor: { compressor: string }[] };
    };
    const filed: Record<string, number> = {};
    for (const o of report.figures.outputs)
      if (o.outputId !== null) filed[o.toolName] = (filed[o.toolName] ?? 0) + 1;
    expect(filed).toEqual({ Bash: 4, Grep: 1, Read: 1 });
    expect(report.compressions.byCompressor.map((g) => g.compressor)).toEqual(
      expect.arrayContaining(["vitest", "tsc", "log"]),
    );
  });

  it("records each filed output with its sizes and compressor", () => {
    const db = cairnDb(sb);
    const filed = rows<{
      tool_name: string;
      original_bytes: number;
      excerpt_bytes: number;
      compressor: string;
    }>(db, "SELECT tool_name, original_bytes, excerpt_bytes, compressor FROM outputs ORDER BY id");
    db.close();
    expect(filed.map((f) => f.tool_name)).toEqual(["Bash", "Bash", "Bash", "Grep", "Read", "Bash"]);
    for (const f of filed) expect(f.excerpt_bytes).toBeLessThan(f.original_bytes);
  });
});
