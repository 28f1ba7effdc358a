/**
 * A search hit shows its whole matching line, end to end on the real Claude Code CLI:
 * the scripted model greps a project (a large output cairn files and shortens), then
 * runs `cairn search` through Bash; what Claude Code sends back to the model holds
 * the line `src/db/pool.ts:88: …` whole, not a window of a few words.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CAIRN } from "../helpers/cairn.ts";
import { installCairn } from "./harness/cairn.ts";
import { makeSandbox, runClaude, type Sandbox } from "./harness/claude.ts";
import { bash, type MockApi, startMockApi, text } from "./harness/mock-api.ts";

const POOL_LINE =
  "  const conn = await pool.acquire({ timeoutMs: 30_000, label: 'checkout-flow' }); // TODO release on error path";

describe("cairn search in a real session", () => {
  let api: MockApi;
  let sb: Sandbox;

  beforeAll(async () => {
    api = await startMockApi();
    sb = makeSandbox({ prefix: "cairn-e2e-search-line" });
    sb.writeFile(
      "src/db/pool.ts",
      `${Array.from({ length: 120 }, (_, i) => (i === 87 ? POOL_LINE : `// pool module, line ${i + 1}`)).join("\n")}\n`,
    );
    for (let f = 0; f < 40; f++)
      sb.writeFile(
        `src/mod${f}.ts`,
        `${Array.from({ length: 8 }, (_, i) => `export const todo${f}_${i} = 1; // TODO tidy module ${f} item ${i}`).join("\n")}\n`,
      );
    sb.writeSettings({ permissions: { allow: ["Bash"] } });
    await installCairn(sb);
  });

  afterAll(async () => {
    await api?.close();
    sb?.cleanup();
  });

  it("gets the whole matching line back", async () => {
    api.script([
      bash("grep -rn TODO src", { id: "toolu_grep" }),
      bash(`${process.execPath} ${CAIRN} search release`, { id: "toolu_search" }),
      text("found it"),
    ]);
    const run = await runClaude({ sandbox: sb, apiUrl: api.url, prompt: "where do we leak connections?" });
    expect(run.exitCode, run.stderr).toBe(0);
    // The grep's output was filed (it is large), so the search finds the stored original.
    expect(api.toolResult("toolu_grep")).toMatch(/cairn #\d+/);
    const found = api.toolResult("toolu_search");
    expect(found).toContain(`src/db/pool.ts:88:${POOL_LINE}`);
    expect(found).not.toContain("[release]");
    expect(found).toMatch(/show \d+ --lines \d+-\d+/);
  });
});
